/**
 * The first screen without a location (issue 29): the map says which place it shows and offers
 * the places the registry covers, by city and area or by name; a chosen place fills the map with
 * its artworks. When the location is refused, the message offers the places too.
 */
import type { Page } from '@playwright/test';
import { apiGet, expect, noSeriousViolations, screenshot, test, waitForNearby } from './fixtures';

interface Place {
  city: string;
  area: string | null;
  artworks: number;
  north: number;
  south: number;
  east: number;
  west: number;
}

/**
 * Does `action`, then waits for the map to ask for the artworks of a point in `place`'s box or
 * beside it (the map asks by tiles of its view, which may be wider than a neighbourhood).
 */
async function mapMovesInto(page: Page, place: Place, action: () => Promise<unknown>): Promise<void> {
  const inside = page.waitForRequest(
    (r) => {
      const url = new URL(r.url());
      if (url.pathname !== '/api/artworks/nearby') return false;
      const lat = Number(url.searchParams.get('lat'));
      const lon = Number(url.searchParams.get('lon'));
      const dLat = place.north - place.south + 0.02;
      const dLon = place.east - place.west + 0.02;
      return lat <= place.north + dLat && lat >= place.south - dLat && lon <= place.east + dLon && lon >= place.west - dLon;
    },
    { timeout: 30_000 },
  );
  await action();
  await inside;
  await expect(page.locator('.map-status')).toHaveText(/in this area|nearest shown/);
}

test('a first visit without a location: the map names its place, and a city or area chosen fills it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { places } = await apiGet<{ places: Place[] }>(page, '/places');
  const cities = places.filter((p) => p.area === null);
  // The demo's four cities (a spec that imports a city of its own may have added one).
  expect(cities.map((c) => c.city)).toEqual(expect.arrayContaining(['Cambridge, MA', 'New York', 'San Francisco', 'Vancouver']));
  const newYork = cities.find((c) => c.city === 'New York')!;

  // Given a returning visitor's first screen, with no view chosen and no location allowed…
  await page.addInitScript(() => localStorage.setItem('cultural-archiver-visited', 'true'));
  await waitForNearby(page, () => page.goto('/'));
  const where = page.getByTestId('map-where');
  await expect(where).toContainText(/You are looking at .*Vancouver\./);
  await noSeriousViolations(page, `${testInfo.project.name} map naming its place`);
  await screenshot(page, testInfo, 'map-first-screen');

  // …when they open the places, every city is there with its count…
  await where.getByRole('button', { name: 'Choose a place' }).click();
  const panel = page.getByRole('region', { name: 'Choose a place' });
  const list = panel.getByRole('list', { name: 'Cities' });
  for (const c of cities) {
    await expect(list.getByRole('button', { name: `${c.city} ${c.artworks.toLocaleString('en-CA')} artwork${c.artworks === 1 ? '' : 's'}` })).toBeVisible();
  }
  await noSeriousViolations(page, `${testInfo.project.name} places`);
  await screenshot(page, testInfo, 'map-places');

  // …and New York chosen fills the map with New York's artworks.
  await mapMovesInto(page, newYork, () => list.getByRole('button', { name: /^New York / }).click());
  await expect(panel).toHaveCount(0);

  // An area found by name.
  const pleasant = places.find((p) => p.city === 'Vancouver' && p.area === 'Mount Pleasant')!;
  await page.getByRole('button', { name: 'Places', exact: true }).click();
  await panel.getByRole('searchbox', { name: 'Find a city or neighbourhood' }).fill('mount pl');
  const found = panel.getByRole('list', { name: 'Places found' }).getByRole('button');
  await expect(found.first()).toHaveText(`Mount Pleasant, Vancouver ${pleasant.artworks} artworks`);
  await expect(panel.getByRole('link', { name: /Search artworks and artists for “mount pl”/ })).toHaveAttribute('href', '/search/results?q=mount%20pl');
  await mapMovesInto(page, pleasant, () => found.first().click());
});

test('a refused location says so and offers the places', async ({ page, context }) => {
  await context.clearPermissions();
  await page.addInitScript(() => localStorage.setItem('cultural-archiver-visited', 'true'));
  await waitForNearby(page, () => page.goto('/?lat=49.2827&lng=-123.1207&zoom=15'));
  // Headless Chromium refuses a location no one allowed.
  await page.getByRole('button', { name: 'Show my location' }).click();
  const alert = page.locator('.map-geo-error');
  await expect(alert).toContainText('Location access denied by user');
  await alert.getByRole('button', { name: 'Choose a place' }).click();
  await expect(page.getByRole('region', { name: 'Choose a place' }).getByRole('list', { name: 'Cities' })).toBeVisible();
});
