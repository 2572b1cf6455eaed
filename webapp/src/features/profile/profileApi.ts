/**
 * The profile screens' calls: the user's badges and edit proposals, public profiles. The user's
 * submissions live in `api/submissionsApi.ts`, since the add and logbook screens update them. The
 * account's own profile (and its name check) lives in `api/accountApi.ts`, since the session
 * reads it too.
 */
import { baseApi, LIST_ID, listTags, unwrap } from '../../api/baseApi';
import type {
  AwardedBadge,
  CatalogueBadge,
  Envelope_BadgeCatalogue,
  Envelope_MyBadges,
  Envelope_MyEdits,
  Envelope_PublicProfile,
  MyEdits,
  PublicProfile,
} from '../../api/types';
import { MY_EDITS_LIMIT } from '../../config/constants';

export interface MyEditsArgs {
  page?: number;
}

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Newest award first. */
    getMyBadges: build.query<AwardedBadge[], void>({
      query: () => '/me/badges',
      transformResponse: (r: Envelope_MyBadges) => unwrap(r).badges,
      providesTags: [{ type: 'Badge', id: 'MINE' }],
    }),
    /** The active badges, each with how many accounts hold it. */
    getAllBadges: build.query<CatalogueBadge[], void>({
      query: () => '/badges',
      transformResponse: (r: Envelope_BadgeCatalogue) => unwrap(r).badges,
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
      providesTags: (r) => listTags('MyEdits', r?.edits),
    }),
  }),
});

export const { useGetMyBadgesQuery, useGetAllBadgesQuery, useGetPublicProfileQuery, useGetMyEditsQuery } = profileApi;
