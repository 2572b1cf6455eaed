/**
 * Help nearby end to end (issue 33), against the real server:
 *
 * 1. A new artwork of the run's own (a sculpture with a photo, no artist, no year) is sent
 *    through the API at a place of the run's own, far from the demo data, and a moderator
 *    approves it: around that place, GET /api/tasks/nearby asks who made it and its year.
 * 2. A signed-in person opens /help with the map's last view stored at that place: Help nearby
 *    lists both tasks. They answer "What year was it made?" in its row with one number: the
 *    proposal is checked and sent as one `tag:year` edit, the page thanks them ("sent for
 *    review") and the task leaves the list, which the server no longer has either; the artist's
 *    task stays. "Use my location" (the browser's location set there) lists the same.
 * 3. The moderator approves the edit: the artwork has the year.
 *
 * The moderator is granted by the CLI and signed in through the API from a loopback address of
 * its own (127.0.0.10), once per worker: the server allows 20 sign-in links an hour per client
 * address. The person signs in by the outbox mail from their address's own loopback address.
 */
import type { Page } from '@playwright/test';
import { apiCall, apiGet, expect, noSeriousViolations, screenshot, signInByMail, staffSessions, test, unique } from './fixtures';
import { canvasJpeg, postNewArtwork } from './photos';

const MODERATOR_ADDRESS = '127.0.0.10';

/** A moderator's session token: granted by the CLI, signed in once per worker. */
const staffToken = staffSessions(MODERATOR_ADDRESS, 'e2e-help');

interface Task {
  artwork_id: string;
  title: string;
  gap: string;
  distance_m: number;
}

/** The gaps GET /api/tasks/nearby lists for `artworkId` around `at`. */
async function gapsOf(page: Page, at: { lat: number; lon: number }, artworkId: string): Promise<string[]> {
  const { tasks } = await apiGet<{ tasks: Task[] }>(page, `/tasks/nearby?lat=${at.lat}&lon=${at.lon}`);
  return tasks.filter((t) => t.artwork_id === artworkId).map((t) => t.gap);
}

/**
 * A new sculpture `title` with one photo at `at`, sent anonymously through the API and approved
 * by the moderator: the approved artwork's id.
 */
async function approvedArtwork(page: Page, title: string, at: { lat: number; lon: number }, seed: number): Promise<string> {
  const submissionId = await postNewArtwork(page.request, { title, at, photo: { name: 'help-nearby.jpg', buffer: await canvasJpeg(page, seed) } });
  const approved = await apiCall(MODERATOR_ADDRESS, 'POST', `/review/approve/${submissionId}`, { token: await staffToken('moderator'), body: {} });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return (approved.body?.data as { artwork_id: string }).artwork_id;
}

test('a year answered from Help nearby: sent for review, the task gone, then approved', async ({ page, context }, testInfo) => {
  test.setTimeout(120_000);
  const run = unique();
  const title = `E2E Help Nearby ${run} ${testInfo.project.name}`;
  // A place of the run's own in the Prairies, where no dataset has artworks and other runs are kilometres away.
  const at = { lat: Number((50 + Math.random() * 4).toFixed(5)), lon: Number((-114 + Math.random() * 8).toFixed(5)) };
  const year = String(1900 + Math.floor(Math.random() * 120));

  // (1) The approved artwork lacks an artist and a year (it has a photo and a type).
  await page.goto('/');
  const artworkId = await approvedArtwork(page, title, at, 60);
  await expect.poll(() => gapsOf(page, at, artworkId), { timeout: 30_000 }).toEqual(['artist', 'year']);

  // (2) A signed-in person, the map last shown at that place, opens /help.
  await signInByMail(page, `e2e-help-${run}-${testInfo.project.name}@example.org`);
  await page.evaluate((view) => sessionStorage.setItem('plinth-map-view', JSON.stringify(view)), { lat: at.lat, lng: at.lon, zoom: 16 });
  await page.goto('/help');
  const section = page.getByRole('region', { name: 'Help nearby' });
  await expect(section.getByText('Around the place the map showed last.')).toBeVisible();
  const tasks = section.getByRole('list', { name: 'Tasks nearby' });
  const ofArtwork = tasks.getByTestId('help-task').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(ofArtwork).toHaveCount(2);
  const yearTask = ofArtwork.filter({ hasText: 'What year was it made?' });
  const artistTask = ofArtwork.filter({ hasText: 'Who made it?' });
  await expect(yearTask).toContainText(/\d+ m away/);
  await expect(yearTask.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/artwork/${artworkId}`);

  // The year, answered in its row.
  const answer = `Answer “What year was it made?” for ${title}`;
  await yearTask.getByRole('button', { name: answer }).click();
  await expect(yearTask.getByRole('button', { name: answer })).toHaveAttribute('aria-expanded', 'true');
  const form = yearTask.getByRole('form', { name: answer });
  const yearBox = form.getByRole('spinbutton', { name: 'Year' });
  await yearBox.fill(year);
  await noSeriousViolations(page, `${testInfo.project.name} help nearby`);
  await screenshot(page, testInfo, 'help-nearby-answer');
  const proposed = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/artwork/${artworkId}/edit`);
  await form.getByRole('button', { name: 'Send' }).click();
  const receipt = await proposed;
  expect(receipt.status(), await receipt.text()).toBe(201);
  const edit = ((await receipt.json()) as { data: { id: string } }).data;
  expect(JSON.parse(receipt.request().postData() ?? '{}')).toEqual({
    edits: [{ field_name: 'tag:year', field_value_old: null, field_value_new: year }],
  });

  // Thanks, and the task gone (the artist's stays), here and on the server.
  await expect(section.getByRole('status').filter({ hasText: 'Thanks — sent for review.' })).toBeVisible();
  await expect(yearTask).toHaveCount(0);
  await expect(artistTask).toHaveCount(1);
  await expect.poll(() => gapsOf(page, at, artworkId), { timeout: 30_000 }).toEqual(['artist']);
  await screenshot(page, testInfo, 'help-nearby-sent');
  // Read again from the server, the list still lacks it.
  await page.reload();
  await expect(artistTask).toHaveCount(1);
  await expect(yearTask).toHaveCount(0);

  // "Use my location", the browser at the artwork: the same tasks around the person.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: at.lat + 0.0004, longitude: at.lon });
  await section.getByRole('button', { name: 'Use my location' }).click();
  await expect(section.getByText('Around your location.')).toBeVisible();
  await expect(artistTask).toHaveCount(1);
  await expect(yearTask).toHaveCount(0);

  // (3) The moderator approves the edit: the artwork has the year.
  const approved = await apiCall(MODERATOR_ADDRESS, 'POST', `/review/artwork-edits/${edit.id}/approve`, {
    token: await staffToken('moderator'),
    body: { apply_to_artwork: true },
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  await expect
    .poll(async () => (await apiGet<{ tags: Record<string, string> }>(page, `/artworks/${artworkId}`)).tags.year, { timeout: 30_000 })
    .toBe(year);
  expect(await gapsOf(page, at, artworkId)).toEqual(['artist']);
});
