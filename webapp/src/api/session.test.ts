import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import { ANON_TOKEN, authStatus, envelope, json, mockFetch, signedInAuthStatus } from '../testing/fetchMock';
import { BASE_USER } from '../testing/render';
import {
  displayName,
  forgetEndedSession,
  initSession,
  refreshSession,
  roleOf,
  selectCanModerate,
  selectIsAdmin,
  selectIsAuthenticated,
  selectSessionReady,
  selectUser,
  signOut,
  type SessionUser,
} from './session';
import { clearToken, getToken, setToken } from './token';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('token lifecycle at start-up (SPEC §4)', () => {
  it('asks /auth/status for a token when none is stored, and keeps the one in the header', async () => {
    const { callsTo } = mockFetch({ 'GET /api/auth/status': () => envelope(authStatus(), { 'X-User-Token': ANON_TOKEN }) });
    const store = makeStore();
    expect(selectSessionReady(store.getState())).toBe(false);
    await store.dispatch(initSession());
    expect(callsTo('/api/auth/status')[0]!.headers.has('X-User-Token')).toBe(false);
    expect(getToken()).toBe(ANON_TOKEN);
    expect(localStorage.getItem('user-token')).toBe(ANON_TOKEN);
    expect(selectSessionReady(store.getState())).toBe(true);
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });

  it('falls back to the body’s user_token when no header came back', async () => {
    mockFetch({ 'GET /api/auth/status': () => envelope(authStatus({ user_token: 'b'.repeat(64) })) });
    const store = makeStore();
    await store.dispatch(initSession());
    expect(getToken()).toBe('b'.repeat(64));
  });

  it('generates a client UUID when there is no token and the call fails', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    const store = makeStore();
    await store.dispatch(initSession());
    expect(getToken()).toMatch(UUID);
    expect(selectSessionReady(store.getState())).toBe(true);
  });

  it('uses a hand-made UUID when crypto.randomUUID is missing', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => a.fill(7) });
    await makeStore().dispatch(initSession());
    expect(getToken()).toMatch(UUID);
  });

  it('keeps an existing token when the status call fails, and sends it', async () => {
    setToken('c'.repeat(64));
    const { callsTo } = mockFetch({ 'GET /api/auth/status': () => json({ success: false, error: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }) });
    const store = makeStore();
    await store.dispatch(initSession());
    expect(callsTo('/api/auth/status')[0]!.headers.get('X-User-Token')).toBe('c'.repeat(64));
    expect(getToken()).toBe('c'.repeat(64));
    expect(selectSessionReady(store.getState())).toBe(true);
  });

  it('replaces a stored token the server does not accept with the one it mints', async () => {
    setToken('0f8fad5b-d9cb-469f-a165-70867728950e');
    mockFetch({ 'GET /api/auth/status': () => envelope(authStatus(), { 'X-User-Token': ANON_TOKEN }) });
    await makeStore().dispatch(initSession());
    expect(getToken()).toBe(ANON_TOKEN);
  });

  it('removes the token from storage when cleared', () => {
    setToken('d'.repeat(64));
    clearToken();
    expect(localStorage.getItem('user-token')).toBeNull();
    expect(getToken()).toBeNull();
  });
});

describe('roles come from the server', () => {
  it('reads is_admin, is_moderator and can_review', async () => {
    mockFetch({
      'GET /api/auth/status': () =>
        envelope(
          signedInAuthStatus({
            user: { uuid: 'u-1', email: 'a@b.org', created_at: '2025-01-01' },
            is_admin: true,
            can_review: true,
          }),
        ),
      'GET /api/me/profile': () => envelope({ uuid: 'u-1', email: 'a@b.org' }),
    });
    const store = makeStore();
    await store.dispatch(initSession());
    expect(selectIsAuthenticated(store.getState())).toBe(true);
    expect(selectIsAdmin(store.getState())).toBe(true);
    expect(selectCanModerate(store.getState())).toBe(true);
    expect(selectUser(store.getState())).toMatchObject({ id: 'u-1', email: 'a@b.org', emailVerified: true });
  });
});

describe('roles and name from the profile (SPEC §6)', () => {
  const ACCOUNT = '9b2e6f1c-5d7a-4c3b-8e9f-0a1b2c3d4e5f';
  const signedIn = () =>
    envelope(
      signedInAuthStatus({
        user: { uuid: ACCOUNT, email: 'a@b.org', created_at: '2025-01-01T00:00:00Z' },
        profile_name: 'ada',
      }),
    );

  it('reads the profile name from auth status, and the profile when signed in', async () => {
    const { callsTo } = mockFetch({
      'GET /api/auth/status': signedIn,
      'GET /api/me/profile': () => envelope({ uuid: ACCOUNT, profile_name: 'ada-l', is_reviewer: false }),
    });
    const store = makeStore();
    await store.dispatch(initSession());
    expect(callsTo('/api/me/profile')).toHaveLength(1);
    expect(selectUser(store.getState())).toMatchObject({ profileName: 'ada-l', createdAt: '2025-01-01T00:00:00Z' });
    expect(selectCanModerate(store.getState())).toBe(false);
  });

  it('makes a reviewer (is_reviewer) a moderator, and waits for the profile before being ready', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockFetch({
      'GET /api/auth/status': signedIn,
      'GET /api/me/profile': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const store = makeStore();
    const done = store.dispatch(initSession());
    await vi.waitFor(() => expect(selectIsAuthenticated(store.getState())).toBe(true));
    expect(selectSessionReady(store.getState())).toBe(false);
    answer(envelope({ uuid: ACCOUNT, is_reviewer: true, debug: { permissions: [] } }));
    await done;
    expect(selectSessionReady(store.getState())).toBe(true);
    expect(selectCanModerate(store.getState())).toBe(true);
    expect(roleOf(selectUser(store.getState()))).toBe('moderator');
    expect(selectIsAdmin(store.getState())).toBe(false);
  });

  it('reads active permissions from debug.permissions, ignoring inactive ones', async () => {
    mockFetch({
      'GET /api/auth/status': signedIn,
      'GET /api/me/profile': () =>
        envelope({
          uuid: ACCOUNT,
          is_reviewer: false,
          debug: {
            permissions: [
              { permission: 'admin', is_active: true },
              { permission: 'moderator', is_active: false },
            ],
          },
        }),
    });
    const store = makeStore();
    await store.dispatch(initSession());
    expect(selectIsAdmin(store.getState())).toBe(true);
    expect(roleOf(selectUser(store.getState()))).toBe('admin');

    mockFetch({
      'GET /api/auth/status': signedIn,
      'GET /api/me/profile': () => envelope({ uuid: ACCOUNT, debug: { permissions: [{ permission: 'admin', is_active: false }] } }),
    });
    const other = makeStore();
    await other.dispatch(initSession());
    expect(selectIsAdmin(other.getState())).toBe(false);
    expect(selectCanModerate(other.getState())).toBe(false);
  });

  it('keeps the profile’s flags across a later auth status refresh', async () => {
    mockFetch({
      'GET /api/auth/status': signedIn,
      'GET /api/me/profile': () => envelope({ uuid: ACCOUNT, permissions: ['moderator'] }),
    });
    const store = makeStore();
    await store.dispatch(initSession());
    expect(selectCanModerate(store.getState())).toBe(true);
    mockFetch({ 'GET /api/auth/status': signedIn, 'GET /api/me/profile': () => json({ success: false, error: 'X', message: 'x' }, { status: 500 }) });
    await store.dispatch(refreshSession());
    expect(selectCanModerate(store.getState())).toBe(true);
  });

  it('is ready with the status’ flags when the profile fails', async () => {
    mockFetch({
      'GET /api/auth/status': () =>
        envelope(authStatus({ is_authenticated: true, user: { uuid: ACCOUNT, email: 'a@b.org', created_at: null }, is_moderator: true, can_review: true })),
      'GET /api/me/profile': () => json({ success: false, error: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }),
    });
    const store = makeStore();
    await store.dispatch(initSession());
    expect(selectSessionReady(store.getState())).toBe(true);
    expect(selectCanModerate(store.getState())).toBe(true);
  });

  it('does not ask for a profile when anonymous', async () => {
    const { callsTo } = mockFetch({ 'GET /api/auth/status': () => envelope(authStatus()) });
    await makeStore().dispatch(initSession());
    expect(callsTo('/api/me/profile')).toHaveLength(0);
  });
});

describe('sign-out (SPEC §4)', () => {
  async function signedInStore() {
    mockFetch({
      'GET /api/auth/status': () =>
        envelope(authStatus({ is_authenticated: true, user: { uuid: 'u-1', email: 'a@b.org', created_at: null } })),
      'GET /api/me/profile': () => envelope({ uuid: 'u-1', email: 'a@b.org', profile_name: 'ada' }),
    });
    setToken('session-token');
    const store = makeStore();
    await store.dispatch(initSession());
    expect(selectIsAuthenticated(store.getState())).toBe(true);
    return store;
  }

  it('adopts the new anonymous token the server hands back, then reads the new anonymous identity', async () => {
    const store = await signedInStore();
    const NEW = 'e'.repeat(64);
    const { callsTo } = mockFetch({
      'POST /api/auth/logout': () => envelope({ success: true, new_user_token: NEW }, { 'X-User-Token': NEW }),
      'GET /api/auth/status': () => envelope(authStatus({ user_token: NEW, user: { uuid: 'anon-2', email: null, created_at: null } })),
    });
    await store.dispatch(signOut());
    expect(callsTo('/api/auth/logout')[0]!.headers.get('X-User-Token')).toBe('session-token');
    expect(getToken()).toBe(NEW);
    expect(localStorage.getItem('user-token')).toBe(NEW);
    expect(callsTo('/api/auth/status')[0]!.headers.get('X-User-Token')).toBe(NEW);
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    expect(selectUser(store.getState())).toMatchObject({ id: 'anon-2', emailVerified: false, profileName: null });
  });

  it('adopts new_user_token from the body when no header came back', async () => {
    const store = await signedInStore();
    const { callsTo } = mockFetch({
      'POST /api/auth/logout': () => envelope({ success: true, new_user_token: 'e'.repeat(64) }),
      'GET /api/auth/status': () => envelope(authStatus({ user_token: 'e'.repeat(64) })),
    });
    await store.dispatch(signOut());
    expect(getToken()).toBe('e'.repeat(64));
    // Adopted before asking who we are now: the status call presents it.
    expect(callsTo('/api/auth/status')[0]!.headers.get('X-User-Token')).toBe('e'.repeat(64));
  });

  it('clears the state even when the status call after logout fails, keeping the new token', async () => {
    const store = await signedInStore();
    mockFetch({
      'POST /api/auth/logout': () => envelope({ success: true, new_user_token: 'e'.repeat(64) }),
      'GET /api/auth/status': () => json({ success: false, error: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }),
    });
    await store.dispatch(signOut());
    expect(getToken()).toBe('e'.repeat(64));
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    expect(selectUser(store.getState())).toBeNull();
  });

  it('clears the state and obtains a fresh anonymous token when logout fails', async () => {
    const store = await signedInStore();
    const { callsTo } = mockFetch({
      'POST /api/auth/logout': () => json({ success: false, error: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }),
      'GET /api/auth/status': () => envelope(authStatus(), { 'X-User-Token': 'f'.repeat(64) }),
    });
    await store.dispatch(signOut());
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    // The failed session token was removed: the status call goes without one and is handed a new one.
    expect(callsTo('/api/auth/status')[0]!.headers.has('X-User-Token')).toBe(false);
    expect(getToken()).toBe('f'.repeat(64));
  });

  it('forgets an account whose session ended elsewhere at once, with nothing to revoke, even when who we are cannot be read now', async () => {
    const store = await signedInStore();
    const { calls } = mockFetch({ 'GET /api/auth/status': () => json({ success: false, error: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }) });
    await store.dispatch(forgetEndedSession());
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /api/auth/status']);
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    // Not known until read again; the token stays until the server hands out another.
    expect(selectUser(store.getState())).toBeNull();
    expect(getToken()).toBe('session-token');
  });

  it('falls back to a client UUID when neither logout nor status answers', async () => {
    const store = await signedInStore();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await store.dispatch(signOut());
    expect(getToken()).toMatch(UUID);
    expect(getToken()).not.toBe('session-token');
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });
});

describe('display name and role (SPEC §3, §6)', () => {
  const base: SessionUser = { ...BASE_USER, id: '12345678-aaaa-4bbb-8ccc-123456789012' };
  it('shows the email only when verified', () => {
    expect(displayName(base)).toBe('Anonymous (12345678...)');
    expect(displayName({ ...base, email: 'x@y.z', emailVerified: false })).toBe('Anonymous (12345678...)');
    expect(displayName({ ...base, email: 'x@y.z', emailVerified: true })).toBe('x@y.z');
  });
  it('is admin, else moderator if canReview, else user', () => {
    expect(roleOf({ ...base, isAdmin: true })).toBe('admin');
    expect(roleOf({ ...base, canReview: true })).toBe('moderator');
    expect(roleOf(base)).toBe('user');
    expect(roleOf(null)).toBe('user');
  });
});
