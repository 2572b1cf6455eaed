/**
 * The profile screens' calls: the user's badges and edit proposals, public profiles. The user's
 * submissions live in `api/submissionsApi.ts`, since the add and logbook screens update them. The
 * account's own profile (and its name check) lives in `api/accountApi.ts`, since the session
 * reads it too.
 */
import { baseApi, envelopeOrFlat, LIST_ID, unwrap } from '../../api/baseApi';
import type { Badge } from '../../api/provisional';
import type { Envelope_MyEdits, Envelope_PublicProfile, MyEdits, PublicProfile } from '../../api/types';
import { MY_EDITS_LIMIT } from '../../config/constants';

export interface MyEditsArgs {
  page?: number;
}

function listOf<T>(raw: unknown, key: string): T[] {
  const d = envelopeOrFlat<Record<string, unknown> | unknown[]>(raw);
  if (Array.isArray(d)) return d as T[];
  const v = d[key];
  return Array.isArray(v) ? (v as T[]) : [];
}

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyBadges: build.query<Badge[], void>({
      query: () => '/me/badges',
      transformResponse: (raw: unknown) => listOf<Badge>(raw, 'badges'),
      providesTags: [{ type: 'Badge', id: 'MINE' }],
    }),
    getAllBadges: build.query<Badge[], void>({
      query: () => '/badges',
      transformResponse: (raw: unknown) => listOf<Badge>(raw, 'badges'),
      providesTags: [{ type: 'Badge', id: LIST_ID }],
    }),
    getPublicProfile: build.query<PublicProfile, string>({
      query: (id) => `/users/${encodeURIComponent(id)}`,
      transformResponse: (r: Envelope_PublicProfile) => unwrap(r),
      providesTags: (_r, _e, id) => [{ type: 'Profile', id }],
    }),
    /** Proposing an edit (an artwork's, an artist's, a new artist) invalidates the list. */
    getMyEdits: build.query<MyEdits, MyEditsArgs>({
      query: ({ page = 1 }) => ({ url: '/me/edits', params: { page, limit: MY_EDITS_LIMIT } }),
      transformResponse: (r: Envelope_MyEdits) => unwrap(r),
      providesTags: (r) => [
        { type: 'MyEdits', id: LIST_ID },
        ...(r?.edits.map((e) => ({ type: 'MyEdits' as const, id: e.id })) ?? []),
      ],
    }),
  }),
});

export const { useGetMyBadgesQuery, useGetAllBadgesQuery, useGetPublicProfileQuery, useGetMyEditsQuery } = profileApi;
