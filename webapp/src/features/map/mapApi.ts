/**
 * Markers for the map: GET /artworks/nearby in its minimal form, one call per viewport tile; the
 * removed layer asks the same with `status=removed`. The map as it was asks the same tiles with
 * `as_of` (each marker then says what `changed_since`), its layers with `status=added|removed`;
 * GET /artworks/timeline gives the time slider its range.
 */
import { baseApi, LIST_ID, unwrap } from '../../api/baseApi';
import type { ArtworkMinimalDto, Envelope, NearbyMinimal, NearbyPast, PastMarker, Timeline } from '../../api/types';
import { NEARBY } from '../../config/constants';
import { mergeNearby } from './mapView';

export interface NearbyArgs {
  lat: number;
  lon: number;
  radius?: number;
  limit?: number;
  /**
   * `approved` (the default, left out of the request) or `removed` (the removed layer; with
   * `as_of`, removed since); `added` (with `as_of`: on today's map, not then).
   */
  status?: 'approved' | 'removed' | 'added';
  /** The map as it stood then: a date `YYYY-MM-DD` (its end, UTC) or an RFC 3339 time. */
  as_of?: string;
}

/** A marker of either map: today's (minimal) or one as it was, with what changed since. */
export type NearbyMarker = ArtworkMinimalDto & Partial<Pick<PastMarker, 'changed_since'>>;

/** The tiles' answers merged (see `mergeNearby`). */
export interface NearbyTiled {
  artworks: NearbyMarker[];
  /** Some tile returned its full limit: there is more than is shown. */
  truncated: boolean;
}

function nearbyRequest({ lat, lon, radius = NEARBY.defaultRadius, limit = NEARBY.defaultLimit, status, as_of }: NearbyArgs) {
  return {
    url: '/artworks/nearby',
    params: {
      lat,
      lon,
      radius: Math.min(radius, NEARBY.maxRadius),
      limit,
      minimal: true,
      ...(status === 'removed' || status === 'added' ? { status } : {}),
      ...(as_of ? { as_of } : {}),
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
        const lists: NearbyMarker[][] = [];
        let truncated = false;
        for (const r of results) {
          if (r.error) return { error: r.error };
          const data = unwrap(r.data as Envelope<NearbyMinimal | NearbyPast>);
          lists.push(data.artworks);
          if (data.artworks.length >= data.limit) truncated = true;
        }
        return { data: { artworks: mergeNearby(lists), truncated } };
      },
      providesTags: [{ type: 'Artwork', id: LIST_ID }],
      keepUnusedDataFor: 120,
    }),
    /** The span the time slider covers: when the first artwork came onto the map, and now. */
    getTimeline: build.query<Timeline, void>({
      query: () => '/artworks/timeline',
      transformResponse: (r: Envelope<Timeline>) => unwrap(r),
      providesTags: [{ type: 'Artwork', id: LIST_ID }],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetNearbyArtworksQuery, useGetNearbyTilesQuery, useGetTimelineQuery } = mapApi;
