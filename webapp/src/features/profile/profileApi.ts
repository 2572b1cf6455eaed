/** The signed-in (or anonymous) user's own data: profile, submissions, badges; public profiles. */
import { baseApi, envelopeOrFlat, LIST_ID } from '../../api/baseApi';
import type { Badge, Profile, PublicProfile, Submission } from '../../api/provisional';

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
    getMyProfile: build.query<Profile, void>({
      query: () => '/me/profile',
      transformResponse: (raw: unknown) => envelopeOrFlat<Profile>(raw),
      providesTags: ['Profile'],
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
      transformResponse: (raw: unknown) => envelopeOrFlat<PublicProfile>(raw),
      providesTags: (_r, _e, id) => [{ type: 'Profile', id }],
    }),
  }),
});

export const {
  useGetMySubmissionsQuery,
  useGetMyProfileQuery,
  useGetMyBadgesQuery,
  useGetAllBadgesQuery,
  useGetPublicProfileQuery,
} = profileApi;
