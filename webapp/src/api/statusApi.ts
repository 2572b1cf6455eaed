/** GET /status (public: up or not, per part) and GET /admin/status (admins: the details). */
import { baseApi, unwrap } from './baseApi';
import type { Envelope_PublicStatus, Envelope_StatusReport, PublicStatus, StatusReport } from './types';

export const statusApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStatus: build.query<PublicStatus, void>({
      // A 503 (the database does not answer) still carries the report.
      query: () => ({ url: '/status', acceptStatus: [503] }),
      transformResponse: (r: Envelope_PublicStatus) => unwrap(r),
      providesTags: ['Status'],
    }),
    getAdminStatus: build.query<StatusReport, void>({
      query: () => ({ url: '/admin/status', acceptStatus: [503] }),
      transformResponse: (r: Envelope_StatusReport) => unwrap(r),
      providesTags: ['Status'],
    }),
  }),
});

export const { useGetStatusQuery, useGetAdminStatusQuery } = statusApi;
