/**
 * Admin calls (SPEC §6, §7): accounts and their roles (grant and revoke with a reason), the audit
 * log read from the event store (filters, paging pinned by `as_of`, one entity's timeline and its
 * state as of any event), statistics, and the badge catalogue (define, change, deactivate).
 *
 * A role granted or revoked, or a badge (de)activated, shows at once in the cached lists (undone
 * when the server refuses); the refetch that follows carries X-Min-Position.
 *
 * Replays (rebuilding read models from the event store) are jobs on the server: starting one
 * answers the job at once, and `useReplayJob` reads it again every second while it runs.
 *
 * Areas (issue 33): a boundary file loaded in place of the one in force, or cleared (areas are
 * grid cells again); either reads every area again (the file in force is `api/areasApi`'s).
 *
 * Imports: the runs recorded so far are a query here; the upload (sent with progress) and the
 * dry run and the import (answered as streams of progress lines) go through `importStream.ts`,
 * outside RTK Query, which reads whole answers only.
 */
import { AREA_LIST } from '../../api/areasApi';
import { baseApi, LIST_ID, unwrap } from '../../api/baseApi';
import { isApiError } from '../../api/errors';
import type {
  AccountRoles,
  AdminStatistics,
  AreasChanged,
  AuditDecision,
  AuditPage,
  BadgeChange,
  BadgeChanged,
  BoundaryUpload,
  CatalogueBadge,
  EntityAudit,
  Envelope_AdminBadges,
  Envelope_AdminStatistics,
  Envelope_AreasChanged,
  Envelope_AuditPage,
  Envelope_BadgeChanged,
  Envelope_EntityAudit,
  Envelope_PermissionChanged,
  Envelope_PermissionList,
  NewBadge,
  Permission,
  PermissionChange,
  PermissionChanged,
  ReplayJob,
  ReplayRequest,
  Envelope_ReplayState,
} from '../../api/types';
import { AUDIT_PAGE_LIMIT } from '../../config/constants';
import { IMPORT_RUNS_LIMIT, type Envelope_ImportRunPage, type ImportRunPage } from './importTypes';

/** How long a boundary file (up to 16 MB) may take to be sent and checked. */
const AREAS_TIMEOUT_MS = 120_000;

/** How often a running replay is read again. */
export const REPLAY_POLL_MS = 1000;

/** The envelope's job, or none when no replay has run. */
const replayJob = (raw: Envelope_ReplayState): ReplayJob | null => unwrap(raw).job ?? null;

export interface PermissionFilters {
  permission?: Permission | undefined;
  search?: string | undefined;
}

export interface PermissionChangeArgs extends PermissionChange {
  grant: boolean;
}

/** The audit log's filters, as the server names them (empty ones are left out). */
export interface AuditFilters {
  type?: string;
  actor?: string;
  decision?: AuditDecision | '';
  action_type?: string;
  startDate?: string;
  endDate?: string;
}

export interface AuditArgs {
  filters: AuditFilters;
  page: number;
  /** The first page's `as_of`, for the pages after it; none for the first page. */
  asOf: string | null;
}

export interface EntityArgs {
  type: string;
  id: string;
  /** A position: the state as that event left it; none for now. */
  asOf: string | null;
}

const PERMISSIONS_LIST = { type: 'Permission', id: LIST_ID } as const;
const AUDIT_LIST = { type: 'Audit', id: LIST_ID } as const;
const BADGE_LIST = { type: 'Badge', id: LIST_ID } as const;
/** The import runs: events of the audit log, listed by their own call. */
const IMPORT_RUNS = { type: 'Audit', id: 'IMPORT_RUNS' } as const;

/** Only the filters with a value, trimmed. */
function given(filters: AuditFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(filters)) {
    const value = typeof v === 'string' ? v.trim() : '';
    if (value) out[k] = value;
  }
  return out;
}

export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStatistics: build.query<AdminStatistics, number>({
      query: (days) => ({ url: '/admin/statistics', params: { days } }),
      transformResponse: (raw: Envelope_AdminStatistics) => unwrap(raw),
      providesTags: ['Statistics'],
    }),

    getPermissions: build.query<AccountRoles[], PermissionFilters>({
      query: ({ permission, search }) => ({
        url: '/admin/permissions',
        params: { ...(permission ? { permission } : {}), ...(search?.trim() ? { search: search.trim() } : {}) },
      }),
      transformResponse: (raw: Envelope_PermissionList) => unwrap(raw).accounts,
      providesTags: (result) => [PERMISSIONS_LIST, ...(result ?? []).map((a) => ({ type: 'Permission' as const, id: a.user_uuid }))],
    }),
    changePermission: build.mutation<PermissionChanged, PermissionChangeArgs>({
      query: ({ grant, ...body }) => ({
        url: `/admin/permissions/${grant ? 'grant' : 'revoke'}`,
        method: 'POST',
        body: { ...body, reason: body.reason.trim() } satisfies PermissionChange,
      }),
      transformResponse: (raw: Envelope_PermissionChanged) => unwrap(raw),
      async onQueryStarted({ grant, user_uuid, permission }, api) {
        const patches = adminApi.util.selectCachedArgsForQuery(api.getState(), 'getPermissions').map((args) =>
          api.dispatch(
            adminApi.util.updateQueryData('getPermissions', args, (draft) => {
              const account = draft.find((a) => a.user_uuid === user_uuid);
              if (!account) return;
              const others = account.permissions.filter((p) => p !== permission);
              account.permissions = grant ? [...others, permission] : others;
            }),
          ),
        );
        try {
          await api.queryFulfilled;
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
      invalidatesTags: (_r, error, { user_uuid }) => (error ? [] : [PERMISSIONS_LIST, { type: 'Permission', id: user_uuid }, AUDIT_LIST]),
    }),

    getAuditLog: build.query<AuditPage, AuditArgs>({
      query: ({ filters, page, asOf }) => ({
        url: '/admin/audit',
        params: { ...given(filters), page, limit: AUDIT_PAGE_LIMIT, ...(asOf ? { as_of: asOf } : {}) },
      }),
      transformResponse: (raw: Envelope_AuditPage) => unwrap(raw),
      providesTags: [AUDIT_LIST],
    }),
    getEntityAudit: build.query<EntityAudit, EntityArgs>({
      query: ({ type, id, asOf }) => ({
        url: `/admin/audit/entity/${encodeURIComponent(type)}/${encodeURIComponent(id)}`,
        params: asOf ? { as_of: asOf } : {},
      }),
      transformResponse: (raw: Envelope_EntityAudit) => unwrap(raw),
      providesTags: [AUDIT_LIST],
    }),

    getAdminBadges: build.query<CatalogueBadge[], void>({
      query: () => '/admin/badges',
      transformResponse: (raw: Envelope_AdminBadges) => unwrap(raw).badges,
      providesTags: (result) => [BADGE_LIST, ...(result ?? []).map((b) => ({ type: 'Badge' as const, id: b.badge_id }))],
    }),
    defineBadge: build.mutation<BadgeChanged, NewBadge>({
      query: (body) => ({ url: '/admin/badges', method: 'POST', body }),
      transformResponse: (raw: Envelope_BadgeChanged) => unwrap(raw),
      invalidatesTags: (_r, error) => (error ? [] : [BADGE_LIST, AUDIT_LIST]),
    }),
    changeBadge: build.mutation<BadgeChanged, { id: string; change: BadgeChange }>({
      query: ({ id, change }) => ({ url: `/admin/badges/${encodeURIComponent(id)}`, method: 'PUT', body: change }),
      transformResponse: (raw: Envelope_BadgeChanged) => unwrap(raw),
      async onQueryStarted({ id, change }, api) {
        const patch = api.dispatch(
          adminApi.util.updateQueryData('getAdminBadges', undefined, (draft) => {
            const b = draft.find((x) => x.badge_id === id);
            if (!b) return;
            Object.assign(b, { title: change.title, description: change.description, icon_emoji: change.icon_emoji, rule: change.rule });
            if (typeof change.active === 'boolean') b.active = change.active;
          }),
        );
        try {
          await api.queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, error, { id }) => (error ? [] : [BADGE_LIST, { type: 'Badge', id }, AUDIT_LIST]),
    }),
    deactivateBadge: build.mutation<BadgeChanged, string>({
      query: (id) => ({ url: `/admin/badges/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: (raw: Envelope_BadgeChanged) => unwrap(raw),
      async onQueryStarted(id, api) {
        const patch = api.dispatch(
          adminApi.util.updateQueryData('getAdminBadges', undefined, (draft) => {
            const b = draft.find((x) => x.badge_id === id);
            if (b) b.active = false;
          }),
        );
        try {
          await api.queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, error, id) => (error ? [] : [BADGE_LIST, { type: 'Badge', id }, AUDIT_LIST]),
    }),

    /** A boundary file in place of the one in force: how many areas it has. */
    loadAreas: build.mutation<AreasChanged, BoundaryUpload>({
      query: (body) => ({ url: '/admin/areas', method: 'PUT', body, timeoutMs: AREAS_TIMEOUT_MS }),
      transformResponse: (raw: Envelope_AreasChanged) => unwrap(raw),
      invalidatesTags: (_r, error) => (error ? [] : [AREA_LIST, AUDIT_LIST]),
    }),
    /** The boundary file in force goes: areas are grid cells again. A 404 says none was loaded (the tab was out of date). */
    clearAreas: build.mutation<AreasChanged, void>({
      query: () => ({ url: '/admin/areas', method: 'DELETE' }),
      transformResponse: (raw: Envelope_AreasChanged) => unwrap(raw),
      invalidatesTags: (_r, error) => (!error || (isApiError(error) && error.status === 404) ? [AREA_LIST, AUDIT_LIST] : []),
    }),

    /** The import runs recorded so far, newest first: the page after `before` (the first when null). */
    getImportRuns: build.query<ImportRunPage, { before: string | null }>({
      query: ({ before }) => ({ url: '/admin/imports', params: { limit: IMPORT_RUNS_LIMIT, ...(before ? { before } : {}) } }),
      transformResponse: (raw: Envelope_ImportRunPage) => unwrap(raw),
      providesTags: [IMPORT_RUNS],
    }),

    /** The running replay, or the last one; null when none has run. */
    getReplay: build.query<ReplayJob | null, void>({
      query: () => '/admin/replay',
      transformResponse: replayJob,
    }),
    /** Rebuilds one read model (by its name in /admin/status), or all of them when null. */
    startReplay: build.mutation<ReplayJob | null, string | null>({
      query: (projector) => ({ url: '/admin/replay', method: 'POST', body: (projector ? { projector } : {}) satisfies ReplayRequest }),
      transformResponse: replayJob,
      async onQueryStarted(_projector, api) {
        try {
          const { data: job } = await api.queryFulfilled;
          // The job as it starts is the one to show, and polling follows it from there.
          if (job) await api.dispatch(adminApi.util.upsertQueryData('getReplay', undefined, job));
        } catch (e) {
          // 409: a replay we have not seen is running (another admin's): show it.
          const error = (e as { error?: unknown }).error;
          if (isApiError(error) && error.status === 409) {
            void api.dispatch(adminApi.endpoints.getReplay.initiate(undefined, { forceRefetch: true, subscribe: false }));
          }
        }
      },
    }),
  }),
});

/**
 * After an import: the runs (the tab's history) and the audit log holding its `ImportRun`, the
 * statistics, and the artworks and search results already read are read again.
 */
export const importApplied = () =>
  adminApi.util.invalidateTags([IMPORT_RUNS, AUDIT_LIST, 'Statistics', { type: 'Artwork', id: LIST_ID }, { type: 'Search', id: LIST_ID }]);

/** The running or last replay, read again every `REPLAY_POLL_MS` while it runs and not after. */
export function useReplayJob() {
  const { running } = adminApi.endpoints.getReplay.useQueryState(undefined, {
    selectFromResult: ({ data }) => ({ running: data?.state === 'running' }),
  });
  return adminApi.endpoints.getReplay.useQuery(undefined, { pollingInterval: running ? REPLAY_POLL_MS : 0 });
}

export const {
  useGetStatisticsQuery,
  useGetPermissionsQuery,
  useChangePermissionMutation,
  useGetAuditLogQuery,
  useGetEntityAuditQuery,
  useGetAdminBadgesQuery,
  useDefineBadgeMutation,
  useChangeBadgeMutation,
  useDeactivateBadgeMutation,
  useStartReplayMutation,
  useGetImportRunsQuery,
  useLoadAreasMutation,
  useClearAreasMutation,
} = adminApi;
