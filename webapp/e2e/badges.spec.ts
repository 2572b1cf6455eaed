/**
 * Badges end to end (SPEC §9), against the real server:
 *
 * 1. A new contributor signs in by the outbox mail and sends a new artwork with a photo from
 *    /artwork/new.
 * 2. A moderator (granted by the CLI, signed in through the API) approves it through the API.
 * 3. The contributor's page, reloaded until the award has arrived (the bell polls every 60 s; a
 *    reload reads it at once), shows the toast "Badge earned: First contribution", whose link
 *    leads to /profile/badges, where the badge is listed with why it was earned. The bell shows
 *    the unread count as the server counts it, and leads to /profile/notifications, which has the
 *    notification. The device remembers it toasted it (the unit tests show it is not toasted
 *    again).
 *
 * The moderator signs in from a loopback address of its own (127.0.0.2), as another person would
 * from another machine: the server allows 20 sign-in links an hour per client address (each
 * browser context has an address of its own too: `newClientAddress`). The moderator is signed
 * in once per worker and reused.
 */
import {
  apiCall,
  appNavigation,
  expect,
  noSeriousViolations,
  screenshot,
  sessionToken,
  signInByMail,
  staffSessions,
  test,
  toasts,
  unique,
  unreadCount,
} from './fixtures';
import { sendNewArtwork } from './photos';

const MODERATOR_ADDRESS = '127.0.0.2';

/** A moderator's session token: granted by the CLI, signed in once per worker. */
const staffToken = staffSessions(MODERATOR_ADDRESS, 'e2e-badges');

test('a first approved contribution earns a badge: the bell, the toast, /profile/badges and the notification', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const run = unique();
  const email = `e2e-badges-${run}-${testInfo.project.name}@example.org`;
  const title = `E2E Badge Totem ${run} ${testInfo.project.name}`;

  // 1. The contributor signs in and sends a new artwork with a photo.
  await signInByMail(page, email);
  const submissionId = await sendNewArtwork(page, title, 'totem.jpg', 30);
  await expect(page.getByTestId('submission-receipt')).toBeVisible({ timeout: 30_000 });

  // 2. A moderator approves it (as a new artwork, the default).
  const token = await staffToken('moderator');
  const approved = await apiCall(MODERATOR_ADDRESS, 'POST', `/review/approve/${submissionId}`, { token, body: {} });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);

  // 3. The contributor's page, reloaded until the badge's toast shows.
  const badgeToast = toasts(page).getByRole('listitem').filter({ hasText: 'Badge earned: First contribution' });
  await expect(async () => {
    await page.goto('/');
    await expect(badgeToast).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  await expect(badgeToast).toContainText('🌱');
  const link = badgeToast.getByRole('link', { name: 'See your badges' });
  await expect(link).toHaveAttribute('href', '/profile/badges');
  await screenshot(page, testInfo, 'badge-toast');

  // The toast's link: /profile/badges lists the badge, with why it was earned.
  await link.click();
  await expect(page).toHaveURL(/\/profile\/badges$/);
  await expect(badgeToast).toHaveCount(0);
  const earned = page.getByRole('list', { name: 'Your badges' }).getByRole('listitem').filter({
    has: page.getByRole('heading', { level: 3, name: 'First contribution' }),
  });
  await expect(earned).toBeVisible();
  const mine = await page.request.get('/api/me/badges', { headers: { 'X-User-Token': await sessionToken(page) } });
  const held = ((await mine.json()) as { data: { badges: Array<{ badge_key: string; award_reason: string }> } }).data.badges;
  const reason = held.find((b) => b.badge_key === 'first_contribution')?.award_reason;
  expect(reason, 'first_contribution among GET /me/badges').toBeTruthy();
  await expect(earned).toContainText(reason!);
  await expect(earned).toContainText(/Earned \w+ \d+, \d{4}|Earned \d+ \w+ \d{4}/);
  await expect(page.getByRole('list', { name: 'Badges still to earn' }).getByRole('heading', { name: 'First contribution' })).toHaveCount(0);
  await noSeriousViolations(page, `${testInfo.project.name} badges`);
  await screenshot(page, testInfo, 'badges');

  // The bell counts what the server counts as unread (the approval and the awards among them).
  // Awards may still be arriving; the bell reads the count on load (then every 60 s).
  const bell = appNavigation(page).getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(async () => {
    const n = await unreadCount(page);
    expect(n).toBeGreaterThanOrEqual(2);
    await page.reload();
    await expect(bell).toHaveAccessibleName(`Notifications, ${n} unread`, { timeout: 5000 });
  }).toPass({ timeout: 60_000 });

  // The notification, from the bell.
  await bell.click();
  await expect(page).toHaveURL(/\/profile\/notifications$/);
  await expect(page.getByRole('list', { name: 'Notifications' }).getByText('Badge earned: First contribution')).toBeVisible();

  // This device remembers it was toasted (so neither the next poll nor a reload shows it again).
  const listed = await page.request.get('/api/me/notifications?limit=50', { headers: { 'X-User-Token': await sessionToken(page) } });
  const { notifications } = ((await listed.json()) as { data: { notifications: Array<{ id: string; type: string; badge: { badge_key: string } | null }> } }).data;
  const award = notifications.find((n) => n.type === 'badge_awarded' && n.badge?.badge_key === 'first_contribution');
  expect(award, 'the badge_awarded notification').toBeTruthy();
  const remembered = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('plinth-badge-toasts:'))
      .flatMap((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as string[]),
  );
  expect(remembered).toContain(award!.id);
});
