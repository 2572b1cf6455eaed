/**
 * Accounts end to end (SPEC §2, §4, §5): a new visitor signs in with the magic link from the
 * server's outbox, chooses a profile name, signs out, and signs in again on another device (a
 * fresh browser context) with the 6-digit code of a second mail, finding the same profile.
 * axe-core checks the sign-in dialog and /profile on the way.
 *
 * And a sign-in that ends behind the person's back (signed out elsewhere): what they send next is
 * refused with the server's words, kept in the form, and goes as theirs once they sign in again.
 */
import type { Page } from '@playwright/test';
import {
  a11yViolations,
  apiCall,
  apiGet,
  appNavigation,
  type ArtworkMinimal,
  asVisitor,
  expect,
  formatFindings,
  isSerious,
  otherDevice,
  screenshot,
  sessionToken,
  signInByMail,
  signOut,
  test,
  toasts,
  VANCOUVER,
} from './fixtures';
import { magicLinkToken, mailFilesTo, oneTimeCode, waitForMail } from './mail';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function noSeriousViolations(page: Page, where: string): Promise<void> {
  await page.waitForTimeout(300);
  const serious = (await a11yViolations(page)).filter(isSerious);
  expect(serious, formatFindings(`${where} ${page.url()}`, serious)).toEqual([]);
}

/** Opens the sign-in dialog from the navigation (the rail or the bottom bar) and asks for a link. */
async function requestLink(page: Page, email: string) {
  await appNavigation(page).getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Sign in/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
  await dialog.getByRole('button', { name: /Send link/ }).click();
  const sent = page.getByRole('dialog', { name: 'Check Your Email' });
  await expect(sent).toBeVisible();
  await expect(sent.getByText(email)).toBeVisible();
  return sent;
}

async function expectSignedIn(page: Page) {
  // Signing in refreshes status and profile (each may wait for read-your-writes, up to 2 s):
  // allow for a loaded machine.
  await expect(appNavigation(page).getByRole('button', { name: 'Profile', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(appNavigation(page).getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);
}

test('sign in by link, choose a profile name, sign out, sign in by code elsewhere', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const run = unique();
  const email = `e2e-${run}-${testInfo.project.name}@example.org`;
  const profileName = `e2e-${run}`;

  // A new visitor asks for a link.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My submissions' })).toBeVisible();
  await expect(page.getByText(/^Anonymous \([0-9a-f]{8}\.\.\.\)$/).first()).toBeVisible();
  const anonymousToken = await page.evaluate(() => localStorage.getItem('user-token'));
  expect(anonymousToken).toBeTruthy();
  const sent = await requestLink(page, email);
  await expect(sent.getByRole('textbox', { name: '6-digit code' })).toBeVisible();
  await noSeriousViolations(page, `${testInfo.project.name} sign-in dialog`);
  await screenshot(page, testInfo, 'sign-in-sent');

  // The mail holds a link (and a code); the link signs in.
  const first = await waitForMail(email);
  const token = magicLinkToken(first);
  await page.goto(`/verify?token=${token}`);
  // Opening the link alone signs nobody in: it names the address and waits for a click.
  const confirm = page.getByRole('button', { name: `Create account as ${email}` });
  await expect(confirm).toBeVisible();
  const stillAnonymous = await page.request.get('/api/auth/status', { headers: { 'X-User-Token': anonymousToken! } });
  expect(((await stillAnonymous.json()) as { data: { is_anonymous: boolean } }).data.is_anonymous).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBe(anonymousToken);
  await noSeriousViolations(page, `${testInfo.project.name} /verify confirmation`);
  await confirm.click();
  // The link, opened on the device that asked for it, goes back to the page it was asked from.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expectSignedIn(page);
  const sessionToken = await page.evaluate(() => localStorage.getItem('user-token'));
  expect(sessionToken).toBeTruthy();
  expect(sessionToken).not.toBe(anonymousToken);

  // The link works once.
  const reuse = await page.request.post('/api/auth/verify-magic-link', { data: { token } });
  expect(reuse.status()).toBe(400);

  // /profile: the email, then a profile name of one's own.
  await appNavigation(page).getByRole('button', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const card = page.getByRole('region', { name: 'Your profile' });
  await expect(card.getByText(email)).toBeVisible();
  await expect(card.getByText(/Member since/)).toBeVisible();
  const nameBox = page.getByRole('textbox', { name: 'Profile name' });
  await nameBox.fill(profileName);
  await expect(page.getByText(`${profileName} is available`)).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(card.locator('.profile-card__name')).toHaveText(profileName);
  await expect(page.getByText('Profile name saved')).toBeVisible();
  await noSeriousViolations(page, `${testInfo.project.name} profile`);
  await screenshot(page, testInfo, 'profile');

  await signOut(page);
  const afterLogout = await page.evaluate(() => localStorage.getItem('user-token'));
  expect(afterLogout).toBeTruthy();
  expect(afterLogout).not.toBe(sessionToken);

  // Another device: a second mail, this time the 6-digit code in the dialog.
  const other = await otherDevice(browser, testInfo, baseURL!);
  try {
    const p2 = other.page;
    await p2.goto('/profile');
    await expect(p2.getByRole('heading', { level: 1, name: 'My submissions' })).toBeVisible();
    const sent2 = await requestLink(p2, email);
    const second = await waitForMail(email, [first.file]);
    const code = oneTimeCode(second);
    await sent2.getByRole('textbox', { name: '6-digit code' }).fill(code);
    await sent2.getByRole('button', { name: 'Sign in with code' }).click();
    await expect(p2.getByRole('dialog')).toHaveCount(0);
    await expectSignedIn(p2);
    const card2 = p2.getByRole('region', { name: 'Your profile' });
    await expect(card2.locator('.profile-card__name')).toHaveText(profileName);
    await expect(card2.getByText(email)).toBeVisible();

    // The public profile shows the same name, and the badge signing up earned.
    await card2.getByRole('link', { name: 'View your public profile' }).click();
    await expect(p2.getByRole('heading', { level: 1, name: profileName })).toBeVisible();
    await expect(p2.getByRole('list', { name: 'Badges' }).getByRole('heading', { level: 3, name: 'Verified' })).toBeVisible();
    expect(other.errors, 'uncaught errors in the second page').toEqual([]);
  } finally {
    await other.context.close();
  }
});

test('an unknown public profile is a not-found state', async ({ page }) => {
  await page.goto('/users/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
});

test('a used or unknown link says it failed and offers a new one', async ({ page }) => {
  await page.goto(`/verify?token=${'0'.repeat(64)}`);
  await expect(page.getByRole('heading', { name: 'Failed to verify magic link' })).toBeVisible();
  await page.getByRole('button', { name: 'Request a new link' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
});

/** Who the server says a token's holder is. */
async function whoIs(page: Page, token: string) {
  const status = await asVisitor<{ is_authenticated: boolean; user: { id: string; email?: string | null } }>(page, token, 'GET', '/auth/status');
  return { id: status.user.id, email: status.user.email ?? null, is_authenticated: status.is_authenticated };
}

test('a sign-in ended elsewhere: the note is refused and kept, the visitor signed out, and it goes once they sign in again', async ({
  page,
  clientAddress,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = unique();
  const email = `e2e-ended-${run}-${testInfo.project.name}@example.org`;
  const note = `E2E visit after the sign-in ended ${run}`;
  const ENDED = 'Your sign-in has ended. Sign in again to continue.';
  const NOTICE = 'Your sign-in has ended. Sign in again to send this — what you entered is kept.';
  const near = await apiGet<{ artworks: ArtworkMinimal[] }>(page, `/artworks/nearby?lat=${VANCOUVER.lat}&lon=${VANCOUVER.lng}&radius=3000&limit=1&minimal=true`);
  const artwork = near.artworks[0]!;
  const logbookPosts = () => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/logbook');

  await signInByMail(page, email);
  const ended = await sessionToken(page);
  const { id: account } = await whoIs(page, ended);
  await page.goto(`/logbook/${artwork.id}`);
  await expect(page.getByRole('link', { name: artwork.title })).toBeVisible();

  // The session is signed out behind the page's back (as from another device of theirs).
  const out = await apiCall(clientAddress, 'POST', '/auth/logout', { token: ended });
  expect(out.status, `logout: ${JSON.stringify(out.body)}`).toBe(200);

  // They note a visit: refused, in the server's words, where the form shows its errors.
  const notes = page.getByTestId('logbook-notes');
  await notes.fill(note);
  const refused = logbookPosts();
  await page.getByTestId('logbook-submit').click();
  const answer = await refused;
  expect(answer.status()).toBe(401);
  expect(((await answer.json()) as { error?: string }).error).toBe('SESSION_ENDED');
  await expect(page.getByTestId('form-error')).toHaveText(ENDED);
  await expect(notes).toHaveValue(note);
  // The shell: a warning with a way to sign in again; the visitor is signed out, with a fresh token.
  const notice = toasts(page).getByRole('listitem').filter({ hasText: NOTICE });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('status')).toHaveText(NOTICE);
  await expect(appNavigation(page).getByRole('button', { name: 'Login', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(appNavigation(page).getByRole('button', { name: 'Profile', exact: true })).toHaveCount(0);
  await expect.poll(() => sessionToken(page), { timeout: 15_000 }).not.toBe(ended);
  expect(await sessionToken(page)).toMatch(/\S/);
  await noSeriousViolations(page, `${testInfo.project.name} sign-in ended`);
  await screenshot(page, testInfo, 'sign-in-ended');

  // "Sign in" opens the sign-in dialog; the form still holds the note.
  const earlier = mailFilesTo(email);
  await notice.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Sign in/ });
  await expect(dialog).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(notes).toHaveValue(note);

  // Signed in again by the code of a new mail, on the same page: the note goes, as theirs.
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
  await dialog.getByRole('button', { name: /Send link/ }).click();
  const sent = page.getByRole('dialog', { name: 'Check Your Email' });
  await expect(sent.getByText(email)).toBeVisible();
  const code = oneTimeCode(await waitForMail(email, earlier));
  await sent.getByRole('textbox', { name: '6-digit code' }).fill(code);
  await sent.getByRole('button', { name: 'Sign in with code' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectSignedIn(page);
  const again = await sessionToken(page);
  expect(again).not.toBe(ended);
  await expect(notes).toHaveValue(note);
  const accepted = logbookPosts();
  await page.getByTestId('logbook-submit').click();
  expect((await accepted).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Thanks! Your visit was sent for review' })).toBeVisible();
  const mine = async () =>
    (await asVisitor<{ submissions: Array<{ notes: string | null; submission_type: string }> }>(page, again, 'GET', '/me/submissions')).submissions.filter(
      (s) => s.notes === note,
    );
  await expect.poll(async () => (await mine()).map((s) => s.submission_type), { timeout: 30_000 }).toEqual(['logbook']);
  // The same account as before the sign-in ended.
  expect(await whoIs(page, again)).toEqual({ id: account, email, is_authenticated: true });
});
