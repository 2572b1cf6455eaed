/**
 * Markers for the map: GET /artworks/nearby in its minimal form, one call per viewport tile; the
 * removed layer asks the same with `status=removed`.
 */
import { baseApi, LIST_ID, unwrap } from '../../api/baseApi';
import type { ArtworkMinimalDto, Envelope, NearbyMinimal } from '../../api/types';
import { NEARBY } from '../../config/constants';
import { mergeNearby } from './mapView';

export interface NearbyArgs {
  lat: number;
  lon: number;
  radius?: number;
  limit?: number;
  /** `approved` (the default, left out of the request) or `removed` (the removed layer). */
  status?: 'approved' | 'removed';
}

/** The tiles' answers merged (see `mergeNearby`). */
export interface NearbyTiled {
  artworks: ArtworkMinimalDto[];
  /** Some tile returned its full limit: there is more than is shown. */
  truncated: boolean;
}

function nearbyRequest({ lat, lon, radius = NEARBY.defaultRadius, limit = NEARBY.defaultLimit, status }: NearbyArgs) {
  return {
    url: '/artworks/nearby',
    params: {
      lat,
      lon,
      radius: Math.min(radius, NEARBY.maxRadius),
      limit,
      minimal: true,
      ...(status === 'removed' ? { status } : {}),
    },
  };
}

export const mapApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNearbyArtworks: build.query<NearbyMinimal, NearbyArgs>({
      query: nearbyRequest,
      transformResponse: (r: Envelope<NearbyMinimal>) => unwrap(r),
      providesTags: [{ type: 'Artwork', id: LIST_ID }],
      keepUnusedDataFor: 120,
    }),
    /** The tiles of a viewport (`nearbyTilesFor`), queried in parallel; any failure fails all. */
    getNearbyTiles: build.query<NearbyTiled, NearbyArgs[]>({
      queryFn: async (tiles, _api, _extra, baseQuery) => {
        const results = await Promise.all(tiles.map((t) => Promise.resolve(baseQuery(nearbyRequest(t)))));
        const lists: ArtworkMinimalDto[][] = [];
        let truncated = false;
        for (const r of results) {
          if (r.error) return { error: r.error };
          const data = unwrap(r.data as Envelope<NearbyMinimal>);
          lists.push(data.artworks);
          if (data.artworks.length >= data.limit) truncated = true;
        }
        return { data: { artworks: mergeNearby(lists), truncated } };
      },
      providesTags: [{ type: 'Artwork', id: LIST_ID }],
      keepUnusedDataFor: 120,
    }),
  }),
});

export const { useGetNearbyArtworksQuery, useGetNearbyTilesQuery } = mapApi;
