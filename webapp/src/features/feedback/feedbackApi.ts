/** POST /feedback: private notes to moderators about an artwork, an artist or the app. */
import { baseApi, envelopeOrFlat } from '../../api/baseApi';
import type { FeedbackReceipt } from '../../api/provisional';

export interface FeedbackPayload {
  subject_type: string;
  subject_id: string | null;
  issue_type: 'comment' | 'missing';
  note: string;
  user_token: string | null;
}

export const feedbackApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendFeedback: build.mutation<FeedbackReceipt, FeedbackPayload>({
      query: (body) => ({ url: '/feedback', method: 'POST', body }),
      transformResponse: (raw: unknown) => envelopeOrFlat<FeedbackReceipt>(raw),
      invalidatesTags: [{ type: 'Feedback', id: 'LIST' }],
    }),
  }),
});

export const { useSendFeedbackMutation } = feedbackApi;
