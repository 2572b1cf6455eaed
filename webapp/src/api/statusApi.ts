/**
 * GET /status (public: up or not, per part), GET /admin/status (admins: the details) and
 * POST /admin/projectors/{name}/restart (admins: run a stopped projection again).
 */
import { baseApi, unwrap } from './baseApi';
import type {
  Envelope_PublicStatus,
  Envelope_RestartRequested,
  Envelope_StatusReport,
  PublicStatus,
  RestartRequested,
  StatusReport,
} from './types';

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
    restartProjector: build.mutation<RestartRequested, string>({
      query: (name) => ({ url: `/admin/projectors/${encodeURIComponent(name)}/restart`, method: 'POST' }),
      transformResponse: (r: Envelope_RestartRequested) => unwrap(r),
      invalidatesTags: ['Status'],
    }),
  }),
});

export const { useGetStatusQuery, useGetAdminStatusQuery, useRestartProjectorMutation } = statusApi;
