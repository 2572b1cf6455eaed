/** Redirects, the not-found page, page titles, the theme and the shell's layouts. */
import type { Page } from '@playwright/test';
import { appNavigation, expect, expectTitle, quickActions, screenshot, test, THEME_KEY } from './fixtures';

/** Wide enough for the rail (the app's desktop breakpoint). */
const wide = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;

/** The theme picker: in the rail on wide screens, in the menu drawer on phones (opened here). */
async function themePicker(page: Page) {
  if (wide(page)) return page.getByRole('navigation', { name: 'Main' }).getByRole('combobox', { name: 'Theme' });
  await quickActions(page).getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' }).getByRole('combobox', { name: 'Theme' });
}

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
  expect(res?.status()).toBe(404); // nothing is there (search engines must not index it); the app shows the page
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
  await appNavigation(page).getByRole('link', { name: 'Map' }).click();
  await expectTitle(page, 'Map');
});

test('the chosen theme persists across a reload', async ({ page }, testInfo) => {
  await page.goto('/artworks');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'material');
  await (await themePicker(page)).selectOption('DarkGallery');
  await expect(html).toHaveAttribute('data-theme', 'DarkGallery');
  expect(await page.evaluate((k) => localStorage.getItem(k), THEME_KEY)).toBe('DarkGallery');
  if (!wide(page)) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  }

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'DarkGallery');
  await expect(page.getByRole('list', { name: 'Artworks' })).toBeVisible();
  await screenshot(page, testInfo, 'theme-dark-gallery');
  await expect(await themePicker(page)).toHaveValue('DarkGallery');
});
