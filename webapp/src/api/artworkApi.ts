/** One artwork by id: shared by the detail, logbook, edit and list screens. */
import { baseApi, unwrap } from './baseApi';
import type { ArtworkDetailDto, Envelope_ArtworkDetailDto } from './types';

export const artworkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getArtwork: build.query<ArtworkDetailDto, string>({
      query: (id) => `/artworks/${encodeURIComponent(id)}`,
      transformResponse: (r: Envelope_ArtworkDetailDto) => unwrap(r),
      providesTags: (_r, _e, id) => [{ type: 'Artwork', id }],
    }),
  }),
});

export const { useGetArtworkQuery } = artworkApi;
