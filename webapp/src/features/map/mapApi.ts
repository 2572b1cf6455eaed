/** Markers for the map: GET /artworks/nearby in its minimal form. */
import { baseApi, LIST_ID, unwrap } from '../../api/baseApi';
import type { Envelope, NearbyMinimal } from '../../api/types';
import { NEARBY } from '../../config/constants';

export interface NearbyArgs {
  lat: number;
  lon: number;
  radius?: number;
  limit?: number;
}

export const mapApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNearbyArtworks: build.query<NearbyMinimal, NearbyArgs>({
      query: ({ lat, lon, radius = NEARBY.defaultRadius, limit = NEARBY.defaultLimit }) => ({
        url: '/artworks/nearby',
        params: { lat, lon, radius: Math.min(radius, NEARBY.maxRadius), limit, minimal: true },
      }),
      transformResponse: (r: Envelope<NearbyMinimal>) => unwrap(r),
      providesTags: [{ type: 'Artwork', id: LIST_ID }],
      keepUnusedDataFor: 120,
    }),
  }),
});

export const { useGetNearbyArtworksQuery } = mapApi;
