import { Color, createExpression, createPropertyExpression, latest, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../i18n';
import { artworkTypeLabel } from './artworkTypes';
import { CLUSTER_PROPERTIES, clusterCountText, clusterRing, createGlMap, renderClusterLabel, SINCE_COLORS } from './glMap';

/** The engine as glMap uses it, doing nothing but count its resizes, keep its options, sources and layers (in drawing order). */
const engine = vi.hoisted(() => ({
  resizes: 0,
  options: null as Record<string, unknown> | null,
  sources: new Map<string, { spec: Record<string, unknown>; data: unknown; setData: (d: unknown) => void }>(),
  layers: [] as string[],
  /** Each layer as it was added. */
  specs: new Map<string, Record<string, unknown>>(),
  /** What `querySourceFeatures` finds: the clusters on screen. */
  rendered: [] as Array<{ properties: Record<string, unknown>; geometry: { type: string; coordinates: [number, number] } }>,
  /** Listeners of the map's own events (`on(type, listener)`). */
  listeners: new Map<string, Array<() => void>>(),
}));

vi.mock('maplibre-gl', () => {
  class Map {
    constructor(options: Record<string, unknown>) {
      engine.options = options;
    }
    on(type: string, ...rest: unknown[]) {
      const listener = rest.length === 1 ? (rest[0] as () => void) : null;
      if (listener) engine.listeners.set(type, [...(engine.listeners.get(type) ?? []), listener]);
    }
    off() {}
    once() {}
    addSource(id: string, spec: Record<string, unknown>) {
      const source = {
        spec,
        data: spec.data,
        setData(d: unknown) {
          source.data = d;
        },
      };
      engine.sources.set(id, source);
    }
    getSource(id: string) {
      return engine.sources.get(id);
    }
    addLayer(layer: { id: string }, before?: string) {
      engine.specs.set(layer.id, layer);
      const at = before ? engine.layers.indexOf(before) : -1;
      if (at < 0) engine.layers.push(layer.id);
      else engine.layers.splice(at, 0, layer.id);
    }
    getLayer(id: string) {
      return engine.layers.includes(id) ? { id } : undefined;
    }
    removeLayer(id: string) {
      engine.layers = engine.layers.filter((l) => l !== id);
    }
    removeSource(id: string) {
      engine.sources.delete(id);
    }
    setFilter() {}
    addImage() {}
    hasImage() {
      return false;
    }
    addControl() {}
    isStyleLoaded() {
      return true;
    }
    querySourceFeatures() {
      return engine.rendered;
    }
    getCanvas() {
      return document.createElement('canvas');
    }
    resize() {
      engine.resizes += 1;
    }
    remove() {}
  }
  class Marker {
    element: HTMLElement;
    constructor({ element }: { element: HTMLElement }) {
      this.element = element;
    }
    setLngLat() {
      return this;
    }
    addTo() {
      document.body.append(this.element);
      return this;
    }
    remove() {
      this.element.remove();
    }
  }
  class NavigationControl {}
  return { default: { Map, Marker, NavigationControl }, Map, Marker, NavigationControl };
});

/** ResizeObserver, in this file only: the test reports sizes itself. */
class FakeResizeObserver {
  static all: FakeResizeObserver[] = [];
  observed: Element[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  unobserve() {}
  disconnect() {
    this.observed = [];
  }
  /** The browser reporting that the observed element changed size. */
  report() {
    this.callback(
      this.observed.map((target) => ({ target }) as ResizeObserverEntry),
      this,
    );
  }
}

/** jsdom has no layout: the container's size is whatever the test says. */
function sized(el: HTMLElement, size: { width: number; height: number }) {
  Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => size.width });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => size.height });
}

/** Callbacks waiting for the next frame, by request id. */
let frames = new Map<number, FrameRequestCallback>();
let lastFrame = 0;
const nextFrame = () => {
  const due = [...frames.values()];
  frames = new Map();
  due.forEach((f) => f(performance.now()));
};

beforeEach(() => {
  engine.resizes = 0;
  engine.options = null;
  engine.sources = new Map();
  engine.layers = [];
  engine.specs = new Map();
  engine.rendered = [];
  engine.listeners = new Map();
  FakeResizeObserver.all = [];
  frames = new Map();
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => {
    lastFrame += 1;
    frames.set(lastFrame, f);
    return lastFrame;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});

afterEach(() => {
  document.body.innerHTML = '';
});

async function mapIn(size: { width: number; height: number }) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  // The host the map draws in is made by createGlMap: size it as it is appended.
  const append = container.appendChild.bind(container);
  vi.spyOn(container, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    if (node instanceof HTMLElement) sized(node, size);
    return append(node);
  });
  const map = await createGlMap({ container, center: { lat: 49.28, lng: -123.12 }, zoom: 12, styleUrl: 'https://tiles.example/style.json' });
  const host = container.querySelector<HTMLElement>('.plinth-map-host')!;
  return { map, host };
}

describe('the map follows its container’s size', () => {
  it('leaves the engine’s own tracking off and observes the element the canvas fills', async () => {
    const { host } = await mapIn({ width: 390, height: 780 });
    expect(engine.options).toMatchObject({ trackResize: false, container: host });
    expect(FakeResizeObserver.all).toHaveLength(1);
    expect(FakeResizeObserver.all[0]!.observed).toEqual([host]);
  });

  it('resizes the canvas once, in the next frame, when the container changes size', async () => {
    const size = { width: 390, height: 780 };
    await mapIn(size);
    const observer = FakeResizeObserver.all[0]!;

    // The first report, at the size the map was made at: nothing to do.
    observer.report();
    nextFrame();
    expect(engine.resizes).toBe(0);

    // The list sheet opens: the map's row shrinks. Several reports in one frame, one resize.
    size.height = 351;
    observer.report();
    observer.report();
    expect(engine.resizes).toBe(0);
    nextFrame();
    expect(engine.resizes).toBe(1);

    // It closes again.
    size.height = 780;
    observer.report();
    nextFrame();
    expect(engine.resizes).toBe(2);
  });

  it('catches a size that changed before the first report', async () => {
    const size = { width: 390, height: 780 };
    await mapIn(size);
    size.height = 490;
    FakeResizeObserver.all[0]!.report();
    nextFrame();
    expect(engine.resizes).toBe(1);
  });

  it('stops observing when the map is destroyed, dropping a resize still waiting for its frame', async () => {
    const size = { width: 390, height: 780 };
    const { map } = await mapIn(size);
    const observer = FakeResizeObserver.all[0]!;
    size.width = 844;
    observer.report();
    map.destroy();
    nextFrame();
    expect(engine.resizes).toBe(0);
    expect(observer.observed).toEqual([]);
  });

  it('resizes at once when asked, and only if the size changed', async () => {
    const size = { width: 390, height: 780 };
    const { map } = await mapIn(size);
    map.resize();
    expect(engine.resizes).toBe(0);
    size.height = 500;
    map.resize();
    expect(engine.resizes).toBe(1);
    // The observer's report of the same change finds nothing left to do.
    FakeResizeObserver.all[0]!.report();
    nextFrame();
    expect(engine.resizes).toBe(1);
  });
});

describe('the map’s own texts', () => {
  it('name the controls and the canvas in English as the engines do', async () => {
    await mapIn({ width: 390, height: 780 });
    expect(engine.options).toMatchObject({
      locale: { 'Map.Title': 'Map', 'NavigationControl.ZoomIn': 'Zoom in', 'NavigationControl.ZoomOut': 'Zoom out' },
    });
    expect(clusterCountText(37)).toBe('37');
    expect(clusterCountText(1234)).toBe('1.2k');
  });

  it('are French when the interface is, with the artwork types and cluster counts', async () => {
    setLocale('fr');
    await mapIn({ width: 390, height: 780 });
    expect(engine.options).toMatchObject({
      locale: { 'Map.Title': 'Carte', 'NavigationControl.ZoomIn': 'Zoom avant', 'NavigationControl.ZoomOut': 'Zoom arrière' },
    });
    expect(artworkTypeLabel('mural')).toBe('Murale');
    expect(artworkTypeLabel('fountain')).toBe('Fontaine');
    expect(artworkTypeLabel('')).toBe('Autre');
    expect(clusterCountText(1234)).toBe('1,2\u00a0k');
  });
});

describe('the Areas layer', () => {
  const AREA = { key: 'g:1:2', shapes: null, bounds: { north: 49.29, south: 49.28, east: -123.1, west: -123.12 }, progress: 0.5, finished: false };

  it('lies under the markers, its data from areaLayer, and says how many areas it draws', async () => {
    const { map, host } = await mapIn({ width: 390, height: 780 });
    map.setAreas([AREA, { ...AREA, key: 'g:1:3' }]);
    expect(engine.layers.indexOf('area-fill')).toBeLessThan(engine.layers.indexOf('artwork-clusters'));
    expect(engine.layers.indexOf('area-line')).toBeLessThan(engine.layers.indexOf('artwork-points'));
    const data = engine.sources.get('areas')!.data as GeoJSON.FeatureCollection;
    expect(data.features.map((f) => f.properties?.key as string)).toEqual(['g:1:2', 'g:1:3']);
    expect(host.dataset.areas).toBe('2');

    // New data for the same file: the same source, set again.
    const source = engine.sources.get('areas');
    map.setAreas([AREA]);
    expect(engine.sources.get('areas')).toBe(source);
    expect(host.dataset.areas).toBe('1');

    // None: the layer goes.
    map.setAreas([]);
    expect(engine.sources.has('areas')).toBe(false);
    expect(engine.layers.filter((l) => l.startsWith('area-'))).toEqual([]);
    expect(host.dataset.areas).toBeUndefined();
  });

  it('credits the boundary file in the map’s attribution, as text', async () => {
    const { map } = await mapIn({ width: 390, height: 780 });
    map.setAreas([AREA]);
    expect(engine.sources.get('areas')!.spec.attribution).toBeUndefined();
    map.setAreas([AREA], 'City <of> Vancouver');
    expect(engine.sources.get('areas')!.spec.attribution).toBe('City &#60;of&#62; Vancouver');
    expect(engine.layers.filter((l) => l.startsWith('area-'))).toEqual(['area-fill', 'area-line']);
  });
});

describe('clusters on the map as it was', () => {
  /** A cluster on screen, as the engine gives it. */
  const cluster = (id: number, count: number, since: { changed?: number; added?: number } = {}) => ({
    properties: { cluster: true, cluster_id: id, point_count: count, changed: since.changed ?? 0, added: since.added ?? 0 },
    geometry: { type: 'Point', coordinates: [-123.12, 49.28] as [number, number] },
  });
  /** The engine draws a frame: the labels follow in the next animation frame. */
  const rendered = () => {
    engine.listeners.get('render')?.forEach((l) => l());
    nextFrame();
  };
  const labels = () => [...document.querySelectorAll<HTMLElement>('.map-cluster-label')];

  it('count what their points changed and added since, and take the ring of what they hold', async () => {
    await mapIn({ width: 390, height: 780 });
    expect(engine.sources.get('artworks')!.spec).toMatchObject({ cluster: true, clusterProperties: CLUSTER_PROPERTIES });
    expect(engine.specs.get('artwork-clusters')).toMatchObject({ paint: clusterRing() });
  });

  it('show how many changed and were added beside the count, and are written again when the same cluster id shows today’s map', async () => {
    await mapIn({ width: 390, height: 780 });
    engine.rendered = [cluster(1, 37, { changed: 3, added: 1 }), cluster(2, 12)];
    rendered();
    const [past, plain] = labels();
    expect(past!.querySelector('.map-cluster-label__count')!.textContent).toBe('37');
    expect(past!.querySelector('.map-cluster-label__since--changed')!.textContent).toBe('3');
    expect(past!.querySelector('.map-cluster-label__since--added')!.textContent).toBe('1');
    expect(past!.dataset).toMatchObject({ changed: '3', added: '1' });
    expect(past).toHaveAttribute('aria-hidden', 'true');
    expect(plain!.textContent).toBe('12');
    expect(plain!.querySelector('.map-cluster-label__since')).toBeNull();

    // Back to today's map: cluster 1 is another cluster now, with nothing changed.
    engine.rendered = [cluster(1, 40)];
    rendered();
    expect(labels()).toHaveLength(1);
    expect(labels()[0]!.textContent).toBe('40');
    expect(labels()[0]!.dataset.changed).toBeUndefined();
    expect(labels()[0]!.querySelector('.map-cluster-label__since')).toBeNull();
  });

  it('label a cluster as today’s map always did when nothing in it changed since', () => {
    const el = document.createElement('div');
    renderClusterLabel(el, { count: 1234, changed: 0, added: 0 });
    expect(el.outerHTML).toBe('<div class="map-cluster-label" aria-hidden="true"><span class="map-cluster-label__count">1.2k</span></div>');
    renderClusterLabel(el, { count: 1234, changed: 1500, added: 0 });
    expect(el.querySelector('.map-cluster-label__since--changed')!.textContent).toBe('1.5k');
  });

  describe('as the style specification evaluates them', () => {
    /** A point of the map as it was, as its feature's properties (toCollection). */
    const point = (since?: 'added' | 'changed') => ({ type: 'Point' as const, properties: { id: 'a', title: 'A', type: 'mural', ...(since ? { since } : {}) } });

    it('count each cluster’s changed and added points (clusterProperties: a map, then +)', () => {
      const points = [point('changed'), point(), point('added'), point('changed'), point()];
      for (const [key, [operator, map]] of Object.entries(CLUSTER_PROPERTIES)) {
        expect(operator).toBe('+');
        const parsed = createExpression(map);
        if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
        const total = points.map((p) => parsed.value.evaluate({ zoom: 14 }, p) as number).reduce((a, b) => a + b, 0);
        expect(total, key).toBe(key === 'changed' ? 2 : 1);
      }
    });

    it('ring a cluster holding changed points in their colour, else added ones’, else white as today', () => {
      const ring = clusterRing();
      const paint = (name: keyof typeof ring) => {
        // The specification's own description of the property (typed `any` by the package).
        const spec = (latest as { paint_circle: Record<string, StylePropertySpecification> }).paint_circle[name]!;
        const parsed = createPropertyExpression(ring[name], spec);
        if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
        return (props: Record<string, unknown>): unknown => parsed.value.evaluate({ zoom: 14 }, { type: 'Point', properties: { cluster: true, point_count: 10, ...props } });
      };
      const width = paint('circle-stroke-width');
      const color = (props: Record<string, unknown>) => (paint('circle-stroke-color')(props) as Color).toString();
      const rgb = (hex: string) => Color.parse(hex)!.toString();
      expect([width({ changed: 2, added: 1 }), color({ changed: 2, added: 1 })]).toEqual([4, rgb(SINCE_COLORS.changed)]);
      expect([width({ changed: 0, added: 3 }), color({ changed: 0, added: 3 })]).toEqual([4, rgb(SINCE_COLORS.added)]);
      expect([width({ changed: 0, added: 0 }), color({ changed: 0, added: 0 })]).toEqual([2, rgb('#ffffff')]);
    });
  });
});
