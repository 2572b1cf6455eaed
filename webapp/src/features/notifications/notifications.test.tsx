import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n';
import { apiError, envelope, mockFetch } from '../../testing/fetchMock';
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

  it('marks the unread ones it shows seen in one call: the bell drops at once, they keep a New mark', async () => {
    let unread = 2;
    const { callsTo } = api({
      'POST /api/me/notifications/read': () => {
        unread = 0;
        return envelope({ ids: ['n1', 'n2'], is_dismissed: true });
      },
      'GET /api/me/notifications/unread-count': () => envelope({ unread_count: unread }),
    });
    const { store } = renderRoute('/profile/notifications', { who: 'user' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(callsTo('/api/me/notifications/read')).toHaveLength(1));
    const [call] = callsTo('/api/me/notifications/read');
    expect(JSON.parse(call!.body as string)).toEqual({ ids: ['n1', 'n2'] });
    await waitFor(() => expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(0));
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).queryByText('New') !== null)).toEqual([true, true, false]);
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('says so when marking fails, and does not ask again for the same ones', async () => {
    const { callsTo } = api({ 'POST /api/me/notifications/read': () => apiError(500, 'INTERNAL_ERROR', 'x') });
    const { store } = renderRoute('/profile/notifications', { who: 'user' });
    await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(store.getState().ui.toasts.map((t) => t.message)).toContain('Failed to mark notification as read'));
    await waitFor(() => expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(2));
    expect(callsTo('/api/me/notifications/read')).toHaveLength(1);
    // Still unread: the person can try again.
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(callsTo('/api/me/notifications/read')).toHaveLength(2));
  });

  it('leaves reviews hidden by the preferences unread until "Mark all as read"', async () => {
    const { callsTo } = mockFetch({
      'GET /api/me/notifications': () =>
        envelope({
          notifications: [
            { id: 'r1', is_dismissed: false, type: 'submission_approved', title: 'Approved' },
            { id: 'b1', is_dismissed: false, type: 'badge_awarded', title: 'A badge' },
          ],
        }),
      'GET /api/me/notifications/unread-count': () => envelope({ unread_count: 2 }),
      'GET /api/me/profile': () => envelope({ uuid: 'u1', preferences: { notify_submission_updates: false } }),
      'POST /api/me/notifications/read': () => envelope({ ids: [], is_dismissed: true }),
    });
    renderRoute('/profile/notifications', { who: 'user' });
    await screen.findByText(/1 review of your submissions is/);
    await waitFor(() => expect(callsTo('/api/me/notifications/read')).toHaveLength(1));
    expect(JSON.parse(callsTo('/api/me/notifications/read')[0]!.body as string)).toEqual({ ids: ['b1'] });
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(callsTo('/api/me/notifications/read')).toHaveLength(2));
    expect(JSON.parse(callsTo('/api/me/notifications/read')[1]!.body as string)).toEqual({ ids: ['r1'] });
  });

  it('never counts below 0', async () => {
    api({
      'GET /api/me/notifications/unread-count': () => envelope({ unread_count: 0 }),
      'POST /api/me/notifications/read': () => envelope({ ids: ['n1', 'n2'], is_dismissed: true }),
    });
    const { store } = renderRoute('/profile/notifications', { who: 'user' });
    await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(0));
    await screen.findAllByText('New');
    expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toBe(0);
  });
});

describe('notifications in French', () => {
  it('shows the page and the server’s usual notifications in French, with the hidden ones counted', async () => {
    setLocale('fr');
    mockFetch({
      'GET /api/me/notifications': () =>
        envelope({
          notifications: [
            {
              id: 'r1',
              is_dismissed: false,
              type: 'submission_rejected',
              title: 'Submission not accepted',
              message: 'Your logbook entry was not accepted: Blurry photo',
              created_at: '2025-05-01T10:00:00Z',
            },
            {
              id: 'r2',
              is_dismissed: false,
              type: 'submission_approved',
              title: 'Submission approved',
              message: 'Your new artwork was approved. Thank you!',
              created_at: '2025-05-01T10:00:00Z',
            },
            {
              id: 'b1',
              is_dismissed: false,
              type: 'badge_awarded',
              title: 'Badge earned: First contribution',
              message: '🌱 Your first approved submission',
              badge: { title: 'First contribution' },
              created_at: '2025-05-02T10:00:00Z',
            },
          ],
        }),
      'GET /api/me/notifications/unread-count': () => envelope({ unread_count: 3 }),
      'GET /api/me/profile': () => envelope({ uuid: 'u1', preferences: { notify_submission_updates: false } }),
      'POST /api/me/notifications/read': () => envelope({ ids: [], is_dismissed: true }),
    });
    renderRoute('/profile/notifications', { who: 'user' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getByText('Badge obtenu : First contribution')).toBeInTheDocument();
    expect(within(list).getAllByText('Nouvelle')).toHaveLength(1);
    expect(await screen.findByText(/^2 notifications sur vos contributions sont masquées selon vos/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'préférences' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tout marquer comme lu' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Les afficher' }));
    expect(await within(list).findByText('Contribution non retenue')).toBeInTheDocument();
    expect(within(list).getByText(/^Votre visite n’a pas été retenue : Blurry photo · /)).toBeInTheDocument();
    expect(within(list).getByText('Contribution approuvée')).toBeInTheDocument();
  });
});
