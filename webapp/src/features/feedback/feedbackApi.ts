/** POST /feedback: private notes to moderators about an artwork, an artist or the app. */
import { baseApi, envelopeOrFlat } from '../../api/baseApi';

export interface FeedbackPayload {
  subject_type: string;
  subject_id: string | null;
  issue_type: 'comment' | 'missing';
  note: string;
  user_token: string | null;
}

export const feedbackApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendFeedback: build.mutation<{ id: string }, FeedbackPayload>({
      query: (body) => ({ url: '/feedback', method: 'POST', body }),
      transformResponse: (raw: unknown) => envelopeOrFlat<{ id: string }>(raw),
      invalidatesTags: [{ type: 'Feedback', id: 'LIST' }],
    }),
  }),
});

export const { useSendFeedbackMutation } = feedbackApi;
