/**
 * The moderators' review of submissions (new artworks and visits): the queue, one submission
 * with its nearby artworks, decisions one by one or in a batch, and the counts. And the review of
 * proposed artwork edits: the pending ones, one with each field before, proposed and now, and
 * its approval (of some fields) or rejection.
 *
 * A decided submission or edit leaves the cached pending lists at once; the queue's refetch
 * carries X-Min-Position, so it no longer lists it either.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi, LIST_ID, unwrap } from '../../api/baseApi';
import { isApiError } from '../../api/errors';
import type {
  ApplyEditRequest,
  ApproveRequest,
  BatchAnswer,
  BatchItem,
  BatchRequest,
  Decided,
  EditDecided,
  EditDetail,
  EditQueue,
  Envelope,
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
import { REVIEW_EDITS_PER_PAGE, REVIEW_QUEUE_LIMIT } from '../../config/constants';

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

/*
 * An edit's decision answers 409 for three reasons the contract gives no code of their own, so
 * their words tell them apart: already decided ("This submission was already approved"), chosen
 * fields changed since the edit was proposed, and a moderator's own edit.
 */

/** 409: the edit was approved, rejected or withdrawn already. */
export function isEditAlreadyDecided(error: unknown): boolean {
  return isAlreadyDecided(error) && isApiError(error) && /already (approved|rejected|withdrawn)/i.test(error.message);
}

/** 409: a field chosen to apply changed since the edit was proposed, and overwriting was not asked for. */
export function isStaleEditConflict(error: unknown): boolean {
  return isAlreadyDecided(error) && isApiError(error) && /changed since the edit was proposed/i.test(error.message);
}

/** The cached queues a decided submission leaves: those of pending ones. */
const isPendingQueue = (args: QueueArgs) => (args.status ?? 'pending') === 'pending';

/** A recipe that takes `ids` out of a cached page of a list whose items are under `key`. */
function without<K extends 'submissions' | 'edits'>(key: K, ids: string[]) {
  const gone = new Set(ids);
  return (draft: Record<K, Array<{ id: string }>> & { total: number }) => {
    const items: Array<{ id: string }> = draft[key];
    const kept = items.filter((s) => !gone.has(s.id));
    draft.total = Math.max(0, draft.total - (items.length - kept.length));
    items.splice(0, items.length, ...kept);
  };
}

/** A failed decision's error, from a rejected `queryFulfilled`. */
const failure = (e: unknown): unknown => (typeof e === 'object' && e !== null && 'error' in e ? e.error : e);

const QUEUE = { type: 'Review', id: LIST_ID } as const;
const STATS = { type: 'Review', id: 'STATS' } as const;
const EDITS = { type: 'Review', id: 'EDITS' } as const;
const SUBMISSION_LISTS = [QUEUE, STATS];

/** After a decision on a submission in `lists`: everything it changes, or (409) what must be read again. */
function decided(lists: ReadonlyArray<{ type: 'Review'; id: string }>, id: string, error: unknown, artworkId?: string | null) {
  if (error && !isAlreadyDecided(error)) return [];
  const tags = [...lists, { type: 'Review' as const, id }, { type: 'Submission' as const, id }];
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
      onQueryStarted: ({ id }, api) => keepOutUnlessFailed(leaveQueues([id], api), api.queryFulfilled),
      invalidatesTags: (r, error, { id }) => decided(SUBMISSION_LISTS, id, error, r?.artwork_id),
    }),
    rejectSubmission: build.mutation<Decided, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/review/reject/${encodeURIComponent(id)}`,
        method: 'POST',
        body: { reason } satisfies RejectRequest,
      }),
      transformResponse: (r: Envelope_Decided) => unwrap(r),
      onQueryStarted: ({ id }, api) => keepOutUnlessFailed(leaveQueues([id], api), api.queryFulfilled),
      invalidatesTags: (_r, error, { id }) => decided(SUBMISSION_LISTS, id, error),
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
    getEditReviews: build.query<EditQueue, { page?: number }>({
      query: ({ page = 1 }) => ({ url: '/review/artwork-edits', params: { page, per_page: REVIEW_EDITS_PER_PAGE } }),
      transformResponse: (r: Envelope<EditQueue>) => unwrap(r),
      providesTags: (r) => [EDITS, ...(r?.edits.map((e) => ({ type: 'Review' as const, id: e.id })) ?? [])],
    }),
    getEditReview: build.query<EditDetail, string>({
      query: (id) => `/review/artwork-edits/${encodeURIComponent(id)}`,
      transformResponse: (r: Envelope<EditDetail>) => unwrap(r),
      providesTags: (_r, _e, id) => [{ type: 'Review', id }],
    }),
    approveEdit: build.mutation<EditDecided, { id: string; body: ApplyEditRequest }>({
      query: ({ id, body }) => ({ url: `/review/artwork-edits/${encodeURIComponent(id)}/approve`, method: 'POST', body }),
      transformResponse: (r: Envelope<EditDecided>) => unwrap(r),
      onQueryStarted: ({ id }, api) => keepOutUnlessFailed(leaveEditLists([id], api), api.queryFulfilled, isEditAlreadyDecided),
      invalidatesTags: (r, error, { id }) => decided([EDITS], id, error, r?.artwork_id),
    }),
    rejectEdit: build.mutation<Decided, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/review/artwork-edits/${encodeURIComponent(id)}/reject`,
        method: 'POST',
        body: { reason } satisfies RejectRequest,
      }),
      transformResponse: (r: Envelope<Decided>) => unwrap(r),
      onQueryStarted: ({ id }, api) => keepOutUnlessFailed(leaveEditLists([id], api), api.queryFulfilled, isEditAlreadyDecided),
      invalidatesTags: (_r, error, { id }) => decided([EDITS], id, error),
    }),
  }),
});

/** What a decision's `onQueryStarted` is given that the queue patches need. Spelled out rather
 * than derived from `reviewApi`, whose type would then depend on itself. */
interface CacheApi {
  getState: () => Parameters<typeof baseApi.util.selectCachedArgsForQuery>[0];
  dispatch: <R>(thunk: ThunkAction<R, never, unknown, UnknownAction>) => R;
}

type Patch = { undo: () => void };

/** Takes `ids` out of every cached pending queue; the patches undo it. */
function leaveQueues(ids: string[], api: CacheApi): Patch[] {
  return reviewApi.util
    .selectCachedArgsForQuery(api.getState(), 'getReviewQueue')
    .filter(isPendingQueue)
    .map((args) => api.dispatch(reviewApi.util.updateQueryData('getReviewQueue', args, without('submissions', ids))));
}

/** Takes `ids` out of every cached page of pending edits; the patches undo it. */
function leaveEditLists(ids: string[], api: CacheApi): Patch[] {
  return reviewApi.util
    .selectCachedArgsForQuery(api.getState(), 'getEditReviews')
    .map((args) => api.dispatch(reviewApi.util.updateQueryData('getEditReviews', args, without('edits', ids))));
}

/** One decision: what it decides has left the lists before the answer (`patches`), and comes back
 * if it fails, unless someone else decided it first, when it stays out. */
async function keepOutUnlessFailed(
  patches: Patch[],
  queryFulfilled: Promise<unknown>,
  decidedAlready: (error: unknown) => boolean = isAlreadyDecided,
): Promise<void> {
  try {
    await queryFulfilled;
  } catch (e) {
    if (!decidedAlready(failure(e))) patches.forEach((p) => p.undo());
  }
}

export const {
  useGetReviewQueueQuery,
  useGetReviewSubmissionQuery,
  useGetReviewStatsQuery,
  useApproveSubmissionMutation,
  useRejectSubmissionMutation,
  useReviewBatchMutation,
  useGetEditReviewsQuery,
  useGetEditReviewQuery,
  useApproveEditMutation,
  useRejectEditMutation,
} = reviewApi;
