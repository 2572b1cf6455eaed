/**
 * Areas to finish end to end (issue 33), against the real server:
 *
 * 1. Three new artworks of the run's own, in one grid cell (about 1 km) at a place of the run's
 *    own far from the demo data, sent anonymously through the API and approved by a moderator.
 *    A signed-in person's /profile says how to begin an area; the map with the Areas layer on,
 *    there, lists the cell as "0 of 3 seen". They log a visit to one (through the API, with their
 *    session) and the moderator approves it: /profile lists the cell "1 of 3 seen" with its bar,
 *    and its link opens the map with the Areas layer on, fitted to the cell, which now reads
 *    "1 of 3 seen" too.
 * 2. An admin loads a boundary file the test writes (two squares, each around a demo artwork)
 *    through /admin's Areas tab: "Loaded 2 areas" and the file in force; the map there lists both
 *    squares by name with the file's attribution. Then they clear it (confirmed): grid cells
 *    again. Should the test stop before, it clears the file through the API, so the other specs
 *    (and this one's other project) see the grid.
 *
 * Staff are granted by the CLI and signed in through the API from a loopback address of the
 * spec's own (127.0.0.12), once per worker. The person signs in by the outbox mail.
 */
import { writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  apiCall,
  apiGet,
  asVisitor,
  expect,
  noSeriousViolations,
  screenshot,
  sessionToken,
  signInByMail,
  staffSessions,
  test,
  unique,
  VANCOUVER,
  type ArtworkMinimal,
} from './fixtures';
import { canvasJpeg, postNewArtwork } from './photos';

const STAFF_ADDRESS = '127.0.0.12';

/** A moderator's or an admin's session token: granted by the CLI, signed in once per worker. */
const staffToken = staffSessions(STAFF_ADDRESS, 'e2e-areas');

/** domain::area's grid: rows GRID_DEGREES high, columns as wide as a row is high at its middle. */
const GRID_DEGREES = 0.009;

interface Area {
  key: string;
  name: string;
  artworks: number;
  seen?: number | null;
  finished: boolean;
}

interface AreaList {
  file: { name: string; attribution: string } | null;
  areas: Area[];
  too_wide: boolean;
}

/** The grid cell a place is in: its key and its centre. */
function cellAt(lat: number, lon: number): { key: string; lat: number; lon: number } {
  const row = Math.floor(lat / GRID_DEGREES);
  const middle = (row + 0.5) * GRID_DEGREES;
  const width = GRID_DEGREES / Math.cos((middle * Math.PI) / 180);
  const col = Math.floor(lon / width);
  return { key: `g:${row}:${col}`, lat: Number(middle.toFixed(6)), lon: Number(((col + 0.5) * width).toFixed(6)) };
}

/** A box `d` degrees around a place, as the areas calls take it. */
const around = (at: { lat: number; lon: number }, d = 0.01) =>
  `north=${at.lat + d}&south=${at.lat - d}&east=${at.lon + d}&west=${at.lon - d}`;

/** The area `key` among GET /api/me/areas of the box around `at`, as the person (`token`) sees it. */
async function myArea(page: Page, token: string, at: { lat: number; lon: number }, key: string): Promise<Area | undefined> {
  const list = await asVisitor<AreaList>(page, token, 'GET', `/me/areas?${around(at)}`);
  return list.areas.find((a) => a.key === key);
}

/** A moderator approves the submission `id`; answers what the approval says. */
async function approve(id: string): Promise<{ artwork_id: string }> {
  const approved = await apiCall(STAFF_ADDRESS, 'POST', `/review/approve/${id}`, { token: await staffToken('moderator'), body: {} });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return approved.body?.data as { artwork_id: string };
}

/** The map's Areas panel, its list of the areas in view, and the row of the area named `name`. */
function areasPanel(page: Page, name: string): { panel: Locator; row: Locator } {
  const panel = page.getByRole('region', { name: 'Areas to finish' });
  const row = panel.getByRole('list', { name: 'Areas in view' }).getByRole('listitem').filter({ hasText: name });
  return { panel, row };
}

test('an area’s progress moves after a visit: on /profile and on the map', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const run = unique();
  // A place of the run's own in Labrador, where no dataset has artworks and other specs' places are far away.
  const cell = cellAt(52 + Math.random() * 3, -70 + Math.random() * 8);

  // (1) Three approved artworks in the cell, none of them the person's.
  await page.goto('/');
  const ids: string[] = [];
  const offsets: Array<[number, number]> = [
    [-0.001, -0.001],
    [0, 0.001],
    [0.001, 0],
  ];
  for (const [i, [dLat, dLon]] of offsets.entries()) {
    const at = { lat: Number((cell.lat + dLat).toFixed(6)), lon: Number((cell.lon + dLon).toFixed(6)) };
    const title = `E2E Area ${run} ${testInfo.project.name} ${i + 1}`;
    const submission = await postNewArtwork(page.request, { title, at, photo: { name: `area-${i}.jpg`, buffer: await canvasJpeg(page, 70 + i) } });
    ids.push((await approve(submission)).artwork_id);
  }
  await expect
    .poll(async () => (await apiGet<AreaList>(page, `/areas?${around(cell)}`)).areas.find((a) => a.key === cell.key)?.artworks, { timeout: 30_000 })
    .toBe(3);

  // (2) The person, signed in, has begun no area; the map lists the cell as not begun.
  await signInByMail(page, `e2e-areas-${run}-${testInfo.project.name}@example.org`);
  const token = await sessionToken(page);
  const name = (await myArea(page, token, cell, cell.key))?.name ?? '';
  expect(name).not.toBe('');
  await page.goto('/profile');
  const yours = page.getByRole('region', { name: 'Your areas' });
  await expect(yours.getByText('Visit or add an artwork to start an area.')).toBeVisible();

  await page.goto(`/?lat=${cell.lat}&lng=${cell.lon}&zoom=16&areas=1`);
  const before = areasPanel(page, name);
  await expect(before.row).toContainText('0 of 3 seen');
  await expect(before.row.getByRole('progressbar', { name: `Seen in ${name}` })).toHaveAttribute('value', '0');
  await expect(page.locator('.plinth-map-host')).toHaveAttribute('data-areas', /^[1-9]\d*$/);
  await noSeriousViolations(page, `${testInfo.project.name} map areas`);
  await screenshot(page, testInfo, 'areas-map-before');

  // (3) A visit to the first artwork, approved.
  const [first] = ids;
  const visit = await page.request.post('/api/logbook', {
    headers: { 'X-User-Token': token },
    multipart: {
      type: 'logbook',
      artworkId: first!,
      lat: String(cell.lat - 0.001),
      lon: String(cell.lon - 0.001),
      condition: 'good',
      notes: `Seen on the e2e walk ${run}`,
    },
  });
  expect(visit.status(), await visit.text()).toBe(201);
  await approve(((await visit.json()) as { data: { id: string } }).data.id);
  await expect.poll(async () => (await myArea(page, token, cell, cell.key))?.seen, { timeout: 30_000 }).toBe(1);

  // /profile: the cell begun, with its progress; its link opens the map fitted to it.
  await page.goto('/profile');
  const begun = yours.getByRole('list', { name: 'Areas you have begun' }).getByRole('listitem').filter({ hasText: name });
  await expect(begun).toContainText('1 of 3 seen');
  await expect(begun.getByRole('progressbar', { name: `Seen in ${name}` })).toHaveAttribute('value', '1');
  await expect(begun).not.toContainText('Finished');
  await expect(yours.getByText('Areas are squares of about 1 km, named by their place.')).toBeVisible();
  await noSeriousViolations(page, `${testInfo.project.name} profile areas`);
  await yours.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'areas-profile');
  await begun.getByRole('link', { name: `Show on the map (${name})` }).click();
  await expect(page).toHaveURL(/[?&]areas=1/);
  // Once fitted, the map lets the box go from its URL.
  await expect(page).not.toHaveURL(/[?&]fit=/);
  const after = areasPanel(page, name);
  await expect(after.row).toContainText('1 of 3 seen');
  await expect(after.row.getByRole('progressbar', { name: `Seen in ${name}` })).toHaveAttribute('value', '1');
  await screenshot(page, testInfo, 'areas-map-after');
});

test('an admin loads a boundary file through the Areas tab, its areas show on the map, and it is cleared', async ({ page, context }, testInfo) => {
  test.setTimeout(120_000);
  const run = unique();
  const token = await staffToken('admin');
  await context.addInitScript((t) => window.localStorage.setItem('user-token', t), token);

  // Two squares apart, each around a demo artwork near the map's default centre, close enough to
  // be in one view on a phone.
  await page.goto('/');
  const near = await apiGet<{ artworks: ArtworkMinimal[] }>(page, `/artworks/nearby?lat=${VANCOUVER.lat}&lon=${VANCOUVER.lng}&radius=3000&limit=50&minimal=true`);
  const a = near.artworks[0]!;
  const apart = (x: ArtworkMinimal) => Math.abs(x.lat - a.lat) >= 0.0035 || Math.abs(x.lon - a.lon) >= 0.0035;
  const close = (x: ArtworkMinimal) => Math.abs(x.lat - a.lat) <= 0.005 && Math.abs(x.lon - a.lon) <= 0.007;
  const b = near.artworks.find((x) => apart(x) && close(x));
  expect(b, 'a second demo artwork a few hundred metres from the first').toBeTruthy();
  const square = (at: ArtworkMinimal, d = 0.0015) => [
    [
      [at.lon - d, at.lat - d],
      [at.lon + d, at.lat - d],
      [at.lon + d, at.lat + d],
      [at.lon - d, at.lat + d],
      [at.lon - d, at.lat - d],
    ],
  ];
  const names = [`E2E Square A ${run}`, `E2E Square B ${run}`];
  const file = testInfo.outputPath('squares.geojson');
  writeFileSync(
    file,
    JSON.stringify({
      type: 'FeatureCollection',
      features: [a, b!].map((at, i) => ({ type: 'Feature', id: `sq-${i + 1}`, properties: { label: names[i] }, geometry: { type: 'Polygon', coordinates: square(at) } })),
    }),
  );
  const fileName = `E2E squares ${run}`;
  const attribution = `E2E ${testInfo.project.name}, CC0`;

  const inForce = async () => (await asVisitor<AreaList>(page, token, 'GET', '/me/areas?north=0&south=0&east=0&west=0')).file;
  try {
    await page.goto('/admin?tab=areas');
    const tab = page.getByRole('region', { name: 'Areas', exact: true });
    await expect(tab.getByTestId('area-file')).toHaveText('Grid cells of about 1 km (no boundary file loaded)');
    const form = page.getByRole('region', { name: 'Load a boundary file' });
    await form.getByLabel('GeoJSON file').setInputFiles(file);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(fileName);
    await form.getByRole('textbox', { name: 'Attribution' }).fill(attribution);
    await form.getByRole('textbox', { name: 'Name property (optional)' }).fill('label');
    await form.getByRole('button', { name: 'Load the file' }).click();
    await expect(form.getByRole('status')).toHaveText('Loaded 2 areas');
    await expect(tab.getByTestId('area-file')).toContainText(fileName);
    await expect(tab.getByTestId('area-file')).toContainText(attribution);
    await noSeriousViolations(page, `${testInfo.project.name} admin areas`);
    await screenshot(page, testInfo, 'areas-admin-loaded');

    // The map around both squares lists them by name, with the file's attribution.
    const mid = { lat: (a.lat + b!.lat) / 2, lng: (a.lon + b!.lon) / 2 };
    await page.goto(`/?lat=${mid.lat}&lng=${mid.lng}&zoom=15&areas=1`);
    const panel = page.getByRole('region', { name: 'Areas to finish' });
    const list = panel.getByRole('list', { name: 'Areas in view' });
    for (const n of names) await expect(list.getByRole('button', { name: `Show ${n} on the map` })).toBeVisible();
    await expect(panel.getByText(`Areas: ${fileName}. Boundaries: ${attribution}`)).toBeVisible();
    await screenshot(page, testInfo, 'areas-map-file');

    // Cleared, once confirmed: grid cells again.
    await page.goto('/admin?tab=areas');
    await tab.getByRole('button', { name: 'Clear the boundary file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear the boundary file?' });
    await dialog.getByRole('button', { name: 'Clear the boundary file' }).click();
    await expect(tab.getByTestId('area-file')).toHaveText('Grid cells of about 1 km (no boundary file loaded)');
    await expect.poll(inForce, { timeout: 15_000 }).toBeNull();
  } finally {
    if ((await inForce()) !== null) {
      const cleared = await page.request.fetch('/api/admin/areas', { method: 'DELETE', headers: { 'X-User-Token': token } });
      expect([200, 404]).toContain(cleared.status());
      await expect.poll(inForce, { timeout: 15_000 }).toBeNull();
    }
  }
});
