/**
 * Notifications (SPEC §3, §4, §7, §9): the list, the unread count (polled every 60 s while
 * signed in, and re-read after one's own actions: `followUp.ts`), and marking a page of them seen
 * in one call, which lowers the count at once (never below 0).
 */
import { baseApi, LIST_ID, listTags, unwrap } from '../../api/baseApi';
import { selectIsAuthenticated } from '../../api/session';
import type { Envelope_NotificationPage, Envelope_UnreadCount, Notification } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { NOTIFICATIONS } from '../../config/constants';
import type { MessageKey } from '../../i18n';

/** The notifications' error texts, as catalogue keys. */
export const NOTIFICATION_ERRORS = {
  list: 'notifications.errors.list',
  unread: 'notifications.errors.unread',
  read: 'notifications.errors.read',
} as const satisfies Record<string, MessageKey>;

export interface NotificationListArgs {
  limit?: number;
  offset?: number;
  unread_only?: boolean;
}

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<Notification[], NotificationListArgs>({
      query: ({ limit = NOTIFICATIONS.defaultLimit, offset = NOTIFICATIONS.defaultOffset, unread_only }) => ({
        url: '/me/notifications',
        params: { limit, offset, unread_only },
      }),
      transformResponse: (r: Envelope_NotificationPage) => unwrap(r).notifications.slice(0, NOTIFICATIONS.maxKept),
      providesTags: (r) => listTags('Notification', r),
    }),
    getUnreadCount: build.query<number, void>({
      query: () => '/me/notifications/unread-count',
      transformResponse: (r: Envelope_UnreadCount) => Math.max(0, unwrap(r).unread_count),
      providesTags: [{ type: 'Notification', id: 'UNREAD' }],
    }),
    markNotificationsSeen: build.mutation<unknown, string[]>({
      query: (ids) => ({ url: '/me/notifications/read', method: 'POST', body: { ids } }),
      onQueryStarted: (ids, api) => optimisticallySeen(ids, api),
    }),
  }),
});

/** The notifications shown and the count lowered at once; both put back when the call fails. */
async function optimisticallySeen(
  ids: string[],
  { dispatch, queryFulfilled, getState }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown>; getState: () => unknown },
) {
  const patches: Array<{ undo: () => void }> = [];
  const state = getState() as Parameters<typeof notificationsApi.util.selectInvalidatedBy>[0];
  const wanted = new Set(ids);
  const unread = new Set<string>();
  for (const { endpointName, originalArgs } of notificationsApi.util.selectInvalidatedBy(state, [
    { type: 'Notification', id: LIST_ID },
  ])) {
    if (endpointName !== 'getNotifications') continue;
    patches.push(
      dispatch(
        notificationsApi.util.updateQueryData('getNotifications', originalArgs as NotificationListArgs, (list) => {
          for (const n of list) {
            if (wanted.has(n.id) && !n.is_dismissed) {
              n.is_dismissed = true;
              unread.add(n.id);
            }
          }
        }),
      ) as { undo: () => void },
    );
  }
  if (unread.size > 0) {
    dispatch(notificationsApi.util.updateQueryData('getUnreadCount', undefined, (count) => Math.max(0, count - unread.size)));
  }
  try {
    await queryFulfilled;
  } catch {
    // The list item is restored exactly; the count is re-read, since other changes may have
    // moved it meanwhile (undoing a number would overwrite them).
    patches.forEach((p) => p.undo());
    if (unread.size > 0) dispatch(notificationsApi.util.invalidateTags([{ type: 'Notification', id: 'UNREAD' }]));
  }
}

export const {
  useGetNotificationsQuery,
  useLazyGetNotificationsQuery,
  useGetUnreadCountQuery,
  useMarkNotificationsSeenMutation,
} = notificationsApi;

/** The unread count for the shell's badge: polled while signed in, nothing otherwise. */
export function useUnreadCount(): number {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { data } = useGetUnreadCountQuery(undefined, {
    skip: !signedIn,
    pollingInterval: signedIn ? NOTIFICATIONS.pollMs : 0,
    skipPollingIfUnfocused: true,
  });
  return signedIn ? (data ?? 0) : 0;
}
