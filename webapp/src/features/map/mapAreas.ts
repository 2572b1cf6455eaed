/**
 * The map's Areas layer (issue 33): the areas of the view, asked as the markers are (after the
 * map rests), from GET /me/areas with what the person has seen when they are signed in, else
 * GET /areas; and each area as the map draws it (`MapArea`: its shape and shading).
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetAreasQuery, useGetMyAreasQuery, type AreaView } from '../../api/areasApi';
import { selectIsAuthenticated } from '../../api/session';
import type { Area, AreaList } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { areaShare } from '../../lib/areas';
import type { MapArea, MapBounds } from '../../lib/map';

/** The view is asked widened to whole hundredths of a degree (about a kilometre), so a small pan asks the same. */
const STEP = 100;

/**
 * The view asked for `bounds`: widened outward to the step, within the world; a view across the
 * antimeridian (the engine reports a west beyond -180 or an east beyond 180) asks for every
 * longitude, which the server answers as too wide for grid cells.
 */
export function areaViewFor(bounds: MapBounds): AreaView {
  const clamp = (x: number, lim: number) => Math.min(lim, Math.max(-lim, x));
  const down = (x: number) => Math.floor(x * STEP) / STEP;
  const up = (x: number) => Math.ceil(x * STEP) / STEP;
  const across = bounds.west < -180 || bounds.east > 180 || bounds.west > bounds.east;
  return {
    north: clamp(up(bounds.north), 90),
    south: clamp(down(bounds.south), 90),
    east: across ? 180 : clamp(up(bounds.east), 180),
    west: across ? -180 : clamp(down(bounds.west), 180),
  };
}

/** An area's box. */
export function areaBounds(area: Pick<Area, 'north' | 'south' | 'east' | 'west'>): MapBounds {
  return { north: area.north, south: area.south, east: area.east, west: area.west };
}

/** An area as the map draws it: its shape, and its progress for someone signed in. */
export function toMapArea(area: Area): MapArea {
  return { key: area.key, shapes: area.shapes ?? null, bounds: areaBounds(area), progress: areaShare(area), finished: area.finished };
}

/** The Areas layer's read, whoever is asking. */
export interface MapAreas {
  /** Someone is signed in: the areas carry what they have seen. */
  signedIn: boolean;
  /** The last answer (kept while the next view's is read). */
  data: AreaList | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => void;
}

/** The areas of the view `bounds` while the layer is on (`bounds` null: off). */
export function useMapAreas(bounds: MapBounds | null): MapAreas {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const view = bounds ? areaViewFor(bounds) : null;
  const mine = useGetMyAreasQuery(signedIn && view ? view : skipToken);
  const anyone = useGetAreasQuery(!signedIn && view ? view : skipToken);
  const query = signedIn ? mine : anyone;
  return {
    signedIn,
    data: view ? query.data : undefined,
    isFetching: query.isFetching,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
