/** `/`: the map of Vancouver with clustered markers, the preview card and the artwork page. */
import { type ArtworkMinimal, expect, expectTitle, previewFirstListed, screenshot, test, VANCOUVER, waitForNearby } from './fixtures';

const metres = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const rad = Math.PI / 180;
  const x = (b.lon - a.lon) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_000;
};

test('the map opens on Vancouver with clustered markers', async ({ page }, testInfo) => {
  const requests: URL[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/artworks/nearby')) requests.push(new URL(r.url()));
  });
  const artworks = await waitForNearby(page, () => page.goto('/'));
  await expectTitle(page, 'Map');

  const first = requests[0];
  expect(first).toBeDefined();
  expect(Number(first?.searchParams.get('lat'))).toBeCloseTo(VANCOUVER.lat, 3);
  expect(Number(first?.searchParams.get('lon'))).toBeCloseTo(VANCOUVER.lng, 3);
  expect(first?.searchParams.get('minimal')).toBe('true');
  expect(artworks.length).toBeGreaterThan(50);

  await expect(page.locator('.map-canvas canvas')).toBeVisible();
  await expect(page.locator('.map-status')).toHaveText(/nearest shown|artworks? in this area/);
  // Cluster counts are HTML labels placed on the rendered clusters.
  const labels = page.locator('.map-cluster-label');
  await expect(labels.first()).toBeVisible();
  const counts = (await labels.allTextContents()).map((t) => (t.endsWith('k') ? Number(t.slice(0, -1)) * 1000 : Number(t)));
  expect(counts.every((n) => Number.isFinite(n) && n >= 2)).toBe(true);
  expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(artworks.length);
  await screenshot(page, testInfo, 'map');
});

test('a list entry opens the preview card, whose link opens the artwork', async ({ page }, testInfo) => {
  const { preview, title } = await previewFirstListed(page);
  await screenshot(page, testInfo, 'map-preview');
  await preview.getByRole('link', { name: 'View details' }).click();

  await expect(page).toHaveURL(/\/artwork\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectTitle(page, title);
  await screenshot(page, testInfo, 'artwork');
});

test('clicking a marker opens its preview card', async ({ page }, testInfo) => {
  const around = await waitForNearby(page, () => page.goto('/'));
  // An artwork with no other within 30 m, so the marker under the centre is unambiguous.
  const lone = around.find((a) => around.every((b) => b === a || metres(a, b) > 30));
  expect(lone, 'an isolated artwork near the default centre').toBeDefined();
  const target = lone as ArtworkMinimal;

  // Zoom 18 is past the clustering limit (16): the artwork is a marker of its own at the centre.
  await waitForNearby(page, () => page.goto(`/?lat=${target.lat}&lng=${target.lon}&zoom=18`));
  const canvas = page.locator('.map-canvas canvas');
  await expect(canvas).toBeVisible();
  const box = await page.locator('.map-canvas').boundingBox();
  expect(box).not.toBeNull();
  const preview = page.getByRole('region', { name: 'Selected artwork' });
  // The markers draw in the frames after the data arrive: click until the hit lands.
  await expect(async () => {
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await expect(preview).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const title = target.title || 'Untitled';
  await expect(preview.getByRole('heading', { level: 2 })).toHaveText(title);
  await screenshot(page, testInfo, 'map-marker-preview');

  await preview.getByRole('link', { name: 'View details' }).click();
  await expect(page).toHaveURL(new RegExp(`/artwork/${target.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectTitle(page, title);
});
