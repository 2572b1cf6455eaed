/**
 * Every screen of the app (src/app/routes.tsx) on a 390 px phone (the mobile project only): no
 * horizontal scroll (`scrollWidth` within the window), and no visible button, link, input,
 * select or tab reaching past either side of the screen, so nothing is clipped or out of reach.
 * Each screen is checked once its content is there, with axe-core (no serious findings).
 *
 * 1. What anyone sees: the map (with its list open), the indexes, search, an artwork, its
 *    logbook form, an artist, the add screens, help, status, pages, a failed link, not found.
 * 2. A contributor's: /profile with submissions (pending with a photo's location, rejected with
 *    a long reason, approved), a list, notifications, badges, the public profile, the edit forms.
 * 3. A moderator's: /review with a submission open, an artwork edit and a new artist open in
 *    their tabs, and /moderation/feedback.
 * 4. An admin's: every /admin tab, reached by its tab.
 *
 * Each test makes its own data (addresses from `unique()`); the moderator and the admin are
 * granted by the CLI and signed in through the API from a loopback address of this spec's own.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiCall,
  apiGet,
  apiSignIn,
  deviceSignedIn,
  expect,
  grantPermission,
  noSeriousViolations,
  screenshot,
  staffSessions,
  test,
  unique,
} from './fixtures';
import { gpsJpeg, postNewArtwork } from './photos';

const ADDRESS = '127.0.0.6';

interface Listed {
  id: string;
  title: string;
  description: string | null;
  status: string;
}

/** A moderator's or an admin's session token: granted by the CLI, signed in once per worker. */
const staffToken = staffSessions(ADDRESS, 'e2e-screens');

/** A call as `token` that must succeed; its `data`. */
async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, token: string, body?: unknown): Promise<T> {
  const answer = await apiCall(ADDRESS, method, path, { token, body });
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body?.data as T;
}

/**
 * The screen fits the phone: the page scrolls no wider than the window, and every visible
 * control (a box of some size, not `visibility: hidden`, as Playwright counts visible) lies
 * within it.
 */
async function fitsThePhone(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const outside: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="tab"]')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (box.left < -0.5 || box.right > width + 0.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
        outside.push(`<${el.tagName.toLowerCase()}> "${name}" from ${Math.round(box.left)} to ${Math.round(box.right)} px`);
      }
    }
    return { width, scrollWidth: document.documentElement.scrollWidth, outside };
  });
  expect(found.scrollWidth, `${where}: the page is wider than the ${found.width} px window`).toBeLessThanOrEqual(found.width);
  expect(found.outside, `${where}: controls past the sides of the ${found.width} px window`).toEqual([]);
}

/** Opens `path`, waits for `ready`, then checks the screen (fits, axe). */
async function visit(page: Page, path: string, ready: (page: Page) => Locator, name = path) {
  await page.goto(path);
  await expect(ready(page).first()).toBeVisible({ timeout: 20_000 });
  await check(page, name);
}

/** Like `visit`, for what the server may still be recording: opened again until `ready` shows. */
async function visitOnceThere(page: Page, path: string, ready: (page: Page) => Locator, name = path) {
  await expect(async () => {
    await page.goto(path);
    await expect(ready(page).first()).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  await check(page, name);
}

/** Checks the screen once what moves on it has come to rest (a drawer sliding in). */
async function check(page: Page, name: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await fitsThePhone(page, name);
  await noSeriousViolations(page, `mobile ${name}`);
  await screenshot(page, test.info(), `screen ${name}`.replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, '').toLowerCase(), { fullPage: true });
}

const h1 = (text: string | RegExp) => (p: Page) => p.getByRole('heading', { level: 1, name: text });

/** A new artwork sent by `token` from the device's `request`, with a photo whose EXIF has a place and a camera; its id. */
async function sendArtwork(page: Page, request: APIRequestContext, token: string, title: string, seed: number): Promise<string> {
  const at = { lat: 49.25 + Math.random() * 0.04, lon: -123.16 + Math.random() * 0.08 };
  return postNewArtwork(request, { title, at, token, photo: { name: `photo-${seed}.jpg`, buffer: await gpsJpeg(page, at, seed) } });
}

/** An approved artwork without a description (so the edits spec, which edits descriptions, never takes it). */
async function plainArtwork(page: Page): Promise<Listed> {
  for (let n = 1; n <= 20; n++) {
    const { artworks } = await apiGet<{ artworks: Listed[] }>(page, `/artworks?limit=50&page=${n}&sort=title_asc`);
    const fit = artworks.find((a) => a.status === 'approved' && !a.description && a.title.trim().length >= 3);
    if (fit) return fit;
  }
  throw new Error('no approved artwork without a description');
}

async function someArtist(page: Page): Promise<{ id: string; name: string }> {
  const { artists } = await apiGet<{ artists: Array<{ id: string; name: string }> }>(page, '/artists?limit=1&sort=name_asc');
  expect(artists.length).toBe(1);
  return artists[0]!;
}

test('what anyone sees fits a 390 px phone', async ({ page }) => {
  test.setTimeout(180_000);
  const artwork = await plainArtwork(page);
  const artist = await someArtist(page);

  await visit(page, '/', (p) => p.locator('.map-status').getByText(/in this area|nearest shown/), 'the map');
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Artworks in this area' }).getByRole('listitem').first()).toBeVisible();
  await check(page, 'the map with its list');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await check(page, 'the menu');
  await page.keyboard.press('Escape');

  await visit(page, '/artworks', (p) => p.getByRole('list', { name: 'Artworks' }).getByRole('listitem'));
  await visit(page, '/artists', (p) => p.getByRole('list', { name: 'Artists' }).getByRole('listitem'));
  await visit(page, '/search', h1('Search'));
  await visit(page, '/search/mural', (p) => p.getByRole('list', { name: 'Search results' }).getByRole('listitem'));
  await visit(page, '/search/results?q=bronze', (p) => p.getByRole('list', { name: 'Search results' }).getByRole('listitem'));
  await visit(page, `/artwork/${artwork.id}`, h1(artwork.title), 'an artwork');
  await visit(page, `/logbook/${artwork.id}`, h1('Log a visit'), 'the logbook form');
  await visit(page, `/artist/${artist.id}`, h1(artist.name), 'an artist');
  await visit(page, '/add', h1('Add artwork'));
  await visit(page, '/artwork/new', h1('New artwork'));
  await visit(page, '/help', h1('Help'));
  await visit(page, '/status', (p) => p.getByText(/^Version /));
  await visit(page, '/pages', h1('Pages'));
  await visit(page, '/pages/terms-of-service', h1('Terms of service'));
  await visit(page, `/verify?token=${'0'.repeat(64)}`, (p) => p.getByRole('heading', { name: 'Failed to verify magic link' }), 'a used link');
  await visit(page, '/no/such/page', h1('Page not found'));
});

test('a contributor’s screens fit a 390 px phone: /profile with its submissions, a list, the edit forms', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const run = unique();
  const email = `e2e-screens-contributor-${run}@example.org`;
  const token = await apiSignIn(ADDRESS, email);
  const me = await call<{ user: { uuid: string } }>('GET', '/auth/status', token);
  const profileName = `e2e-${run}`.slice(0, 20);
  await call('PATCH', '/me/profile', token, { profile_name: profileName });
  const artwork = await plainArtwork(page);
  const artist = await someArtist(page);

  // A list of their own, public, with an artwork on it.
  const list = await call<{ id: string }>('POST', '/lists', token, { name: `Walks along the seawall and the parks ${run}`, public: true });
  await call('POST', `/lists/${list.id}/items`, token, { artwork_id: artwork.id });

  const device = await deviceSignedIn(browser, testInfo, baseURL!, token);
  try {
    const p = device.page;
    await p.goto('/help');
    // Three artworks sent with photos: one stays pending, one is rejected with a long reason, one approved.
    const pendingTitle = `E2E ${run} Four Boats Stranded: Red and Yellow, Black and White`;
    const rejectedTitle = `E2E ${run} Placed Upon the Horizon (Casting Shadows)`;
    const approvedTitle = `E2E ${run} Bird of Spring`;
    await sendArtwork(p, p.request, token, pendingTitle, 10);
    const rejected = await sendArtwork(p, p.request, token, rejectedTitle, 120);
    const approved = await sendArtwork(p, p.request, token, approvedTitle, 240);
    const moderator = await staffToken('moderator');
    const reason = `E2E ${run}: the photo shows another artwork than the title names; please send one of its plaque, and one from the front.`;
    await call('POST', `/review/reject/${rejected}`, moderator, { reason });
    await call('POST', `/review/approve/${approved}`, moderator, {});

    // /profile, once the decisions have reached the contributor's submissions.
    const rows = p.getByTestId('my-submission');
    await expect(async () => {
      await p.goto('/profile');
      await expect(rows.filter({ hasText: pendingTitle }).getByTestId('submission-status')).toHaveText(/^Pending review/, { timeout: 5000 });
      await expect(rows.filter({ hasText: rejectedTitle }).getByTestId('submission-status')).toHaveText('Rejected', { timeout: 1000 });
      await expect(rows.filter({ hasText: approvedTitle }).getByTestId('submission-status')).toHaveText('Approved', { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    const pending = rows.filter({ hasText: pendingTitle });
    await expect(pending.getByRole('button', { name: /^Remove photo details of / })).toBeVisible();
    await expect(rows.filter({ hasText: rejectedTitle }).getByText(`Reason: ${reason}`)).toBeVisible();
    // The pending row's two actions go under its text, which keeps a readable width.
    const text = (await pending.getByText(pendingTitle).boundingBox())!;
    const withdraw = (await pending.getByRole('button', { name: /^Withdraw / }).boundingBox())!;
    expect(text.width, 'the title’s width').toBeGreaterThanOrEqual(180);
    expect(withdraw.y, 'Withdraw under the title').toBeGreaterThanOrEqual(text.y + text.height - 1);
    await expect(p.getByRole('region', { name: 'Your profile' })).toBeVisible();
    await check(p, '/profile');

    await visitOnceThere(p, '/profile/notifications', (q) => q.getByRole('list', { name: 'Notifications' }).getByText(reason));
    await visit(p, '/profile/badges', h1('Badges'));
    await visit(p, `/users/${me.user.uuid}`, h1(profileName), 'the public profile');
    await visit(p, `/lists/${list.id}`, h1(/^Walks along the seawall/), 'a list');
    await visit(p, `/artwork/${artwork.id}/edit`, h1(/^Edit /), 'an artwork’s edit form');
    await visit(p, `/artist/${artist.id}/edit`, h1(/^Edit /), 'an artist’s edit form');
    await visit(p, '/artist/new', h1('New artist'));
    expect(device.errors, 'uncaught errors in the contributor’s page').toEqual([]);
  } finally {
    await device.context.close();
  }
});

test('a moderator’s screens fit a 390 px phone: /review with each kind open, /moderation/feedback', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const run = unique();
  const contributor = await apiSignIn(ADDRESS, `e2e-screens-proposer-${run}@example.org`);
  const artwork = await plainArtwork(page);

  // Something of each kind to review: a new artwork, an artwork edit, a new artist, a report.
  await page.goto('/help');
  const title = `E2E ${run} The Drop, a raindrop of blue steel by the convention centre`;
  const submission = await sendArtwork(page, page.request, contributor, title, 60);
  const edit = await call<{ id: string }>('POST', `/artwork/${artwork.id}/edit`, contributor, {
    edits: [{ field_name: 'title', field_value_old: artwork.title, field_value_new: `${artwork.title} (as on its plaque, e2e ${run})` }],
    note: `E2E ${run}: the plaque spells it so.`,
  });
  const artistName = `E2E ${run} Marianne Nicolson-Featherstonehaugh`;
  const newArtist = await call<{ id: string }>('POST', '/artists', contributor, {
    edits: [
      { field_name: 'name', field_value_old: null, field_value_new: artistName },
      { field_name: 'biography', field_value_old: null, field_value_new: `A painter and installation artist (e2e ${run}).` },
    ],
    note: `E2E ${run}: her work is on the list of the city.`,
  });
  const note = `E2E ${run}: the plaque is missing and the base needs repair; the artwork itself is fine.`;
  await call('POST', '/feedback', contributor, { subject_type: 'artwork', subject_id: artwork.id, issue_type: 'comment', note });

  const device = await deviceSignedIn(browser, testInfo, baseURL!, await staffToken('moderator'));
  try {
    const p = device.page;
    await visit(p, `/review?submission=${submission}`, (q) => q.getByTestId('review-detail').getByRole('heading', { level: 2, name: title }), '/review with a submission open');
    await visit(p, `/review?tab=edits&edit=${edit.id}`, (q) => q.getByTestId('edit-field'), '/review with an artwork edit open');
    await visit(p, `/review?tab=artist-edits&edit=${newArtist.id}`, (q) => q.getByTestId('edit-field'), '/review with a new artist open');
    await visitOnceThere(p, '/moderation/feedback', (q) => q.getByTestId('feedback-item').filter({ hasText: note }));
    expect(device.errors, 'uncaught errors in the moderator’s page').toEqual([]);
  } finally {
    await device.context.close();
  }
});

test('an admin’s screens fit a 390 px phone: every /admin tab, reached by its tab', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const run = unique();
  // An account with a long address and a role, for the permissions table.
  const long = `e2e-screens-a-rather-long-address-${run}@example.org`;
  grantPermission(long, 'moderator');

  const device = await deviceSignedIn(browser, testInfo, baseURL!, await staffToken('admin'));
  try {
    const p = device.page;
    await visit(p, '/admin', (q) => q.getByTestId('statistics-cards'), '/admin Statistics');
    const tabs = p.getByRole('tablist', { name: 'Admin sections' });

    await tabs.getByRole('tab', { name: 'Permissions' }).click();
    await p.getByRole('searchbox', { name: 'E-mail or profile name' }).fill(run);
    await p.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(p.getByTestId('permission-row').filter({ hasText: long })).toBeVisible();
    await check(p, '/admin Permissions');

    await tabs.getByRole('tab', { name: 'Audit log' }).click();
    const entry = p.getByTestId('audit-entry').first();
    await entry.getByRole('button', { name: /^Details/ }).click();
    await expect(entry.getByTestId('audit-payload')).toBeVisible();
    await check(p, '/admin Audit log');

    await tabs.getByRole('tab', { name: 'Replay' }).click();
    await expect(p.getByRole('combobox', { name: 'Read model' })).toBeVisible();
    await check(p, '/admin Replay');

    await tabs.getByRole('tab', { name: 'Badges' }).click();
    await expect(p.getByTestId('badge-row').first()).toBeVisible();
    await check(p, '/admin Badges');
    expect(device.errors, 'uncaught errors in the admin’s page').toEqual([]);
  } finally {
    await device.context.close();
  }
});
