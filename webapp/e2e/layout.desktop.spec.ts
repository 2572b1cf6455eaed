/**
 * The shell at 1366 px (run by the desktop project only): one navigation, the rail ("Main"),
 * holding everything the phone's bottom bar and drawer hold; no bottom bar, no menu button.
 */
import type { Page } from '@playwright/test';
import { apiSignIn, deviceSignedIn, DRAWER_ENTRIES, expect, expectTitle, onDevice, screenshot, test, unique } from './fixtures';

/** This spec's sign-ins come from a loopback address of their own (see `apiCall`). */
const ADDRESS = '127.0.0.5';

/** The rail is the only navigation: the bottom bar and the drawer's menu button are not shown. */
async function railAlone(page: Page) {
  const rail = page.getByRole('navigation', { name: 'Main' });
  await expect(rail).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Quick actions' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  return rail;
}

/** `name` shows once on the page, in the rail. */
async function onceInRail(page: Page, role: 'button' | 'link', name: string | RegExp) {
  const rail = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole(role, { name, exact: true })).toHaveCount(1);
  await expect(rail.getByRole(role, { name, exact: true })).toBeVisible();
}

test('desktop layout: the rail alone, signed out and signed in', async ({ page, browser, baseURL }, testInfo) => {
  await page.goto('/artworks');
  const rail = await railAlone(page);
  for (const name of [...DRAWER_ENTRIES, 'Pages']) await expect(rail.getByRole('link', { name, exact: true })).toBeVisible();
  for (const name of ['Login', 'Add artwork', 'Send feedback', 'About Plinth']) await onceInRail(page, 'button', name);
  await onceInRail(page, 'link', 'Map');
  await expect(rail.getByRole('combobox', { name: 'Theme' })).toBeVisible();
  await rail.getByRole('link', { name: 'Artists', exact: true }).click();
  await expect(page).toHaveURL(/\/artists$/);
  await expectTitle(page, 'Artists');
  await screenshot(page, testInfo, 'layout');

  // Signed in: Profile, Notifications and Logout join the rail, still once each.
  const token = await apiSignIn(ADDRESS, `e2e-layout-${unique()}-${testInfo.project.name}@example.org`);
  await onDevice(await deviceSignedIn(browser, testInfo, baseURL!, token), 'the signed-in page', async (p) => {
    await p.goto('/artworks');
    await expect(p.getByRole('heading', { level: 1 })).toHaveText('Artworks');
    await railAlone(p);
    await expect(p.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    for (const name of ['Profile', 'Logout', 'Add artwork', 'Send feedback']) await onceInRail(p, 'button', name);
    await onceInRail(p, 'button', /^Notifications/);
    await onceInRail(p, 'link', 'Map');
    await expect(p.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);
    await screenshot(p, testInfo, 'layout-signed-in');
  });
});
