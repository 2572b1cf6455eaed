/** The moderators' review queue and decisions (SPEC §7). */
import { baseApi, envelopeOrFlat, LIST_ID } from '../../api/baseApi';
import type { QueueItem } from '../../api/provisional';
import { REVIEW_QUEUE_LIMIT } from '../../config/constants';

export interface QueueArgs {
  page?: number;
  status?: string;
  type?: string;
}

export const reviewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReviewQueue: build.query<{ items: QueueItem[]; total: number }, QueueArgs>({
      query: ({ page = 1, status = 'pending', type }) => ({
        url: '/review/queue',
        params: { page, limit: REVIEW_QUEUE_LIMIT, status, type },
      }),
      transformResponse: (raw: unknown) => {
        const d = envelopeOrFlat<{ submissions?: QueueItem[]; items?: QueueItem[]; total?: number }>(raw);
        const items = d.submissions ?? d.items ?? [];
        return { items, total: d.total ?? items.length };
      },
      providesTags: [{ type: 'Review', id: LIST_ID }],
    }),
    approveSubmission: build.mutation<unknown, string>({
      query: (id) => ({ url: `/review/approve/${encodeURIComponent(id)}`, method: 'POST' }),
      invalidatesTags: [{ type: 'Review', id: LIST_ID }, { type: 'Artwork', id: LIST_ID }],
    }),
    rejectSubmission: build.mutation<unknown, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/review/reject/${encodeURIComponent(id)}`, method: 'POST', body: { reason } }),
      invalidatesTags: [{ type: 'Review', id: LIST_ID }],
    }),
  }),
});

export const { useGetReviewQueueQuery, useApproveSubmissionMutation, useRejectSubmissionMutation } = reviewApi;
