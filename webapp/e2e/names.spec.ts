/**
 * Names as they stand now (issue 29): a person adds an artwork anonymously, a moderator without a
 * profile name approves it, then the person signs in on the same device (claiming the work) and
 * chooses a profile name. The artwork's history and credits name them by that name — not
 * "Anonymous (…)" — and the moderator by their role.
 *
 * The moderator signs in through the API from a loopback address of its own (127.0.0.3): the
 * server limits sign-in links per client address, and the suite's browser sign-ins use 127.0.0.1.
 */
import type { Page } from '@playwright/test';
import { apiCall, apiSignIn, chooseProfileName, expect, grantModerator, noSeriousViolations, screenshot, signInByMail, test, unique } from './fixtures';

const MODERATOR_ADDRESS = '127.0.0.3';

/** A real JPEG (Chromium's canvas encoder) the server can decode. */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = 'hsl(200 65% 50%)';
    ctx.fillRect(0, 0, 320, 240);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

test('work sent anonymously, then claimed, is credited to the profile name; staff without one by their role', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const run = unique();
  const title = `E2E Named Heron ${run} ${testInfo.project.name}`;
  const name = `heron-${run}`.slice(0, 30);

  // Given an anonymous person's new artwork…
  const lat = 49.25 + Math.random() * 0.04;
  const lng = -123.16 + Math.random() * 0.08;
  await page.goto(`/artwork/new?lat=${lat.toFixed(6)}&lng=${lng.toFixed(6)}`);
  await page.getByTestId('photo-picker-input').setInputFiles({ name: 'heron.jpg', mimeType: 'image/jpeg', buffer: await photo(page) });
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);
  await page.getByTestId('new-artwork-title').fill(title);
  await page.getByTestId('new-artwork-type').selectOption('sculpture');
  await page.getByTestId('consent-checkbox').check();
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/logbook');
  await page.getByTestId('new-artwork-submit').click();
  const answer = await sent;
  expect(answer.status(), await answer.text()).toBe(201);
  const submissionId = ((await answer.json()) as { data: { id: string } }).data.id;

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
