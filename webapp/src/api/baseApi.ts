/**
 * The one RTK Query api slice. Features add their endpoints with `baseApi.injectEndpoints`; tag
 * types are declared here, once.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { PAGINATION } from '../config/constants';
import { apiRequest, type RequestArgs, type ResponseMeta } from './client';
import type { ApiError } from './errors';

export const plinthBaseQuery: BaseQueryFn<string | RequestArgs, unknown, ApiError, object, ResponseMeta> = async (
  args,
  api,
) => apiRequest(args, { signal: api.signal });

export const TAG_TYPES = [
  'Artwork',
  'Artist',
  'Auth',
  'Status',
  'Search',
  'Submission',
  /** The caller's own edit proposals (GET /me/edits). */
  'MyEdits',
  'Profile',
  'Badge',
  'Notification',
  'List',
  /** An artwork's saved counts and the caller's lists holding it (GET /artworks/{id}/saved). */
  'Saved',
  /** What the artworks around a place lack (GET /tasks/nearby), by artwork: a proposal or a visit answers it. */
  'Task',
  /** Areas to finish and what the caller has seen of them (GET /areas, /me/areas); a boundary file loaded or cleared changes them all. */
  'Area',
  'Review',
  'Feedback',
  'Permission',
  'Audit',
  'Statistics',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

/** The id used for the whole-collection tag of a list query. */
export const LIST_ID = 'LIST';

/** What a list query provides: the whole collection's tag of `type`, then one tag per item read. */
export function listTags<T extends TagType>(type: T, items: ReadonlyArray<{ id: string }> | undefined) {
  return [{ type, id: LIST_ID }, ...(items ?? []).map((item) => ({ type, id: item.id }))];
}

/** A sorted index's page (GET /artworks, GET /artists): which page, how long, in which order. */
export interface SortedPageArgs<Sort extends string> {
  page?: number;
  limit?: number;
  sort?: Sort;
}

/** The page, length and order a sorted index is asked for: the usual ones where `args` leaves them out. */
export function sortedPageParams<Sort extends string>({ page = PAGINATION.defaultPage, limit = PAGINATION.defaultLimit, sort }: SortedPageArgs<Sort>) {
  return { page, limit, sort: sort ?? PAGINATION.defaultSort };
}

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: plinthBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/** The `data` of the response envelope (an `Envelope_*` type of `types.ts`). */
export function unwrap<E extends { data: unknown }>(response: E): E['data'] {
  return response.data;
}

/**
 * What an endpoint's `onQueryStarted` is given that optimistic cache patches need. Spelled out
 * rather than derived from the api that injects the endpoint, whose type would then depend on itself.
 */
export interface CacheApi {
  getState: () => Parameters<typeof baseApi.util.selectCachedArgsForQuery>[0];
  dispatch: <R>(thunk: ThunkAction<R, never, unknown, UnknownAction>) => R;
}

/** An optimistic change to the cache, and how to take it back. */
export type Patch = { undo: () => void };

/** Keeps the optimistic `patches` if the request succeeds; undoes them if it fails. */
export async function undoIfFailed(patches: Patch[], queryFulfilled: Promise<unknown>): Promise<void> {
  try {
    await queryFulfilled;
  } catch {
    patches.forEach((p) => p.undo());
  }
}
