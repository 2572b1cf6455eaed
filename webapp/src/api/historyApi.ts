/**
 * A history, a page at a time, newest first: an artwork's or an artist's changes (the same entry
 * shape). Shared by both detail pages; it reads again with its subject (its tag).
 */
import { HISTORY_PAGE_SIZE } from '../config/constants';
import { baseApi, unwrap } from './baseApi';
import type { ArtistHistory, ArtworkHistory, EditSubject, Envelope } from './types';

export interface HistoryArgs {
  subject: EditSubject;
  id: string;
  /** From 1. */
  page: number;
}

const TAG = { artwork: 'Artwork', artist: 'Artist' } as const;

export const historyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHistory: build.query<ArtworkHistory | ArtistHistory, HistoryArgs>({
      query: ({ subject, id, page }) => ({
        url: `/${subject}s/${encodeURIComponent(id)}/history`,
        params: { page, limit: HISTORY_PAGE_SIZE },
      }),
      transformResponse: (r: Envelope<ArtworkHistory | ArtistHistory>) => unwrap(r),
      providesTags: (_r, _e, { subject, id }) => [{ type: TAG[subject], id }],
    }),
  }),
});

export const { useGetHistoryQuery } = historyApi;
