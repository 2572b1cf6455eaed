/**
 * The one RTK Query api slice. Features add their endpoints with `baseApi.injectEndpoints`; tag
 * types are declared here, once.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
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
  'Review',
  'Feedback',
  'Permission',
  'Audit',
  'Statistics',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

/** The id used for the whole-collection tag of a list query. */
export const LIST_ID = 'LIST';

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Accepts both the enveloped (`{data: {...}}`) and the flat form of a response: for the
 * endpoints the OpenAPI document does not describe yet (types in `provisional.ts`).
 */
export function envelopeOrFlat<T>(raw: unknown): T {
  if (isRecord(raw) && 'data' in raw && isRecord(raw.data)) {
    const merged = { ...raw.data } as Record<string, unknown>;
    if (merged.message === undefined && typeof raw.message === 'string') merged.message = raw.message;
    if (merged.success === undefined && typeof raw.success === 'boolean') merged.success = raw.success;
    return merged as T;
  }
  return raw as T;
}
