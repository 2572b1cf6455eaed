/**
 * The map module screens use. It holds no map library itself: `createMap` loads the GL code
 * (and only the configured engine) on first use.
 */
import type { CreateMapOptions, PlinthMap } from './types';

export type { CreateMapOptions, MapArea, MapBounds, MapEngineKind, MapPadding, MapPoint, MapRoute, MapViewport, PlinthMap } from './types';
export { AREA_COLORS, areaFillOpacity } from './areaLayer';
export { ARTWORK_TYPES, ARTWORK_TYPE_COLORS, artworkTypeColor, artworkTypeLabel } from './artworkTypes';
export { nearbyAreaFor, type NearbyArea } from './viewport';

export async function createMap(options: CreateMapOptions): Promise<PlinthMap> {
  const { createGlMap } = await import('./glMap');
  return createGlMap(options);
}

/** WebGL is needed by both engines; without it screens show a list instead. */
export function isWebGLSupported(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
