/**
 * The bell after one's own action, and seen notifications (issue 29): a person who signs up earns
 * "Verified" a moment after the sign-in answered (a process manager awards it). The toast and the
 * bell's count come without a reload and well before the 60 s poll; opening the notifications
 * page marks what it shows as seen, so the bell stops counting them, on this page and after a
 * reload, while the page keeps a "New" mark on them for this visit.
 */
import { appNavigation, expect, noSeriousViolations, screenshot, signInByMail, test, toasts, unique, unreadCount } from './fixtures';

/** Well under the 60 s poll: only the re-reads after the sign-in can bring the toast this soon. */
const BEFORE_THE_POLL_MS = 30_000;

test('the Verified badge arrives after signing up without a reload, and the page seen clears the bell', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const email = `e2e-bell-${unique()}-${testInfo.project.name}@example.org`;

  // Given a new account, signed in by its link (the page is not reloaded after that)…
  await signInByMail(page, email);

  // …then the badge's toast and the bell's count come by themselves.
  const badgeToast = toasts(page).getByRole('listitem').filter({ hasText: 'Badge earned: Verified' });
  await expect(badgeToast).toBeVisible({ timeout: BEFORE_THE_POLL_MS });
  const counting = appNavigation(page).getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(counting).toBeVisible({ timeout: BEFORE_THE_POLL_MS });
  expect(await unreadCount(page)).toBeGreaterThanOrEqual(1);

  // When the person opens the notifications from the bell…
  await counting.click();
  await expect(page).toHaveURL(/\/profile\/notifications$/);
  const item = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'Badge earned: Verified' });
  await expect(item).toBeVisible();

  // …then what the page shows is seen: the bell stops counting at once, the server agrees, and
  // the page still marks it New for this visit.
  const quiet = appNavigation(page).getByRole('button', { name: 'Notifications', exact: true });
  await expect(quiet).toBeVisible();
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await expect.poll(() => unreadCount(page), { timeout: 10_000 }).toBe(0);
  await noSeriousViolations(page, `${testInfo.project.name} notifications seen`);
  await screenshot(page, testInfo, 'notifications-seen');

  // A reload: still seen, and no longer new.
  await page.reload();
  await expect(item).toBeVisible();
  await expect(quiet).toBeVisible();
  await expect(item.getByText('New', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
});
