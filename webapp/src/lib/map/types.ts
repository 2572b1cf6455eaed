/** The map as screens see it: engine-neutral, so screens stay testable without WebGL. */
import type { LatLng } from '../geo';
import type { BasemapKind } from './basemap';

export type MapEngineKind = 'maplibre' | 'mapbox';

export interface MapPoint {
  id: string;
  title: string;
  type: string;
  lat: number;
  lng: number;
  /**
   * Marked removed by a moderator: drawn as a layer of its own (greyed, hollow, dashed, never
   * clustered), and so reported by `onPointClick`.
   */
  removed?: boolean;
  /**
   * On the map as it was: added since then (the "Added since" layer) or changed since (moved,
   * renamed or retyped): drawn with a ring of its own colour, and so reported by `onPointClick`.
   */
  since?: 'added' | 'changed';
}

export interface MapBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

export interface MapViewport {
  center: LatLng;
  zoom: number;
  bounds: MapBounds;
}

/** A route to walk (a list's tour): a line from `start` (when known) through `stops` in order. */
export interface MapRoute {
  start: LatLng | null;
  /** Drawn numbered, from 1. */
  stops: LatLng[];
}

/**
 * An area of the Areas layer (issue 33), drawn under the markers: a boundary file's polygons or a
 * grid cell's box, shaded by how much of it the person has seen.
 */
export interface MapArea {
  key: string;
  /** GeoJSON MultiPolygon coordinates (`[lon, lat]` rings, holes after their outline); null: `bounds` is its shape. */
  shapes: number[][][][] | null;
  bounds: MapBounds;
  /** The share of its artworks the person has seen, 0 to 1; null: nobody signed in, an outline only. */
  progress: number | null;
  finished: boolean;
}

/** Pixels kept free at each side when fitting the view (panels over the map). */
export interface MapPadding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface CreateMapOptions {
  container: HTMLElement;
  center: LatLng;
  zoom: number;
  /** false: a static preview (no pan, zoom or controls). */
  interactive?: boolean;
  /** Cluster points on the GPU (default true). */
  cluster?: boolean;
  /** Mapbox token: set → mapbox-gl renders; unset → maplibre-gl. */
  mapboxAccessToken?: string | null;
  /** A style with real tiles; unset → the built-in offline style. */
  styleUrl?: string | null;
}

export interface PlinthMap {
  readonly kind: MapEngineKind;
  /** The basemap drawn: the configured streets, the offline style, or the offline style as a fallback. */
  readonly basemap: BasemapKind;
  setPoints: (points: MapPoint[]) => void;
  setSelected: (id: string | null) => void;
  setUserLocation: (position: LatLng | null) => void;
  flyTo: (center: LatLng, zoom?: number) => void;
  getViewport: () => MapViewport;
  onMoveEnd: (cb: (viewport: MapViewport) => void) => () => void;
  onPointClick: (cb: (point: MapPoint) => void) => () => void;
  /** A click on the map that hit no marker or cluster, with where it was. */
  onBackgroundClick: (cb: (at: LatLng) => void) => () => void;
  /** One draggable pin (placing a location by hand); null removes it. */
  setPin: (at: LatLng | null) => void;
  /** The pin was dragged to a new place. */
  onPinMove: (cb: (at: LatLng) => void) => () => void;
  /** One route as a line with numbered stops; null removes it. Kept across style reloads. */
  setRoute: (route: MapRoute | null) => void;
  /**
   * The Areas layer: `areas` filled and outlined under the markers (none removes it), with the
   * boundary file's `attribution` in the map's attribution. Kept across style reloads.
   */
  setAreas: (areas: MapArea[], attribution?: string | null) => void;
  /** Shows the whole of `bounds` (at most street level), `padding` pixels clear of the edges. */
  fitBounds: (bounds: MapBounds, padding?: Partial<MapPadding>) => void;
  /**
   * Fits the canvas to its container now. It follows the container by itself, a frame later;
   * this is for a caller about to place the view in a container whose size just changed.
   */
  resize: () => void;
  destroy: () => void;
}
