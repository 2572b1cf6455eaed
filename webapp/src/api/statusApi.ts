/** GET /status: the health of each component and projector. */
import { baseApi, unwrap } from './baseApi';
import type { Envelope_StatusReport, StatusReport } from './types';

export const statusApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStatus: build.query<StatusReport, void>({
      // A 503 (the database does not answer) still carries the full report.
      query: () => ({ url: '/status', acceptStatus: [503] }),
      transformResponse: (r: Envelope_StatusReport) => unwrap(r),
      providesTags: ['Status'],
    }),
  }),
});

export const { useGetStatusQuery } = statusApi;
