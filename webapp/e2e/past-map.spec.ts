/**
 * The city as it was (issue 33), end to end:
 * 1. A new sculpture with a title of the run's own, at a place of its own, sent anonymously
 *    through the API and approved by a moderator: it is on today's map.
 * 2. A visitor reports it missing and the moderator confirms the removal (resolving the report
 *    with `remove_artwork`): its marker is gone from today's map.
 * 3. In the map's time panel the slider, moved from today with the keyboard, reaches a moment
 *    before the removal: the artwork's marker is back, greyed as removed since, and the list says
 *    "Removed since".
 *
 * The moderator signs in from a loopback address of its own (127.0.0.11), once per worker; each
 * report comes from an address of its own (the server takes 20 reports per client an hour).
 */
import type { Page, Response } from '@playwright/test';
import { apiCall, apiGet, expect, noSeriousViolations, screenshot, staffSessions, test, unique, type ArtworkMinimal } from './fixtures';
import { canvasJpeg, postNewArtwork } from './photos';

const MODERATOR_ADDRESS = '127.0.0.11';
const staffToken = staffSessions(MODERATOR_ADDRESS, 'e2e-past');
/** The time slider's steps over the timeline (TimePanel's SLIDER_STEPS). */
const SLIDER_STEPS = 200;

interface Timeline {
  first_at: string | null;
  now: string;
}

/** A response of the past map's nearby call (`as_of`, the default layer). */
function isPastNearby(r: Response): boolean {
  const url = new URL(r.url());
  return url.pathname === '/api/artworks/nearby' && r.request().method() === 'GET' && url.searchParams.has('as_of') && !url.searchParams.has('status');
}

/** A response of today's nearby call (no `as_of`, the default layer). */
function isTodayNearby(r: Response): boolean {
  const url = new URL(r.url());
  return url.pathname === '/api/artworks/nearby' && r.request().method() === 'GET' && !url.searchParams.has('as_of') && !url.searchParams.has('status');
}

async function nearbyIds(r: Response): Promise<string[]> {
  expect(r.status(), await r.text()).toBe(200);
  const body = (await r.json()) as { data: { artworks: ArtworkMinimal[] } };
  return body.data.artworks.map((a) => a.id);
}

/** The ids of today's map within 200 m of `at`. */
async function idsAround(page: Page, at: { lat: number; lon: number }): Promise<string[]> {
  const { artworks } = await apiGet<{ artworks: ArtworkMinimal[] }>(page, `/artworks/nearby?lat=${at.lat}&lon=${at.lon}&radius=200&minimal=true`);
  return artworks.map((a) => a.id);
}

test('a removed artwork is back on the map as it was before its removal, marked removed since', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const run = unique();
  const title = `E2E Past Map ${run} ${project}`;
  // A place of the run's own in northern British Columbia, where no dataset has artworks.
  const at = { lat: Number((56 + Math.random() * 3).toFixed(5)), lon: Number((-128 + Math.random() * 6).toFixed(5)) };
  const reporter = `127.0.${project === 'mobile' ? 12 : 11}.${10 + (testInfo.repeatEachIndex % 200)}`;
  const moderator = await staffToken('moderator');

  // (1) Sent and approved: on today's map once its model has caught up.
  await page.goto('/');
  const submissionId = await postNewArtwork(page.request, { title, at, photo: { name: 'past-map.jpg', buffer: await canvasJpeg(page, 33) } });
  const approved = await apiCall(MODERATOR_ADDRESS, 'POST', `/review/approve/${submissionId}`, { token: moderator, body: {} });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const artworkId = (approved.body?.data as { artwork_id: string }).artwork_id;
  await expect.poll(() => idsAround(page, at), { timeout: 30_000 }).toContain(artworkId);

  // The slider moves a step at a time (1/200 of the timeline): the artwork must stand on the map
  // for three of them, so that a step falls between its approval and its removal. Wait until the
  // server's clock says it has (a few seconds when the timeline is minutes long).
  const standing = Date.parse((await apiGet<Timeline>(page, '/artworks/timeline')).now);
  await expect
    .poll(
      async () => {
        const { first_at, now } = await apiGet<Timeline>(page, '/artworks/timeline');
        const step = (Date.parse(now) - Date.parse(first_at ?? now)) / SLIDER_STEPS;
        return Date.parse(now) - standing > 3 * step;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);

  // (2) Reported missing by a visitor, confirmed removed by the moderator.
  const visitor = await apiCall(reporter, 'GET', '/auth/status');
  const visitorToken = visitor.headers['x-user-token'];
  expect(typeof visitorToken, 'an anonymous token in X-User-Token').toBe('string');
  const sent = await apiCall(reporter, 'POST', '/feedback', {
    token: visitorToken as string,
    body: { subject_type: 'artwork', subject_id: artworkId, issue_type: 'missing', note: `Gone from its plinth (${run})` },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const feedbackId = (sent.body?.data as { id: string }).id;
  const resolved = await apiCall(MODERATOR_ADDRESS, 'POST', `/moderation/feedback/${feedbackId}/resolve`, {
    token: moderator,
    body: { note: 'Confirmed: it is gone', remove_artwork: true },
  });
  expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);

  // Today's map centred on it no longer has it (its model catches up in the background).
  await expect(async () => {
    const [res] = await Promise.all([page.waitForResponse(isTodayNearby, { timeout: 10_000 }), page.goto(`/?lat=${at.lat}&lng=${at.lon}&zoom=18`)]);
    expect(await nearbyIds(res)).not.toContain(artworkId);
  }).toPass({ timeout: 30_000 });
  const host = page.locator('.map-canvas .plinth-map-host');
  const status = page.locator('.map-status');
  await expect(status).toHaveText('No artworks in this area yet');
  await expect(host).not.toHaveAttribute('data-removed-points');
  await expect(page).not.toHaveURL(/[?&]as_of=/);

  // (3) The time panel: the slider starts at today; a step at a time back, until the artwork is there.
  const timeButton = page.getByRole('button', { name: 'Time' });
  await expect(timeButton).toBeEnabled();
  await timeButton.click();
  const panel = page.getByRole('region', { name: 'The map in time' });
  const slider = panel.getByRole('slider', { name: 'Show the map as it was on' });
  await expect(slider).toBeFocused();
  await expect(slider).toHaveAttribute('aria-valuetext', 'Today');
  // Each step is a moment of its own: the map asks for it, and draws its answer.
  await expect(async () => {
    const answered = page.waitForResponse(isPastNearby, { timeout: 10_000 });
    await slider.press('ArrowLeft');
    await answered;
    await expect(host).toHaveAttribute('data-removed-points', '1', { timeout: 2000 });
  }).toPass({ timeout: 90_000, intervals: [100] });
  await expect(page).toHaveURL(/[?&]as_of=\d{4}-\d{2}-\d{2}T\d{2}(%3A|:)\d{2}(%3A|:)\d{2}Z(&|$)/);
  const moment = await slider.getAttribute('aria-valuetext');
  expect(moment).not.toBe('Today');
  await expect(panel.locator('output')).toHaveText(moment!);
  await expect(status).toHaveText('1 artwork in this area');
  await noSeriousViolations(page, `${project} map as it was`);
  await screenshot(page, testInfo, 'map-as-it-was');

  // The panel closes (Escape); the banner says which moment this is.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page.getByText(`Showing the map as it was on ${moment}`)).toBeVisible();

  // The list of what is in view has it, removed since.
  await page.getByRole('button', { name: 'List' }).click();
  const list = page.getByRole('region', { name: 'Artworks in this area' });
  const row = list.getByRole('listitem').filter({ has: page.locator(`a[href="/artwork/${artworkId}"]`) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link')).toHaveText(title);
  await expect(row).toContainText('Removed since');
  await screenshot(page, testInfo, 'map-as-it-was-list');
  await list.getByRole('button', { name: 'Close the list' }).click();

  // Back to today: the artwork is gone again.
  await page.getByRole('button', { name: 'Back to today' }).click();
  await expect(page).not.toHaveURL(/[?&]as_of=/);
  await expect(host).not.toHaveAttribute('data-removed-points');
  await expect(status).toHaveText('No artworks in this area yet');
});
