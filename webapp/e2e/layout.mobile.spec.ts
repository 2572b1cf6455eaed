/** The shell at 390 px: no rail, the bottom bar, the drawer (run by the mobile project only). */
import { DRAWER_ENTRIES, expect, expectTitle, screenshot, test } from './fixtures';


test('mobile layout: no rail, the bottom bar, and the menu drawer', async ({ page }, testInfo) => {
  await page.goto('/artworks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Artworks');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const bar = page.getByRole('navigation', { name: 'Quick actions' });
  await expect(bar).toBeVisible();
  await screenshot(page, testInfo, 'layout');

  await bar.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  const entries = drawer.getByRole('navigation', { name: 'Menu' }).getByRole('link');
  await expect(entries).toHaveText(DRAWER_ENTRIES);
  await screenshot(page, testInfo, 'drawer');

  await entries.filter({ hasText: 'Artists' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/artists$/);
  await expectTitle(page, 'Artists');
});
