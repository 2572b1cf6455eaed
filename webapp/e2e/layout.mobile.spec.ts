/**
 * The shell at 390 px (run by the mobile project only): one navigation, the bottom bar ("Quick
 * actions") with its "+" in the middle, and the menu drawer; no rail.
 */
import type { Page } from '@playwright/test';
import { apiSignIn, deviceSignedIn, DRAWER_ENTRIES, expect, expectTitle, onDevice, quickActions, screenshot, test, unique } from './fixtures';

/** This spec's sign-ins come from a loopback address of their own (see `apiCall`). */
const ADDRESS = '127.0.0.5';

/** The add button's centre lies within 2 px of the bottom bar's. */
async function addButtonCentred(page: Page) {
  const bar = await quickActions(page).boundingBox();
  const add = await quickActions(page).getByRole('button', { name: 'Add artwork' }).boundingBox();
  expect(bar).not.toBeNull();
  expect(add).not.toBeNull();
  const offset = add!.x + add!.width / 2 - (bar!.x + bar!.width / 2);
  expect(Math.abs(offset), `the add button is ${offset.toFixed(1)} px off the bar's centre`).toBeLessThanOrEqual(2);
}

test('mobile layout: no rail, the bottom bar with the add button centred, and the menu drawer', async ({ page }, testInfo) => {
  await page.goto('/artworks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Artworks');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const bar = quickActions(page);
  await expect(bar).toBeVisible();
  for (const name of ['Open menu', 'Send feedback', 'Add artwork', 'Login']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(1);
    await expect(bar.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Map', exact: true })).toHaveCount(1);
  await addButtonCentred(page);
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

test('mobile layout signed in: Notifications joins the bottom bar, the add button stays centred', async ({ browser, baseURL }, testInfo) => {
  const token = await apiSignIn(ADDRESS, `e2e-layout-${unique()}-${testInfo.project.name}@example.org`);
  await onDevice(await deviceSignedIn(browser, testInfo, baseURL!, token), 'the signed-in page', async (page) => {
    await page.goto('/artworks');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Artworks');
    const bar = quickActions(page);
    await expect(bar.getByRole('button', { name: 'Profile', exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(bar.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    for (const name of ['Profile', 'Add artwork', 'Send feedback']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(1);
    await addButtonCentred(page);
    await screenshot(page, testInfo, 'layout-signed-in');
  });
});
