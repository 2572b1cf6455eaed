/**
 * A saved list's walking tour, against the real server, as an anonymous visitor:
 *
 * 1. A list of three seeded artworks near the map's default centre is made through the API with
 *    the page's own token (so the list is the visitor's, private).
 * 2. Its page gives the walk's length ("… walk, 3 stops") and the GPX file (downloaded with the
 *    token: a private list's link alone would not be let in).
 * 3. "Show tour on map" opens the map with the list filter and tour=1: the panel lists the three
 *    stops in the server's walking order with the total, the engine has the route's line layer
 *    (the map's host says how many stops it draws) and three numbered stop markers.
 * 4. "Close tour" takes tour out of the URL, the line and the markers off the map.
 */
import { readFile } from 'node:fs/promises';
import { a11yViolations, asVisitor, expect, formatFindings, isSerious, listOfThree, screenshot, test, unique } from './fixtures';

interface TourStop {
  id: string;
  title: string;
  leg_m: number;
  lat: number;
  lon: number;
}

test('a list’s walking tour: its length and GPX on the list’s page, its line and stops on the map', async ({ page }, testInfo) => {
  // 1. The visitor's list of three artworks.
  const listName = `Tour ${unique()}`;
  const { id, token, artworks } = await listOfThree(page, listName);
  // The order the server walks them in, from the first stop: the one tour, on the list's page and
  // on the map, wherever the map last looked.
  const tour = await asVisitor<{ stops: TourStop[]; distance_m: number }>(page, token, 'GET', `/lists/${id}/tour`);
  const titles = tour.stops.map((s) => s.title || 'Untitled');
  expect(new Set(tour.stops.map((s) => s.id))).toEqual(new Set(artworks.map((a) => a.id)));

  // The map looked elsewhere first (a view it keeps for the next visit), 1 km from the first stop.
  const first = tour.stops[0]!;
  await page.goto(`/?lat=${(first.lat + 0.009).toFixed(5)}&lng=${first.lon.toFixed(5)}&zoom=15`);
  await expect(page.locator('.map-status')).toHaveText(/in this area|nearest shown/);

  // 2. The list's page.
  await page.goto(`/lists/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listName);
  const section = page.getByRole('region', { name: 'Walking tour' });
  const summary = section.getByText(/^[\d.,]+ k?m walk, 3 stops$/);
  await expect(summary).toBeVisible();
  const walk = (await summary.textContent())!;

  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download GPX' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${listName.replace(/[^A-Za-z0-9]/g, '-')}.gpx`);
  const gpx = await readFile(await download.path(), 'utf8');
  expect(gpx).toContain('<gpx version="1.1"');
  expect(gpx.match(/<wpt /g)).toHaveLength(3);
  await screenshot(page, testInfo, 'list-tour');

  // 3. The map.
  await section.getByRole('link', { name: 'Show tour on map' }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?list=${id}&tour=1$`));
  const panel = page.getByRole('region', { name: 'Walking tour' });
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(`Walking tour: ${listName}`);
  const stops = panel.getByRole('list', { name: 'Tour stops' }).getByRole('listitem');
  await expect(stops).toHaveCount(3);
  await expect(stops.getByRole('link')).toHaveText(titles);
  await expect(stops.first()).toContainText('The walk starts here');
  await expect(stops.nth(1)).toContainText(/[\d.,]+ k?m from stop 1/);
  await expect(panel.getByText(walk, { exact: true })).toBeVisible();
  await expect(panel).toHaveAttribute('data-tour-stops', '3');

  // Started from the person's location (beside the first stop) when they ask, then at the first
  // stop again: the same walk as on the list's page.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: first.lat + 0.0005, longitude: first.lon });
  await panel.getByRole('button', { name: 'Start from my location' }).click();
  await expect(panel.getByText(/^[\d.,]+ k?m walk from your location, 3 stops$/)).toBeVisible();
  await expect(stops.first()).toContainText(/[\d.,]+ m from your location/);
  await panel.getByRole('button', { name: 'Start at the first stop' }).click();
  await expect(panel.getByText(walk, { exact: true })).toBeVisible();
  await expect(stops.first()).toContainText('The walk starts here');
  // The engine has the line layer, and the stops' numbered markers are on the map.
  const host = page.locator('.plinth-map-host');
  await expect(host).toHaveAttribute('data-route-stops', '3', { timeout: 30_000 });
  await expect(page.locator('.map-route-stop')).toHaveText(['1', '2', '3']);
  const serious = (await a11yViolations(page)).filter(isSerious);
  expect(serious, formatFindings(`map with a tour ${page.url()}`, serious)).toEqual([]);
  await screenshot(page, testInfo, 'map-tour');

  // 4. Closing the tour.
  await panel.getByRole('button', { name: 'Close tour' }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?list=${id}$`));
  await expect(panel).toHaveCount(0);
  await expect(host).not.toHaveAttribute('data-route-stops');
  await expect(page.locator('.map-route-stop')).toHaveCount(0);
});
