/**
 * Feedback, its moderation and administration end to end, against the real server:
 *
 * 1. An anonymous visitor reports an artwork missing from its page ("Report as missing": the
 *    note starts as "The artwork is missing"), sent with Ctrl+Enter.
 * 2. A moderator sees the open count on /review, finds the report in /moderation/feedback and
 *    resolves it with "Mark the artwork as removed": it leaves the open tab.
 * 3. The artwork's page says it was removed (the page stays). The map centred on it no longer has it;
 *    with "Show removed artworks" it is in the removed layer: listed "(removed)", and a click on its
 *    marker opens a preview card that says Removed.
 * 4. An admin finds an account in /admin Permissions and grants it moderator with a reason; the
 *    Audit tab has the PermissionGranted event with that reason, its payload and its timeline.
 * 5. The Statistics tab draws its charts.
 *
 * The moderator and the admin are granted by the CLI (`plinth admin grant`) and signed in through
 * the API from a loopback address of their own (127.0.0.3), as other people on other machines
 * would: the server allows 20 sign-in links an hour per client address (each browser context has
 * an address of its own too: `newClientAddress`). They are signed in once per worker and reused; the
 * account the admin changes signs in from 127.0.0.4, one per run.
 */
import type { Page, Response } from '@playwright/test';
import {
  type ArtworkMinimal,
  apiGet,
  apiSignIn,
  deviceSignedIn,
  expect,
  noSeriousViolations,
  screenshot,
  staffSessions,
  test,
  toasts,
  unique,
} from './fixtures';

const STAFF_ADDRESS = '127.0.0.3';
const USER_ADDRESS = '127.0.0.4';

interface ListedArtwork {
  id: string;
  title: string;
  status: string;
  lat: number;
  lon: number;
}

/** A response of the map's nearby call for one layer (`status` left out: approved). */
function isNearby(layer: 'approved' | 'removed') {
  return (r: Response) => {
    const url = new URL(r.url());
    return url.pathname === '/api/artworks/nearby' && r.request().method() === 'GET' && (url.searchParams.get('status') ?? 'approved') === layer;
  };
}

async function nearbyIds(r: Response): Promise<string[]> {
  expect(r.status(), await r.text()).toBe(200);
  const body = (await r.json()) as { data: { artworks: ArtworkMinimal[] } };
  return body.data.artworks.map((a) => a.id);
}

/** A moderator's or an admin's session token: granted by the CLI, signed in once per worker. */
const staffToken = staffSessions(STAFF_ADDRESS, 'e2e');

/**
 * An approved demo artwork with a plain title, at random, so runs against the same server (both
 * projects, --repeat-each) report different ones.
 */
async function someArtwork(page: Page): Promise<ListedArtwork> {
  const first = await apiGet<{ pagination: { total_pages: number } }>(page, '/artworks?limit=50&page=1');
  for (let attempt = 0; attempt < 20; attempt++) {
    const n = 1 + Math.floor(Math.random() * first.pagination.total_pages);
    const { artworks } = await apiGet<{ artworks: ListedArtwork[] }>(page, `/artworks?limit=50&page=${n}`);
    const fits = artworks.filter((a) => a.status === 'approved' && /^[\w ,.'&-]{3,60}$/.test(a.title) && a.title.trim() === a.title);
    if (fits.length > 0) return fits[Math.floor(Math.random() * fits.length)]!;
  }
  throw new Error('no approved artwork with a plain title found');
}

test('a missing artwork reported, resolved as removed; a role granted with a reason, found in the audit log; statistics charted', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = unique();
  const project = testInfo.project.name;
  const note = `The artwork is missing. Only the plinth is left (e2e ${run}).`;
  const decision = `Checked on site (e2e ${run}): it is gone.`;
  const reason = `E2E ${run}: trusted local historian`;
  const artwork = await someArtwork(page);

  // (1) The visitor reports it missing from its page.
  await page.goto(`/artwork/${artwork.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(artwork.title);
  await page.getByRole('main').getByRole('button', { name: 'Report as missing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a missing artwork' });
  const field = dialog.getByRole('textbox', { name: 'Your note' });
  await expect(field).toHaveValue('The artwork is missing');
  await field.fill(note);
  await expect(dialog.getByTestId('feedback-counter')).toContainText(`${note.length}/1000`);
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/feedback');
  await field.press('Control+Enter');
  const answer = await sent;
  expect(answer.status(), await answer.text()).toBe(201);
  await expect(dialog).toHaveCount(0);
  await expect(toasts(page).getByText('Thanks! Your feedback was sent to the moderators.')).toBeVisible();

  // (2) A moderator resolves it, marking the artwork removed.
  const mod = await deviceSignedIn(browser, testInfo, baseURL!, await staffToken('moderator'));
  const admin = await deviceSignedIn(browser, testInfo, baseURL!, await staffToken('admin'));
  try {
    const m = mod.page;
    await m.goto('/review');
    const inbox = m.getByTestId('feedback-inbox-link');
    await expect(inbox).toContainText(/\d+ open/);
    await inbox.click();
    await expect(m).toHaveURL(/\/moderation\/feedback$/);
    await m.getByRole('combobox', { name: 'Kind' }).selectOption('missing');
    const report = m.getByTestId('feedback-item').filter({ hasText: note });
    // The visitor's report reaches the moderators' read model shortly.
    await expect(async () => {
      await m.reload();
      await expect(report).toHaveCount(1, { timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expect(report.getByRole('link', { name: artwork.title })).toHaveAttribute('href', `/artwork/${artwork.id}`);
    await expect(report).toContainText('Reported missing');
    await expect(report).toContainText('From an anonymous visitor');
    await expect(m.getByRole('tab', { name: /^Open \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    await noSeriousViolations(m, `${project} moderation feedback`);
    await screenshot(m, testInfo, 'moderation-feedback');

    await report.getByRole('button', { name: 'Resolve…' }).click();
    const resolve = m.getByRole('dialog', { name: `Resolve feedback about ${artwork.title}` });
    await resolve.getByRole('textbox', { name: /What was done/ }).fill(decision);
    await resolve.getByRole('checkbox', { name: 'Mark the artwork as removed' }).check();
    await screenshot(m, testInfo, 'moderation-resolve');
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await expect(resolve).toHaveCount(0);
    await expect(toasts(m).getByText(`Feedback resolved; ${artwork.title} is marked as removed`)).toBeVisible();
    await expect(report).toHaveCount(0);
    await m.getByRole('tab', { name: /^Resolved \(\d+\)$/ }).click();
    const resolved = m.getByTestId('feedback-item').filter({ hasText: note });
    await expect(resolved).toContainText(decision);
    await expect(resolved).toContainText('Artwork marked as removed');

    // (3) The artwork's page stays, saying it was removed.
    const removed = page.getByRole('region', { name: 'Removed' });
    await expect(async () => {
      await page.goto(`/artwork/${artwork.id}`);
      await expect(removed).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(artwork.title);
    await expect(removed).toContainText('A moderator marked this artwork as removed');
    await expect(page.getByRole('main').getByRole('button', { name: 'Report as missing' })).toHaveCount(0);
    // What makes sense for a removed work: its history, and saying it is back; not visiting,
    // editing or saving it.
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Log a visit' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(main.getByRole('group', { name: 'Save this artwork' })).toHaveCount(0);
    await expect(main.getByRole('list', { name: `Changes to ${artwork.title}` })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'Is it back?' })).toBeVisible();
    await main.getByRole('button', { name: 'Report it back' }).click();
    const back = page.getByRole('dialog', { name: 'Report this artwork back in place' });
    await expect(back.getByRole('textbox')).toHaveValue('The artwork is back in place');
    await screenshot(page, testInfo, 'artwork-removed-report-back');
    await back.getByRole('button', { name: 'Cancel' }).click();
    await expect(back).toHaveCount(0);
    await screenshot(page, testInfo, 'artwork-removed');

    // The default map centred on it no longer has it (the map's model catches up in the background).
    const at = `/?lat=${artwork.lat}&lng=${artwork.lon}&zoom=18`;
    await expect(async () => {
      const [res] = await Promise.all([page.waitForResponse(isNearby('approved'), { timeout: 10_000 }), page.goto(at)]);
      expect(await nearbyIds(res)).not.toContain(artwork.id);
    }).toPass({ timeout: 30_000 });
    const host = page.locator('.map-canvas .plinth-map-host');
    const status = page.locator('.map-status');
    await expect(status).toHaveText(/in this area|nearest shown/);
    await expect(host).not.toHaveAttribute('data-removed-points');
    await page.getByRole('button', { name: 'List' }).click();
    const list = page.getByRole('region', { name: 'Artworks in this area' });
    await expect(list).toBeVisible();
    await expect(list.locator(`a[href="/artwork/${artwork.id}"]`)).toHaveCount(0);
    await list.getByRole('button', { name: 'Close the list' }).click();

    // "Show removed artworks" asks for the removed layer of the same area: it is there.
    await page.getByRole('button', { name: /^Filters/ }).click();
    const showRemoved = page.getByRole('region', { name: 'Map filters' }).getByRole('checkbox', { name: 'Show removed artworks' });
    // click, then the state: the box follows the URL, so wait for it rather than read it at once.
    const [removedRes] = await Promise.all([page.waitForResponse(isNearby('removed')), showRemoved.click()]);
    expect(await nearbyIds(removedRes)).toContain(artwork.id);
    await expect(showRemoved).toBeChecked();
    await expect(page).toHaveURL(/[?&]removed=1(&|$)/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Map filters' })).toHaveCount(0);
    await expect(status).toHaveText(/\d+ removed$/);
    await expect(host).toHaveAttribute('data-removed-points', /^[1-9]\d*$/);
    await page.getByRole('button', { name: 'List' }).click();
    await expect(list.getByRole('link', { name: `${artwork.title} (removed)` })).toHaveAttribute('href', `/artwork/${artwork.id}`);
    await noSeriousViolations(page, `${project} map with removed artworks`);
    await list.getByRole('button', { name: 'Close the list' }).click();

    // Its marker, at the centre, is drawn: a click there opens its preview card (the markers draw
    // in the frames after the data arrive, so click until the hit lands).
    const preview = page.getByRole('region', { name: 'Selected artwork' });
    const box = await page.locator('.map-canvas').boundingBox();
    expect(box).not.toBeNull();
    await expect(async () => {
      await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
      await expect(preview).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(preview.getByRole('heading', { level: 2 })).toHaveText(artwork.title);
    await expect(preview).toContainText('Removed');
    await expect(preview.getByRole('link', { name: 'View details' })).toHaveAttribute('href', `/artwork/${artwork.id}`);
    await screenshot(page, testInfo, 'map-removed-layer');

    // (4) An admin grants moderator to an account, with a reason.
    const userEmail = `e2e-granted-${run}-${project}@example.org`;
    await apiSignIn(USER_ADDRESS, userEmail);
    const a = admin.page;
    await a.goto('/admin?tab=permissions');
    await expect(a.getByRole('tab', { name: 'Permissions' })).toHaveAttribute('aria-selected', 'true');
    const search = a.getByRole('searchbox', { name: 'E-mail or profile name' });
    const account = a.getByTestId('permission-row').filter({ hasText: userEmail });
    await expect(async () => {
      await search.fill(userEmail);
      await search.press('Enter');
      await expect(account).toHaveCount(1, { timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expect(account).toContainText('None');
    await account.getByRole('button', { name: `Grant moderator to ${userEmail}` }).click();
    const grant = a.getByRole('dialog', { name: `Grant moderator to ${userEmail}` });
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(grant.getByRole('alert')).toHaveText('Reason is required');
    await grant.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(grant).toHaveCount(0);
    await expect(toasts(a).getByText(`Granted moderator to ${userEmail}`)).toBeVisible();
    await expect(account.getByRole('list', { name: `Roles of ${userEmail}` })).toContainText('Moderator');
    await noSeriousViolations(a, `${project} admin permissions`);
    await screenshot(a, testInfo, 'admin-permissions');

    // The audit log has the grant with its reason.
    await a.getByRole('tab', { name: 'Audit log' }).click();
    const filters = a.getByRole('form', { name: 'Audit log filters' });
    await filters.getByRole('combobox', { name: 'Entity type' }).selectOption('account');
    await filters.getByRole('combobox', { name: 'Event type' }).fill('PermissionGranted');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const granted = a.getByTestId('audit-entry').filter({ hasText: `Reason: ${reason}` });
    await expect(granted).toHaveCount(1);
    await expect(granted).toHaveAttribute('data-event-type', 'PermissionGranted');
    await granted.getByRole('button', { name: /^Details/ }).click();
    await expect(granted.getByTestId('audit-payload')).toContainText(reason);
    await expect(granted.getByTestId('audit-payload')).toContainText('moderator');
    await noSeriousViolations(a, `${project} admin audit`);
    await screenshot(a, testInfo, 'admin-audit');
    await granted.getByRole('button', { name: 'Timeline of this account' }).click();
    const timeline = a.getByRole('dialog', { name: /^Timeline of account/ });
    await expect(timeline.getByRole('heading', { name: /^State as of #\d+ PermissionGranted/ })).toBeVisible();
    await expect(timeline.getByTestId('entity-state')).toContainText('moderator');
    await timeline.getByRole('button', { name: 'Close' }).click();
    await expect(timeline).toHaveCount(0);

    // (5) Statistics, charted.
    await a.getByRole('tab', { name: 'Statistics' }).click();
    const activity = a.getByTestId('chart-activity');
    await expect(activity).toHaveAccessibleName('Submissions and decisions per day, last 30 days');
    await expect(activity.locator('svg.recharts-surface .recharts-line')).toHaveCount(3);
    await expect(a.getByTestId('chart-accounts').locator('svg.recharts-surface .recharts-bar')).toHaveCount(1);
    await expect(a.getByTestId('statistics-cards')).toContainText('Artworks');
    await noSeriousViolations(a, `${project} admin statistics`);
    await screenshot(a, testInfo, 'admin-statistics');
    expect(mod.errors, 'uncaught errors on the moderator’s page').toEqual([]);
    expect(admin.errors, 'uncaught errors on the admin’s page').toEqual([]);
  } finally {
    await mod.context.close();
    await admin.context.close();
  }
});
