/**
 * One artwork by id: shared by the detail, logbook, edit and list screens. Also the artwork as it
 * was at a moment of its history (`as_of`; the history itself is `historyApi`'s), and who
 * contributed what it shows.
 */
import { baseApi, unwrap } from './baseApi';
import { versionEndpoints } from './subjectEndpoints';
import type { ArtworkDetailDto, Credits, Envelope } from './types';

export const artworkApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    const artwork = versionEndpoints<ArtworkDetailDto>(build, '/artworks', 'Artwork');
    return {
      getArtwork: artwork.current,
      getArtworkAsOf: artwork.asOf,
      getArtworkContributors: build.query<Credits, string>({
        query: (id) => `/artworks/${encodeURIComponent(id)}/contributors`,
        transformResponse: (r: Envelope<Credits>) => unwrap(r),
        providesTags: (_r, _e, id) => [{ type: 'Artwork', id }],
      }),
    };
  },
});

export const { useGetArtworkQuery, useGetArtworkAsOfQuery, useGetArtworkContributorsQuery } = artworkApi;
