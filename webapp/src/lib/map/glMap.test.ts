import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../i18n';
import { artworkTypeLabel } from './artworkTypes';
import { clusterCountText, createGlMap } from './glMap';

/** The engine as glMap uses it, doing nothing but count its resizes, keep its options, sources and layers (in drawing order). */
const engine = vi.hoisted(() => ({
  resizes: 0,
  options: null as Record<string, unknown> | null,
  sources: new Map<string, { spec: Record<string, unknown>; data: unknown; setData: (d: unknown) => void }>(),
  layers: [] as string[],
}));

vi.mock('maplibre-gl', () => {
  class Map {
    constructor(options: Record<string, unknown>) {
      engine.options = options;
    }
    on() {}
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
      return [];
    }
    getCanvas() {
      return document.createElement('canvas');
    }
    resize() {
      engine.resizes += 1;
    }
    remove() {}
  }
  class Marker {}
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
