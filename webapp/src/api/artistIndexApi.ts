/**
 * The artist index (GET /artists): paged, sorted and searchable by name. Shared by the artists
 * screens and the artwork edit page's artist picker.
 */
import { baseApi, listTags, sortedPageParams, unwrap, type SortedPageArgs } from './baseApi';
import type { ArtistPage, Envelope_ArtistPage } from './types';

export const ARTIST_SORTS = ['updated_desc', 'name_asc', 'created_desc'] as const;
export type ArtistSort = (typeof ARTIST_SORTS)[number];

export interface ArtistListArgs extends SortedPageArgs<ArtistSort> {
  search?: string;
}

export const artistIndexApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getArtists: build.query<ArtistPage, ArtistListArgs>({
      query: ({ search, ...page }) => ({ url: '/artists', params: { ...sortedPageParams(page), search: search?.trim() || undefined } }),
      transformResponse: (r: Envelope_ArtistPage) => unwrap(r),
      providesTags: (result) => listTags('Artist', result?.artists),
    }),
  }),
});

export const { useGetArtistsQuery } = artistIndexApi;
