/** POST /feedback: private notes to moderators about an artwork, an artist or the app. */
import { baseApi, LIST_ID, unwrap } from '../../api/baseApi';
import type { Envelope_FeedbackReceipt, FeedbackReceipt, SendFeedback } from '../../api/types';

export const feedbackApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendFeedback: build.mutation<FeedbackReceipt, SendFeedback>({
      query: (body) => ({ url: '/feedback', method: 'POST', body }),
      transformResponse: (raw: Envelope_FeedbackReceipt) => unwrap(raw),
      // The moderators' queue and its counts (this browser may be a moderator's).
      invalidatesTags: [{ type: 'Feedback', id: LIST_ID }],
    }),
  }),
});

export const { useSendFeedbackMutation } = feedbackApi;
