/**
 * Artists (SPEC §7): one artist with their artworks, also as they were at a moment of their
 * history (`as_of`; the history itself is `historyApi`'s); proposing an edit to an artist or a
 * new artist (each checked first, nothing written) and the caller's own edits still waiting.
 * The index's sorts as people read them (the index is shared: `api/artistIndexApi`).
 */
import { baseApi, LIST_ID, unwrap } from '../../api/baseApi';
import type { ArtistSort } from '../../api/artistIndexApi';
import type {
  ArtistDetail,
  ArtistEditReceipt,
  EditCheck,
  EditRequest,
  Envelope,
  Envelope_ArtistDetail,
  PendingEdit,
  PendingEdits,
} from '../../api/types';

export const ARTIST_SORT_LABELS: Record<ArtistSort, string> = {
  updated_desc: 'Recently updated',
  name_asc: 'Name (A–Z)',
  created_desc: 'Newest',
};

export interface ArtistAsOfArgs {
  id: string;
  /** A history entry's id (an event position) or an RFC 3339 time. */
  asOf: string;
}

/** The caller's pending proposals for one artist. */
const pendingEditsTag = (artistId: string) => ({ type: 'Submission' as const, id: `artist-edits-${artistId}` });
const MY_SUBMISSIONS = { type: 'Submission', id: LIST_ID } as const;
/** The caller's proposals on /profile. */
const MY_EDITS = { type: 'MyEdits', id: LIST_ID } as const;

export const artistsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getArtist: build.query<ArtistDetail, string>({
      query: (id) => `/artists/${encodeURIComponent(id)}`,
      transformResponse: (r: Envelope_ArtistDetail) => unwrap(r),
      providesTags: (_r, _e, id) => [{ type: 'Artist', id }],
    }),
    getArtistAsOf: build.query<ArtistDetail, ArtistAsOfArgs>({
      query: ({ id, asOf }) => `/artists/${encodeURIComponent(id)}?as_of=${encodeURIComponent(asOf)}`,
      transformResponse: (r: Envelope_ArtistDetail) => unwrap(r),
      providesTags: (_r, _e, { id }) => [{ type: 'Artist', id }],
    }),
    proposeArtistEdit: build.mutation<ArtistEditReceipt, { id: string; body: EditRequest }>({
      query: ({ id, body }) => ({ url: `/artist/${encodeURIComponent(id)}/edit`, method: 'POST', body }),
      transformResponse: (r: Envelope<ArtistEditReceipt>) => unwrap(r),
      // The artist changes only once a moderator approves; until then the proposal is the caller's.
      invalidatesTags: (_r, error, { id }) => (error ? [] : [pendingEditsTag(id), MY_SUBMISSIONS, MY_EDITS]),
    }),
    validateArtistEdit: build.mutation<EditCheck, { id: string; body: EditRequest }>({
      query: ({ id, body }) => ({ url: `/artist/${encodeURIComponent(id)}/edit/validate`, method: 'POST', body }),
      transformResponse: (r: Envelope<EditCheck>) => unwrap(r),
    }),
    getArtistPendingEdits: build.query<PendingEdit[], string>({
      query: (id) => `/artist/${encodeURIComponent(id)}/pending-edits`,
      transformResponse: (r: Envelope<PendingEdits>) => unwrap(r).edits,
      providesTags: (_r, _e, id) => [pendingEditsTag(id)],
    }),
    proposeArtist: build.mutation<ArtistEditReceipt, EditRequest>({
      query: (body) => ({ url: '/artists', method: 'POST', body }),
      transformResponse: (r: Envelope<ArtistEditReceipt>) => unwrap(r),
      invalidatesTags: (_r, error) => (error ? [] : [MY_SUBMISSIONS, MY_EDITS]),
    }),
    validateArtist: build.mutation<EditCheck, EditRequest>({
      query: (body) => ({ url: '/artists/validate', method: 'POST', body }),
      transformResponse: (r: Envelope<EditCheck>) => unwrap(r),
    }),
  }),
});

export const {
  useGetArtistQuery,
  useGetArtistAsOfQuery,
  useProposeArtistEditMutation,
  useValidateArtistEditMutation,
  useGetArtistPendingEditsQuery,
  useProposeArtistMutation,
  useValidateArtistMutation,
} = artistsApi;
