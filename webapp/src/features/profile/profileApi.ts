/**
 * The profile screens' calls: the user's submissions and badges, public profiles. The account's
 * own profile (and its name check) lives in `api/accountApi.ts`, since the session reads it too.
 */
import { baseApi, envelopeOrFlat, LIST_ID, unwrap } from '../../api/baseApi';
import type { Badge, Submission } from '../../api/provisional';
import type { Envelope_PublicProfile, PublicProfile } from '../../api/types';

function listOf<T>(raw: unknown, key: string): T[] {
  const d = envelopeOrFlat<Record<string, unknown> | unknown[]>(raw);
  if (Array.isArray(d)) return d as T[];
  const v = d[key];
  return Array.isArray(v) ? (v as T[]) : [];
}

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMySubmissions: build.query<Submission[], void>({
      query: () => '/me/submissions',
      transformResponse: (raw: unknown) => listOf<Submission>(raw, 'submissions'),
      providesTags: [{ type: 'Submission', id: LIST_ID }],
    }),
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

export const { useGetMySubmissionsQuery, useGetMyBadgesQuery, useGetAllBadgesQuery, useGetPublicProfileQuery } = profileApi;
