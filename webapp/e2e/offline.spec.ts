/**
 * Offline capture (issue 33): with the service worker in control, a visitor who loses the network
 * logs a visit and adds a new artwork, each with a photo; both wait in the Outbox, survive a reload
 * made offline (the shell and the map's last area load from the worker), and once the network is
 * back each arrives exactly once, the Outbox showing it sent.
 *
 * And on a phone passed from hand to hand, what waits goes only as whoever made it: Ana's visit,
 * kept offline, is not sent once Ben has signed in, and goes, once, when Ana is back.
 *
 * The other specs block service workers (playwright.config.ts): their requests must reach the
 * server, or its interception by `page.route`. This one allows it.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { agreeToLicence, canvasJpeg } from './photos';
import {
  apiGet,
  appNavigation,
  asVisitor,
  type ArtworkMinimal,
  expect,
  noSeriousViolations,
  quickActions,
  screenshot,
  sessionToken,
  signInByMail,
  signOut,
  test,
  unique,
  VANCOUVER,
} from './fixtures';

test.use({ serviceWorkers: 'allow' });

interface MySubmission {
  id: string;
  title: string | null;
  notes: string | null;
  submission_type: string;
  photos: unknown[];
}

/** The Outbox's entries in a state (`waiting`, `sent`…). */
const outboxItems = (page: Page, state: string) => page.getByTestId('outbox-item').and(page.locator(`[data-state="${state}"]`));

/** The Outbox's count in the navigation: its entry in the rail on desktop; on phones, in the menu, whose button says so. */
async function expectOutboxCount(page: Page, count: number) {
  const name = `Outbox, ${count} to send`;
  if ((page.viewportSize()?.width ?? 0) >= 1024) {
    await expect(appNavigation(page).getByRole('link', { name })).toBeVisible();
    return;
  }
  const menu = quickActions(page).getByRole('button', { name: 'Open menu' });
  await expect(menu).toHaveAccessibleDescription(name);
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/** The Outbox's entry when it counts nothing to send: named "Outbox" alone, the phone's menu button undescribed. */
async function expectNothingToSend(page: Page) {
  if ((page.viewportSize()?.width ?? 0) >= 1024) {
    await expect(appNavigation(page).getByRole('link', { name: 'Outbox', exact: true })).toBeVisible();
    return;
  }
  const menu = quickActions(page).getByRole('button', { name: 'Open menu' });
  await expect(menu).not.toHaveAccessibleDescription(/Outbox/);
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Outbox', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/** Opens the logbook form for `artwork`, goes offline, and logs a visit with one photo: it is kept in the Outbox. */
async function logVisitOffline(
  page: Page,
  context: BrowserContext,
  artwork: { id: string; title: string },
  visit: { name: string; photo: Buffer; note: string },
) {
  await page.goto(`/logbook/${artwork.id}`);
  await expect(page.getByRole('link', { name: artwork.title })).toBeVisible();
  await context.setOffline(true);
  await page.getByTestId('photo-picker-input').setInputFiles({ name: visit.name, mimeType: 'image/jpeg', buffer: visit.photo });
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);
  await page.getByTestId('logbook-notes').fill(visit.note);
  await agreeToLicence(page);
  await page.getByTestId('logbook-submit').click();
  await expect(page.getByTestId('queued-receipt').getByRole('heading', { name: 'Saved to your Outbox' })).toBeVisible();
}

test('offline, a visit and a new artwork wait in the Outbox through a reload, then arrive exactly once', async ({ page, context }, testInfo) => {
  test.setTimeout(180_000);
  const run = `${unique()} ${testInfo.project.name}`;
  const title = `E2E Offline ${run}`;
  const note = `E2E offline visit ${run}`;

  // The server hands out the worker itself (not the app's index.html), never stale.
  const worker = await page.request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(await worker.text()).toContain('plinth-shell-');

  // Online: the map loads, the service worker installs and takes control of the page.
  const nearby = page.waitForResponse((r) => r.url().includes('/api/artworks/nearby') && r.status() === 200);
  await page.goto('/');
  await nearby;
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => sessionToken(page), { timeout: 15_000 }).toMatch(/\S/);
  const token = await sessionToken(page);
  // What the map showed went past the worker (not yet in control): it fetches it again to keep it.
  await expect
    .poll(() => page.evaluate(() => caches.open('plinth-data').then(async (c) => (await c.keys()).filter((r) => r.url.includes('/api/artworks/nearby')).length)), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const near = await apiGet<{ artworks: ArtworkMinimal[] }>(page, `/artworks/nearby?lat=${VANCOUVER.lat}&lon=${VANCOUVER.lng}&radius=3000&limit=1&minimal=true`);
  const artwork = near.artworks[0]!;
  const visitPhoto = await canvasJpeg(page, 40);
  const artworkPhoto = await canvasJpeg(page, 220);

  // The logbook form is open when the network goes.
  await logVisitOffline(page, context, artwork, { name: 'visit.jpg', photo: visitPhoto, note });
  const queued = page.getByTestId('queued-receipt');
  await expect(page.getByText('No connection: saved to your Outbox.', { exact: false }).first()).toBeVisible();

  // Still offline, the new-artwork page loads (from the service worker) and is sent the same way.
  const lat = (49.25 + Math.random() * 0.04).toFixed(6);
  const lng = (-123.16 + Math.random() * 0.08).toFixed(6);
  await page.goto(`/artwork/new?lat=${lat}&lng=${lng}`);
  await page.getByTestId('photo-picker-input').setInputFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: artworkPhoto });
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);
  await page.getByTestId('new-artwork-title').fill(title);
  await page.getByTestId('new-artwork-type').selectOption('sculpture');
  await agreeToLicence(page);
  await page.getByTestId('new-artwork-submit').click();
  await expect(queued.getByRole('heading', { name: 'Saved to your Outbox' })).toBeVisible();
  await expectOutboxCount(page, 2);

  // The Outbox lists both, waiting, each with its thumbnail.
  await queued.getByRole('link', { name: 'Open your Outbox' }).click();
  await expect(page).toHaveURL(/\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(outboxItems(page, 'waiting')).toHaveCount(2);
  await expect(page.getByRole('img', { name: `Photo of Visit to ${artwork.title}` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo of New artwork: ${title}` })).toBeVisible();
  await expect(page.getByTestId('outbox-network')).toHaveText(/You are offline/);
  await noSeriousViolations(page, `${testInfo.project.name} outbox offline`);
  await screenshot(page, testInfo, 'outbox-offline');

  // A reload, offline: the shell comes from the service worker, the Outbox from IndexedDB.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(outboxItems(page, 'waiting')).toHaveCount(2);
  // So does the map with the area last viewed (its artworks from the worker's copy).
  const cached = page.waitForResponse((r) => r.url().includes('/api/artworks/nearby') && r.status() === 200);
  await page.goto('/');
  expect((await cached).fromServiceWorker()).toBe(true);
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('region', { name: 'Artworks in this area' }).getByRole('listitem').first()).toBeVisible();
  await page.goto('/outbox');
  await expect(outboxItems(page, 'waiting')).toHaveCount(2);

  // Back online: each is sent once and shows as sent.
  await context.setOffline(false);
  await expect(outboxItems(page, 'sent')).toHaveCount(2, { timeout: 60_000 });
  await expect(outboxItems(page, 'waiting')).toHaveCount(0);
  await expect(page.getByTestId('outbox-network')).toHaveText('You are online.');
  await noSeriousViolations(page, `${testInfo.project.name} outbox sent`);
  await screenshot(page, testInfo, 'outbox-sent');

  // The server has each exactly once, with its photo.
  const mine = async () => (await asVisitor<{ submissions: MySubmission[] }>(page, token, 'GET', '/me/submissions')).submissions;
  await expect.poll(async () => (await mine()).filter((s) => s.notes === note || s.title === title).length, { timeout: 30_000 }).toBe(2);
  const subs = await mine();
  const visits = subs.filter((s) => s.notes === note);
  const artworks = subs.filter((s) => s.title === title);
  expect(visits.map((s) => s.submission_type)).toEqual(['logbook']);
  expect(artworks.map((s) => s.submission_type)).toEqual(['new_artwork']);
  expect(visits[0]!.photos).toHaveLength(1);
  expect(artworks[0]!.photos).toHaveLength(1);
  // The Outbox's receipts are those submissions.
  const sentIds = await outboxItems(page, 'sent').evaluateAll((els) => els.map((e) => e.getAttribute('data-receipt-id')));
  expect(sentIds.sort()).toEqual([visits[0]!.id, artworks[0]!.id].sort());

  // Cleared, the Outbox is empty and leaves the navigation.
  await page.getByTestId('outbox-clear-sent').click();
  await expect(page.getByRole('heading', { name: 'Your Outbox is empty' })).toBeVisible();
});

test.describe('on a phone passed from hand to hand', () => {
  // page.route must see the app's own requests: no service worker between them.
  test.use({ serviceWorkers: 'block' });

  test('what Ana kept offline is not sent once Ben signs in, and goes exactly once when she is back', async ({ page, context }, testInfo) => {
    test.setTimeout(180_000);
    const run = `${unique()}-${testInfo.project.name}`;
    const ana = `e2e-ana-${run}@example.org`;
    const ben = `e2e-ben-${run}@example.org`;
    const note = `E2E outbox of Ana ${run}`;
    const near = await apiGet<{ artworks: ArtworkMinimal[] }>(page, `/artworks/nearby?lat=${VANCOUVER.lat}&lon=${VANCOUVER.lng}&radius=3000&limit=1&minimal=true`);
    const artwork = near.artworks[0]!;
    const withNote = async (token: string) =>
      (await asVisitor<{ submissions: MySubmission[] }>(page, token, 'GET', '/me/submissions')).submissions.filter((s) => s.notes === note);
    // Every POST /logbook the page makes, with the token it carries.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/logbook') posts.push(r.headers()['x-user-token'] ?? '');
    });

    // Ana, signed in, logs a visit with no network: it waits in the Outbox.
    await signInByMail(page, ana);
    const photo = await canvasJpeg(page, 140);
    await logVisitOffline(page, context, artwork, { name: 'ana.jpg', photo, note });
    await expectOutboxCount(page, 1);

    // The network comes back, but no submission gets through while she signs out.
    await page.route('**/api/logbook', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await signOut(page);
    await page.unroute('**/api/logbook');
    const sentBefore = posts.length;

    // Ben signs in on the same phone, the network is there: Ana's visit is not sent as his.
    await signInByMail(page, ben);
    const bensToken = await sessionToken(page);
    // The browser says it is back online: the Outbox sends what it may, now.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.goto('/outbox');
    const others = page.getByRole('list', { name: 'Waiting for someone to sign in (1)' });
    await expect(others.getByTestId('outbox-item')).toHaveAttribute('data-state', 'waiting');
    await expect(others.getByTestId('outbox-item-state')).toHaveText(`Waiting for ${ana} to sign in`);
    await expect(others.getByRole('button', { name: `Discard Visit to ${artwork.title}` })).toBeVisible();
    await expectNothingToSend(page);
    await noSeriousViolations(page, `${testInfo.project.name} outbox of another account`);
    await screenshot(page, testInfo, 'outbox-another-account');
    // Time enough for a sender that would send it (it goes within a moment of the page loading).
    await page.waitForTimeout(3000);
    expect(posts.slice(sentBefore), 'POST /logbook after Ana signed out').toEqual([]);
    expect(await withNote(bensToken)).toEqual([]);

    // Ana signs in again: her visit goes, as hers, once. (The Outbox records it sent before the
    // page is left: a page left mid-send would send it again, with its key, which the server
    // answers with the first answer, recording nothing more.)
    await signOut(page);
    const anasPost = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/logbook', { timeout: 60_000 });
    await signInByMail(page, ana);
    const anasToken = await sessionToken(page);
    expect((await anasPost).status()).toBe(201);
    await expectNothingToSend(page);
    await page.goto('/outbox');
    const sent = page.getByRole('list', { name: 'Sent (1)' });
    await expect(sent.getByTestId('outbox-item')).toHaveAttribute('data-state', 'sent', { timeout: 60_000 });
    await expect(page.getByRole('list', { name: /^Waiting for someone/ })).toHaveCount(0);
    await expect.poll(async () => (await withNote(anasToken)).length, { timeout: 30_000 }).toBe(1);
    const [mine] = await withNote(anasToken);
    expect(mine!.photos).toHaveLength(1);
    expect(await sent.getByTestId('outbox-item').getAttribute('data-receipt-id')).toBe(mine!.id);
    // Every try since Ana signed out was hers: none as Ben, none as the visitor in between.
    expect(posts.slice(sentBefore).length).toBeGreaterThan(0);
    expect(new Set(posts.slice(sentBefore))).toEqual(new Set([anasToken]));
    expect(await withNote(bensToken)).toEqual([]);
  });
});
