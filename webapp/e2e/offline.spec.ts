/**
 * Offline capture (issue 33): with the service worker in control, a visitor who loses the network
 * logs a visit and adds a new artwork, each with a photo; both wait in the Outbox, survive a reload
 * made offline (the shell and the map's last area load from the worker), and once the network is
 * back each arrives exactly once, the Outbox showing it sent.
 *
 * The other specs block service workers (playwright.config.ts): their requests must reach the
 * server, or its interception by `page.route`. This one allows it.
 */
import type { Page } from '@playwright/test';
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
  await page.goto(`/logbook/${artwork.id}`);
  await expect(page.getByRole('link', { name: artwork.title })).toBeVisible();
  await context.setOffline(true);
  await page.getByTestId('photo-picker-input').setInputFiles({ name: 'visit.jpg', mimeType: 'image/jpeg', buffer: visitPhoto });
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);
  await page.getByTestId('logbook-notes').fill(note);
  await agreeToLicence(page);
  await page.getByTestId('logbook-submit').click();
  const queued = page.getByTestId('queued-receipt');
  await expect(queued.getByRole('heading', { name: 'Saved to your Outbox' })).toBeVisible();
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
