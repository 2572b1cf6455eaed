import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch } from '../testing/fetchMock';
import { setLocale } from '../i18n';
import { apiRequest, buildUrl } from './client';
import { ERROR_CODES, ERROR_MESSAGES, errorMessage, type ApiError } from './errors';
import { listNameError, SYSTEM_LIST_NAMES } from './listsApi';
import { minPosition } from './position';
import { displayName } from './session';
import { getToken, onSessionEnded, setToken } from './token';

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const r = (await p) as { error?: ApiError };
  expect(r.error).toBeDefined();
  return r.error as ApiError;
}

describe('apiRequest: the error catalogue (SPEC §8)', () => {
  it('uses the server’s code, message and details for a non-OK response', async () => {
    mockFetch({ 'GET /api/artworks': () => apiError(400, 'VALIDATION_ERROR', 'sort must be one of …', { field: 'sort' }) });
    const e = await failure(apiRequest('/artworks'));
    expect(e).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      message: 'sort must be one of …',
      details: { field: 'sort' },
      isUnauthorized: false,
      isRateLimited: false,
    });
  });

  it('defaults to API_ERROR and the HTTP status text when the body says nothing', async () => {
    mockFetch({
      'GET /api/x': () => new Response('<h1>oops</h1>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } }),
    });
    const e = await failure(apiRequest('/x'));
    expect(e).toMatchObject({ code: 'API_ERROR', status: 502, message: 'Bad Gateway' });
  });

  it('falls back to the generic message when there is no status text either', async () => {
    mockFetch({ 'GET /api/x': () => json({}, { status: 500 }) });
    const e = await failure(apiRequest('/x'));
    expect(e).toMatchObject({ code: 'API_ERROR', status: 500, message: 'An unexpected error occurred' });
  });

  it('flags 401 as unauthorized', async () => {
    mockFetch({ 'GET /api/me/profile': () => apiError(401, 'UNAUTHORIZED', 'Authentication required') });
    const e = await failure(apiRequest('/me/profile'));
    expect(e).toMatchObject({ status: 401, code: 'UNAUTHORIZED', isUnauthorized: true, isRateLimited: false });
  });

  it('flags 401 SESSION_ENDED as a session that has ended, in the server’s words; any other 401 not', async () => {
    const message = 'Your sign-in has ended. Sign in again to continue.';
    mockFetch({
      'POST /api/feedback': () => apiError(401, 'SESSION_ENDED', message),
      'GET /api/me/profile': () => apiError(401, 'UNAUTHORIZED', 'Authentication required'),
    });
    const e = await failure(apiRequest({ url: '/feedback', method: 'POST', body: {} }));
    expect(e).toMatchObject({ status: 401, code: 'SESSION_ENDED', message, isUnauthorized: true, isSessionEnded: true });
    expect(await failure(apiRequest('/me/profile'))).toMatchObject({ isUnauthorized: true, isSessionEnded: false });
  });

  it('flags 429 as rate-limited and reads Retry-After', async () => {
    mockFetch({
      'POST /api/auth/request-magic-link': () =>
        json({ success: false, error: 'RATE_LIMITED', message: 'Too many requests' }, { status: 429, headers: { 'Retry-After': '30' } }),
    });
    const e = await failure(apiRequest({ url: '/auth/request-magic-link', method: 'POST', body: { email: 'a@b.co' } }));
    expect(e).toMatchObject({ status: 429, isRateLimited: true, isUnauthorized: false, retryAfterSeconds: 30 });
  });

  it('times out as TIMEOUT / 408 / "Request timeout" after 30 000 ms by default', async () => {
    vi.useFakeTimers();
    const fetchSignal: { current: AbortSignal | null } = { current: null };
    vi.stubGlobal(
      'fetch',
      (_input: RequestInfo, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          // Rejects the way fetch does when its signal aborts.
          fetchSignal.current = init?.signal ?? null;
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiRequest('/slow');
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchSignal.current?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await failure(pending);
    expect(e).toMatchObject({ code: 'TIMEOUT', status: 408, message: 'Request timeout' });
  });

  it('maps a failed fetch to NETWORK_ERROR / 0 / "Network error occurred"', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const e = await failure(apiRequest('/artworks'));
    expect(e).toMatchObject({ code: 'NETWORK_ERROR', status: 0, message: 'Network error occurred' });
  });

  it('rejects a successful non-JSON response as INVALID_RESPONSE / 500', async () => {
    mockFetch({ 'GET /api/status': () => new Response('<html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }) });
    const e = await failure(apiRequest('/status'));
    expect(e).toMatchObject({ code: 'INVALID_RESPONSE', status: 500, message: 'Expected JSON response from API' });
  });

  it('rejects a JSON-labelled body that is not JSON as INVALID_RESPONSE', async () => {
    mockFetch({ 'GET /api/status': () => new Response('{nope', { status: 200, headers: { 'Content-Type': 'application/json' } }) });
    const e = await failure(apiRequest('/status'));
    expect(e.code).toBe(ERROR_CODES.invalidResponse);
  });

  it('treats {success:false} in a 200 as an error with the server’s code', async () => {
    mockFetch({ 'GET /api/x': () => json({ success: false, error: 'CONFLICT', message: 'Edited meanwhile' }) });
    const e = await failure(apiRequest('/x'));
    expect(e).toMatchObject({ code: 'CONFLICT', status: 200, message: 'Edited meanwhile' });
  });

  it('returns an accepted non-OK status’s body as data (/status answers 503 with its report)', async () => {
    mockFetch({ 'GET /api/status': () => json({ success: true, data: { status: 'degraded' } }, { status: 503 }) });
    const r = await apiRequest<{ data: { status: string } }>({ url: '/status', acceptStatus: [503] });
    expect('data' in r && r.data.data.status).toBe('degraded');
  });

  it('still fails on an accepted status whose body is an error, or not JSON', async () => {
    mockFetch({ 'GET /api/status': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Database unavailable') });
    expect(await failure(apiRequest({ url: '/status', acceptStatus: [503] }))).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    mockFetch({ 'GET /api/status': () => new Response('<h1>down</h1>', { status: 503, statusText: 'Service Unavailable' }) });
    expect(await failure(apiRequest({ url: '/status', acceptStatus: [503] }))).toMatchObject({ code: 'API_ERROR', status: 503 });
  });

  it('uses the generic fallback for anything else that goes wrong', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('weird')));
    const e = await failure(apiRequest('/x'));
    expect(e).toMatchObject({ code: 'UNKNOWN_ERROR', message: ERROR_MESSAGES.unknown });
  });

  it('returns the parsed body on success', async () => {
    mockFetch({ 'GET /api/status': () => json({ success: true, data: { product_name: 'Plinth' } }) });
    const r = await apiRequest<{ data: { product_name: string } }>('/status');
    expect('data' in r && r.data.data.product_name).toBe('Plinth');
  });
});

describe('apiRequest: URL, headers and token', () => {
  it('builds an absolute /api URL on this origin, skipping empty parameters', () => {
    expect(buildUrl('/artworks', { page: 2, sort: undefined, search: '', limit: 30 })).toBe(
      `${window.location.origin}/api/artworks?page=2&limit=30`,
    );
  });

  it('sends JSON with the stored token', async () => {
    setToken('t'.repeat(64));
    const { calls } = mockFetch({ 'POST /api/feedback': () => json({ success: true, data: { id: '1' } }) });
    await apiRequest({ url: '/feedback', method: 'POST', body: { note: 'hi' } });
    const req = calls[0]!;
    expect(req.headers.get('X-User-Token')).toBe('t'.repeat(64));
    expect(req.headers.get('Content-Type')).toBe('application/json');
    expect(req.body).toBe('{"note":"hi"}');
  });

  it('sends no token header when none is stored', async () => {
    const { calls } = mockFetch({ 'GET /api/status': () => json({ success: true, data: {} }) });
    await apiRequest('/status');
    expect(calls[0]!.headers.has('X-User-Token')).toBe(false);
  });

  it('stores a token the server returns, replacing the old one', async () => {
    setToken('old');
    mockFetch({ 'GET /api/auth/status': () => json({ success: true, data: {} }, { headers: { 'X-User-Token': 'new-token' } }) });
    await apiRequest('/auth/status');
    expect(getToken()).toBe('new-token');
    expect(localStorage.getItem('user-token')).toBe('new-token');
  });

  it('stores a token returned with an error response too', async () => {
    mockFetch({ 'GET /api/x': () => new Response('{}', { status: 500, headers: { 'X-User-Token': 'fresh', 'Content-Type': 'application/json' } }) });
    await apiRequest('/x');
    expect(getToken()).toBe('fresh');
  });

  it('speaks for another identity when told to: its token (or none) sent, and the answer’s token not stored', async () => {
    setToken('session-token');
    const { calls } = mockFetch({ 'POST /api/logbook': () => json({ success: true, data: {} }, { status: 201, headers: { 'X-User-Token': 'minted' } }) });
    await apiRequest({ url: '/logbook', method: 'POST', body: {}, userToken: 'anon-token' });
    await apiRequest({ url: '/logbook', method: 'POST', body: {}, userToken: null });
    expect(calls[0]!.headers.get('X-User-Token')).toBe('anon-token');
    expect(calls[1]!.headers.has('X-User-Token')).toBe(false);
    expect(getToken()).toBe('session-token');
  });

  it('tells the app once when a write finds the stored token’s session ended, and not for another identity’s', async () => {
    const ended = () => apiError(401, 'SESSION_ENDED', 'Your sign-in has ended. Sign in again to continue.');
    mockFetch({ 'POST /api/feedback': ended, 'POST /api/logbook': ended });
    const told = vi.fn();
    const stop = onSessionEnded(told);
    setToken('ada-session');
    const write = (userToken?: string) => apiRequest({ url: '/logbook', method: 'POST', body: {}, ...(userToken !== undefined ? { userToken } : {}) });

    // Another identity's token (the Outbox sending an anonymous visitor's item): not the app's session.
    await write('anon-token');
    expect(told).not.toHaveBeenCalled();
    // The stored token: told, once, however many calls meet it.
    await write();
    await apiRequest({ url: '/feedback', method: 'POST', body: {} });
    await write('ada-session');
    expect(told).toHaveBeenCalledTimes(1);
    // Nothing was written, nor any token handed out: the stored one stays until the app reads who it is.
    expect(getToken()).toBe('ada-session');

    // Another session later, ended too: told again, the stored token given by name too (the Outbox
    // sending as the signed-in account). Once stopped, no more.
    setToken('ada-session-2');
    await write('ada-session-2');
    expect(told).toHaveBeenCalledTimes(2);
    stop();
    setToken('ada-session-3');
    await write();
    expect(told).toHaveBeenCalledTimes(2);
  });

  it('lets multipart bodies set their own content type', async () => {
    const { calls } = mockFetch({ 'POST /api/logbook': () => json({ success: true, data: {} }) });
    const form = new FormData();
    form.append('notes', 'x');
    await apiRequest({ url: '/logbook', method: 'POST', body: form });
    expect(calls[0]!.headers.has('Content-Type')).toBe(false);
    expect(calls[0]!.body).toBe(form);
  });

  it('remembers the latest X-Event-Position and sends it as X-Min-Position on reads', async () => {
    const { calls } = mockFetch({
      'POST /api/feedback': () => json({ success: true, data: {} }, { headers: { 'X-Event-Position': '12-340' } }),
      'GET /api/artworks': () => json({ success: true, data: {} }, { headers: { 'X-Event-Position': '11-999' } }),
    });
    await apiRequest({ url: '/feedback', method: 'POST', body: {} });
    await apiRequest('/artworks');
    expect(minPosition()).toBe('12-340');
    expect(calls[1]!.headers.get('X-Min-Position')).toBe('12-340');
  });
});

describe('the client’s own words, in the language in effect', () => {
  it('says a network failure, a list name’s rule and an anonymous user in French', async () => {
    setLocale('fr');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const e = await failure(apiRequest('/artworks'));
    expect(e).toMatchObject({ code: 'NETWORK_ERROR', status: 0, message: 'Erreur réseau' });
    expect(errorMessage(e)).toBe('Erreur réseau');
    expect(errorMessage(undefined)).toBe('Une erreur inattendue s’est produite');
    expect(listNameError('  ')).toBe('Le nom de la liste est obligatoire');
    expect(SYSTEM_LIST_NAMES.want_to_see).toBe('À voir');
    expect(displayName(null)).toBe('Anonyme');
    setLocale('en');
    expect(SYSTEM_LIST_NAMES.want_to_see).toBe('Want to see');
  });
});
