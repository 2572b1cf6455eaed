/**
 * Search (SPEC §7): GET /search (ranked, typo-tolerant; `tag:key:value` tokens filter),
 * GET /search/suggestions (completions as you type), and the artworks near a photo's location
 * (GET /artworks/nearby) for the photo mode of the add flow.
 */
import { baseApi, LIST_ID, unwrap } from '../../api/baseApi';
import type {
  ArtworkDto,
  Envelope,
  Envelope_SearchResponse,
  Envelope_SuggestionsResponse,
  NearbyResponse,
  SearchResponse,
  SuggestionDto,
} from '../../api/types';
import { NEARBY, SEARCH } from '../../config/constants';
import { nearestFirst, type Candidate } from './searchQuery';

export interface SearchArgs {
  /** Sent trimmed; callers skip the query when it is empty. */
  q: string;
  page?: number;
}

export interface NearPhotoArgs {
  lat: number;
  lon: number;
}

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<SearchResponse, SearchArgs>({
      query: ({ q, page = 1 }) => ({
        url: '/search',
        params: { q: q.trim(), page, per_page: SEARCH.perPage, status: SEARCH.status },
      }),
      transformResponse: (r: Envelope_SearchResponse) => unwrap(r),
      providesTags: [{ type: 'Search', id: LIST_ID }],
    }),
    searchSuggestions: build.query<SuggestionDto[], string>({
      query: (q) => ({ url: '/search/suggestions', params: { q: q.trim(), limit: SEARCH.suggestionsLimit } }),
      transformResponse: (r: Envelope_SuggestionsResponse) => unwrap(r).suggestions.slice(0, SEARCH.suggestionsLimit),
      keepUnusedDataFor: 60,
    }),
    artworksNearPhoto: build.query<Candidate[], NearPhotoArgs>({
      query: ({ lat, lon }) => ({
        url: '/artworks/nearby',
        params: { lat, lon, radius: NEARBY.defaultRadius, limit: NEARBY.defaultLimit },
      }),
      transformResponse: (r: Envelope<NearbyResponse<ArtworkDto>>, _meta, at) => nearestFirst(unwrap(r).artworks, at),
      providesTags: [{ type: 'Artwork', id: LIST_ID }],
    }),
  }),
});

export const { useSearchQuery, useSearchSuggestionsQuery, useArtworksNearPhotoQuery } = searchApi;
