/** Admin calls (SPEC §7): statistics, permissions, audit log, badge definitions. */
import { baseApi, envelopeOrFlat, LIST_ID } from '../../api/baseApi';
import type { AdminStatistics, AuditRow, BadgeDefinition, PermissionRow } from '../../api/provisional';
import { ADMIN_STATISTICS_DAYS } from '../../config/constants';

function list<T>(raw: unknown, ...keys: string[]): T[] {
  const d = envelopeOrFlat<Record<string, unknown> | unknown[]>(raw);
  if (Array.isArray(d)) return d as T[];
  for (const k of keys) if (Array.isArray(d[k])) return d[k] as T[];
  return [];
}

export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStatistics: build.query<AdminStatistics, number | void>({
      query: (days) => ({ url: '/admin/statistics', params: { days: days ?? ADMIN_STATISTICS_DAYS } }),
      transformResponse: (raw: unknown) => envelopeOrFlat<AdminStatistics>(raw),
      providesTags: ['Statistics'],
    }),
    getPermissions: build.query<PermissionRow[], { permission?: string; search?: string }>({
      query: (params) => ({ url: '/admin/permissions', params }),
      transformResponse: (raw: unknown) => list<PermissionRow>(raw, 'permissions', 'users'),
      providesTags: [{ type: 'Permission', id: LIST_ID }],
    }),
    getAuditLog: build.query<AuditRow[], { page?: number }>({
      query: ({ page = 1 }) => ({ url: '/admin/audit', params: { page, limit: 50 } }),
      transformResponse: (raw: unknown) => list<AuditRow>(raw, 'logs', 'entries', 'audit'),
      providesTags: [{ type: 'Audit', id: LIST_ID }],
    }),
    getBadgeDefinitions: build.query<BadgeDefinition[], void>({
      query: () => '/admin/badges',
      transformResponse: (raw: unknown) => list<BadgeDefinition>(raw, 'badges'),
      providesTags: [{ type: 'Badge', id: LIST_ID }],
    }),
  }),
});
