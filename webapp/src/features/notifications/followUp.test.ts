import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_MS, isOwnWrite } from '../../api/followUp';
import { listsApi } from '../../api/listsApi';
import { envelope, mockFetch } from '../../testing/fetchMock';
import { storeFor, type Who } from '../../testing/render';
import { notificationsApi } from './notificationsApi';

function setUp(who: Who) {
  const mock = mockFetch({
    'GET /api/me/notifications/unread-count': () => envelope({ unread_count: 0 }),
    'POST /api/lists': () => envelope({ id: 'l1', name: 'Walk', public: false }),
    'POST /api/me/notifications/read': () => envelope({ ids: ['n1'], is_dismissed: true }),
  });
  const store = storeFor(who);
  // The bell's subscription, as the shell holds it.
  void store.dispatch(notificationsApi.endpoints.getUnreadCount.initiate());
  const counts = () => mock.callsTo('/api/me/notifications/unread-count').length;
  return { store, counts };
}

describe('the bell after one’s own writes', () => {
  it('re-reads the unread count at once after a write, and again over the next seconds', async () => {
    const { store, counts } = setUp('user');
    await waitFor(() => expect(counts()).toBe(1));
    await store.dispatch(listsApi.endpoints.createList.initiate({ name: 'Walk', public: false }));
    await waitFor(() => expect(counts()).toBe(2));
    // The second re-read comes FOLLOW_UP_MS[1] later (the awarders run after the write answered).
    await waitFor(() => expect(counts()).toBe(3), { timeout: FOLLOW_UP_MS[1] + 2000 });
  });

  it('follows up the writes of the API, not its reads nor marking notifications seen', () => {
    const fulfilled = (type: string, endpointName: string) => ({ type, meta: { arg: { endpointName } } });
    expect(isOwnWrite(fulfilled('api/executeMutation/fulfilled', 'createList'))).toBe(true);
    expect(isOwnWrite(fulfilled('api/executeMutation/fulfilled', 'verifyMagicLink'))).toBe(true);
    expect(isOwnWrite(fulfilled('api/executeMutation/fulfilled', 'markNotificationsSeen'))).toBe(false);
    expect(isOwnWrite(fulfilled('api/executeMutation/rejected', 'createList'))).toBe(false);
    expect(isOwnWrite(fulfilled('api/executeQuery/fulfilled', 'getUnreadCount'))).toBe(false);
  });
});
