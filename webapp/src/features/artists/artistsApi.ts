/**
 * Artists (SPEC §7): one artist with their artworks, also as they were at a moment of their
 * history (`as_of`; the history itself is `historyApi`'s); proposing an edit to an artist or a
 * new artist (each checked first, nothing written) and the caller's own edits still waiting.
 * The index's sorts as people read them (the index is shared: `api/artistIndexApi`).
 */
import { baseApi, LIST_ID, unwrap } from '../../api/baseApi';
import type { ArtistSort } from '../../api/artistIndexApi';
import { proposalEndpoints, versionEndpoints } from '../../api/subjectEndpoints';
import type { ArtistDetail, ArtistEditReceipt, EditCheck, EditRequest, Envelope } from '../../api/types';
import type { MessageKey } from '../../i18n';

/** Each sort's name, as a message (`t(ARTIST_SORT_LABELS[s])`). */
export const ARTIST_SORT_LABELS: Record<ArtistSort, MessageKey> = {
  updated_desc: 'artists.sort.updatedDesc',
  name_asc: 'artists.sort.nameAsc',
  created_desc: 'artists.sort.createdDesc',
};

/** The caller's proposals on /profile. */
const MY_SUBMISSIONS = { type: 'Submission', id: LIST_ID } as const;
const MY_EDITS = { type: 'MyEdits', id: LIST_ID } as const;

export const artistsApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    const artist = versionEndpoints<ArtistDetail>(build, '/artists', 'Artist');
    // The caller's pending proposals for one artist.
    const edits = proposalEndpoints<ArtistEditReceipt>(build, '/artist', (artistId) => `artist-edits-${artistId}`);
    return {
      getArtist: artist.current,
      getArtistAsOf: artist.asOf,
      proposeArtistEdit: edits.propose,
      validateArtistEdit: edits.validate,
      getArtistPendingEdits: edits.pending,
      proposeArtist: build.mutation<ArtistEditReceipt, EditRequest>({
        query: (body) => ({ url: '/artists', method: 'POST', body }),
        transformResponse: (r: Envelope<ArtistEditReceipt>) => unwrap(r),
        invalidatesTags: (_r, error) => (error ? [] : [MY_SUBMISSIONS, MY_EDITS]),
      }),
      validateArtist: build.mutation<EditCheck, EditRequest>({
        query: (body) => ({ url: '/artists/validate', method: 'POST', body }),
        transformResponse: (r: Envelope<EditCheck>) => unwrap(r),
      }),
    };
  },
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
