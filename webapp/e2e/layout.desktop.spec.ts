/** The shell at 1280 px: the navigation rail (run by the desktop project only). */
import { DRAWER_ENTRIES, expect, expectTitle, screenshot, test } from './fixtures';

test('desktop layout: the navigation rail is shown', async ({ page }, testInfo) => {
  await page.goto('/artworks');
  const rail = page.getByRole('navigation', { name: 'Main' });
  await expect(rail).toBeVisible();
  for (const name of [...DRAWER_ENTRIES, 'Pages']) await expect(rail.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Quick actions' })).toBeVisible();
  await rail.getByRole('link', { name: 'Artists', exact: true }).click();
  await expect(page).toHaveURL(/\/artists$/);
  await expectTitle(page, 'Artists');
  await screenshot(page, testInfo, 'layout');
});
