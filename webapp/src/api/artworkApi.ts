/**
 * One artwork by id: shared by the detail, logbook, edit, list and help screens. Also the artwork
 * as it was at a moment of its history (`as_of`; the history itself is `historyApi`'s), who
 * contributed what it shows, and proposing an edit to it (checked first, nothing written) with
 * the caller's own proposals still waiting: the edit page and Help nearby's quick answers.
 */
import { baseApi, unwrap } from './baseApi';
import { proposalEndpoints, versionEndpoints } from './subjectEndpoints';
import type { ArtworkDetailDto, Credits, EditReceipt, Envelope } from './types';

export const artworkApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    const artwork = versionEndpoints<ArtworkDetailDto>(build, '/artworks', 'Artwork');
    // The caller's pending proposals for one artwork; a proposal answers the artwork's quick tasks.
    const edits = proposalEndpoints<EditReceipt>(
      build,
      '/artwork',
      (artworkId) => `edits-${artworkId}`,
      (artworkId) => [{ type: 'Task', id: artworkId }],
    );
    return {
      getArtwork: artwork.current,
      getArtworkAsOf: artwork.asOf,
      getArtworkContributors: build.query<Credits, string>({
        query: (id) => `/artworks/${encodeURIComponent(id)}/contributors`,
        transformResponse: (r: Envelope<Credits>) => unwrap(r),
        providesTags: (_r, _e, id) => [{ type: 'Artwork', id }],
      }),
      proposeArtworkEdit: edits.propose,
      validateArtworkEdit: edits.validate,
      getPendingEdits: edits.pending,
    };
  },
});

export const {
  useGetArtworkQuery,
  useGetArtworkAsOfQuery,
  useGetArtworkContributorsQuery,
  useProposeArtworkEditMutation,
  useValidateArtworkEditMutation,
  useGetPendingEditsQuery,
} = artworkApi;
