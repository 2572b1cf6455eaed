/**
 * The moderators' review of submissions (new artworks and visits): the queue, one submission
 * with its nearby artworks, decisions one by one or in a batch, and the counts. And the review of
 * proposed edits, of artworks or of artists (new artists too): the pending ones, one with each
 * field before, proposed and now, and its approval (of some fields) or rejection. The edits of
 * either subject read as one shape (`SubjectEdit…`), which the review's edit tabs share.
 *
 * A decided submission or edit leaves the cached pending lists at once; the queue's refetch
 * carries X-Min-Position, so it no longer lists it either.
 */
import { baseApi, LIST_ID, unwrap, type CacheApi, type Patch } from '../../api/baseApi';
import { isApiError } from '../../api/errors';
import type {
  ApplyArtistEditRequest,
  ApplyEditRequest,
  ApproveRequest,
  ArtistEditDecided,
  ArtistEditDetail,
  ArtistEditQueue,
  ArtistEditSummary,
  BatchAnswer,
  BatchItem,
  BatchRequest,
  Decided,
  EditDecided,
  EditDetail,
  EditQueue,
  EditSubject,
  EditSummary,
  Envelope,
  Envelope_BatchAnswer,
  Envelope_Decided,
  Envelope_FeedbackPage,
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

/** Where an edit's subject is, and what it is called (a new artist's proposed name); `new_subject`: a new artist. */
interface SubjectRef {
  subject_id: string;
  subject_name: string;
  new_subject: boolean;
}

/** A pending edit in a review list, of an artwork or an artist. */
export type SubjectEditSummary = Omit<EditSummary, 'artwork_id' | 'artwork_title'> & SubjectRef;
/** One page of pending edits. */
export type SubjectEditQueue = Omit<EditQueue, 'edits'> & { edits: SubjectEditSummary[] };
/** One edit under review: a new artist's fields have no `before` or `current`. */
export type SubjectEditDetail = Omit<EditDetail, 'artwork_id' | 'artwork_title'> & SubjectRef;
/** What approving an edit answers, `subject_id` being the artwork's or the artist's. */
export type SubjectEditDecided = Omit<EditDecided, 'artwork_id'> & { subject_id: string };

type ArtworkSide = { artwork_id: string; artwork_title?: string };
type ArtistSide = { artist_id: string; artist_name?: string; new_artist?: boolean };

/** An artwork's or an artist's edit (or its decision) in the shape the review shares. */
function ofSubject<T extends ArtworkSide | ArtistSide>(e: T) {
  if ('artwork_id' in e) {
    const { artwork_id, artwork_title = '', ...rest } = e;
    return { ...rest, subject_id: artwork_id, subject_name: artwork_title, new_subject: false };
  }
  const { artist_id, artist_name = '', new_artist = false, ...rest } = e;
  return { ...rest, subject_id: artist_id, subject_name: artist_name, new_subject: new_artist };
}

export interface EditReviewArgs {
  subject: EditSubject;
  page?: number;
}

export interface EditRef {
  subject: EditSubject;
  id: string;
}

/** An approval: the fields to apply, and whether to apply those changed since the edit was proposed. */
export interface EditApproval extends EditRef {
  fields: string[];
  overwriteStale: boolean;
}

const editsPath = (subject: EditSubject, id?: string) => `/review/${subject}-edits${id ? `/${encodeURIComponent(id)}` : ''}`;

function approvalBody({ subject, fields, overwriteStale }: EditApproval): ApplyEditRequest | ApplyArtistEditRequest {
  const stale = overwriteStale ? { overwrite_stale: true } : {};
  return subject === 'artist' ? { apply_to_artist: fields, ...stale } : { apply_to_artwork: fields, ...stale };
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
/** A subject's pending edits, every page. */
const edits = (subject: EditSubject) => ({ type: 'Review' as const, id: `EDITS-${subject}` });
const SUBMISSION_LISTS = [QUEUE, STATS];
const SUBJECT_TAG = { artwork: 'Artwork', artist: 'Artist' } as const;

/**
 * After a decision on a submission in `lists`: everything it changes (the subject, an artwork
 * unless said, and its list), or (409) what must be read again.
 */
function decided(
  lists: ReadonlyArray<{ type: 'Review'; id: string }>,
  id: string,
  error: unknown,
  subjectId?: string | null,
  subject: EditSubject = 'artwork',
) {
  if (error && !isAlreadyDecided(error)) return [];
  const tags = [...lists, { type: 'Review' as const, id }, { type: 'Submission' as const, id }];
  if (error) return tags;
  const type = SUBJECT_TAG[subject];
  return [...tags, { type, id: LIST_ID }, ...(subjectId ? [{ type, id: subjectId }] : [])];
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
    /** How much feedback waits in the moderators' inbox (its queue's counts, one item read). */
    getOpenFeedbackCount: build.query<number, void>({
      query: () => ({ url: '/moderation/feedback', params: { status: 'open', limit: 1 } }),
      transformResponse: (r: Envelope_FeedbackPage) => unwrap(r).counts.open,
      providesTags: [{ type: 'Feedback', id: LIST_ID }],
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
    getEditReviews: build.query<SubjectEditQueue, EditReviewArgs>({
      query: ({ subject, page = 1 }) => ({ url: editsPath(subject), params: { page, per_page: REVIEW_EDITS_PER_PAGE } }),
      transformResponse: (r: Envelope<EditQueue | ArtistEditQueue>) => {
        const queue = unwrap(r);
        return { ...queue, edits: (queue.edits as Array<EditSummary | ArtistEditSummary>).map(ofSubject) };
      },
      providesTags: (r, _e, { subject }) => [edits(subject), ...(r?.edits.map((e) => ({ type: 'Review' as const, id: e.id })) ?? [])],
    }),
    getEditReview: build.query<SubjectEditDetail, EditRef>({
      query: ({ subject, id }) => editsPath(subject, id),
      transformResponse: (r: Envelope<EditDetail | ArtistEditDetail>) => ofSubject(unwrap(r)),
      providesTags: (_r, _e, { id }) => [{ type: 'Review', id }],
    }),
    approveEdit: build.mutation<SubjectEditDecided, EditApproval>({
      query: (approval) => ({ url: `${editsPath(approval.subject, approval.id)}/approve`, method: 'POST', body: approvalBody(approval) }),
      transformResponse: (r: Envelope<EditDecided | ArtistEditDecided>) => ofSubject(unwrap(r)),
      onQueryStarted: ({ subject, id }, api) =>
        keepOutUnlessFailed(leaveEditLists(subject, [id], api), api.queryFulfilled, isEditAlreadyDecided),
      invalidatesTags: (r, error, { subject, id }) => decided([edits(subject)], id, error, r?.subject_id, subject),
    }),
    rejectEdit: build.mutation<Decided, EditRef & { reason: string }>({
      query: ({ subject, id, reason }) => ({
        url: `${editsPath(subject, id)}/reject`,
        method: 'POST',
        body: { reason } satisfies RejectRequest,
      }),
      transformResponse: (r: Envelope<Decided>) => unwrap(r),
      onQueryStarted: ({ subject, id }, api) =>
        keepOutUnlessFailed(leaveEditLists(subject, [id], api), api.queryFulfilled, isEditAlreadyDecided),
      invalidatesTags: (_r, error, { subject, id }) => decided([edits(subject)], id, error, null, subject),
    }),
  }),
});

/** Takes `ids` out of every cached pending queue; the patches undo it. */
function leaveQueues(ids: string[], api: CacheApi): Patch[] {
  return reviewApi.util
    .selectCachedArgsForQuery(api.getState(), 'getReviewQueue')
    .filter(isPendingQueue)
    .map((args) => api.dispatch(reviewApi.util.updateQueryData('getReviewQueue', args, without('submissions', ids))));
}

/** Takes `ids` out of every cached page of the subject's pending edits; the patches undo it. */
function leaveEditLists(subject: EditSubject, ids: string[], api: CacheApi): Patch[] {
  return reviewApi.util
    .selectCachedArgsForQuery(api.getState(), 'getEditReviews')
    .filter((args) => args.subject === subject)
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
  useGetOpenFeedbackCountQuery,
  useApproveSubmissionMutation,
  useRejectSubmissionMutation,
  useReviewBatchMutation,
  useGetEditReviewsQuery,
  useGetEditReviewQuery,
  useApproveEditMutation,
  useRejectEditMutation,
} = reviewApi;
