/**
 * Names as they stand now (issue 29): a person adds an artwork anonymously, a moderator without a
 * profile name approves it, then the person signs in on the same device (claiming the work) and
 * chooses a profile name. The artwork's history and credits name them by that name — not
 * "Anonymous (…)" — and the moderator by their role.
 *
 * The moderator signs in through the API from a loopback address of its own (127.0.0.3): the
 * server limits sign-in links per client address (each browser context has its own: `newClientAddress`).
 */
import { apiCall, apiSignIn, chooseProfileName, expect, grantModerator, noSeriousViolations, screenshot, signInByMail, test, unique } from './fixtures';
import { sendNewArtwork } from './photos';

const MODERATOR_ADDRESS = '127.0.0.3';

test('work sent anonymously, then claimed, is credited to the profile name; staff without one by their role', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const run = unique();
  const title = `E2E Named Heron ${run} ${testInfo.project.name}`;
  const name = `heron-${run}`.slice(0, 30);

  // Given an anonymous person's new artwork…
  const submissionId = await sendNewArtwork(page, title, 'heron.jpg', 200);

  // …approved by a moderator who has no profile name.
  const moderatorEmail = `e2e-names-mod-${run}-${testInfo.project.name}@example.org`;
  grantModerator(moderatorEmail);
  const token = await apiSignIn(MODERATOR_ADDRESS, moderatorEmail);
  const approved = await apiCall(MODERATOR_ADDRESS, 'POST', `/review/approve/${submissionId}`, { token, body: {} });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const artworkId = (approved.body?.data as { artwork_id: string }).artwork_id;

  // When the person signs in on this device, bringing the work along, and chooses a name.
  await signInByMail(page, `e2e-names-${run}-${testInfo.project.name}@example.org`);
  await chooseProfileName(page, name);

  // Then the artwork's history and its credits name them by it, and the moderator by the role.
  const created = page.getByRole('list', { name: `Changes to ${title}` }).getByTestId('history-entry').last();
  await expect(async () => {
    await page.goto(`/artwork/${artworkId}`);
    await expect(created).toContainText(`by ${name}, approved by Moderator`, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(created).not.toContainText('Anonymous');
  await expect(page.getByRole('region', { name: 'Contributors' })).toContainText(name);
  await noSeriousViolations(page, `${testInfo.project.name} named history`);
  await screenshot(page, testInfo, 'names-history');
});
