/**
 * Areas to finish (issue 33). GET /areas: the areas of a view and how many approved artworks each
 * holds (anyone; caches may keep it a minute). GET /me/areas: the same with what the signed-in
 * caller has seen of each (their approved visits and added artworks) and whether they finished
 * it; without a view, every area they have begun, finished first. The map, /profile and the
 * admins' Areas tab read them; loading or clearing a boundary file (features/admin) invalidates
 * them all.
 */
import { baseApi, LIST_ID, unwrap } from './baseApi';
import type { AreaFile, AreaList, Envelope } from './types';

/** A box of the map, as the calls take it. */
export interface AreaView {
  north: number;
  south: number;
  east: number;
  west: number;
}

export const AREA_LIST = { type: 'Area', id: LIST_ID } as const;

/**
 * A view that holds no area of the grid or (in practice) of a file: GET /me/areas of it answers
 * the file in force alone, never from a cache (the answer is private), so a file just loaded shows.
 */
const FILE_ONLY: AreaView = { north: 0, south: 0, east: 0, west: 0 };

export const areasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The areas of a view, for anyone. */
    getAreas: build.query<AreaList, AreaView>({
      query: (view) => ({ url: '/areas', params: { ...view } }),
      transformResponse: (r: Envelope<AreaList>) => unwrap(r),
      providesTags: [AREA_LIST],
    }),
    /** The caller's progress in a view's areas; with none (`null`), in every area they have begun. */
    getMyAreas: build.query<AreaList, AreaView | null>({
      query: (view) => ({ url: '/me/areas', params: view ? { ...view } : {} }),
      transformResponse: (r: Envelope<AreaList>) => unwrap(r),
      providesTags: [AREA_LIST],
    }),
    /** The boundary file in force; null while areas are grid cells (signed in only). */
    getAreaFile: build.query<AreaFile | null, void>({
      query: () => ({ url: '/me/areas', params: { ...FILE_ONLY } }),
      transformResponse: (r: Envelope<AreaList>) => unwrap(r).file ?? null,
      providesTags: [AREA_LIST],
    }),
  }),
});

export const { useGetAreasQuery, useGetMyAreasQuery, useGetAreaFileQuery } = areasApi;
