/**
 * One artwork by id: shared by the detail, logbook, edit and list screens. Also the artwork as it
 * was at a moment of its history (`as_of`; the history itself is `historyApi`'s), and who
 * contributed what it shows.
 */
import { baseApi, unwrap } from './baseApi';
import type { Credits } from './types';
import type { ArtworkDetailDto, Envelope, Envelope_ArtworkDetailDto } from './types';

export interface ArtworkAsOfArgs {
  id: string;
  /** A history entry's id (an event position) or an RFC 3339 time. */
  asOf: string;
}

export const artworkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getArtwork: build.query<ArtworkDetailDto, string>({
      query: (id) => `/artworks/${encodeURIComponent(id)}`,
      transformResponse: (r: Envelope_ArtworkDetailDto) => unwrap(r),
      providesTags: (_r, _e, id) => [{ type: 'Artwork', id }],
    }),
    getArtworkAsOf: build.query<ArtworkDetailDto, ArtworkAsOfArgs>({
      query: ({ id, asOf }) => `/artworks/${encodeURIComponent(id)}?as_of=${encodeURIComponent(asOf)}`,
      transformResponse: (r: Envelope_ArtworkDetailDto) => unwrap(r),
      providesTags: (_r, _e, { id }) => [{ type: 'Artwork', id }],
    }),
    getArtworkContributors: build.query<Credits, string>({
      query: (id) => `/artworks/${encodeURIComponent(id)}/contributors`,
      transformResponse: (r: Envelope<Credits>) => unwrap(r),
      providesTags: (_r, _e, id) => [{ type: 'Artwork', id }],
    }),
  }),
});

export const { useGetArtworkQuery, useGetArtworkAsOfQuery, useGetArtworkContributorsQuery } = artworkApi;
