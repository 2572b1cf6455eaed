/**
 * Where the map opens: the URL's box to fit (`fit`, an area's), else its lat/lng/zoom, else the
 * last view this tab had (lib/savedView), else Vancouver.
 * Also the tiling of a viewport into nearby queries, and the merge of their answers; a walking
 * tour as the map draws it (where it starts, its line, its bounds); and the room a panel over the
 * map leaves around what is fitted.
 */
import type { Tour, TourStart } from '../../api/listsApi';
import type { ArtworkMinimalDto } from '../../api/types';
import { FALLBACK_VIEW, NEARBY } from '../../config/constants';
import { haversineM, type LatLng } from '../../lib/geo';
import { readFit } from '../../lib/areas';
import { nearbyAreaFor, type MapBounds, type MapPadding, type MapRoute, type MapViewport, type NearbyArea } from '../../lib/map';
import { isValidView, savedMapView } from '../../lib/savedView';

export interface InitialView {
  lat: number;
  lng: number;
  zoom: number;
  /** Whether the view came from the URL or the tab's history (then don't jump to the user). */
  explicit: boolean;
}

export const DEFAULT_ZOOM = 13;

/** Web Mercator: metres a pixel spans at zoom 0 on the equator (512-pixel tiles halve it). */
const METRES_PER_PIXEL_Z0 = 78271.517;

/**
 * The zoom at which a circle of `radiusM` metres around `lat` just fits the smaller side of a
 * `widthPx` × `heightPx` map (the account's default map radius, when the map goes to the
 * user), between 3 and 18.
 */
export function zoomForRadius(radiusM: number, lat: number, widthPx: number, heightPx: number): number {
  const side = Math.max(1, Math.min(widthPx, heightPx));
  const metresPerPixel = (2 * Math.max(1, radiusM)) / side;
  const zoom = Math.log2((METRES_PER_PIXEL_Z0 * Math.cos((lat * Math.PI) / 180)) / metresPerPixel);
  return Math.min(18, Math.max(3, Number.isFinite(zoom) ? zoom : DEFAULT_ZOOM));
}

export function initialView(search: URLSearchParams, fallback: { lat: number; lng: number; zoom: number } = FALLBACK_VIEW): InitialView {
  // A box to fit: its centre until the map, once ready, fits it.
  const fit = readFit(search);
  if (fit) return { lat: (fit.north + fit.south) / 2, lng: (fit.east + fit.west) / 2, zoom: DEFAULT_ZOOM, explicit: true };
  const lat = Number(search.get('lat'));
  const lng = Number(search.get('lng') ?? search.get('lon'));
  const zoomRaw = search.get('zoom');
  const zoom = zoomRaw === null ? 16 : Number(zoomRaw);
  if (search.has('lat') && (search.has('lng') || search.has('lon')) && isValidView(lat, lng, zoom)) {
    return { lat, lng, zoom, explicit: true };
  }
  const saved = savedMapView();
  if (saved) return { ...saved, explicit: true };
  return { lat: fallback.lat, lng: fallback.lng, zoom: fallback.zoom, explicit: false };
}

/** At most this many rows and columns of tiles (so at most 16 nearby calls per viewport). */
export const MAX_TILES_PER_SIDE = 4;

/** Centre to farthest corner, great-circle, in whole tens of metres (uncapped). */
function coveringRadius(center: LatLng, b: MapBounds): number {
  const corners = [
    { lat: b.north, lng: b.east },
    { lat: b.north, lng: b.west },
    { lat: b.south, lng: b.east },
    { lat: b.south, lng: b.west },
  ];
  // For a lat/lng box no wider than 180°, the farthest point from its centre is a corner.
  return Math.max(100, Math.ceil(Math.max(...corners.map((c) => haversineM(center, c))) / 10) * 10);
}

function round5(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}

function gridTiles(b: MapBounds, rows: number, cols: number): NearbyArea[] {
  const tiles: NearbyArea[] = [];
  const dLat = (b.north - b.south) / rows;
  const dLng = (b.east - b.west) / cols;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const tile = { south: b.south + r * dLat, north: b.south + (r + 1) * dLat, west: b.west + c * dLng, east: b.west + (c + 1) * dLng };
      const center = { lat: round5((tile.north + tile.south) / 2), lng: round5((tile.east + tile.west) / 2) };
      tiles.push({ lat: center.lat, lon: center.lng, radius: coveringRadius(center, tile) });
    }
  }
  return tiles;
}

/**
 * The nearby queries that cover a viewport. When one circle of at most NEARBY.maxRadius around
 * the centre reaches the corners, that is the one query (`nearbyAreaFor`, as before). Otherwise
 * the bounds are cut into the fewest rows × columns (each ≤ 4) whose tiles' circles are all within
 * the maximum. If even 4 × 4 is not enough (continent scale), 4 × 4 it is: the radii are reported
 * as needed but the server answers at most NEARBY.maxRadius, so there are gaps between the tiles.
 * The antimeridian is not handled: bounds are clamped to [-180, 180] (latitudes to [-90, 90]), so
 * a view across it (the engine reports e.g. west 170, east 190) only queries its part up to ±180.
 */
export function nearbyTilesFor(viewport: MapViewport): NearbyArea[] {
  if (coveringRadius(viewport.center, viewport.bounds) <= NEARBY.maxRadius) return [nearbyAreaFor(viewport)];
  const clamp = (x: number, lim: number) => Math.min(lim, Math.max(-lim, x));
  const raw = viewport.bounds;
  const b: MapBounds = { north: clamp(raw.north, 90), south: clamp(raw.south, 90), east: clamp(raw.east, 180), west: clamp(raw.west, 180) };
  if (b.west > b.east) [b.west, b.east] = [-180, 180];
  const candidates: Array<[number, number]> = [];
  for (let rows = 1; rows <= MAX_TILES_PER_SIDE; rows++) {
    for (let cols = 1; cols <= MAX_TILES_PER_SIDE; cols++) candidates.push([rows, cols]);
  }
  candidates.sort((x, y) => x[0] * x[1] - y[0] * y[1]);
  let best: NearbyArea[] | null = null;
  let bestMax = Infinity;
  for (const [rows, cols] of candidates) {
    if (best && rows * cols > best.length) break;
    const tiles = gridTiles(b, rows, cols);
    const max = Math.max(...tiles.map((t) => t.radius));
    if (max <= NEARBY.maxRadius && max < bestMax) {
      best = tiles;
      bestMax = max;
    }
  }
  return best ?? gridTiles(b, MAX_TILES_PER_SIDE, MAX_TILES_PER_SIDE);
}

/** Several tiles' artworks as one list: each id once, with its smallest distance, nearest first. */
export function mergeNearby<T extends ArtworkMinimalDto>(lists: T[][]): T[] {
  const byId = new Map<string, T>();
  for (const list of lists) {
    for (const a of list) {
      const seen = byId.get(a.id);
      if (!seen || a.distance_m < seen.distance_m) byId.set(a.id, a);
    }
  }
  return [...byId.values()].sort((x, y) => x.distance_m - y.distance_m);
}

/** A tour starts from the person's location only when that is within a walk of its first stop. */
export const TOUR_START_MAX_M = 5000;

/**
 * A walking tour's start at the person's location, rounded to 5 decimals (about a metre), so small
 * moves ask for the same tour.
 */
export function tourStartFor(position: LatLng): TourStart {
  return { lat: round5(position.lat), lon: round5(position.lng) };
}

/** Whether the tour's start is too far from its first stop to be part of the walk. */
export function tourStartTooFar(tour: Pick<Tour, 'start' | 'stops'>): boolean {
  const first = tour.stops[0];
  return Boolean(tour.start && first && first.leg_m > TOUR_START_MAX_M);
}

/** The start as the tour gives it (`[lat, lon]`), or null. */
function startOf(tour: Pick<Tour, 'start'>): LatLng | null {
  const [lat, lon] = tour.start ?? [];
  return lat !== undefined && lon !== undefined ? { lat, lng: lon } : null;
}

/** The line the map draws: from the start (when given) through the stops in walking order. */
export function tourRoute(tour: Pick<Tour, 'start' | 'stops'>): MapRoute {
  return { start: startOf(tour), stops: tour.stops.map((s) => ({ lat: s.lat, lng: s.lon })) };
}

/** The box around the start and every stop; null for a tour without stops. */
export function tourBounds(tour: Pick<Tour, 'start' | 'stops'>): MapBounds | null {
  const { start, stops } = tourRoute(tour);
  const points = [...(start ? [start] : []), ...stops];
  if (stops.length === 0) return null;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  return { north: Math.max(...lats), south: Math.min(...lats), east: Math.max(...lngs), west: Math.min(...lngs) };
}

/** Panels over the map leave this much room around what is fitted. */
export const FIT_MARGIN_PX = 24;

/** A box on the screen (a `DOMRect`'s sides and size). */
type ScreenBox = Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right' | 'width' | 'height'>;

/**
 * The padding that fits a view clear of a panel lying over the map's canvas: beside a narrow
 * panel (on its side of the map), above a wide one (a sheet on a phone); none when the panel is
 * not over the map (on phones the tour's sheet lies under it).
 */
export function paddingClearOf(panel: ScreenBox | undefined, canvas: ScreenBox | undefined): Partial<MapPadding> {
  const over =
    panel && canvas && panel.top < canvas.bottom && panel.bottom > canvas.top && panel.left < canvas.right && panel.right > canvas.left;
  if (!over) return {};
  if (panel.width >= canvas.width * 0.6) return { bottom: Math.min(panel.height + FIT_MARGIN_PX, canvas.height / 2) };
  const onRight = panel.left + panel.width / 2 > canvas.left + canvas.width / 2;
  return onRight
    ? { right: Math.min(canvas.right - panel.left + FIT_MARGIN_PX, canvas.width / 2) }
    : { left: Math.min(panel.width + FIT_MARGIN_PX, canvas.width / 2) };
}
