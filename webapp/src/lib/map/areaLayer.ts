/**
 * The Areas layer's data (issue 33), apart from the engine so it can be tested: each area as a
 * GeoJSON feature (a boundary file's MultiPolygon, or a grid cell's box as a rectangle) with how
 * it is drawn. Nobody signed in: an outline. Signed in: a fill that darkens as more of the area's
 * artworks are seen, and a finished area in a colour of its own with a thicker outline. The
 * Areas panel's legend and the progress bars (components/AreaProgress.css) use the same colours.
 */
import type { MapArea, MapBounds } from './types';

export const AREA_COLORS = { outline: '#455a64', progress: '#1565c0', finished: '#2e7d32' } as const;

/** A fill from "not begun" (faint, so the area still reads as one) to "all seen" (the markers still show through). */
const FILL = { begun: 0.08, all: 0.5 } as const;

export type AreaStage = keyof typeof AREA_COLORS;

export function areaStage(area: Pick<MapArea, 'progress' | 'finished'>): AreaStage {
  if (area.finished) return 'finished';
  return area.progress === null ? 'outline' : 'progress';
}

/** How opaque an area's fill is: none for an outline, else growing with the share seen. */
export function areaFillOpacity(area: Pick<MapArea, 'progress' | 'finished'>): number {
  const stage = areaStage(area);
  if (stage === 'outline') return 0;
  if (stage === 'finished') return FILL.all;
  const share = Math.min(1, Math.max(0, area.progress ?? 0));
  return Math.round((FILL.begun + (FILL.all - FILL.begun) * share) * 100) / 100;
}

/** A box as a GeoJSON Polygon's coordinates: one ring, counter-clockwise, closed. */
export function boxPolygon(b: MapBounds): number[][][] {
  return [
    [
      [b.west, b.south],
      [b.east, b.south],
      [b.east, b.north],
      [b.west, b.north],
      [b.west, b.south],
    ],
  ];
}

/** The areas as the layer's source takes them, each with its stage, colour and fill. */
export function areaCollection(areas: MapArea[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: areas.map((a) => {
      const stage = areaStage(a);
      return {
        type: 'Feature',
        geometry: a.shapes ? { type: 'MultiPolygon', coordinates: a.shapes } : { type: 'Polygon', coordinates: boxPolygon(a.bounds) },
        properties: { key: a.key, stage, color: AREA_COLORS[stage], opacity: areaFillOpacity(a) },
      };
    }),
  };
}

/** Text for the engines' attribution, which they render as HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
