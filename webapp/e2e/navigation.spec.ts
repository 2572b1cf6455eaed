/** Redirects, the not-found page, page titles, the theme and the shell's layouts. */
import { expect, expectTitle, screenshot, test, THEME_KEY } from './fixtures';

test.describe('redirects', () => {
  for (const [from, target, heading] of [
    ['/terms', '/pages/terms-of-service', 'Terms of service'],
    ['/privacy', '/pages/privacy-policy', 'Privacy policy'],
    ['/home', '/', 'Map of public artworks'],
  ] as const) {
    test(`${from} → ${target}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL((u) => u.pathname === target);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }
});

test('an unknown path shows the not-found page', async ({ page }, testInfo) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(200); // the SPA fallback answers; the app shows the page
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await expectTitle(page, 'Page not found');
  await screenshot(page, testInfo, 'not-found');
});

test('page titles have the form "{Page} - Plinth"', async ({ page }) => {
  const cases: Array<[string, string]> = [
    ['/', 'Map'],
    ['/artworks', 'Artworks'],
    ['/artists', 'Artists'],
    ['/search', 'Search'],
    ['/help', 'Help'],
    ['/pages', 'Pages'],
    ['/status', 'Status'],
    ['/add', 'Add artwork'],
    ['/no/such/page', 'Page not found'],
  ];
  for (const [path, name] of cases) {
    await page.goto(path);
    await expectTitle(page, name);
  }
  // Client-side navigation updates the title as well.
  await page.goto('/help');
  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'Map' }).click();
  await expectTitle(page, 'Map');
});

test('the chosen theme persists across a reload', async ({ page }, testInfo) => {
  await page.goto('/artworks');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'material');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('combobox', { name: 'Theme' }).selectOption('DarkGallery');
  await expect(html).toHaveAttribute('data-theme', 'DarkGallery');
  expect(await page.evaluate((k) => localStorage.getItem(k), THEME_KEY)).toBe('DarkGallery');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'DarkGallery');
  await expect(page.getByRole('list', { name: 'Artworks' })).toBeVisible();
  await screenshot(page, testInfo, 'theme-dark-gallery');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('combobox', { name: 'Theme' })).toHaveValue('DarkGallery');
});
