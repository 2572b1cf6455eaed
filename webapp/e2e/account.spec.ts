/**
 * Accounts end to end (SPEC §2, §4, §5): a new visitor signs in with the magic link from the
 * server's outbox, chooses a profile name, signs out, and signs in again on another device (a
 * fresh browser context) with the 6-digit code of a second mail, finding the same profile.
 * axe-core checks the sign-in dialog and /profile on the way.
 */
import type { Page } from '@playwright/test';
import { a11yViolations, appNavigation, expect, formatFindings, isSerious, otherDevice, screenshot, signOut, test } from './fixtures';
import { magicLinkToken, oneTimeCode, waitForMail } from './mail';

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
