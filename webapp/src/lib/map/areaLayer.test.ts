import { describe, expect, it } from 'vitest';
import { AREA_COLORS, areaCollection, areaFillOpacity, areaStage, boxPolygon, escapeHtml } from './areaLayer';
import type { MapArea } from './types';

const BOX = { north: 49.293, south: 49.284, east: -123.114, west: -123.128 };
const cell = (over: Partial<MapArea> = {}): MapArea => ({ key: 'g:1:2', shapes: null, bounds: BOX, progress: null, finished: false, ...over });
const SHAPES = [
  [
    [
      [-123.18, 49.26],
      [-123.14, 49.26],
      [-123.14, 49.28],
      [-123.18, 49.26],
    ],
  ],
];

describe('the Areas layer', () => {
  it('draws a grid cell as its box, one closed ring', () => {
    expect(boxPolygon(BOX)).toEqual([
      [
        [-123.128, 49.284],
        [-123.114, 49.284],
        [-123.114, 49.293],
        [-123.128, 49.293],
        [-123.128, 49.284],
      ],
    ]);
    expect(areaCollection([cell()]).features[0]!.geometry).toEqual({ type: 'Polygon', coordinates: boxPolygon(BOX) });
  });

  it('draws a boundary file’s area as its MultiPolygon, holes and all', () => {
    const [feature] = areaCollection([cell({ key: 'kits', shapes: SHAPES })]).features;
    expect(feature!.geometry).toEqual({ type: 'MultiPolygon', coordinates: SHAPES });
    expect(feature!.properties).toMatchObject({ key: 'kits' });
  });

  it('outlines an area without a fill for whoever is not signed in', () => {
    expect(areaStage(cell())).toBe('outline');
    expect(areaCollection([cell()]).features[0]!.properties).toEqual({ key: 'g:1:2', stage: 'outline', color: AREA_COLORS.outline, opacity: 0 });
  });

  it('fills an area darker as more of it is seen, and a finished one in a colour of its own', () => {
    const opacities = [0, 0.5, 0.99].map((progress) => areaFillOpacity({ progress, finished: false }));
    expect(opacities[0]).toBeGreaterThan(0);
    expect(opacities[0]).toBeLessThan(opacities[1]!);
    expect(opacities[1]).toBeLessThan(opacities[2]!);
    expect(areaFillOpacity({ progress: 1, finished: true })).toBeGreaterThanOrEqual(opacities[2]!);
    // Out of range is held in range.
    expect(areaFillOpacity({ progress: 7, finished: false })).toBe(areaFillOpacity({ progress: 1, finished: false }));

    const [begun, finished] = areaCollection([cell({ progress: 0.5 }), cell({ key: 'g:1:3', progress: 1, finished: true })]).features;
    expect(begun!.properties).toMatchObject({ stage: 'progress', color: AREA_COLORS.progress, opacity: opacities[1] });
    expect(finished!.properties).toMatchObject({ stage: 'finished', color: AREA_COLORS.finished });
    expect(AREA_COLORS.finished).not.toBe(AREA_COLORS.progress);
  });

  it('gives the engines an attribution as text, not markup', () => {
    expect(escapeHtml('City of <b>Vancouver</b> & “friends” \'n co')).toBe('City of &#60;b&#62;Vancouver&#60;/b&#62; &#38; “friends” &#39;n co');
  });
});
