/**
 * axe-core on the main screens: no violation of impact serious or critical. Every violation
 * (minor and moderate ones too) is written to e2e/artifacts/<project>/axe-<screen>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ARTIFACTS_DIR } from './paths';
import {
  apiGet,
  type ArtworkMinimal,
  expect,
  a11yViolations,
  formatFindings,
  isSerious,
  test,
  waitForNearby,
} from './fixtures';

async function check(page: Page, project: string, screen: string): Promise<void> {
  // Let the screen settle (data loaded, focus moved, animations done) before axe looks at it.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const all = await a11yViolations(page);
  const dir = path.join(ARTIFACTS_DIR, project);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `axe-${screen}.json`), JSON.stringify({ url: page.url(), violations: all }, null, 2));
  const serious = all.filter(isSerious);
  expect(serious, formatFindings(`${project} ${page.url()}`, serious)).toEqual([]);
}

test.describe('accessibility (axe-core: no serious or critical violations)', () => {
  test.describe('first visit', () => {
    test.use({ firstVisit: true });
    test('the map, after the welcome dialog', async ({ page }, testInfo) => {
      await waitForNearby(page, () => page.goto('/'));
      const welcome = page.getByRole('dialog', { name: 'Welcome to Plinth' });
      await welcome.getByRole('button', { name: 'Start exploring' }).click();
      await expect(welcome).toBeHidden();
      await expect(page.locator('.map-cluster-label').first()).toBeVisible();
      await check(page, testInfo.project.name, 'map');
    });
  });

  test('the artwork index', async ({ page }, testInfo) => {
    await page.goto('/artworks');
    await expect(page.getByRole('list', { name: 'Artworks' }).getByRole('listitem')).toHaveCount(30);
    await check(page, testInfo.project.name, 'artworks');
  });

  test('the artist index', async ({ page }, testInfo) => {
    await page.goto('/artists');
    await expect(page.getByRole('list', { name: 'Artists' }).getByRole('listitem')).toHaveCount(30);
    await check(page, testInfo.project.name, 'artists');
  });

  test('an artwork page', async ({ page }, testInfo) => {
    const near = await apiGet<{ artworks: ArtworkMinimal[] }>(
      page,
      '/artworks/nearby?lat=49.2827&lon=-123.1207&radius=500&limit=5&minimal=true',
    );
    const a = near.artworks[0];
    expect(a).toBeDefined();
    await page.goto(`/artwork/${a!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(a!.title || 'Untitled');
    await check(page, testInfo.project.name, 'artwork');
  });

  test('an artist page', async ({ page }, testInfo) => {
    const found = await apiGet<{ artists: Array<{ id: string; name: string }> }>(page, '/artists?search=mchaffie');
    const artist = found.artists[0];
    expect(artist?.name).toBe('Natalie McHaffie');
    await page.goto(`/artist/${artist!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Natalie McHaffie');
    await check(page, testInfo.project.name, 'artist');
  });

  test('the search page, with suggestions open', async ({ page }, testInfo) => {
    await page.goto('/search');
    const box = page.getByRole('combobox', { name: 'Search artworks and artists' });
    await box.pressSequentially('Coupalnd', { delay: 40 });
    await expect(page.getByRole('option', { name: /Douglas Coupland/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await check(page, testInfo.project.name, 'search');
  });

  test('the search results page', async ({ page }, testInfo) => {
    await page.goto('/search/results?q=orca');
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
    await check(page, testInfo.project.name, 'search-results');
  });

  test('the not-found page', async ({ page }, testInfo) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await check(page, testInfo.project.name, 'not-found');
  });
});
