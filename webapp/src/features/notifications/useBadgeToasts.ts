/**
 * Badge toasts (SPEC §1, §9): while signed in, each unread `badge_awarded` notification is
 * celebrated once on this device with a badge toast (8 s, confetti, a link to /profile/badges).
 *
 * It follows the unread count the shell already polls (every 60 s): on the first count of a
 * session, and whenever the count rises, it reads the unread notifications and queues the badge
 * ones it has not toasted before. The ids toasted are remembered in local storage per account
 * (the last 200), so neither a re-poll nor a reload shows one twice. At most three badge toasts
 * are on screen at once; the others wait for one to go.
 *
 * The account's `notify_badge_toasts` preference turns them off: then none are read, queued or
 * shown. None are shown before the preferences are read, so an account that turned them off
 * never sees one.
 */
import { useCallback, useEffect, useRef } from 'react';
import { baseApi, LIST_ID } from '../../api/baseApi';
import { selectIsAuthenticated, selectUser } from '../../api/session';
import type { Notification, NotificationBadge } from '../../api/types';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { usePreferences } from '../../components/usePreferences';
import { NOTIFICATIONS } from '../../config/constants';
import { readItem, writeItem } from '../../lib/storage';
import { selectToasts, toastShown } from '../../lib/ui';
import { badgeEarnedText } from './notificationText';
import { useGetUnreadCountQuery, useLazyGetNotificationsQuery } from './notificationsApi';

export const BADGE_TOASTS = {
  /** Badge toasts on screen at once. */
  maxShown: 3,
  /** Toasted notification ids remembered per account. */
  remembered: 200,
  storagePrefix: 'plinth-badge-toasts:',
} as const;

/** The badge toast's text, in the language in effect when it shows. */
export const badgeToastMessage = (badge: Pick<NotificationBadge, 'title'>) => badgeEarnedText(badge.title);

const storageKey = (account: string) => `${BADGE_TOASTS.storagePrefix}${account}`;

/** The notification ids already toasted for `account` on this device, oldest first. */
export function toastedIds(account: string): string[] {
  try {
    const v: unknown = JSON.parse(readItem(storageKey(account)) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function rememberToasted(account: string, id: string): void {
  const ids = toastedIds(account).filter((x) => x !== id);
  ids.push(id);
  writeItem(storageKey(account), JSON.stringify(ids.slice(-BADGE_TOASTS.remembered)));
}

type BadgeNotification = Notification & { badge: NotificationBadge };

const isBadgeAward = (n: Notification): n is BadgeNotification =>
  n.type === 'badge_awarded' && !n.is_dismissed && !!n.badge && typeof n.badge.title === 'string';

/** Unread notifications, as many as the server keeps for the bell, read afresh each time. */
const UNREAD_ARGS = { limit: NOTIFICATIONS.maxKept, offset: 0, unread_only: true } as const;

export function useBadgeToasts(): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const account = useAppSelector(selectUser)?.id ?? null;
  const active = signedIn && !!account;
  const prefs = usePreferences();
  const wanted = prefs.source !== 'loading' && prefs.notify_badge_toasts;
  // The same subscription as the shell's bell (useUnreadCount): one poll, every 60 s.
  const { currentData: count } = useGetUnreadCountQuery(undefined, {
    skip: !active,
    pollingInterval: active ? NOTIFICATIONS.pollMs : 0,
    skipPollingIfUnfocused: true,
  });
  const [readUnread] = useLazyGetNotificationsQuery();
  const badgeToastsShown = useAppSelector((s) => selectToasts(s).filter((t) => t.payload?.badge).length);
  /** The account toasts are for now, and its state in this session. */
  const session = useRef<Session | null>(null);

  /** Shows queued badges while fewer than three badge toasts are on screen. */
  const pump = useCallback(() => {
    const s = session.current;
    if (!s) return;
    let onScreen = selectToasts(store.getState()).filter((t) => t.payload?.badge).length;
    while (s.queue.length > 0 && onScreen < BADGE_TOASTS.maxShown) {
      const n = s.queue.shift()!;
      rememberToasted(s.account, n.id);
      const { badge_id, badge_key, title, description, icon_emoji, award_reason } = n.badge;
      dispatch(
        toastShown({
          type: 'success',
          message: badgeToastMessage(n.badge),
          payload: { badge: { badge_id, badge_key, title, description, icon_emoji, award_reason }, notificationId: n.id },
        }),
      );
      onScreen += 1;
    }
  }, [dispatch, store]);

  const collect = useCallback(
    async (s: Session) => {
      let list: Notification[];
      try {
        list = await readUnread(UNREAD_ARGS, false).unwrap();
      } catch {
        return; // The bell still counts them; the next rise tries again.
      }
      if (session.current !== s) return; // signed out, or another account, meanwhile
      const done = new Set(toastedIds(s.account));
      const fresh = list
        .filter(isBadgeAward)
        .filter((n) => !done.has(n.id) && !s.taken.has(n.id))
        .reverse(); // oldest first
      if (fresh.length === 0) return;
      fresh.forEach((n) => s.taken.add(n.id));
      s.queue.push(...fresh);
      // What shows one's badges and counts is out of date now.
      dispatch(baseApi.util.invalidateTags([{ type: 'Badge', id: 'MINE' }, { type: 'Badge', id: LIST_ID }, 'Profile']));
      pump();
    },
    [dispatch, readUnread, pump],
  );

  // The first count for an account, and every rise, may bring new badges.
  useEffect(() => {
    if (!active || !account || !wanted) {
      session.current = null;
      return;
    }
    if (session.current?.account !== account) session.current = { account, count: null, taken: new Set(), queue: [] };
    const s = session.current;
    if (count === undefined) return;
    const before = s.count;
    s.count = count;
    if (count > 0 && (before === null || count > before)) void collect(s);
  }, [active, account, wanted, count, collect]);

  // A badge toast went: the next one may show.
  useEffect(() => {
    if (badgeToastsShown < BADGE_TOASTS.maxShown) pump();
  }, [badgeToastsShown, pump]);
}

interface Session {
  account: string;
  /** The last unread count seen; null before the first. */
  count: number | null;
  /** Ids queued or shown in this session (local storage has the shown ones). */
  taken: Set<string>;
  /** Badges waiting for room on screen, oldest first. */
  queue: BadgeNotification[];
}
