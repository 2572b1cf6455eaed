import { describe, expect, it, vi } from 'vitest';
import { sessionCleared, sessionSet } from '../../api/session';
import { setToken } from '../../api/token';
import type { OutboxSession } from '../../lib/outbox';
import { authStatus, envelope, mockFetch } from '../../testing/fetchMock';
import { BASE_USER, sessionFor, storeFor } from '../../testing/render';
import { followSession } from './useOutboxSender';

function follow(store = storeFor('user')) {
  const told: OutboxSession[] = [];
  const box = { setSession: vi.fn((s: OutboxSession) => void told.push(s)) };
  const events = new EventTarget();
  const stop = followSession(store, box, events);
  return { store, told, events, stop, latest: () => told.at(-1) };
}

describe('the Outbox follows the session', () => {
  it('from the start, then within the very dispatch that signs someone out', () => {
    setToken('ada-session');
    const { store, latest } = follow();
    expect(latest()).toEqual({ kind: 'account', id: BASE_USER.id, token: 'ada-session' });
    store.dispatch(sessionCleared());
    expect(latest()).toBeNull();
    setToken('fresh-anonymous');
    store.dispatch(sessionSet(sessionFor('anonymous')));
    expect(latest()).toEqual({ kind: 'anonymous', token: 'fresh-anonymous' });
    // Another visitor's token stored (whose anonymous receipts are theirs): said at once.
    setToken('next-visitor');
    expect(latest()).toEqual({ kind: 'anonymous', token: 'next-visitor' });
  });

  it('stops speaking for the account as soon as another token is stored, before anything is dispatched', () => {
    setToken('ada-session');
    const { latest } = follow();
    setToken('someone-elses-session');
    expect(latest()).toBeNull();
  });

  it('asks who is signed in once back online when it never learned (the app started offline)', async () => {
    setToken('ada-session');
    const { callsTo } = mockFetch({ 'GET /api/auth/status': () => envelope(authStatus({ user_token: 'ada-session' })) });
    const store = storeFor('anonymous');
    store.dispatch(sessionSet({ status: 'ready', isAuthenticated: false, user: null }));
    const { events, stop } = follow(store);
    events.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(callsTo('/api/auth/status')).toHaveLength(1));
    // Known: no need to ask again.
    await vi.waitFor(() => expect(store.getState().session.user).not.toBeNull());
    events.dispatchEvent(new Event('online'));
    stop();
    events.dispatchEvent(new Event('online'));
    expect(callsTo('/api/auth/status')).toHaveLength(1);
  });
});
