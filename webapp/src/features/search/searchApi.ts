/** Search (SPEC §7): full-text results, suggestions, and artworks near a photo's location. */
import { baseApi, envelopeOrFlat, LIST_ID, unwrap } from '../../api/baseApi';
import type { RawSearchResult, SearchResponse, SuggestionsResponse } from '../../api/provisional';
import type { ArtworkDto, Envelope, NearbyResponse } from '../../api/types';
import { SEARCH } from '../../config/constants';

export interface SearchResult {
  id: string;
  kind: 'artwork' | 'artist';
  title: string;
  subtitle: string | null;
  artworkType: string | null;
}

export interface SearchResults {
  results: SearchResult[];
  total: number;
  page: number;
  perPage: number;
}

function normalise(raw: RawSearchResult): SearchResult | null {
  if (!raw.id) return null;
  const kind = raw.kind === 'artist' || raw.type === 'artist' || (!raw.title && !!raw.name) ? 'artist' : 'artwork';
  return {
    id: raw.id,
    kind,
    title: raw.title ?? raw.name ?? 'Untitled',
    subtitle: kind === 'artist' ? (raw.country ?? null) : (raw.description ?? null),
    artworkType: raw.artwork_type ?? null,
  };
}

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<SearchResults, { q: string; page?: number }>({
      query: ({ q, page = 1 }) => ({
        url: '/search',
        params: { q: q.trim(), page, per_page: SEARCH.perPage, status: SEARCH.status },
      }),
      transformResponse: (raw: unknown, _meta, { page = 1 }) => {
        const d = envelopeOrFlat<SearchResponse>(raw);
        const list = d.results ?? [...(d.artworks ?? []), ...(d.artists ?? []).map((a) => ({ ...a, kind: 'artist' }))];
        const results = list.map(normalise).filter((r): r is SearchResult => r !== null);
        return { results, total: d.total ?? d.pagination?.total ?? results.length, page, perPage: SEARCH.perPage };
      },
      providesTags: ['Search'],
    }),
    searchSuggestions: build.query<string[], string>({
      query: (q) => ({ url: '/search/suggestions', params: { q: q.trim(), limit: SEARCH.suggestionsLimit } }),
      transformResponse: (raw: unknown) => {
        const d = envelopeOrFlat<SuggestionsResponse>(raw);
        return (d.suggestions ?? [])
          .map((s) => (typeof s === 'string' ? s : (s.text ?? s.title ?? '')))
          .filter(Boolean)
          .slice(0, SEARCH.suggestionsLimit);
      },
    }),
    artworksNearPhoto: build.query<ArtworkDto[], { lat: number; lon: number }>({
      query: ({ lat, lon }) => ({ url: '/artworks/nearby', params: { lat, lon, radius: 500, limit: 20 } }),
      transformResponse: (r: Envelope<NearbyResponse<ArtworkDto>>) => unwrap(r).artworks,
      providesTags: [{ type: 'Artwork', id: LIST_ID }],
    }),
  }),
});

export const { useSearchQuery, useSearchSuggestionsQuery, useArtworksNearPhotoQuery } = searchApi;
