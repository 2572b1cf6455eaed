import { describe, expect, it } from 'vitest';
import type { ArtworkMinimalDto } from '../../api/types';
import { haversineM } from '../../lib/geo';
import { nearbyAreaFor, type MapViewport, type NearbyArea } from '../../lib/map';
import { mergeNearby, nearbyTilesFor, zoomForRadius } from './mapView';

const covered = (tiles: NearbyArea[], p: { lat: number; lng: number }) =>
  tiles.some((t) => haversineM({ lat: t.lat, lng: t.lon }, p) <= t.radius);

function view(north: number, south: number, east: number, west: number): MapViewport {
  return { center: { lat: (north + south) / 2, lng: (east + west) / 2 }, zoom: 6, bounds: { north, south, east, west } };
}

describe('nearbyTilesFor', () => {
  it('keeps a small viewport to the one query of before', () => {
    const v: MapViewport = {
      center: { lat: 49.2827, lng: -123.1207 },
      zoom: 14,
      bounds: { north: 49.29, south: 49.275, east: -123.1, west: -123.14 },
    };
    expect(nearbyTilesFor(v)).toEqual([nearbyAreaFor(v)]);
  });

  it('cuts a wide viewport into tiles whose circles cover its corners and the tile centres', () => {
    const v = view(50.0, 48.8, -121.5, -124.5); // ~215 km × 133 km around Vancouver
    const tiles = nearbyTilesFor(v);
    expect(tiles.length).toBeGreaterThan(1);
    expect(tiles.length).toBeLessThanOrEqual(16);
    for (const t of tiles) expect(t.radius).toBeLessThanOrEqual(50000);
    const { north, south, east, west } = v.bounds;
    for (const corner of [
      { lat: north, lng: east },
      { lat: north, lng: west },
      { lat: south, lng: east },
      { lat: south, lng: west },
    ]) {
      expect(covered(tiles, corner)).toBe(true);
    }
    for (const t of tiles) expect(covered(tiles, { lat: t.lat, lng: t.lon })).toBe(true);
    // And every point of a fine grid over the viewport.
    for (let i = 0; i <= 20; i++) {
      for (let j = 0; j <= 20; j++) {
        expect(covered(tiles, { lat: south + ((north - south) * i) / 20, lng: west + ((east - west) * j) / 20 })).toBe(true);
      }
    }
  });

  it('uses no radius over 50 000 m unless 16 tiles cannot cover; then 4 × 4', () => {
    for (const v of [view(49.6, 49.0, -122.5, -123.8), view(50.1, 47.9, -121.2, -124.8), view(10, 8, 1, -1)]) {
      const tiles = nearbyTilesFor(v);
      expect(tiles.length).toBeLessThanOrEqual(16);
      for (const t of tiles) expect(t.radius).toBeLessThanOrEqual(50000);
    }
    // Over 50 000 m only when it had to be 4 × 4.
    for (let span = 0.5; span <= 8; span += 0.5) {
      const tiles = nearbyTilesFor(view(45 + span / 2, 45 - span / 2, span, -span));
      if (tiles.some((t) => t.radius > 50000)) expect(tiles).toHaveLength(16);
    }
    const continent = nearbyTilesFor(view(60, 20, -60, -130));
    expect(continent).toHaveLength(16);
    expect(Math.max(...continent.map((t) => t.radius))).toBeGreaterThan(50000);
  });

  it('clamps bounds past the antimeridian to [-180, 180]', () => {
    const tiles = nearbyTilesFor(view(-35, -47, 190, 166));
    for (const t of tiles) expect(Math.abs(t.lon)).toBeLessThanOrEqual(180);
  });
});

describe('mergeNearby', () => {
  const a = (id: string, distance_m: number): ArtworkMinimalDto => ({ id, title: id, artwork_type: 'mural', lat: 0, lon: 0, distance_m });

  it('removes duplicates, keeping the closest distance, nearest first', () => {
    const merged = mergeNearby([
      [a('x', 900), a('y', 100)],
      [a('x', 300), a('z', 50)],
      [a('y', 700)],
    ]);
    expect(merged.map((m) => [m.id, m.distance_m])).toEqual([
      ['z', 50],
      ['y', 100],
      ['x', 300],
    ]);
  });
});

describe('zoomForRadius', () => {
  // Metres a pixel spans at `zoom` and `lat` (512-pixel tiles).
  const metresPerPixel = (zoom: number, lat: number) => (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (512 * 2 ** zoom);

  it('fits the circle exactly on the smaller side of the map', () => {
    const zoom = zoomForRadius(500, 49.28, 1280, 800);
    expect(metresPerPixel(zoom, 49.28) * 800).toBeCloseTo(1000, 6);
  });

  it('zooms out one step each time the radius doubles', () => {
    expect(zoomForRadius(1000, 0, 400, 400) - zoomForRadius(2000, 0, 400, 400)).toBeCloseTo(1, 9);
  });

  it('stays between 3 and 18', () => {
    expect(zoomForRadius(1, 0, 4000, 4000)).toBe(18);
    expect(zoomForRadius(20_000_000, 0, 10, 10)).toBe(3);
    expect(zoomForRadius(500, 0, 0, 0)).toBeGreaterThanOrEqual(3);
  });
});
