/** Artwork reads: the paged index and one artwork (SPEC §7). */
import { baseApi, envelopeOrFlat, LIST_ID, unwrap } from '../../api/baseApi';
import type { PendingEdit } from '../../api/provisional';
import type { ArtworkPage, Envelope_ArtworkPage } from '../../api/types';
import { PAGINATION } from '../../config/constants';

export const ARTWORK_SORTS = ['updated_desc', 'title_asc', 'created_desc'] as const;
export type ArtworkSort = (typeof ARTWORK_SORTS)[number];

export const ARTWORK_SORT_LABELS: Record<ArtworkSort, string> = {
  updated_desc: 'Recently updated',
  title_asc: 'Title (A–Z)',
  created_desc: 'Newest',
};

export interface ArtworkListArgs {
  page?: number;
  limit?: number;
  sort?: ArtworkSort;
}

export const artworksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getArtworks: build.query<ArtworkPage, ArtworkListArgs>({
      query: ({ page = PAGINATION.defaultPage, limit = PAGINATION.defaultLimit, sort = 'updated_desc' }) => ({
        url: '/artworks',
        params: { page, limit, sort },
      }),
      transformResponse: (r: Envelope_ArtworkPage) => unwrap(r),
      providesTags: (result) => [
        { type: 'Artwork', id: LIST_ID },
        ...(result?.artworks.map((a) => ({ type: 'Artwork' as const, id: a.id })) ?? []),
      ],
    }),
    editArtwork: build.mutation<unknown, { id: string; edits: ArtworkEdits }>({
      query: ({ id, edits }) => ({ url: `/artwork/${encodeURIComponent(id)}/edit`, method: 'POST', body: { edits } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Artwork', id }, { type: 'Submission', id: LIST_ID }],
    }),
    validateArtworkEdit: build.mutation<unknown, { id: string; edits: ArtworkEdits }>({
      query: ({ id, edits }) => ({
        url: `/artwork/${encodeURIComponent(id)}/edit/validate`,
        method: 'POST',
        body: { edits },
      }),
    }),
    getPendingEdits: build.query<PendingEdit[], string>({
      query: (id) => `/artwork/${encodeURIComponent(id)}/pending-edits`,
      transformResponse: (raw: unknown) => {
        const d = envelopeOrFlat<{ edits?: PendingEdit[]; pending_edits?: PendingEdit[] } | PendingEdit[]>(raw);
        return Array.isArray(d) ? d : (d.edits ?? d.pending_edits ?? []);
      },
      providesTags: (_r, _e, id) => [{ type: 'Submission', id: `edits-${id}` }],
    }),
  }),
});

export const {
  useGetArtworksQuery,
  useEditArtworkMutation,
  useValidateArtworkEditMutation,
  useGetPendingEditsQuery,
} = artworksApi;

/** The changed fields of an artwork, as sent to the edit calls. */
export interface ArtworkEdits {
  title?: string;
  description?: string | null;
  artwork_type?: string;
  tags?: Record<string, string>;
}
