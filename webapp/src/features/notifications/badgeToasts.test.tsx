import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountApi } from '../../api/accountApi';
import { BADGE_TOAST_TIMEOUT_MS } from '../../config/constants';
import { apiError, envelope, mockFetch, type Handler } from '../../testing/fetchMock';
import type { AppStore } from '../../app/store';
import { renderRoute } from '../../testing/render';
import { notificationsApi } from './notificationsApi';
import { BADGE_TOASTS, toastedIds } from './useBadgeToasts';

/** The account of `renderRoute(…, { who: 'user' })`. */
const ACCOUNT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const KEY = `${BADGE_TOASTS.storagePrefix}${ACCOUNT}`;

const BADGES = {
  first_contribution: { title: 'First contribution', icon: '🌱', description: 'Your first approved contribution' },
  photo_1: { title: 'First photo', icon: '📸', description: 'Your first approved photo' },
  email_verified: { title: 'Verified', icon: '✅', description: 'You verified your e-mail address' },
  visits_1: { title: 'First visit', icon: '👣', description: 'Your first logged visit' },
  edits_1: { title: 'First edit', icon: '✏️', description: 'Your first approved edit' },
} as const;

type Key = keyof typeof BADGES;

/** A `badge_awarded` notification as GET /me/notifications lists it. */
function award(id: string, key: Key, at = '2025-05-01T10:00:00Z') {
  const b = BADGES[key];
  return {
    id,
    type: 'badge_awarded',
    title: `Badge earned: ${b.title}`,
    message: `${b.icon} ${b.description}`,
    link: '/profile/badges',
    submission_id: null,
    created_at: at,
    is_dismissed: false,
    badge: { badge_id: `b-${key}`, badge_key: key, title: b.title, description: b.description, icon_emoji: b.icon, award_reason: '1 approved contribution' },
  };
}

const approval = (id: string) => ({
  id,
  type: 'submission_approved',
  title: 'Your artwork was approved',
  message: 'Orca is on the map',
  link: '/artwork/a1',
  submission_id: 's1',
  created_at: '2025-05-01T09:59:00Z',
  is_dismissed: false,
  badge: null,
});

type Listed = ReturnType<typeof award> | ReturnType<typeof approval>;

/** The notification calls, reading the current unread count and list each time. */
function api(state: { count: number; list: Listed[] }, over: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/me/notifications/unread-count': () => envelope({ unread_count: state.count }),
    'GET /api/me/notifications': (req) => {
      const unreadOnly = req.url.searchParams.get('unread_only') === 'true';
      const list = state.list.filter((n) => !unreadOnly || !n.is_dismissed);
      return envelope({ notifications: list, total: list.length });
    },
    ...over,
  });
}

const messages = () => within(screen.getByRole('list', { name: 'Messages' }));
const badgeToastTexts = (store: AppStore) =>
  store.getState().ui.toasts.filter((t) => t.payload?.badge).map((t) => t.message);
/** What the unread-count poll does every 60 s. */
const poll = (store: AppStore) =>
  act(async () => {
    store.dispatch(notificationsApi.util.invalidateTags([{ type: 'Notification', id: 'UNREAD' }]));
    await Promise.resolve();
  });

describe('badge toasts (SPEC §9)', () => {
  it('celebrates an unread badge award once with a badge toast linking to /profile/badges', async () => {
    const { callsTo } = api({ count: 2, list: [award('n2', 'first_contribution'), approval('n1')] });
    const { store } = renderRoute('/help', { who: 'user' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const toast = await within(list).findByRole('status');
    expect(toast).toHaveTextContent('Badge earned: First contribution');
    expect(within(toast).getByRole('link', { name: 'See your badges' })).toHaveAttribute('href', '/profile/badges');
    expect(toast.closest('li')).toHaveTextContent('🌱');
    const [shown] = store.getState().ui.toasts;
    expect(shown?.timeoutMs).toBe(BADGE_TOAST_TIMEOUT_MS);
    expect(shown?.payload?.badge).toMatchObject({ badge_key: 'first_contribution', title: 'First contribution', icon_emoji: '🌱' });
    // Only the badge: the approval is not toasted.
    expect(messages().getAllByRole('listitem')).toHaveLength(1);
    const read = callsTo('/api/me/notifications');
    expect(read).toHaveLength(1);
    expect(read[0]!.url.searchParams.get('unread_only')).toBe('true');
    expect(toastedIds(ACCOUNT)).toEqual(['n2']);
  });

  it('does not toast it again when the poll finds more unread notifications', async () => {
    const state = { count: 1, list: [award('n2', 'first_contribution')] as Listed[] };
    const { callsTo } = api(state);
    const { store } = renderRoute('/help', { who: 'user' });
    await waitFor(() => expect(badgeToastTexts(store)).toEqual(['Badge earned: First contribution']));
    expect(callsTo('/api/me/notifications')).toHaveLength(1);

    // The next poll counts an approval and a new badge: the list is read again; only the new badge shows.
    state.count = 3;
    state.list = [award('n4', 'photo_1'), approval('n3'), ...state.list];
    await poll(store);
    await waitFor(() => expect(badgeToastTexts(store)).toEqual(['Badge earned: First contribution', 'Badge earned: First photo']));
    expect(callsTo('/api/me/notifications')).toHaveLength(2);
    expect(messages().getAllByText(/Badge earned: First contribution/)).toHaveLength(1);
  });

  it('does not toast it again after a reload on this device', async () => {
    const state = { count: 1, list: [award('n2', 'first_contribution')] as Listed[] };
    api(state);
    const first = renderRoute('/help', { who: 'user' });
    await waitFor(() => expect(badgeToastTexts(first.store)).toEqual(['Badge earned: First contribution']));
    first.unmount();

    // Reloaded (a new store, the same local storage), with one more badge since.
    state.count = 2;
    state.list = [award('n6', 'visits_1'), ...state.list];
    const { callsTo } = api(state);
    const again = renderRoute('/help', { who: 'user' });
    await waitFor(() => expect(badgeToastTexts(again.store)).toEqual(['Badge earned: First visit']));
    expect(callsTo('/api/me/notifications')).toHaveLength(1);
    expect(screen.queryByText(/Badge earned: First contribution/)).not.toBeInTheDocument();
    expect(toastedIds(ACCOUNT)).toEqual(['n2', 'n6']);
  });

  it('reads the notifications only once the unread count rises', async () => {
    const state = { count: 0, list: [] as Listed[] };
    const { callsTo } = api(state);
    const { store } = renderRoute('/help', { who: 'user' });
    await waitFor(() => expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(0));
    expect(callsTo('/api/me/notifications')).toHaveLength(0);

    state.count = 1;
    state.list = [award('n5', 'photo_1')];
    await poll(store);
    expect(await messages().findByText(/Badge earned: First photo/)).toBeInTheDocument();
    expect(callsTo('/api/me/notifications')).toHaveLength(1);
  });

  it('asks for nothing and toasts nothing while signed out', async () => {
    const { callsTo } = api({ count: 1, list: [award('n2', 'first_contribution')] });
    const { store } = renderRoute('/help', { who: 'anonymous' });
    await screen.findByRole('heading', { level: 1 });
    expect(callsTo('/api/me/notifications/unread-count')).toHaveLength(0);
    expect(callsTo('/api/me/notifications')).toHaveLength(0);
    expect(store.getState().ui.toasts).toEqual([]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('shows at most three at once, oldest first, and the next when one goes', async () => {
    api({
      count: 5,
      list: [
        award('n5', 'edits_1', '2025-05-01T10:05:00Z'),
        award('n4', 'visits_1', '2025-05-01T10:04:00Z'),
        award('n3', 'photo_1', '2025-05-01T10:03:00Z'),
        award('n2', 'first_contribution', '2025-05-01T10:02:00Z'),
        award('n1', 'email_verified', '2025-05-01T10:01:00Z'),
      ],
    });
    const { store } = renderRoute('/help', { who: 'user' });
    await waitFor(() =>
      expect(badgeToastTexts(store)).toEqual(['Badge earned: Verified', 'Badge earned: First contribution', 'Badge earned: First photo']),
    );
    expect(toastedIds(ACCOUNT)).toEqual(['n1', 'n2', 'n3']);

    const verified = messages().getByText(/Badge earned: Verified/).closest('li')!;
    await userEvent.click(within(verified as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(badgeToastTexts(store)).toEqual(['Badge earned: First contribution', 'Badge earned: First photo', 'Badge earned: First visit']),
    );
    expect(toastedIds(ACCOUNT)).toEqual(['n1', 'n2', 'n3', 'n4']);
  });

  it('remembers at most the last 200 toasted ids per account', async () => {
    const older = Array.from({ length: BADGE_TOASTS.remembered }, (_, i) => `old-${i}`);
    localStorage.setItem(KEY, JSON.stringify(older));
    localStorage.setItem(`${BADGE_TOASTS.storagePrefix}someone-else`, JSON.stringify(['n2']));
    api({ count: 1, list: [award('n2', 'first_contribution')] });
    const { store } = renderRoute('/help', { who: 'user' });
    // Another account's toast of the same id does not count for this one.
    await waitFor(() => expect(badgeToastTexts(store)).toEqual(['Badge earned: First contribution']));
    const ids = toastedIds(ACCOUNT);
    expect(ids).toHaveLength(BADGE_TOASTS.remembered);
    expect(ids.at(-1)).toBe('n2');
    expect(ids).not.toContain('old-0');
    expect(ids).toContain('old-1');
  });
});

describe('badge toasts and the notify_badge_toasts preference', () => {
  /** GET /me/profile with these preferences (the other fields do not matter here). */
  const profile = (preferences: Record<string, unknown>) => () => envelope({ uuid: ACCOUNT, preferences });
  const profileRead = (store: AppStore) => accountApi.endpoints.getMyProfile.select()(store.getState()).data;

  it('shows none, and reads no notifications, when the account turned them off', async () => {
    const { callsTo } = api(
      { count: 2, list: [award('n2', 'first_contribution'), approval('n1')] },
      { 'GET /api/me/profile': profile({ notify_badge_toasts: false }) },
    );
    const { store } = renderRoute('/help', { who: 'user' });
    await waitFor(() => expect(profileRead(store)).toBeDefined());
    await waitFor(() => expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(2));
    // A rise of the count (the next poll) does not bring any either.
    await poll(store);
    await act(async () => {
      await Promise.resolve();
    });
    expect(callsTo('/api/me/notifications')).toHaveLength(0);
    expect(badgeToastTexts(store)).toEqual([]);
    expect(toastedIds(ACCOUNT)).toEqual([]);
  });

  it('waits for the preferences before showing any', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { callsTo } = api(
      { count: 1, list: [award('n2', 'first_contribution')] },
      { 'GET /api/me/profile': () => new Promise<Response>((resolve) => (answer = resolve)) },
    );
    const { store } = renderRoute('/help', { who: 'user' });
    await waitFor(() => expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(1));
    await waitFor(() => expect(callsTo('/api/me/profile')).toHaveLength(1));
    expect(callsTo('/api/me/notifications')).toHaveLength(0);

    await act(async () => {
      answer(envelope({ uuid: ACCOUNT, preferences: { notify_badge_toasts: true } }));
      await Promise.resolve();
    });
    await waitFor(() => expect(badgeToastTexts(store)).toEqual(['Badge earned: First contribution']));
  });

  it('shows them when the account keeps the default, or its preferences cannot be read', async () => {
    api({ count: 1, list: [award('n2', 'first_contribution')] }, { 'GET /api/me/profile': profile({ theme: 'bauhaus' }) });
    const first = renderRoute('/help', { who: 'user' });
    await waitFor(() => expect(badgeToastTexts(first.store)).toEqual(['Badge earned: First contribution']));
    first.unmount();

    localStorage.clear();
    api(
      { count: 1, list: [award('n2', 'first_contribution')] },
      { 'GET /api/me/profile': () => apiError(500, 'INTERNAL_ERROR', 'Something broke') },
    );
    const again = renderRoute('/help', { who: 'user' });
    await waitFor(() => expect(badgeToastTexts(again.store)).toEqual(['Badge earned: First contribution']));
  });
});
