/**
 * The moderators' review of submissions (new artworks and visits): the queue, one submission
 * with its nearby artworks, decisions one by one or in a batch, and the counts.
 *
 * A decided submission leaves the cached pending queues at once; the queue's refetch carries
 * X-Min-Position, so it no longer lists it either.
 */
import { baseApi, envelopeOrFlat, LIST_ID } from '../../api/baseApi';
import { isApiError } from '../../api/errors';
import type {
  ApproveAnswer,
  ApproveRequest,
  BatchAnswer,
  BatchDecision,
  RejectAnswer,
  ReviewDetail,
  ReviewItem,
  ReviewStats,
  SubmissionPage,
  SubmissionStatus,
  SubmissionType,
} from '../../api/provisional';
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
  return (draft: SubmissionPage<ReviewItem>) => {
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
    getReviewQueue: build.query<SubmissionPage<ReviewItem>, QueueArgs>({
      query: ({ page = 1, status = 'pending', type }) => ({
        url: '/review/queue',
        params: { page, limit: REVIEW_QUEUE_LIMIT, status, type },
      }),
      transformResponse: (raw: unknown) => {
        const d = envelopeOrFlat<Partial<SubmissionPage<ReviewItem>>>(raw);
        const submissions = d.submissions ?? [];
        return { submissions, total: d.total ?? submissions.length, page: d.page ?? 1, limit: d.limit ?? REVIEW_QUEUE_LIMIT };
      },
      providesTags: (r) => [QUEUE, ...(r?.submissions.map((s) => ({ type: 'Review' as const, id: s.id })) ?? [])],
    }),
    getReviewSubmission: build.query<ReviewDetail, string>({
      query: (id) => `/review/submission/${encodeURIComponent(id)}`,
      transformResponse: (raw: unknown) => {
        const d = envelopeOrFlat<ReviewDetail>(raw);
        return { ...d, nearby: d.nearby ?? [] };
      },
      providesTags: (_r, _e, id) => [{ type: 'Review', id }],
    }),
    getReviewStats: build.query<ReviewStats, void>({
      query: () => '/review/stats',
      transformResponse: (raw: unknown) => envelopeOrFlat<ReviewStats>(raw),
      providesTags: [STATS],
    }),
    approveSubmission: build.mutation<ApproveAnswer, { id: string; body?: ApproveRequest }>({
      query: ({ id, body }) => ({ url: `/review/approve/${encodeURIComponent(id)}`, method: 'POST', body: body ?? {} }),
      transformResponse: (raw: unknown) => envelopeOrFlat<ApproveAnswer>(raw),
      async onQueryStarted({ id }, api) {
        const patches = reviewApi.util
          .selectCachedArgsForQuery(api.getState(), 'getReviewQueue')
          .filter(isPendingQueue)
          .map((args) => api.dispatch(reviewApi.util.updateQueryData('getReviewQueue', args, without([id]))));
        try {
          await api.queryFulfilled;
        } catch (e) {
          // Decided elsewhere (409): it stays out of the pending queue.
          if (!isAlreadyDecided(failure(e))) patches.forEach((p) => p.undo());
        }
      },
      invalidatesTags: (r, error, { id }) => decided(id, error, r?.artwork_id),
    }),
    rejectSubmission: build.mutation<RejectAnswer, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/review/reject/${encodeURIComponent(id)}`, method: 'POST', body: { reason } }),
      transformResponse: (raw: unknown) => envelopeOrFlat<RejectAnswer>(raw),
      async onQueryStarted({ id }, api) {
        const patches = reviewApi.util
          .selectCachedArgsForQuery(api.getState(), 'getReviewQueue')
          .filter(isPendingQueue)
          .map((args) => api.dispatch(reviewApi.util.updateQueryData('getReviewQueue', args, without([id]))));
        try {
          await api.queryFulfilled;
        } catch (e) {
          if (!isAlreadyDecided(failure(e))) patches.forEach((p) => p.undo());
        }
      },
      invalidatesTags: (_r, error, { id }) => decided(id, error),
    }),
    reviewBatch: build.mutation<BatchAnswer, BatchDecision[]>({
      query: (batch) => ({ url: '/review/batch', method: 'PUT', body: { batch } }),
      transformResponse: (raw: unknown) => {
        const d = envelopeOrFlat<Partial<BatchAnswer>>(raw);
        const results = d.results ?? [];
        return {
          results,
          approved: d.approved ?? 0,
          rejected: d.rejected ?? 0,
          failed: d.failed ?? results.filter((r) => !r.success).length,
        };
      },
      async onQueryStarted(_batch, api) {
        let data: BatchAnswer;
        try {
          ({ data } = await api.queryFulfilled);
        } catch {
          return;
        }
        const done = data.results.filter((r) => r.success).map((r) => r.id);
        if (done.length === 0) return;
        for (const args of reviewApi.util.selectCachedArgsForQuery(api.getState(), 'getReviewQueue').filter(isPendingQueue)) {
          api.dispatch(reviewApi.util.updateQueryData('getReviewQueue', args, without(done)));
        }
      },
      invalidatesTags: (r) => (r ? [QUEUE, STATS, { type: 'Artwork', id: LIST_ID }] : []),
    }),
  }),
});

export const {
  useGetReviewQueueQuery,
  useGetReviewSubmissionQuery,
  useGetReviewStatsQuery,
  useApproveSubmissionMutation,
  useRejectSubmissionMutation,
  useReviewBatchMutation,
} = reviewApi;
