/** Artist reads: the paged, searchable index and one artist with their artworks. */
import { baseApi, LIST_ID, unwrap } from '../../api/baseApi';
import type { ArtistDetail, ArtistPage, Envelope_ArtistDetail, Envelope_ArtistPage } from '../../api/types';
import { PAGINATION } from '../../config/constants';

export const ARTIST_SORTS = ['updated_desc', 'name_asc', 'created_desc'] as const;
export type ArtistSort = (typeof ARTIST_SORTS)[number];

export const ARTIST_SORT_LABELS: Record<ArtistSort, string> = {
  updated_desc: 'Recently updated',
  name_asc: 'Name (A–Z)',
  created_desc: 'Newest',
};

export interface ArtistListArgs {
  page?: number;
  limit?: number;
  sort?: ArtistSort;
  search?: string;
}

export const artistsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getArtists: build.query<ArtistPage, ArtistListArgs>({
      query: ({ page = PAGINATION.defaultPage, limit = PAGINATION.defaultLimit, sort = 'updated_desc', search }) => ({
        url: '/artists',
        params: { page, limit, sort, search: search?.trim() || undefined },
      }),
      transformResponse: (r: Envelope_ArtistPage) => unwrap(r),
      providesTags: (result) => [
        { type: 'Artist', id: LIST_ID },
        ...(result?.artists.map((a) => ({ type: 'Artist' as const, id: a.id })) ?? []),
      ],
    }),
    getArtist: build.query<ArtistDetail, string>({
      query: (id) => `/artists/${encodeURIComponent(id)}`,
      transformResponse: (r: Envelope_ArtistDetail) => unwrap(r),
      providesTags: (_r, _e, id) => [{ type: 'Artist', id }],
    }),
  }),
});

export const { useGetArtistsQuery, useGetArtistQuery } = artistsApi;
