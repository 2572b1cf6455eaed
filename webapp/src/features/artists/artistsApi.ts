/** One artist with their artworks; the index's sorts as people read them (the index is shared: `api/artistIndexApi`). */
import { baseApi, unwrap } from '../../api/baseApi';
import type { ArtistSort } from '../../api/artistIndexApi';
import type { ArtistDetail, Envelope_ArtistDetail } from '../../api/types';

export const ARTIST_SORT_LABELS: Record<ArtistSort, string> = {
  updated_desc: 'Recently updated',
  name_asc: 'Name (A–Z)',
  created_desc: 'Newest',
};

export const artistsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getArtist: build.query<ArtistDetail, string>({
      query: (id) => `/artists/${encodeURIComponent(id)}`,
      transformResponse: (r: Envelope_ArtistDetail) => unwrap(r),
      providesTags: (_r, _e, id) => [{ type: 'Artist', id }],
    }),
  }),
});

export const { useGetArtistQuery } = artistsApi;
