/**
 * Artworks (SPEC §7): the paged index, filtered by type, photo and place; a moderator's revert of
 * one change in the history, and merging a duplicate into another record (and undoing that).
 * Proposing an edit is `api/artworkApi`'s (the help screen proposes too).
 */
import { baseApi, LIST_ID, listTags, sortedPageParams, unwrap, type SortedPageArgs } from '../../api/baseApi';
import type {
  Merged,
  MergeRequest,
  RevertRequest,
  Reverted,
  UnmergeRequest,
} from '../../api/types';
import type { ArtworkPage, ArtworkType, Envelope, Envelope_ArtworkPage } from '../../api/types';
import type { MessageKey } from '../../i18n';

export const ARTWORK_SORTS = ['updated_desc', 'title_asc', 'created_desc'] as const;
export type ArtworkSort = (typeof ARTWORK_SORTS)[number];

/** Each sort's name, as a message (`t(ARTWORK_SORT_LABELS[s])`). */
export const ARTWORK_SORT_LABELS: Record<ArtworkSort, MessageKey> = {
  updated_desc: 'artworks.sort.updatedDesc',
  title_asc: 'artworks.sort.titleAsc',
  created_desc: 'artworks.sort.createdDesc',
};

export interface ArtworkListArgs extends SortedPageArgs<ArtworkSort> {
  /** Only artworks of this type. */
  type?: ArtworkType;
  /** Only artworks with at least one photo shown. */
  hasPhoto?: boolean;
  /** Only artworks in this city, named as GET /places names it. */
  city?: string;
  /** Only artworks in this area of `city` (the server refuses an area without its city). */
  area?: string;
}

export const artworksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getArtworks: build.query<ArtworkPage, ArtworkListArgs>({
      query: ({ type, hasPhoto, city, area, ...page }) => ({
        url: '/artworks',
        // An unset filter is left out of the query.
        params: { ...sortedPageParams(page), type, has_photo: hasPhoto || undefined, city, area: city ? area : undefined },
      }),
      transformResponse: (r: Envelope_ArtworkPage) => unwrap(r),
      providesTags: (result) => listTags('Artwork', result?.artworks),
    }),
    revertArtworkChange: build.mutation<Reverted, { artworkId: string; body: RevertRequest }>({
      query: ({ artworkId, body }) => ({ url: `/artworks/${encodeURIComponent(artworkId)}/revert`, method: 'POST', body }),
      transformResponse: (r: Envelope<Reverted>) => unwrap(r),
      // The artwork, its history and its versions as of a change share its tag; the index shows its title.
      invalidatesTags: (_r, error, { artworkId }) =>
        error ? [] : [{ type: 'Artwork', id: artworkId }, { type: 'Artwork', id: LIST_ID }],
    }),
    mergeArtwork: build.mutation<Merged, { artworkId: string; body: MergeRequest }>({
      query: ({ artworkId, body }) => ({ url: `/artworks/${encodeURIComponent(artworkId)}/merge`, method: 'POST', body }),
      transformResponse: (r: Envelope<Merged>) => unwrap(r),
      invalidatesTags: (r, error, { artworkId }) => (error || !r ? [] : bothArtworks(artworkId, r.into)),
    }),
    unmergeArtwork: build.mutation<Merged, { artworkId: string; body: UnmergeRequest }>({
      query: ({ artworkId, body }) => ({ url: `/artworks/${encodeURIComponent(artworkId)}/unmerge`, method: 'POST', body }),
      transformResponse: (r: Envelope<Merged>) => unwrap(r),
      invalidatesTags: (r, error, { artworkId }) => (error || !r ? [] : bothArtworks(artworkId, r.into)),
    }),
  }),
});

/** A merge changes both artworks (photos, logbook, tags, status) and the index. */
function bothArtworks(a: string, b: string) {
  return [{ type: 'Artwork' as const, id: a }, { type: 'Artwork' as const, id: b }, { type: 'Artwork' as const, id: LIST_ID }];
}

export const {
  useGetArtworksQuery,
  useRevertArtworkChangeMutation,
  useMergeArtworkMutation,
  useUnmergeArtworkMutation,
} = artworksApi;
