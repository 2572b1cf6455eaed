/** The artwork index (paged through the URL) and the artist index (debounced search). */
import { expect, expectTitle, screenshot, test } from './fixtures';

test('/artworks: the pager shows page 2, 30 other artworks', async ({ page }, testInfo) => {
  await page.goto('/artworks');
  await expectTitle(page, 'Artworks');
  const cards = page.getByRole('list', { name: 'Artworks' }).getByRole('listitem');
  await expect(cards).toHaveCount(30);
  const hrefs = async () => cards.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const page1 = await hrefs();
  expect(new Set(page1).size).toBe(30);
  const pager = page.getByRole('navigation', { name: 'Artwork pages' });
  await expect(pager).toContainText(/Page 1 of \d+/);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await screenshot(page, testInfo, 'artworks-page-1');

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/artworks\?page=2$/);
  await expect(pager).toContainText(/Page 2 of \d+/);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled();
  await expect(cards).toHaveCount(30);
  await expect.poll(async () => (await hrefs()).filter((h) => page1.includes(h)).length).toBe(0);
  const page2 = await hrefs();
  expect(new Set(page2).size).toBe(30);
  expect(page2.every((h) => /^\/artwork\/[0-9a-f-]{36}$/.test(h))).toBe(true);
  await screenshot(page, testInfo, 'artworks-page-2');

  // The state lives in the URL: a reload stays on page 2, Back returns to page 1.
  await page.reload();
  await expect(pager).toContainText(/Page 2 of \d+/);
  expect(await hrefs()).toEqual(page2);
  await page.goBack();
  await expect(page).toHaveURL(/\/artworks$/);
  await expect(pager).toContainText(/Page 1 of \d+/);
  await expect.poll(hrefs).toEqual(page1);
});

test('/artists: the search finds Natalie McHaffie, whose page lists her artworks', async ({ page }, testInfo) => {
  await page.goto('/artists');
  await expectTitle(page, 'Artists');
  await expect(page.getByRole('list', { name: 'Artists' }).getByRole('listitem')).toHaveCount(30);

  const searched = page.waitForResponse(
    (r) => r.url().includes('/api/artists') && new URL(r.url()).searchParams.get('search') === 'mchaffie',
  );
  await page.getByRole('searchbox', { name: 'Search artists' }).fill('mchaffie');
  await searched;
  await expect(page).toHaveURL(/\/artists\?search=mchaffie$/);
  const results = page.getByRole('list', { name: 'Artists' }).getByRole('listitem');
  await expect(results).toHaveCount(1);
  const link = results.getByRole('link', { name: /Natalie McHaffie/ });
  await expect(link).toBeVisible();
  await screenshot(page, testInfo, 'artists-search');

  await link.click();
  await expect(page).toHaveURL(/\/artist\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Natalie McHaffie');
  await expectTitle(page, 'Natalie McHaffie');
  const works = page.getByRole('list', { name: 'Artworks by Natalie McHaffie' }).getByRole('listitem');
  await expect(works.first()).toBeVisible();
  expect(await works.count()).toBeGreaterThanOrEqual(1);
  await screenshot(page, testInfo, 'artist');

  // Her artwork opens from there.
  const workTitle = (await works.first().locator('.row-list__title').textContent())?.trim() ?? '';
  await works.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/artwork\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(workTitle);
});
