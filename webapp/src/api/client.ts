/**
 * The one way the app talks to the server: `${location.origin}/api` + path, JSON, the user token
 * on every call (and any new one stored), the interface's language, a timeout, read-your-writes headers, and every failure
 * mapped onto the catalogue in `errors.ts`; a write that finds the stored token's session ended
 * tells the app (`token.ts`'s `onSessionEnded`).
 */
import { API_BASE_PATH, API_TIMEOUT_MS } from '../config/constants';
import { getLocale } from '../i18n/locale';
import { logger } from '../lib/logger';
import {
  abortedError,
  errorFromResponse,
  invalidResponseError,
  networkError,
  timeoutError,
  unknownError,
  type ApiError,
} from './errors';
import { EVENT_POSITION_HEADER, MIN_POSITION_HEADER, minPosition, notePosition } from './position';
import { getToken, sessionEnded, setToken, TOKEN_HEADER } from './token';
import { fetchWithUploadProgress } from './upload';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestArgs {
  /** Path under /api, e.g. `/artworks/nearby`. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Record<string, QueryValue>;
  /** JSON-encoded unless it is FormData (multipart uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Non-OK statuses whose JSON body is an answer rather than an error (`/status`'s 503). */
  acceptStatus?: number[];
  /** The share of the body sent so far (0 to 1), as it goes: an upload someone watches. */
  onUploadProgress?: (fraction: number) => void;
  /**
   * Speak for this identity rather than the stored one: its token as X-User-Token (null: none),
   * and a token the answer carries is not stored (it is not the session's). The Outbox sends each
   * item as whoever made it.
   */
  userToken?: string | null;
}

export interface ResponseMeta {
  status: number;
  headers: Headers;
}

export type ApiResult<T> = { data: T; meta: ResponseMeta } | { error: ApiError; meta?: ResponseMeta };

/** `/api` on this origin, absolute so it also resolves under test DOMs. */
export function apiBaseUrl(): string {
  return `${window.location.origin}${API_BASE_PATH}`;
}

export function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const url = new URL(`${apiBaseUrl()}${path.startsWith('/') ? path : `/${path}`}`);
  if (params) {
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined || v === null || v === '') continue;
      url.searchParams.set(k, String(v));
    }
  }
  return url.toString();
}

function isJson(contentType: string | null): boolean {
  return !!contentType && /\bjson\b/i.test(contentType);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbort(e: unknown): boolean {
  return (
    typeof e === 'object' &&
    e !== null &&
    'name' in e &&
    ((e).name === 'AbortError' || (e).name === 'TimeoutError')
  );
}

export async function apiRequest<T = unknown>(
  input: string | RequestArgs,
  options: { signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const args: RequestArgs = typeof input === 'string' ? { url: input } : input;
  const method = args.method ?? 'GET';
  // The interface's language: mail sent in answer (a sign-in link) is written in it.
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getLocale() });
  const isForm = typeof FormData !== 'undefined' && args.body instanceof FormData;
  if (!isForm) headers.set('Content-Type', 'application/json');
  const token = args.userToken === undefined ? getToken() : args.userToken;
  if (token) headers.set(TOKEN_HEADER, token);
  const min = minPosition();
  if (min && method === 'GET') headers.set(MIN_POSITION_HEADER, min);
  for (const [k, v] of Object.entries(args.headers ?? {})) headers.set(k, v);

  const controller = new AbortController();
  let timedOut = false;
  const timeoutMs = args.timeoutMs ?? API_TIMEOUT_MS;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const outer = options.signal;
  const onOuterAbort = () => controller.abort();
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', onOuterAbort, { once: true });
  }

  const url = buildUrl(args.url, args.params);
  let response: Response;
  try {
    const init: RequestInit = { method, headers, signal: controller.signal };
    if (args.body !== undefined) {
      init.body = isForm ? (args.body as FormData) : JSON.stringify(args.body);
    }
    // fetch cannot tell how much of a body has gone: an upload someone watches goes by XMLHttpRequest.
    const progress = args.onUploadProgress;
    response = progress && typeof XMLHttpRequest === 'function' ? await fetchWithUploadProgress(url, init, progress) : await fetch(url, init);
  } catch (e) {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
    if (timedOut) {
      logger.warn('Request timed out', { method, url: args.url, timeoutMs });
      return { error: timeoutError() };
    }
    if (isAbort(e)) return { error: abortedError() };
    if (e instanceof TypeError) {
      logger.warn('Network error', { method, url: args.url, error: e.message });
      return { error: networkError() };
    }
    logger.error('Request failed unexpectedly', { method, url: args.url, error: e });
    return { error: unknownError() };
  }

  const meta: ResponseMeta = { status: response.status, headers: response.headers };
  try {
    const newToken = response.headers.get(TOKEN_HEADER);
    if (newToken && args.userToken === undefined) setToken(newToken);
    notePosition(response.headers.get(EVENT_POSITION_HEADER));

    const contentType = response.headers.get('Content-Type');
    if (!response.ok && !(args.acceptStatus?.includes(response.status) && isJson(contentType))) {
      let body: unknown = null;
      if (isJson(contentType)) body = await response.json().catch(() => null);
      const error = errorFromResponse(
        response.status,
        response.statusText,
        body,
        response.headers.get('Retry-After'),
      );
      logger.warn('API error', { method, url: args.url, code: error.code, status: error.status });
      // A write under the stored token's session, which has ended (nothing was written): the app
      // is told, once, to read who it is again. Whoever sent it keeps what it would have written.
      if (error.isSessionEnded && token) sessionEnded(token);
      return { error, meta };
    }
    if (response.status === 204) return { data: null as T, meta };
    if (!isJson(contentType)) return { error: invalidResponseError(), meta };
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return { error: invalidResponseError(), meta };
    }
    if (isRecord(body) && body.success === false) {
      return { error: errorFromResponse(response.status, response.statusText, body), meta };
    }
    return { data: body as T, meta };
  } catch (e) {
    if (timedOut) return { error: timeoutError(), meta };
    if (isAbort(e)) return { error: abortedError(), meta };
    logger.error('Reading the response failed', { method, url: args.url, error: e });
    return { error: unknownError(), meta };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}
