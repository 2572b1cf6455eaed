/**
 * The artwork index filtered (issue "The first hour": 73 pages of grey tiles, no way to narrow
 * them): a city chosen lists as many artworks as the API counts there, a type narrows
 * them to cards of that type, the filters live in the URL and survive a reload, and "With a
 * photo" either narrows further or says nothing matches, with a way back to everything. The page
 * never scrolls sideways, on the phone included.
 */
import type { Page } from '@playwright/test';
import { apiGet, expect, noSeriousViolations, screenshot, test } from './fixtures';

interface Place {
  city: string;
  area: string | null;
  artworks: number;
}

interface ArtworkPage {
  artworks: Array<{ artwork_type: string }>;
  pagination: { total: number; limit: number };
}

/** The subtitle's words for `n` artworks (`plural`, in the browser's en-CA locale). */
const artworks = (n: number) => `${n.toLocaleString('en-CA')} artwork${n === 1 ? '' : 's'}`;

/** How many artworks GET /api/artworks finds with `filters` (its own answer, not the page's). */
async function totalOf(page: Page, filters: string): Promise<number> {
  const answer = await apiGet<ArtworkPage>(page, `/artworks?limit=1${filters ? `&${filters}` : ''}`);
  return answer.pagination.total;
}

/** The filters the address holds. */
function filtersIn(page: Page): Record<string, string> {
  const params = new URL(page.url()).searchParams;
  return Object.fromEntries(['type', 'city', 'area', 'photo'].flatMap((k) => (params.has(k) ? [[k, params.get(k) ?? '']] : [])));
}

/** The page scrolls no wider than the window. */
async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const { width, scrollWidth } = await page.evaluate(() => ({ width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth }));
  expect(scrollWidth, `${where}: the page is wider than the ${width} px window`).toBeLessThanOrEqual(width);
}

test('the artwork index by city, type and photo: counts, cards and the address agree, and a reload keeps them', async ({ page }, testInfo) => {
  const { places } = await apiGet<{ places: Place[] }>(page, '/places');
  const vancouver = places.find((p) => p.city === 'Vancouver' && p.area === null);
  expect(vancouver, 'GET /api/places names Vancouver').toBeTruthy();
  const everything = await totalOf(page, '');

  await page.goto('/artworks');
  const subtitle = page.locator('.page-header__subtitle');
  const bar = page.getByRole('group', { name: 'Filter artworks' });
  const type = bar.getByRole('combobox', { name: 'Type' });
  const place = bar.getByRole('combobox', { name: 'Place' });
  const photo = bar.getByRole('checkbox', { name: 'With a photo' });
  const grid = page.getByRole('list', { name: 'Artworks' });
  await expect(subtitle).toHaveText(artworks(everything));
  await expect(place).toBeEnabled();
  await expect(bar.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  await noSidewaysScroll(page, 'all artworks');

  // A city: as many artworks as the API finds there (the places' own count may be up to five
  // minutes old, so an artwork another spec approved since is counted here and not there).
  await expect(place.locator('option[value="Vancouver"]')).toContainText(vancouver!.artworks.toLocaleString('en-CA'));
  const inVancouver = await totalOf(page, 'city=Vancouver');
  expect(inVancouver, 'the demo data holds artworks in Vancouver').toBeGreaterThan(0);
  await place.selectOption('Vancouver');
  await expect.poll(() => filtersIn(page)).toEqual({ city: 'Vancouver' });
  await expect(subtitle).toHaveText(artworks(inVancouver));
  await expect(bar.getByRole('button', { name: 'Clear filters' })).toBeVisible();

  // A type within it: every card says so.
  const murals = await totalOf(page, 'city=Vancouver&type=mural');
  expect(murals, 'the demo data holds murals in Vancouver').toBeGreaterThan(0);
  await type.selectOption({ label: 'Mural' });
  await expect.poll(() => filtersIn(page)).toEqual({ city: 'Vancouver', type: 'mural' });
  await expect(subtitle).toHaveText(artworks(murals));
  await expect(grid).toHaveAttribute('aria-busy', 'false');
  const shown = Math.min(murals, 30);
  await expect(grid.locator('.card')).toHaveCount(shown);
  await expect(grid.locator('.card__footer .chip')).toHaveText(Array.from({ length: shown }, () => 'Mural'));
  await noSidewaysScroll(page, 'murals in Vancouver');
  await noSeriousViolations(page, `${testInfo.project.name} artworks filtered`);
  await screenshot(page, testInfo, 'artworks-filtered');

  // The address reproduces the view.
  await page.reload();
  await expect(type).toHaveValue('mural');
  await expect(place).toHaveValue('Vancouver');
  await expect(photo).not.toBeChecked();
  await expect(subtitle).toHaveText(artworks(murals));
  await expect(grid.locator('.card__footer .chip')).toHaveText(Array.from({ length: shown }, () => 'Mural'));

  // With a photo: fewer, each with its photo, or none and a way back.
  const withPhoto = await totalOf(page, 'city=Vancouver&type=mural&has_photo=true');
  await photo.check();
  await expect.poll(() => filtersIn(page)).toEqual({ city: 'Vancouver', type: 'mural', photo: '1' });
  await expect(subtitle).toHaveText(artworks(withPhoto));
  const empty = page.locator('.state--empty');
  if (withPhoto === 0) {
    await expect(empty.getByRole('heading', { name: 'No artworks match these filters' })).toBeVisible();
    await expect(grid).toHaveCount(0);
    await noSidewaysScroll(page, 'no murals with a photo');
    await screenshot(page, testInfo, 'artworks-filtered-empty');
    await empty.getByRole('button', { name: 'Clear filters' }).click();
  } else {
    await expect(empty).toHaveCount(0);
    await expect(grid.locator('.card')).toHaveCount(Math.min(withPhoto, 30));
    await expect(grid.locator('.card__media--placeholder')).toHaveCount(0);
    await noSidewaysScroll(page, 'murals with a photo');
    await bar.getByRole('button', { name: 'Clear filters' }).click();
  }

  // Cleared: everything again, and the controls say so.
  await expect(subtitle).toHaveText(artworks(everything));
  expect(filtersIn(page)).toEqual({});
  await expect(type).toHaveValue('');
  await expect(place).toHaveValue('');
  await expect(photo).not.toBeChecked();
  await expect(bar.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
});

test('an address with filters the registry does not know opens the whole index', async ({ page }) => {
  const everything = await totalOf(page, '');
  await page.goto('/artworks?type=spaceship&city=Atlantis&photo=yes');
  await expect(page.locator('.page-header__subtitle')).toHaveText(artworks(everything));
  const bar = page.getByRole('group', { name: 'Filter artworks' });
  await expect(bar.getByRole('combobox', { name: 'Place' })).toBeEnabled();
  await expect(bar.getByRole('combobox', { name: 'Type' })).toHaveValue('');
  await expect(bar.getByRole('combobox', { name: 'Place' })).toHaveValue('');
  await expect(bar.getByRole('checkbox', { name: 'With a photo' })).not.toBeChecked();
});
