/**
 * Contributions and moderation end to end (the acceptance test), against the real server:
 *
 * 1. An anonymous visitor presses the add button (the bottom bar's; the rail's on desktop) and
 *    chooses a photo with GPS EXIF: the photo search at its location, "This is a new artwork",
 *    the form (title, type, an artist, consent), the receipt (pending), and /profile listing it
 *    as pending.
 * 2. A moderator, granted by the CLI (`plinth admin grant`) and signed in with the outbox mail,
 *    approves it in /review as a new artwork: it leaves the queue, and the artwork has a page with
 *    the photo, is found by search and is listed on the map at its place.
 * 3. The visitor logs a visit (photo, condition, note); the moderator approves it; the artwork's
 *    logbook shows the note, its history shows both changes, and "as of" the creation shows the
 *    artwork without its logbook entry.
 *
 * axe-core checks /artwork/new and /review on the way. The photos are made by e2e/photos.ts: a
 * real baseline JPEG drawn by Chromium's canvas encoder, with GPS in its EXIF.
 */
import type { Page } from '@playwright/test';
import { agreeToLicence, dms, fromDms, gpsJpeg } from './photos';
import {
  apiGet,
  apiSignIn,
  appNavigation,
  type ArtworkMinimal,
  deviceSignedIn,
  expect,
  grantModerator,
  noSeriousViolations,
  screenshot,
  test,
} from './fixtures';

/**
 * The moderator signs in through the API from a loopback address of its own, as another person
 * would from another machine: the server allows 20 sign-in links an hour per client address (each
 * browser context has its own too: `newClientAddress`).
 */
const MODERATOR_ADDRESS = '127.0.0.7';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A place downtown with no artwork within 200 m, so the photo search leads to a new artwork. */
async function emptySpotDowntown(page: Page): Promise<{ lat: number; lon: number }> {
  for (let i = 0; i < 12; i++) {
    for (let j = 0; j < 12; j++) {
      const lat = 49.268 + i * 0.0025;
      const lon = -123.145 + j * 0.004;
      const near = await apiGet<{ artworks: ArtworkMinimal[] }>(page, `/artworks/nearby?lat=${lat}&lon=${lon}&radius=200&limit=5`);
      if (near.artworks.length === 0) return { lat, lon };
    }
  }
  throw new Error('no place downtown without artworks within 200 m');
}

/** /review with the queue loaded and the item named `title` in it (reloading while it arrives). */
async function openInQueue(page: Page, title: string) {
  const item = page.getByTestId('review-item').filter({ has: page.getByRole('button', { name: title, exact: true }) });
  await expect(async () => {
    await page.goto('/review');
    await expect(page).toHaveURL(/\/review$/);
    await expect(item).toHaveCount(1, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  // The queue starts in view: the statistics are one line above it, the rest folded.
  const first = await page.getByTestId('review-item').first().boundingBox();
  expect(first!.y, 'the first submission starts within the first screen').toBeLessThan(page.viewportSize()!.height);
  await item.getByRole('button', { name: title, exact: true }).click();
  const detail = page.getByTestId('review-detail');
  await expect(detail.getByRole('heading', { level: 2, name: title })).toBeVisible();
  return { item, detail };
}

test('a photo becomes a new artwork, approved by a moderator, then a visit in its logbook and its history', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const run = unique();
  const title = `E2E Orca ${run} ${testInfo.project.name}`;
  const artist = `E2E Artist ${run}`;
  const visitNote = `E2E visit ${run}`;

  // (1) An anonymous visitor adds a photo from the navigation's add button.
  await page.goto('/');
  const spot = await emptySpotDowntown(page);
  const photo = await gpsJpeg(page, spot, 200);
  await expect(appNavigation(page).getByRole('button', { name: 'Add artwork' })).toBeVisible();
  await page.getByTestId('add-artwork-input').setInputFiles({ name: 'orca.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page).toHaveURL(/\/search\?mode=photo&source=fast-upload&lat=[-\d.]+&lng=[-\d.]+$/);
  const url = new URL(page.url());
  const exifLat = fromDms(dms(spot.lat));
  const exifLon = -fromDms(dms(spot.lon));
  expect(Number(url.searchParams.get('lat'))).toBeCloseTo(exifLat, 5);
  expect(Number(url.searchParams.get('lng'))).toBeCloseTo(exifLon, 5);
  await expect(page.getByRole('region', { name: 'Your photos' }).getByRole('img', { name: 'Your photo orca.jpg' })).toBeVisible();

  await page.getByTestId('photo-match-new-artwork').click();
  await expect(page).toHaveURL(/\/artwork\/new\?lat=/);
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByLabel('Latitude')).toHaveValue(exifLat.toFixed(6));
  await expect(page.getByLabel('Longitude')).toHaveValue(exifLon.toFixed(6));
  await noSeriousViolations(page, `${testInfo.project.name} new artwork`);

  await page.getByTestId('new-artwork-title').fill(title);
  await page.getByTestId('new-artwork-type').selectOption('sculpture');
  await page.getByTestId('new-artwork-description').fill('A black orca on a gradient, made by the e2e test.');
  // A name the registry does not know yet: added as a new artist once the artist search has answered.
  await page.getByRole('searchbox', { name: 'Find an artist to add' }).fill(artist);
  await page.getByRole('button', { name: `Add “${artist}” as a new artist` }).click();
  await expect(page.getByRole('list', { name: 'Credited artists' }).getByRole('listitem')).toHaveText([`${artist} (new artist)`]);
  await page.getByTestId('new-artwork-notes').fill('Seen on the e2e walk.');
  await agreeToLicence(page);
  await screenshot(page, testInfo, 'contribute-new-artwork');
  await page.getByTestId('new-artwork-submit').click();

  const receipt = page.getByTestId('submission-receipt');
  await expect(receipt).toBeVisible({ timeout: 30_000 });
  await expect(receipt.getByTestId('receipt-status')).toHaveText('Pending review');
  await expect(receipt.getByRole('list', { name: 'Photos sent' }).getByRole('listitem')).toHaveCount(1);
  await screenshot(page, testInfo, 'contribute-receipt');

  await receipt.getByTestId('receipt-profile-link').click();
  await expect(page).toHaveURL(/\/profile$/);
  const mine = page.getByTestId('my-submission').filter({ hasText: title });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId('submission-status')).toHaveText(/^Pending review/);
  const submissionId = await mine.getAttribute('data-submission-id');
  expect(submissionId).toMatch(/^[0-9a-f-]{36}$/);

  // (2) A moderator, granted by the CLI and signed in with the mail, approves it as a new artwork.
  const moderatorEmail = `e2e-mod-${run}-${testInfo.project.name}@example.org`;
  grantModerator(moderatorEmail);
  const mod = await deviceSignedIn(browser, testInfo, baseURL!, await apiSignIn(MODERATOR_ADDRESS, moderatorEmail));
  try {
    const m = mod.page;
    const { detail } = await openInQueue(m, title);
    await expect(detail).toContainText('Sculpture');
    await expect(detail).toContainText(artist);
    await expect(detail.getByRole('img', { name: `Photo 1 of ${title}` })).toBeVisible();
    await noSeriousViolations(m, `${testInfo.project.name} review`);
    await screenshot(m, testInfo, 'contribute-review');
    await detail.getByRole('button', { name: 'Approve as new artwork' }).click();
    await expect(m.getByTestId('review-item').and(m.locator(`[data-submission-id="${submissionId}"]`))).toHaveCount(0);
    await expect(m.getByTestId('review-detail')).toHaveCount(0);

    // The visitor's submission is approved and leads to the new artwork.
    let artworkId = '';
    await expect(async () => {
      await page.goto('/profile');
      await expect(mine.getByTestId('submission-status')).toHaveText('Approved', { timeout: 3000 });
      const href = await mine.getByRole('link', { name: /^View the artwork/ }).getAttribute('href', { timeout: 3000 });
      artworkId = /\/artwork\/([0-9a-f-]{36})$/.exec(href ?? '')?.[1] ?? '';
      expect(artworkId).not.toBe('');
    }).toPass({ timeout: 30_000 });
    await mine.getByRole('link', { name: /^View the artwork/ }).click();
    await expect(page).toHaveURL(new RegExp(`/artwork/${artworkId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const gallery = page.getByTestId('artwork-gallery');
    await expect(gallery.getByRole('img').first()).toBeVisible();
    await expect
      .poll(() => gallery.getByRole('img').first().evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: artist })).toBeVisible();
    await screenshot(page, testInfo, 'contribute-artwork');

    // Found by search, by its title.
    await expect(async () => {
      await page.goto(`/search/results?q=${encodeURIComponent(title)}`);
      await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: title })).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });

    // On the map at its place: the list of the area names it.
    await expect(async () => {
      await page.goto(`/?lat=${exifLat}&lng=${exifLon}&zoom=17`);
      await page.getByRole('button', { name: 'List' }).click();
      const area = page.getByRole('region', { name: 'Artworks in this area' });
      await expect(area.getByRole('link', { name: title })).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 40_000 });
    const near = await apiGet<{ artworks: ArtworkMinimal[] }>(page, `/artworks/nearby?lat=${exifLat}&lon=${exifLon}&radius=100`);
    expect(near.artworks.map((a) => a.id)).toContain(artworkId);

    // (3) The visitor logs a visit from the artwork's page.
    await page.goto(`/artwork/${artworkId}`);
    await page.getByTestId('log-visit-link').click();
    await expect(page).toHaveURL(new RegExp(`/logbook/${artworkId}$`));
    const visitPhoto = await gpsJpeg(page, { lat: exifLat, lon: exifLon }, 20);
    await page.getByTestId('photo-picker-input').setInputFiles({ name: 'visit.jpg', mimeType: 'image/jpeg', buffer: visitPhoto });
    await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);
    await page.getByTestId('logbook-condition').selectOption('good');
    await page.getByTestId('logbook-notes').fill(visitNote);
    await agreeToLicence(page);
    await page.getByTestId('logbook-submit').click();
    const visitReceipt = page.getByTestId('submission-receipt');
    await expect(visitReceipt).toBeVisible({ timeout: 30_000 });
    await expect(visitReceipt.getByTestId('receipt-status')).toHaveText('Pending review');
    // Logging the visit ticked Visited on the artwork's page.
    await page.goto(`/artwork/${artworkId}`);
    await expect(
      page.getByRole('group', { name: 'Save this artwork' }).locator('[data-kind="visited"]'),
    ).toHaveAttribute('aria-pressed', 'true');

    // The moderator approves the visit.
    const visit = await openInQueue(m, `Visit to ${title}`);
    await expect(visit.detail).toContainText(visitNote);
    await visit.detail.getByTestId('review-approve').click();
    await expect(visit.item).toHaveCount(0);

    // The artwork's logbook shows it.
    await expect(async () => {
      await page.goto(`/artwork/${artworkId}`);
      await expect(page.getByTestId('logbook-entry').filter({ hasText: visitNote })).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    const entry = page.getByTestId('logbook-entry').filter({ hasText: visitNote });
    await expect(entry).toContainText('Good condition');
    await screenshot(page, testInfo, 'contribute-logbook');

    // Its history lists both changes, newest first; as of the creation there was no logbook yet.
    const changes = page.getByRole('list', { name: `Changes to ${title}` }).getByTestId('history-entry');
    await expect(changes.first()).toContainText('Visit logged');
    await expect(changes.nth(1)).toContainText('Created from a submission');
    await changes.nth(1).getByRole('link', { name: 'View as of this change' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You are viewing this artwork as it was on' })).toBeVisible();
    await expect(page.getByTestId('logbook-entry')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to the current version' }).click();
    await expect(page.getByTestId('logbook-entry').filter({ hasText: visitNote })).toBeVisible();
    expect(mod.errors, 'uncaught errors in the moderator page').toEqual([]);
  } finally {
    await mod.context.close();
  }
});
