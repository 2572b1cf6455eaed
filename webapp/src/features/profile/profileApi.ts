/**
 * The profile screens' calls: the user's badges, public profiles. The user's submissions live in
 * `api/submissionsApi.ts`, since the add and logbook screens update them. The account's
 * own profile (and its name check) lives in `api/accountApi.ts`, since the session reads it too.
 */
import { baseApi, envelopeOrFlat, LIST_ID, unwrap } from '../../api/baseApi';
import type { Badge } from '../../api/provisional';
import type { Envelope_PublicProfile, PublicProfile } from '../../api/types';

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
  }),
});

export const { useGetMyBadgesQuery, useGetAllBadgesQuery, useGetPublicProfileQuery } = profileApi;
