/**
 * Search against the real index of the demo data: a misspelled artist name found through the
 * suggestions, results by text, and the photo mode of the add flow.
 */
import type { Page } from '@playwright/test';
import { apiGet, expect, expectTitle, screenshot, test } from './fixtures';

interface Hit {
  id: string;
  kind: string;
  title: string;
  lat: number | null;
  lon: number | null;
}

const box = (page: Page) => page.getByRole('combobox', { name: 'Search artworks and artists' });

/** From the artist page or the results, open "Digital Orca" and see its detail page. */
async function openDigitalOrca(page: Page): Promise<void> {
  const link = page.getByRole('link', { name: 'Digital Orca', exact: false }).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/artwork\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Digital Orca');
  await expectTitle(page, 'Digital Orca');
}

test('a misspelled artist name: pick the suggestion "Douglas Coupland", then open "Digital Orca"', async ({ page }, testInfo) => {
  await page.goto('/search');
  await expectTitle(page, 'Search');
  const input = box(page);
  await input.click();
  await input.pressSequentially('Coupalnd', { delay: 40 });
  const suggestion = page.getByRole('option', { name: /Douglas Coupland/ });
  await expect(suggestion).toBeVisible();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await screenshot(page, testInfo, 'search-suggestions');
  await suggestion.click();

  // The suggestion names one artist (its page) or is searched for (the results).
  await expect(page).toHaveURL(/\/artist\/[0-9a-f-]{36}$|\/search\/results\?q=/);
  if (/\/artist\//.test(page.url())) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Douglas Coupland');
  } else {
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  }
  await openDigitalOrca(page);
});

test('the keyboard alone: arrow down to the suggestion and press Enter', async ({ page }) => {
  await page.goto('/search');
  const input = box(page);
  await input.focus();
  await page.keyboard.type('Coupalnd', { delay: 40 });
  await expect(page.getByRole('option', { name: /Douglas Coupland/ })).toBeVisible();
  // The suggestions may still change as the search settles: arrow down until the artist is the
  // active option (the list wraps around), rather than counting positions read once.
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    const active = await input.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await expect(page.locator(`[id="${active}"]`)).toContainText('Douglas Coupland', { timeout: 500 });
    await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true', { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/artist\/[0-9a-f-]{36}$|\/search\/results\?q=/);
});

test('results by text: /search/results?q=…, with a count and cards that open', async ({ page }, testInfo) => {
  await page.goto('/search');
  await box(page).fill('  digital orca  ');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\/results\?q=digital(%20|\+)orca$/);
  await expectTitle(page, 'Search results');
  await expect(box(page)).toHaveValue('digital orca');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(/\d+ results? for “digital orca”/)).toBeVisible();
  const first = results.getByRole('listitem').first();
  await expect(first.getByRole('link', { name: 'Digital Orca' })).toBeVisible();
  await expect(first).toContainText('Douglas Coupland');
  await screenshot(page, testInfo, 'search-results');
  await openDigitalOrca(page);
});

test('nothing found: the empty state with hints', async ({ page }) => {
  await page.goto('/search/results?q=qqqqzzzzxxxx');
  await expect(page.getByRole('heading', { name: 'No results for "qqqqzzzzxxxx"' })).toBeVisible();
  await expect(page.getByText('tag:material:bronze')).toBeVisible();
});

test('photo mode: artworks near the photo, nearest first, and "This is a new artwork"', async ({ page }) => {
  const found = await apiGet<{ results: Hit[] }>(page, '/search?q=Digital%20Orca&per_page=5');
  const orca = found.results.find((r) => r.title === 'Digital Orca');
  expect(orca?.lat).not.toBeNull();
  const lat = orca!.lat!.toFixed(6);
  const lng = orca!.lon!.toFixed(6);
  await page.goto(`/search?mode=photo&source=fast-upload&lat=${lat}&lng=${lng}`);
  await expectTitle(page, 'Search');
  const list = page.getByRole('list', { name: 'Artworks nearby' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  // Nearest first: the artwork at the photo's own position leads.
  const first = list.getByRole('listitem').first();
  await expect(first.getByRole('heading')).toHaveText('Digital Orca');
  await expect(first).toContainText(/(^|\D)0 m away/);
  await expect(first.getByRole('link', { name: 'Log a visit to Digital Orca' })).toHaveAttribute('href', `/logbook/${orca!.id}`);
  const distances = await list
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.textContent?.match(/([\d.]+) (m|km) away/)?.slice(1) ?? []));
  const metres = distances.map(([n, unit]) => Number(n) * (unit === 'km' ? 1000 : 1));
  expect(metres).toEqual([...metres].sort((a, b) => a - b));
  expect(Math.max(...metres)).toBeLessThanOrEqual(500);

  const add = page.getByRole('link', { name: 'This is a new artwork' });
  await expect(add).toHaveAttribute('href', `/artwork/new?lat=${Number(lat)}&lng=${Number(lng)}`);
  await add.click();
  await expect(page).toHaveURL(/\/artwork\/new\?lat=/);
  await expect(page.getByLabel('Latitude')).toHaveValue(Number(lat).toFixed(6));
  await expect(page.getByLabel('Longitude')).toHaveValue(Number(lng).toFixed(6));
});
