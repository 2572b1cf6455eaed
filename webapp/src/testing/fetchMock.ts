/** A fetch stand-in: routes "METHOD /api/path" to handlers and records every request. */
import { vi } from 'vitest';
import type { AuthStatus } from '../api/types';
import { builder } from './builder';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: BodyInit | null | undefined;
}

export type Handler = (req: RecordedRequest) => Response | Promise<Response>;

export function json(body: unknown, init: { status?: number; statusText?: string; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    statusText: init.statusText ?? '',
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export function envelope(data: unknown, headers?: Record<string, string>): Response {
  return json({ success: true, data, timestamp: '2025-01-01T00:00:00.000Z' }, { headers });
}

export function apiError(status: number, error: string, message: string, details?: unknown): Response {
  return json({ success: false, error, message, details, timestamp: '2025-01-01T00:00:00.000Z' }, { status });
}

/** Unmatched requests answer like the server's fallback: 404 "No such API route". */
export function mockFetch(routes: Record<string, Handler> = {}) {
  const calls: RecordedRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const req: RecordedRequest = { method, url, headers: new Headers(init?.headers), body: init?.body };
    calls.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    if (handler) return handler(req);
    return apiError(404, 'NOT_FOUND', 'No such API route');
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls, callsTo: (path: string) => calls.filter((c) => c.url.pathname === path) };
}

/** A recorded request's JSON body. */
export function bodyOf<T = unknown>(req: RecordedRequest): T {
  return JSON.parse(req.body as string) as T;
}

export const ANON_TOKEN = 'a'.repeat(64);

/** An auth status as the OpenAPI document describes it (anonymous unless overridden). */
export const authStatus = builder((): AuthStatus => ({
  is_authenticated: false,
  is_anonymous: true,
  user_token: ANON_TOKEN,
  user: { uuid: '0f8fad5b-d9cb-469f-a165-70867728950e', email: null, created_at: null },
  is_moderator: false,
  can_review: false,
  is_admin: false,
  profile_name: null,
}));

/** The auth status of a signed-in account (`over` names it: at least its `user`). */
export function signedInAuthStatus(over: Partial<AuthStatus> = {}): AuthStatus {
  return authStatus({ is_authenticated: true, is_anonymous: false, ...over });
}
