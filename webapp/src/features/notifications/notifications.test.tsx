import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, envelope, json, mockFetch } from '../../testing/fetchMock';
import { renderRoute } from '../../testing/render';
import { notificationsApi } from './notificationsApi';

const LIST = [
  { id: 'n1', is_dismissed: false, title: 'Your photo was approved' },
  { id: 'n2', is_dismissed: false, title: 'You earned a badge' },
  { id: 'n3', is_dismissed: true, title: 'Welcome' },
];

function api(over: Record<string, () => Response> = {}) {
  return mockFetch({
    'GET /api/me/notifications': () => envelope({ notifications: LIST }),
    'GET /api/me/notifications/unread-count': () => envelope({ unread_count: 2 }),
    ...over,
  });
}

describe('notifications (SPEC §4)', () => {
  it('asks for nothing while signed out, and offers sign-in', async () => {
    const { callsTo } = api();
    renderRoute('/profile/notifications');
    expect(await screen.findByRole('heading', { name: 'Sign in to see notifications' })).toBeInTheDocument();
    expect(callsTo('/api/me/notifications')).toHaveLength(0);
    expect(callsTo('/api/me/notifications/unread-count')).toHaveLength(0);
  });

  it('dismissing lowers the unread count by one at once', async () => {
    api({ 'POST /api/me/notifications/n1/dismiss': () => json({ success: true, data: {} }) });
    const { store } = renderRoute('/profile/notifications', { who: 'user' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(2));
    await userEvent.click(within(list).getAllByRole('button', { name: 'Dismiss notification' })[0]!);
    await waitFor(() => expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(1));
    expect(within(list).getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1);
  });

  it('restores the notification and reports when dismissing fails', async () => {
    api({ 'POST /api/me/notifications/n1/dismiss': () => apiError(500, 'INTERNAL_ERROR', 'x') });
    const { store } = renderRoute('/profile/notifications', { who: 'user' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.click(within(list).getAllByRole('button', { name: 'Dismiss notification' })[0]!);
    await waitFor(() => expect(store.getState().ui.toasts.map((t) => t.message)).toContain('Failed to dismiss notification'));
    expect(within(list).getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(2);
  });

  it('marks all as read, ignoring individual failures', async () => {
    let unread = 2;
    const { callsTo } = api({
      'POST /api/me/notifications/n1/read': () => apiError(500, 'INTERNAL_ERROR', 'x'),
      'POST /api/me/notifications/n2/read': () => {
        unread -= 1;
        return json({ success: true, data: {} });
      },
      'GET /api/me/notifications/unread-count': () => envelope({ unread_count: unread }),
    });
    const { store } = renderRoute('/profile/notifications', { who: 'user' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(2));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(callsTo('/api/me/notifications/n2/read')).toHaveLength(1));
    expect(callsTo('/api/me/notifications/n1/read')).toHaveLength(1);
    expect(callsTo('/api/me/notifications/n3/read')).toHaveLength(0);
    await waitFor(() => expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(1));
    expect(within(list).getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1);
  });

  it('never counts below 0', async () => {
    api({
      'GET /api/me/notifications/unread-count': () => envelope({ unread_count: 0 }),
      'POST /api/me/notifications/n1/dismiss': () => json({ success: true, data: {} }),
    });
    const { store } = renderRoute('/profile/notifications', { who: 'user' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(0));
    await userEvent.click(within(list).getAllByRole('button', { name: 'Dismiss notification' })[0]!);
    await waitFor(() => expect(within(list).getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(1));
    expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(0);
  });
});
