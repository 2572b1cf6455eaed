/** First visit (SPEC §9): the welcome dialog shows once, 500 ms after the first load. */
import { expect, screenshot, test, VISITED_KEY } from './fixtures';

test.use({ firstVisit: true });

test('the welcome dialog shows on the first visit only', async ({ page }, testInfo) => {
  await page.goto('/');
  expect(await page.evaluate((k) => localStorage.getItem(k), VISITED_KEY)).toBeNull();

  const dialog = page.getByRole('dialog', { name: 'Welcome to Plinth' });
  await expect(dialog).toBeVisible();
  // Scheduled 500 ms after the shell mounted, so never earlier than 500 ms after navigation start.
  const shownAt = await page.evaluate(() => performance.now());
  expect(shownAt).toBeGreaterThanOrEqual(500);
  expect(await page.evaluate((k) => localStorage.getItem(k), VISITED_KEY)).not.toBeNull();
  await screenshot(page, testInfo, 'welcome-dialog');

  await dialog.getByRole('button', { name: 'Start exploring' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Map of public artworks' })).toBeAttached();
  // Well past the 500 ms delay: still no dialog.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog', { name: 'Welcome to Plinth' })).toBeHidden();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
});
