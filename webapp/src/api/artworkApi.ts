/** One artwork by id: shared by the detail, logbook, edit and list screens. */
import { baseApi, unwrap } from './baseApi';
import type { ArtworkDetail } from './provisional';
import type { Envelope } from './types';

export const artworkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getArtwork: build.query<ArtworkDetail, string>({
      query: (id) => `/artworks/${encodeURIComponent(id)}`,
      transformResponse: (r: Envelope<ArtworkDetail>) => unwrap(r),
      providesTags: (_r, _e, id) => [{ type: 'Artwork', id }],
    }),
  }),
});

export const { useGetArtworkQuery } = artworkApi;
