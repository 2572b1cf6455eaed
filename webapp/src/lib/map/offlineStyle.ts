/**
 * A style that needs no network: a water background, Natural Earth land (1:110m, public
 * domain, from world-atlas) that fades out as you zoom in, and a dot grid at street zooms so
 * panning is visible where no tiles are drawn. Colours come from the active theme.
 */
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land110m from 'world-atlas/land-110m.json';
import { t } from '../../i18n';

export interface MapColors {
  water: string;
  land: string;
  grid: string;
}

export function themeMapColors(): MapColors {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    water: v('--map-water', '#c9dcea'),
    land: v('--map-land', '#eef0e8'),
    grid: v('--map-grid', '#b8bcb0'),
  };
}

let landCache: GeoJSON.FeatureCollection | GeoJSON.Feature | null = null;

function landGeoJson(): GeoJSON.FeatureCollection | GeoJSON.Feature {
  if (!landCache) {
    const topo = land110m as unknown as Topology<{ land: GeometryCollection }>;
    landCache = feature(topo, topo.objects.land);
  }
  return landCache;
}

export const GRID_PATTERN = 'plinth-dot-grid';

/** A 24 × 24 tile with one soft dot, as raw RGBA for `map.addImage`. */
export function dotGridImage(color: string): { width: number; height: number; data: Uint8Array } {
  const size = 24;
  const data = new Uint8Array(size * size * 4);
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color.trim());
  const [r, g, b] = m ? [m[1], m[2], m[3]].map((h) => parseInt(h ?? '0', 16)) : [150, 150, 150];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - 11.5, y - 11.5);
      const a = d < 1.2 ? 255 : d < 2 ? 110 : 0;
      const i = (y * size + x) * 4;
      data[i] = r ?? 150;
      data[i + 1] = g ?? 150;
      data[i + 2] = b ?? 150;
      data[i + 3] = a;
    }
  }
  return { width: size, height: size, data };
}

export function offlineStyle(colors: MapColors): Record<string, unknown> {
  return {
    version: 8,
    name: 'Plinth offline',
    sources: {
      land: {
        type: 'geojson',
        data: landGeoJson(),
        attribution: t('map.offline.landAttribution'),
      },
    },
    layers: [
      {
        id: 'background',
        type: 'background',
        paint: {
          'background-color': [
            'interpolate',
            ['linear'],
            ['zoom'],
            6,
            colors.water,
            8,
            colors.land,
          ],
        },
      },
      {
        id: 'land',
        type: 'fill',
        source: 'land',
        paint: {
          'fill-color': colors.land,
          'fill-opacity': ['interpolate', ['linear'], ['zoom'], 6, 1, 8, 0],
        },
      },
    ],
  };
}
