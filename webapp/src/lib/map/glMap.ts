/**
 * The one place that touches a GL map library. maplibre-gl by default; mapbox-gl only when a
 * Mapbox token is configured. Each engine is its own lazily loaded chunk, so only the chosen one
 * is downloaded. Markers are clustered on the GPU (a clustered GeoJSON source drawn by circle
 * layers); cluster counts are small HTML labels, since an offline style has no glyphs for text.
 * Removed artworks (`MapPoint.removed`) are a source of their own, never clustered, drawn above
 * the others as greyed, translucent discs in a dashed ring, so what is under them stays visible.
 * On the map as it was, a point added since (`since: 'added'`) or changed since (`'changed'`) has
 * a thick ring of its own colour instead of the white one; a cluster holding such points counts
 * them (`CLUSTER_PROPERTIES`), takes the ring (changed first: `clusterRing`) and shows how many in
 * its label, beside its own count. Today's map has none, so its clusters are as they always were.
 * The Areas layer (`setAreas`, issue 33) lies under the markers and a route: each area filled and
 * outlined as `areaLayer.ts` says, its boundary file's attribution in the map's.
 *
 * Kept in one file on purpose: it is the one seam to the GL libraries, so everything
 * engine-specific (sources, layers, labels, events) stays behind it.
 */
import { t } from '../../i18n';
import type { LatLng } from '../geo';
import { logger } from '../logger';
import { areaCollection, escapeHtml } from './areaLayer';
import { artworkTypeColor, ARTWORK_TYPES } from './artworkTypes';
import { loadRemoteStyle, type BasemapKind } from './basemap';
import { dashedRingImage } from './markerImages';
import type { CreateMapOptions, MapArea, MapPoint, MapRoute, MapViewport, PlinthMap } from './types';

/* The subset of the (shared) maplibre-gl / mapbox-gl API used here. */
interface GLFeature {
  properties: Record<string, unknown> | null;
  geometry: { type: string; coordinates?: unknown };
  /** The style layer it was found in (queryRenderedFeatures). */
  layer?: { id: string };
}
interface GLEvent {
  point: { x: number; y: number };
  lngLat?: { lat: number; lng: number };
  features?: GLFeature[];
}
type Listener = (e: GLEvent) => void;
interface GLSource {
  setData: (data: GeoJSON.FeatureCollection) => void;
  getClusterExpansionZoom: (id: number, cb?: (err: unknown, zoom: number) => void) => unknown;
}
interface GLMarker {
  setLngLat: (ll: [number, number]) => GLMarker;
  getLngLat: () => { lat: number; lng: number };
  addTo: (map: GLMap) => GLMarker;
  on: (type: string, listener: () => void) => unknown;
  remove: () => void;
}
interface GLMap {
  on(type: string, listener: Listener): unknown;
  on(type: string, layer: string, listener: Listener): unknown;
  off(type: string, listener: Listener): unknown;
  off(type: string, layer: string, listener: Listener): unknown;
  once(type: string, listener: () => void): unknown;
  addSource: (id: string, source: Record<string, unknown>) => unknown;
  getSource: (id: string) => unknown;
  addLayer: (layer: Record<string, unknown>, beforeId?: string) => unknown;
  getLayer: (id: string) => unknown;
  removeLayer: (id: string) => unknown;
  removeSource: (id: string) => unknown;
  setFilter: (layer: string, filter: unknown) => unknown;
  addImage: (name: string, image: { width: number; height: number; data: Uint8Array }, options?: { pixelRatio?: number }) => unknown;
  hasImage: (name: string) => boolean;
  queryRenderedFeatures: (point: { x: number; y: number }, opts: { layers: string[] }) => GLFeature[];
  querySourceFeatures: (source: string, opts?: Record<string, unknown>) => GLFeature[];
  easeTo: (opts: Record<string, unknown>) => unknown;
  flyTo: (opts: Record<string, unknown>) => unknown;
  fitBounds: (bounds: [[number, number], [number, number]], opts: Record<string, unknown>) => unknown;
  getCenter: () => { lat: number; lng: number };
  getZoom: () => number;
  getBounds: () => { getNorth: () => number; getSouth: () => number; getEast: () => number; getWest: () => number } | null;
  getCanvas: () => HTMLCanvasElement;
  addControl: (control: unknown, position?: string) => unknown;
  isStyleLoaded: () => boolean | void;
  remove: () => void;
  resize: () => unknown;
}
interface Engine {
  kind: 'maplibre' | 'mapbox';
  createMap: (opts: Record<string, unknown>) => GLMap;
  createMarker: (el: HTMLElement, draggable?: boolean) => GLMarker;
  navigationControl: () => unknown;
}

async function loadEngine(mapboxToken: string | null): Promise<Engine> {
  if (mapboxToken) {
    const [{ default: mapboxgl }] = await Promise.all([
      import('mapbox-gl'),
      import('mapbox-gl/dist/mapbox-gl.css'),
    ]);
    mapboxgl.accessToken = mapboxToken;
    return {
      kind: 'mapbox',
      createMap: (o) => new mapboxgl.Map(o as never) as unknown as GLMap,
      createMarker: (el, draggable = false) => new mapboxgl.Marker({ element: el, draggable }) as unknown as GLMarker,
      navigationControl: () => new mapboxgl.NavigationControl({ showCompass: false }),
    };
  }
  const [maplibre] = await Promise.all([import('maplibre-gl'), import('maplibre-gl/dist/maplibre-gl.css')]);
  return {
    kind: 'maplibre',
    createMap: (o) => new maplibre.Map(o as never) as unknown as GLMap,
    createMarker: (el, draggable = false) => new maplibre.Marker({ element: el, draggable }) as unknown as GLMarker,
    navigationControl: () => new maplibre.NavigationControl({ showCompass: false }),
  };
}

const SOURCE = 'artworks';
const REMOVED_SOURCE = 'removed-artworks';
const REMOVED_RING = 'removed-ring';
/** The removed markers' grey: a contrast of at least 3:1 on the light and the dark offline land. */
export const REMOVED_COLOR = '#757575';
/** The rings of markers added since and changed since, on the map as it was. */
export const SINCE_COLORS = { added: '#2e7d32', changed: '#e65100' } as const;
const USER_SOURCE = 'user-location';
const ROUTE_SOURCE = 'route';
const AREA_SOURCE = 'areas';
/** Fitting a route zooms in no closer than this (one stop: its street). */
const ROUTE_MAX_ZOOM = 17;
const L = {
  areaFill: 'area-fill',
  areaLine: 'area-line',
  routeCasing: 'route-casing',
  route: 'route-line',
  clusters: 'artwork-clusters',
  points: 'artwork-points',
  selected: 'artwork-selected',
  removed: 'removed-points',
  removedRings: 'removed-rings',
  removedSelected: 'removed-selected',
  user: 'user-location',
  userHalo: 'user-location-halo',
};

/** The points of the default layer and those of the removed one. */
export function splitRemoved(points: MapPoint[]): { active: MapPoint[]; removed: MapPoint[] } {
  const active: MapPoint[] = [];
  const removed: MapPoint[] = [];
  for (const p of points) (p.removed ? removed : active).push(p);
  return { active, removed };
}

function toCollection(points: MapPoint[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: points.map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      properties: { id: p.id, title: p.title, type: p.type, ...(p.since ? { since: p.since } : {}) },
    })),
  };
}

/** The route as a LineString (none for a single point, which is no line). */
function lineOf(route: MapRoute): GeoJSON.FeatureCollection {
  const path = [...(route.start ? [route.start] : []), ...route.stops];
  return {
    type: 'FeatureCollection',
    features:
      path.length < 2
        ? []
        : [{ type: 'Feature', geometry: { type: 'LineString', coordinates: path.map((p) => [p.lng, p.lat]) }, properties: {} }],
  };
}

/**
 * The engines' own texts (the controls' labels, the canvas's name) in the language in effect: a
 * patch of their localisation tables, whose keys both engines share; the English is theirs.
 */
export function engineLocale(): Record<string, string> {
  return {
    'Map.Title': t('map.controls.map'),
    'NavigationControl.ZoomIn': t('map.controls.zoomIn'),
    'NavigationControl.ZoomOut': t('map.controls.zoomOut'),
    'AttributionControl.ToggleAttribution': t('map.controls.toggleAttribution'),
    'AttributionControl.MapFeedback': t('map.controls.mapFeedback'),
    'Marker.Title': t('map.controls.marker'),
  };
}

/** A cluster's count as its label shows it: "37", "1.2k". */
export function clusterCountText(n: number): string {
  return n >= 1000 ? t('map.marker.clusterThousands', { count: Math.round(n / 100) / 10 }) : String(n);
}

/**
 * What a cluster counts of its points besides their number (the source's `clusterProperties`,
 * which both engines take): how many were added since and changed since, on the map as it was.
 */
export const CLUSTER_PROPERTIES = {
  added: ['+', ['case', ['==', ['get', 'since'], 'added'], 1, 0]],
  changed: ['+', ['case', ['==', ['get', 'since'], 'changed'], 1, 0]],
} as const;

/**
 * A cluster's ring: as a point's, thick and in the colour of what it holds that changed since (a
 * change first, then an addition), else the thin white one of today's map.
 */
export function clusterRing(): { 'circle-stroke-width': unknown[]; 'circle-stroke-color': unknown[] } {
  const holds = (key: keyof typeof CLUSTER_PROPERTIES) => ['>', ['to-number', ['get', key]], 0];
  return {
    'circle-stroke-width': ['case', ['any', holds('changed'), holds('added')], 4, 2],
    'circle-stroke-color': ['case', holds('changed'), SINCE_COLORS.changed, holds('added'), SINCE_COLORS.added, '#ffffff'],
  };
}

/** What a cluster's label shows: its count, and how many of its points were changed and added since. */
export interface ClusterLabel {
  count: number;
  changed: number;
  added: number;
}

/** A cluster feature's label, from its properties (`point_count` and `CLUSTER_PROPERTIES`). */
export function clusterLabelOf(properties: Record<string, unknown>): ClusterLabel {
  const n = (key: string) => {
    const v = Number(properties[key] ?? 0);
    return Number.isFinite(v) && v > 0 ? v : 0;
  };
  return { count: n('point_count'), changed: n('changed'), added: n('added') };
}

/**
 * Writes a cluster's label into `el`: the count, then, for what it holds that changed since, a
 * small badge each in the ring's colours with how many (the element's `data-changed` and
 * `data-added` say the same). The map is a picture to assistive technology (its list says what
 * changed, artwork by artwork), so the label stays hidden from it.
 */
export function renderClusterLabel(el: HTMLElement, label: ClusterLabel): void {
  el.className = 'map-cluster-label';
  el.setAttribute('aria-hidden', 'true');
  const count = document.createElement('span');
  count.className = 'map-cluster-label__count';
  count.textContent = clusterCountText(label.count);
  const parts: HTMLElement[] = [count];
  for (const since of ['changed', 'added'] as const) {
    const n = label[since];
    if (n > 0) {
      el.dataset[since] = String(n);
      const badge = document.createElement('span');
      badge.className = `map-cluster-label__since map-cluster-label__since--${since}`;
      badge.textContent = clusterCountText(n);
      parts.push(badge);
    } else {
      delete el.dataset[since];
    }
  }
  el.replaceChildren(...parts);
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

function typeColorExpression(): unknown[] {
  const expr: unknown[] = ['match', ['get', 'type']];
  for (const t of ARTWORK_TYPES) expr.push(t, artworkTypeColor(t));
  expr.push(artworkTypeColor('other'));
  return expr;
}

function waitForStyle(map: GLMap): Promise<void> {
  return new Promise((resolve) => {
    if (map.isStyleLoaded()) resolve();
    else map.once('load', () => resolve());
  });
}

export async function createGlMap(options: CreateMapOptions): Promise<PlinthMap> {
  const token = options.mapboxAccessToken ?? null;
  const engine = await loadEngine(token);
  const interactive = options.interactive ?? true;
  const clustered = options.cluster ?? true;

  let style: unknown = null;
  let colors = { water: '#c9dcea', land: '#eef0e8', grid: '#b8bcb0' };
  let basemap: BasemapKind = 'offline';
  if (options.styleUrl?.startsWith('mapbox://') || (!options.styleUrl && engine.kind === 'mapbox')) {
    style = options.styleUrl ?? 'mapbox://styles/mapbox/streets-v12';
    basemap = 'remote';
  } else if (options.styleUrl) {
    style = await loadRemoteStyle(options.styleUrl);
    basemap = style ? 'remote' : 'fallback';
  }
  const offline = basemap !== 'remote';
  if (offline) {
    const o = await import('./offlineStyle');
    colors = o.themeMapColors();
    style = o.offlineStyle(colors);
  }

  // Each map gets its own element inside the container: an earlier map being removed from the
  // same container (React's effects run twice in development) would otherwise strip the classes
  // the new one relies on, leaving its canvas unpositioned.
  const host = document.createElement('div');
  host.className = 'plinth-map-host';
  // Which basemap is drawn, for the screen's notice and for tests.
  host.dataset.basemap = basemap;
  host.style.width = '100%';
  host.style.height = '100%';
  options.container.appendChild(host);

  const map = engine.createMap({
    container: host,
    style,
    center: [options.center.lng, options.center.lat],
    zoom: options.zoom,
    interactive,
    attributionControl: interactive ? { compact: true } : false,
    cooperativeGestures: false,
    fadeDuration: 0,
    // The engines' own tracking is off: maplibre-gl's observer ignores its first report (so a
    // size that changed between creation and the first frame is never seen) and mapbox-gl
    // follows only the window. The observer below serves both.
    trackResize: false,
    locale: engineLocale(),
  });
  if (interactive) map.addControl(engine.navigationControl(), 'top-right');

  // The canvas follows its container's size (panels opening and closing, the list sheet, the
  // phone turned), at most once a frame; a canvas left at an old size draws only part of itself.
  let drawnSize = { width: host.clientWidth, height: host.clientHeight };
  let resizeFrame = 0;
  const fitContainer = () => {
    resizeFrame = 0;
    const size = { width: host.clientWidth, height: host.clientHeight };
    if (size.width === drawnSize.width && size.height === drawnSize.height) return;
    drawnSize = size;
    map.resize();
  };
  const resizeObserver =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver(() => {
          if (!resizeFrame) resizeFrame = requestAnimationFrame(fitContainer);
        })
      : null;
  resizeObserver?.observe(host);

  await waitForStyle(map);

  if (offline) {
    const o = await import('./offlineStyle');
    if (!map.hasImage(o.GRID_PATTERN)) map.addImage(o.GRID_PATTERN, o.dotGridImage(colors.grid));
    map.addLayer({
      id: 'street-grid',
      type: 'background',
      paint: {
        'background-pattern': o.GRID_PATTERN,
        'background-opacity': ['interpolate', ['linear'], ['zoom'], 8, 0, 11, 0.9],
      },
    });
  }

  map.addSource(SOURCE, {
    type: 'geojson',
    data: toCollection([]),
    cluster: clustered,
    clusterRadius: 48,
    clusterMaxZoom: 16,
    ...(clustered ? { clusterProperties: CLUSTER_PROPERTIES } : {}),
  });
  map.addLayer({
    id: L.clusters,
    type: 'circle',
    source: SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': ['step', ['get', 'point_count'], '#3949ab', 25, '#5e35b1', 100, '#8e24aa'],
      'circle-radius': ['step', ['get', 'point_count'], 16, 10, 19, 50, 24, 200, 30],
      'circle-opacity': 0.9,
      ...clusterRing(),
    },
  });
  map.addLayer({
    id: L.points,
    type: 'circle',
    source: SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': typeColorExpression(),
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 5, 16, 9],
      'circle-stroke-width': ['case', ['has', 'since'], 4, 2],
      'circle-stroke-color': ['match', ['get', 'since'], 'added', SINCE_COLORS.added, 'changed', SINCE_COLORS.changed, '#ffffff'],
    },
  });
  // Removed artworks: a translucent grey disc (what is under it shows through) in a dashed ring.
  // The ring is an image (circle layers have no dashes); without it the disc gets a solid outline.
  let ring = false;
  try {
    if (!map.hasImage(REMOVED_RING)) {
      const image = dashedRingImage(REMOVED_COLOR);
      map.addImage(REMOVED_RING, image, { pixelRatio: image.pixelRatio });
    }
    ring = true;
  } catch (e) {
    logger.warn('Removed markers drawn without their dashed ring', { error: e });
  }
  map.addSource(REMOVED_SOURCE, { type: 'geojson', data: toCollection([]) });
  const markerRadius = ['interpolate', ['linear'], ['zoom'], 10, 5, 16, 9];
  map.addLayer({
    id: L.removed,
    type: 'circle',
    source: REMOVED_SOURCE,
    paint: {
      'circle-color': REMOVED_COLOR,
      'circle-opacity': 0.3,
      'circle-radius': markerRadius,
      'circle-stroke-width': ring ? 0 : 2,
      'circle-stroke-color': REMOVED_COLOR,
    },
  });
  if (ring) {
    map.addLayer({
      id: L.removedRings,
      type: 'symbol',
      source: REMOVED_SOURCE,
      layout: {
        'icon-image': REMOVED_RING,
        // The ring's 22 px match the disc's diameter (radius 5 at zoom 10, 9 at 16).
        'icon-size': ['interpolate', ['linear'], ['zoom'], 10, 0.56, 16, 1],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
      paint: { 'icon-opacity': 0.95 },
    });
  }
  const selectedRing = {
    type: 'circle',
    filter: ['==', ['get', 'id'], ''],
    paint: {
      'circle-color': 'rgba(0,0,0,0)',
      'circle-radius': 14,
      'circle-stroke-width': 3,
      'circle-stroke-color': '#212121',
    },
  };
  map.addLayer({ id: L.selected, source: SOURCE, ...selectedRing });
  map.addLayer({ id: L.removedSelected, source: REMOVED_SOURCE, ...selectedRing });
  map.addSource(USER_SOURCE, { type: 'geojson', data: toCollection([]) });
  map.addLayer({
    id: L.userHalo,
    type: 'circle',
    source: USER_SOURCE,
    paint: { 'circle-color': '#1a73e8', 'circle-opacity': 0.18, 'circle-radius': 18 },
  });
  map.addLayer({
    id: L.user,
    type: 'circle',
    source: USER_SOURCE,
    paint: {
      'circle-color': '#1a73e8',
      'circle-radius': 7,
      'circle-stroke-width': 2,
      'circle-stroke-color': '#ffffff',
    },
  });

  // HTML labels for visible clusters' counts. A cluster id names another cluster once the data
  // change (today's map and the map as it was), so a label is written again when what it shows does.
  const labels = new Map<number, { marker: GLMarker; el: HTMLElement; shown: string }>();
  let labelFrame = 0;
  const updateLabels = () => {
    labelFrame = 0;
    if (!clustered) return;
    const seen = new Set<number>();
    for (const f of map.querySourceFeatures(SOURCE, { filter: ['has', 'point_count'] })) {
      const p = f.properties ?? {};
      const id = Number(p.cluster_id);
      const coords = f.geometry.coordinates as [number, number] | undefined;
      if (!Number.isFinite(id) || !coords || seen.has(id)) continue;
      seen.add(id);
      const label = clusterLabelOf(p);
      const shown = `${label.count}/${label.changed}/${label.added}@${coords.join(',')}`;
      const existing = labels.get(id);
      if (!existing) {
        const el = document.createElement('div');
        renderClusterLabel(el, label);
        labels.set(id, { marker: engine.createMarker(el).setLngLat(coords).addTo(map), el, shown });
      } else if (existing.shown !== shown) {
        renderClusterLabel(existing.el, label);
        existing.marker.setLngLat(coords);
        existing.shown = shown;
      }
    }
    for (const [id, label] of labels) {
      if (!seen.has(id)) {
        label.marker.remove();
        labels.delete(id);
      }
    }
  };
  const scheduleLabels = () => {
    if (!labelFrame) labelFrame = requestAnimationFrame(updateLabels);
  };
  map.on('render', scheduleLabels);

  const source = () => map.getSource(SOURCE) as GLSource | undefined;

  const viewport = (): MapViewport => {
    const c = map.getCenter();
    const b = map.getBounds();
    return {
      center: { lat: c.lat, lng: c.lng },
      zoom: map.getZoom(),
      bounds: b
        ? { north: b.getNorth(), south: b.getSouth(), east: b.getEast(), west: b.getWest() }
        : { north: c.lat, south: c.lat, east: c.lng, west: c.lng },
    };
  };

  // Clusters zoom in on click; the pointer shows what is clickable.
  const onClusterClick: Listener = (e) => {
    // A removed marker drawn over the cluster takes the click (onPointClick).
    if (map.queryRenderedFeatures(e.point, { layers: [L.removed] }).length > 0) return;
    const f = e.features?.[0];
    const id = Number(f?.properties?.cluster_id);
    const coords = f?.geometry.coordinates as [number, number] | undefined;
    if (!Number.isFinite(id) || !coords) return;
    const ease = (zoom: number) => map.easeTo({ center: coords, zoom: zoom + 0.25 });
    const result = source()?.getClusterExpansionZoom(id, (err, zoom) => {
      if (!err) ease(zoom);
    });
    if (result && typeof (result as Promise<number>).then === 'function') {
      (result as Promise<number>).then(ease).catch(() => undefined);
    }
  };
  const pointer = () => {
    map.getCanvas().style.cursor = 'pointer';
  };
  const unpointer = () => {
    map.getCanvas().style.cursor = '';
  };
  if (interactive) {
    map.on('click', L.clusters, onClusterClick);
    for (const layer of [L.clusters, L.points, L.removed]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, unpointer);
    }
  }

  const toPoint = (f: GLFeature, removed: boolean): MapPoint | null => {
    const p = f.properties ?? {};
    const coords = f.geometry.coordinates as [number, number] | undefined;
    if (typeof p.id !== 'string' || !coords) return null;
    return {
      id: p.id,
      title: typeof p.title === 'string' ? p.title : '',
      type: typeof p.type === 'string' ? p.type : 'other',
      lat: coords[1],
      lng: coords[0],
      ...(removed ? { removed } : {}),
      ...(p.since === 'added' || p.since === 'changed' ? { since: p.since } : {}),
    };
  };

  // The hand-placed pin: an HTML marker, so it can be dragged.
  let pin: GLMarker | null = null;
  const pinListeners = new Set<(at: LatLng) => void>();
  const setPin = (at: LatLng | null) => {
    if (!at) {
      pin?.remove();
      pin = null;
      return;
    }
    if (!pin) {
      const el = document.createElement('div');
      el.className = 'map-pin';
      el.setAttribute('aria-hidden', 'true');
      const marker = engine.createMarker(el, interactive);
      marker.on('dragend', () => {
        const ll = marker.getLngLat();
        pinListeners.forEach((l) => l({ lat: ll.lat, lng: ll.lng }));
      });
      pin = marker.setLngLat([at.lng, at.lat]).addTo(map);
    } else {
      pin.setLngLat([at.lng, at.lat]);
    }
  };

  // The route: a line (a GeoJSON source and two line layers, under the markers) and numbered
  // HTML markers (an offline style has no glyphs). A new style drops sources and layers, so
  // 'style.load' draws the line again; the host's data-route-stops says a line is on the map.
  let route: MapRoute | null = null;
  let routeMarkers: GLMarker[] = [];
  const drawRouteLine = () => {
    if (!route) return;
    const data = lineOf(route);
    const existing = map.getSource(ROUTE_SOURCE) as GLSource | undefined;
    if (existing) existing.setData(data);
    else {
      map.addSource(ROUTE_SOURCE, { type: 'geojson', data });
      const before = map.getLayer(L.clusters) ? L.clusters : undefined;
      const layout = { 'line-join': 'round', 'line-cap': 'round' };
      map.addLayer({ id: L.routeCasing, type: 'line', source: ROUTE_SOURCE, layout, paint: { 'line-color': '#ffffff', 'line-width': 8 } }, before);
      map.addLayer({ id: L.route, type: 'line', source: ROUTE_SOURCE, layout, paint: { 'line-color': '#c2185b', 'line-width': 4 } }, before);
    }
    if (map.getLayer(L.route)) host.dataset.routeStops = String(route.stops.length);
  };
  const removeRouteLine = () => {
    for (const id of [L.route, L.routeCasing]) if (map.getLayer(id)) map.removeLayer(id);
    if (map.getSource(ROUTE_SOURCE)) map.removeSource(ROUTE_SOURCE);
    delete host.dataset.routeStops;
  };
  const setRoute = (next: MapRoute | null) => {
    routeMarkers.forEach((m) => m.remove());
    routeMarkers = [];
    route = next;
    try {
      if (next) drawRouteLine();
      else removeRouteLine();
    } catch (e) {
      // A style still loading refuses new layers: 'style.load' draws the line once it is ready.
      logger.debug('Route line deferred', { error: e });
    }
    if (!next) return;
    const marker = (className: string, text: string, at: { lat: number; lng: number }) => {
      const el = document.createElement('div');
      el.className = className;
      el.setAttribute('aria-hidden', 'true');
      el.textContent = text;
      return engine.createMarker(el).setLngLat([at.lng, at.lat]).addTo(map);
    };
    if (next.start) routeMarkers.push(marker('map-route-start', '', next.start));
    next.stops.forEach((s, i) => routeMarkers.push(marker('map-route-stop', String(i + 1), s)));
  };

  // The Areas layer: a GeoJSON source (with the boundary file's attribution, which a source only
  // takes when added: a new attribution adds it again) and a fill and a line layer under the
  // route and the markers; 'style.load' draws it again. The host's data-areas says how many.
  let areas: { list: MapArea[]; attribution: string | null } | null = null;
  let drawnAttribution: string | null = null;
  const removeAreas = () => {
    for (const id of [L.areaLine, L.areaFill]) if (map.getLayer(id)) map.removeLayer(id);
    if (map.getSource(AREA_SOURCE)) map.removeSource(AREA_SOURCE);
    delete host.dataset.areas;
  };
  const drawAreas = () => {
    if (!areas) return;
    const data = areaCollection(areas.list);
    const existing = map.getSource(AREA_SOURCE) as GLSource | undefined;
    if (existing && drawnAttribution === areas.attribution) existing.setData(data);
    else {
      removeAreas();
      const attribution = areas.attribution ? { attribution: escapeHtml(areas.attribution) } : {};
      map.addSource(AREA_SOURCE, { type: 'geojson', data, ...attribution });
      drawnAttribution = areas.attribution;
      const before = [L.routeCasing, L.clusters].find((id) => map.getLayer(id));
      map.addLayer({ id: L.areaFill, type: 'fill', source: AREA_SOURCE, paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ['get', 'opacity'] } }, before);
      map.addLayer(
        {
          id: L.areaLine,
          type: 'line',
          source: AREA_SOURCE,
          layout: { 'line-join': 'round' },
          paint: { 'line-color': ['get', 'color'], 'line-width': ['match', ['get', 'stage'], 'finished', 3, 1.5], 'line-opacity': 0.9 },
        },
        before,
      );
    }
    host.dataset.areas = String(areas.list.length);
  };
  const setAreas = (list: MapArea[], attribution: string | null = null) => {
    areas = list.length > 0 ? { list, attribution } : null;
    try {
      if (areas) drawAreas();
      else removeAreas();
    } catch (e) {
      // A style still loading refuses new layers: 'style.load' draws them once it is ready.
      logger.debug('Areas deferred', { error: e });
    }
  };

  const onStyleLoad = () => {
    try {
      drawRouteLine();
    } catch (e) {
      logger.warn('Route line not redrawn after a style change', { error: e });
    }
    try {
      drawAreas();
    } catch (e) {
      logger.warn('Areas not redrawn after a style change', { error: e });
    }
  };
  map.on('style.load', onStyleLoad);

  return {
    kind: engine.kind,
    basemap,
    setPoints: (points) => {
      const { active, removed } = splitRemoved(points);
      source()?.setData(toCollection(active));
      (map.getSource(REMOVED_SOURCE) as GLSource | undefined)?.setData(toCollection(removed));
      // For end-to-end tests, as data-route-stops: how many removed markers the layer holds.
      if (removed.length > 0) host.dataset.removedPoints = String(removed.length);
      else delete host.dataset.removedPoints;
      // Likewise the markers added since and changed since on the map as it was.
      for (const [since, key] of [['added', 'addedPoints'], ['changed', 'changedPoints']] as const) {
        const n = active.filter((p) => p.since === since).length;
        if (n > 0) host.dataset[key] = String(n);
        else delete host.dataset[key];
      }
    },
    setSelected: (id) => {
      for (const layer of [L.selected, L.removedSelected]) map.setFilter(layer, ['==', ['get', 'id'], id ?? '']);
    },
    setUserLocation: (pos: LatLng | null) => {
      const s = map.getSource(USER_SOURCE) as GLSource | undefined;
      s?.setData(toCollection(pos ? [{ id: 'me', title: '', type: 'me', lat: pos.lat, lng: pos.lng }] : []));
    },
    flyTo: (center, zoom) => {
      const reduce = reducedMotion();
      const opts: Record<string, unknown> = { center: [center.lng, center.lat] };
      if (zoom !== undefined) opts.zoom = zoom;
      if (reduce) map.easeTo({ ...opts, duration: 0 });
      else map.flyTo({ ...opts, essential: false });
    },
    getViewport: viewport,
    onMoveEnd: (cb) => {
      const l: Listener = () => cb(viewport());
      map.on('moveend', l);
      return () => map.off('moveend', l);
    },
    onPointClick: (cb) => {
      // One listener for both layers: where a removed marker lies over another, the top one wins.
      const l: Listener = (e) => {
        const f = map.queryRenderedFeatures(e.point, { layers: [L.removed, L.points] })[0];
        const p = f ? toPoint(f, f.layer?.id === L.removed) : null;
        if (p) cb(p);
      };
      map.on('click', l);
      return () => map.off('click', l);
    },
    onBackgroundClick: (cb) => {
      const l: Listener = (e) => {
        const hits = map.queryRenderedFeatures(e.point, { layers: [L.points, L.clusters, L.removed] });
        if (hits.length === 0 && e.lngLat) cb({ lat: e.lngLat.lat, lng: e.lngLat.lng });
      };
      map.on('click', l);
      return () => map.off('click', l);
    },
    setPin,
    onPinMove: (cb) => {
      pinListeners.add(cb);
      return () => pinListeners.delete(cb);
    },
    setRoute,
    setAreas,
    fitBounds: (b, padding = {}) => {
      map.fitBounds(
        [
          [b.west, b.south],
          [b.east, b.north],
        ],
        {
          padding: { top: 48, right: 48, bottom: 48, left: 48, ...padding },
          maxZoom: ROUTE_MAX_ZOOM,
          ...(reducedMotion() ? { duration: 0 } : {}),
        },
      );
    },
    resize: () => {
      cancelAnimationFrame(resizeFrame);
      fitContainer();
    },
    destroy: () => {
      resizeObserver?.disconnect();
      if (resizeFrame) cancelAnimationFrame(resizeFrame);
      map.off('style.load', onStyleLoad);
      routeMarkers.forEach((m) => m.remove());
      routeMarkers = [];
      pin?.remove();
      pinListeners.clear();
      if (labelFrame) cancelAnimationFrame(labelFrame);
      for (const l of labels.values()) l.marker.remove();
      labels.clear();
      map.remove();
      host.remove();
    },
  };
}
