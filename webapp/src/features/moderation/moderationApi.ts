/**
 * The moderators' feedback queue: one state's feedback a page at a time with the counts of every
 * state, and its two decisions, archive (an optional note) and resolve (a note told to the sender;
 * for a report that an artwork is missing, optionally marking the artwork removed).
 *
 * A decided item leaves the cached open pages and the counts move at once (undone if the server
 * refuses); the refetch that follows carries X-Min-Position, so the server's answer agrees.
 */
import { baseApi, LIST_ID, undoIfFailed, unwrap, type CacheApi, type Patch } from '../../api/baseApi';
import type { ApiError } from '../../api/errors';
import type {
  ArchiveFeedback,
  Envelope_FeedbackPage,
  Envelope_FeedbackReceipt,
  FeedbackIssue,
  FeedbackPage,
  FeedbackReceipt,
  FeedbackStatus,
  ResolveFeedback,
} from '../../api/types';
import { FEEDBACK_QUEUE_LIMIT } from '../../config/constants';

export interface FeedbackQueueArgs {
  status: FeedbackStatus;
  issueType?: FeedbackIssue | undefined;
  page: number;
}

export interface ArchiveArgs {
  id: string;
  note: string;
}

export interface ResolveArgs {
  id: string;
  note: string;
  /** The artwork a missing-artwork report is about, when the moderator marks it removed. */
  removeArtwork: string | null;
}

const QUEUE = { type: 'Feedback', id: LIST_ID } as const;

/** 409: someone decided it first; the queue is read again to show how. */
const alreadyDecided = (error: ApiError) => (error.status === 409 ? [QUEUE] : []);

/**
 * A recipe for a cached page once item `id` is decided (`to`): it leaves an open page, and the
 * counts move, on every cached page (each carries the counts of all states).
 */
function decided(args: FeedbackQueueArgs, id: string, to: Exclude<FeedbackStatus, 'open'>) {
  return (draft: FeedbackPage) => {
    if (args.status === 'open' && draft.feedback.some((f) => f.id === id)) {
      draft.feedback = draft.feedback.filter((f) => f.id !== id);
      draft.total = Math.max(0, draft.total - 1);
    }
    draft.counts.open = Math.max(0, draft.counts.open - 1);
    draft.counts[to] += 1;
  };
}

export const moderationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFeedbackQueue: build.query<FeedbackPage, FeedbackQueueArgs>({
      query: ({ status, issueType, page }) => ({
        url: '/moderation/feedback',
        params: { status, ...(issueType ? { issue_type: issueType } : {}), page, limit: FEEDBACK_QUEUE_LIMIT },
      }),
      transformResponse: (raw: Envelope_FeedbackPage) => unwrap(raw),
      providesTags: (result) => [QUEUE, ...(result?.feedback ?? []).map((f) => ({ type: 'Feedback' as const, id: f.id }))],
    }),
    archiveFeedback: build.mutation<FeedbackReceipt, ArchiveArgs>({
      query: ({ id, note }) => ({
        url: `/moderation/feedback/${encodeURIComponent(id)}/archive`,
        method: 'POST',
        body: (note.trim() ? { note: note.trim() } : {}) satisfies ArchiveFeedback,
      }),
      transformResponse: (raw: Envelope_FeedbackReceipt) => unwrap(raw),
      onQueryStarted: ({ id }, api) => undoIfFailed(decidedInQueues(api, id, 'archived'), api.queryFulfilled),
      invalidatesTags: (_r, error, { id }) => (error ? alreadyDecided(error) : [QUEUE, { type: 'Feedback', id }, { type: 'Audit', id: LIST_ID }, 'Statistics']),
    }),
    resolveFeedback: build.mutation<FeedbackReceipt, ResolveArgs>({
      query: ({ id, note, removeArtwork }) => ({
        url: `/moderation/feedback/${encodeURIComponent(id)}/resolve`,
        method: 'POST',
        body: { note: note.trim(), remove_artwork: removeArtwork !== null } satisfies ResolveFeedback,
      }),
      transformResponse: (raw: Envelope_FeedbackReceipt) => unwrap(raw),
      onQueryStarted: ({ id }, api) => undoIfFailed(decidedInQueues(api, id, 'resolved'), api.queryFulfilled),
      invalidatesTags: (_r, error, { id, removeArtwork }) =>
        error
          ? alreadyDecided(error)
          : [
              QUEUE,
              { type: 'Feedback', id },
              { type: 'Audit', id: LIST_ID },
              'Statistics',
              // The removed artwork's page says so; the map and lists leave it out.
              ...(removeArtwork ? [{ type: 'Artwork' as const, id: removeArtwork }, { type: 'Artwork' as const, id: LIST_ID }] : []),
            ],
    }),
  }),
});

/** Item `id` decided (`to`) at once on every cached page of the queue (see `decided`); the patches undo it. */
function decidedInQueues(api: CacheApi, id: string, to: Exclude<FeedbackStatus, 'open'>): Patch[] {
  return moderationApi.util
    .selectCachedArgsForQuery(api.getState(), 'getFeedbackQueue')
    .map((args) => api.dispatch(moderationApi.util.updateQueryData('getFeedbackQueue', args, decided(args, id, to))));
}

export const { useGetFeedbackQueueQuery, useArchiveFeedbackMutation, useResolveFeedbackMutation } = moderationApi;
