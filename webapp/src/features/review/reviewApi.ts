/**
 * The moderators' review of submissions (new artworks and visits): the queue, one submission
 * with its nearby artworks, decisions one by one or in a batch, and the counts.
 *
 * A decided submission leaves the cached pending queues at once; the queue's refetch carries
 * X-Min-Position, so it no longer lists it either.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi, LIST_ID, unwrap } from '../../api/baseApi';
import { isApiError } from '../../api/errors';
import type {
  ApproveRequest,
  BatchAnswer,
  BatchItem,
  BatchRequest,
  Decided,
  Envelope_BatchAnswer,
  Envelope_Decided,
  Envelope_ReviewDetail,
  Envelope_ReviewStats,
  Envelope_SubmissionList,
  RejectRequest,
  ReviewDetail,
  ReviewStats,
  SubmissionList,
  SubmissionStatus,
  SubmissionType,
} from '../../api/types';
import { REVIEW_QUEUE_LIMIT } from '../../config/constants';

export interface QueueArgs {
  page?: number;
  status?: SubmissionStatus;
  type?: SubmissionType;
}

/** 409: someone else decided it first. */
export function isAlreadyDecided(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

export const ALREADY_DECIDED_MESSAGE = 'This submission was already decided';

/** The cached queues a decided submission leaves: those of pending ones. */
const isPendingQueue = (args: QueueArgs) => (args.status ?? 'pending') === 'pending';

/** A recipe that takes `ids` out of a cached queue page. */
function without(ids: string[]) {
  const gone = new Set(ids);
  return (draft: SubmissionList) => {
    const before = draft.submissions.length;
    draft.submissions = draft.submissions.filter((s) => !gone.has(s.id));
    draft.total = Math.max(0, draft.total - (before - draft.submissions.length));
  };
}

/** A failed decision's error, from a rejected `queryFulfilled`. */
const failure = (e: unknown): unknown => (typeof e === 'object' && e !== null && 'error' in e ? e.error : e);

const QUEUE = { type: 'Review', id: LIST_ID } as const;
const STATS = { type: 'Review', id: 'STATS' } as const;

/** After a decision: everything it changes, or (409) what must be read again. */
function decided(id: string, error: unknown, artworkId?: string | null) {
  if (error && !isAlreadyDecided(error)) return [];
  const tags = [QUEUE, STATS, { type: 'Review' as const, id }, { type: 'Submission' as const, id }];
  if (error) return tags;
  return [
    ...tags,
    { type: 'Artwork' as const, id: LIST_ID },
    ...(artworkId ? [{ type: 'Artwork' as const, id: artworkId }] : []),
  ];
}

export const reviewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReviewQueue: build.query<SubmissionList, QueueArgs>({
      query: ({ page = 1, status = 'pending', type }) => ({
        url: '/review/queue',
        params: { page, limit: REVIEW_QUEUE_LIMIT, status, type },
      }),
      transformResponse: (r: Envelope_SubmissionList) => unwrap(r),
      providesTags: (r) => [QUEUE, ...(r?.submissions.map((s) => ({ type: 'Review' as const, id: s.id })) ?? [])],
    }),
    getReviewSubmission: build.query<ReviewDetail, string>({
      query: (id) => `/review/submission/${encodeURIComponent(id)}`,
      transformResponse: (r: Envelope_ReviewDetail) => unwrap(r),
      providesTags: (_r, _e, id) => [{ type: 'Review', id }],
    }),
    getReviewStats: build.query<ReviewStats, void>({
      query: () => '/review/stats',
      transformResponse: (r: Envelope_ReviewStats) => unwrap(r),
      providesTags: [STATS],
    }),
    approveSubmission: build.mutation<Decided, { id: string; body?: ApproveRequest }>({
      query: ({ id, body }) => ({ url: `/review/approve/${encodeURIComponent(id)}`, method: 'POST', body: body ?? {} }),
      transformResponse: (r: Envelope_Decided) => unwrap(r),
      onQueryStarted: ({ id }, api) => leaveQueuesAtOnce(id, api),
      invalidatesTags: (r, error, { id }) => decided(id, error, r?.artwork_id),
    }),
    rejectSubmission: build.mutation<Decided, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/review/reject/${encodeURIComponent(id)}`,
        method: 'POST',
        body: { reason } satisfies RejectRequest,
      }),
      transformResponse: (r: Envelope_Decided) => unwrap(r),
      onQueryStarted: ({ id }, api) => leaveQueuesAtOnce(id, api),
      invalidatesTags: (_r, error, { id }) => decided(id, error),
    }),
    reviewBatch: build.mutation<BatchAnswer, BatchItem[]>({
      query: (batch) => ({ url: '/review/batch', method: 'PUT', body: { batch } satisfies BatchRequest }),
      transformResponse: (r: Envelope_BatchAnswer) => unwrap(r),
      async onQueryStarted(_batch, api) {
        let data: BatchAnswer;
        try {
          ({ data } = await api.queryFulfilled);
        } catch {
          return;
        }
        const done = data.results.filter((r) => r.success).map((r) => r.id);
        if (done.length > 0) leaveQueues(done, api);
      },
      invalidatesTags: (r) => (r ? [QUEUE, STATS, { type: 'Artwork', id: LIST_ID }] : []),
    }),
  }),
});

/** What a decision's `onQueryStarted` is given that the queue patches need. Spelled out rather
 * than derived from `reviewApi`, whose type would then depend on itself. */
interface CacheApi {
  getState: () => Parameters<typeof baseApi.util.selectCachedArgsForQuery>[0];
  dispatch: <R>(thunk: ThunkAction<R, never, unknown, UnknownAction>) => R;
}

/** Takes `ids` out of every cached pending queue; the patches undo it. */
function leaveQueues(ids: string[], api: CacheApi): { undo: () => void }[] {
  return reviewApi.util
    .selectCachedArgsForQuery(api.getState(), 'getReviewQueue')
    .filter(isPendingQueue)
    .map((args) => api.dispatch(reviewApi.util.updateQueryData('getReviewQueue', args, without(ids))));
}

/** One decision: the submission leaves the queues before the answer, and comes back if it fails,
 * unless someone else decided it first (409), when it stays out. */
async function leaveQueuesAtOnce(id: string, api: CacheApi & { queryFulfilled: Promise<unknown> }): Promise<void> {
  const patches = leaveQueues([id], api);
  try {
    await api.queryFulfilled;
  } catch (e) {
    if (!isAlreadyDecided(failure(e))) patches.forEach((p) => p.undo());
  }
}

export const {
  useGetReviewQueueQuery,
  useGetReviewSubmissionQuery,
  useGetReviewStatsQuery,
  useApproveSubmissionMutation,
  useRejectSubmissionMutation,
  useReviewBatchMutation,
} = reviewApi;
