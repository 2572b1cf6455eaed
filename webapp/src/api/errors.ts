/**
 * The error catalogue of SPEC §8. Every failed call, whatever went wrong, becomes one `ApiError`
 * so screens handle a single shape.
 */
import { messageTable } from '../lib/messageTable';

export interface ApiError {
  /** The server's error code (e.g. NOT_FOUND), or one of the client codes below. */
  code: string;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  message: string;
  details?: unknown;
  /** 401: the caller is not (or no longer) signed in. */
  isUnauthorized: boolean;
  /**
   * 401 SESSION_ENDED: a write whose token names a session signed out elsewhere, revoked or
   * expired. Nothing was written; the app reads who it is again (`client.ts` tells it).
   */
  isSessionEnded: boolean;
  /** 429: too many requests; `retryAfterSeconds` from the Retry-After header when given. */
  isRateLimited: boolean;
  retryAfterSeconds?: number;
}

export const ERROR_CODES = {
  api: 'API_ERROR',
  timeout: 'TIMEOUT',
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
  unknown: 'UNKNOWN_ERROR',
  aborted: 'ABORTED',
} as const;

/** The server's code for a write made under a session that has ended (SESSION_ENDED, 401). */
export const SESSION_ENDED = 'SESSION_ENDED';

/** The client's own messages, in the language in effect when read (an error made now says it in it). */
export const ERROR_MESSAGES = messageTable({
  timeout: 'lib.errors.timeout',
  network: 'lib.errors.network',
  invalidResponse: 'lib.errors.invalidResponse',
  unknown: 'lib.errors.unknown',
  aborted: 'lib.errors.aborted',
});

export function makeApiError(
  code: string,
  status: number,
  message: string,
  details?: unknown,
  retryAfterSeconds?: number,
): ApiError {
  const error: ApiError = {
    code,
    status,
    message,
    isUnauthorized: status === 401,
    isSessionEnded: status === 401 && code === SESSION_ENDED,
    isRateLimited: status === 429,
  };
  if (details !== undefined) error.details = details;
  if (retryAfterSeconds !== undefined) error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

export const timeoutError = () => makeApiError(ERROR_CODES.timeout, 408, ERROR_MESSAGES.timeout);
export const networkError = () => makeApiError(ERROR_CODES.network, 0, ERROR_MESSAGES.network);
export const invalidResponseError = () =>
  makeApiError(ERROR_CODES.invalidResponse, 500, ERROR_MESSAGES.invalidResponse);
export const unknownError = (details?: unknown) =>
  makeApiError(ERROR_CODES.unknown, 500, ERROR_MESSAGES.unknown, details);
export const abortedError = () => makeApiError(ERROR_CODES.aborted, 0, ERROR_MESSAGES.aborted);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** An error from a response the server answered with a failure (non-OK, or `success: false`). */
export function errorFromResponse(
  status: number,
  statusText: string,
  body: unknown,
  retryAfter?: string | null,
): ApiError {
  const b = isRecord(body) ? body : {};
  const code = nonEmpty(b.error) ?? nonEmpty(b.code) ?? ERROR_CODES.api;
  const message = nonEmpty(b.message) ?? nonEmpty(statusText) ?? ERROR_MESSAGES.unknown;
  const seconds = retryAfter ? Number.parseInt(retryAfter, 10) : Number.NaN;
  return makeApiError(
    code,
    status,
    message,
    b.details,
    Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined,
  );
}

export function isApiError(value: unknown): value is ApiError {
  return (
    isRecord(value) &&
    typeof value.code === 'string' &&
    typeof value.status === 'number' &&
    typeof value.message === 'string'
  );
}

/** Whether a failed call (any error value) met a session that has ended: nothing it asked was done. */
export function isSessionEnded(error: unknown): boolean {
  return isApiError(error) && error.isSessionEnded === true;
}

/** A message fit to show a person, for any error value a query or mutation may hold. */
export function errorMessage(error: unknown, fallback: string = ERROR_MESSAGES.unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

const CLIENT_CODES = new Set<string>([
  ERROR_CODES.timeout,
  ERROR_CODES.network,
  ERROR_CODES.invalidResponse,
  ERROR_CODES.unknown,
  ERROR_CODES.aborted,
]);

/**
 * The message of an answer the server gave (an unsuccessful request: 4xx/5xx or `success:
 * false`), or undefined when no usable answer arrived (network failure, timeout, non-JSON…).
 */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error) || error.status <= 0 || CLIENT_CODES.has(error.code)) return undefined;
  return nonEmpty(error.message);
}

/**
 * The form field a failed call is about: the server's `details.field` (400 VALIDATION_ERROR),
 * or `photos` for a photo it refused as too large (413) or of the wrong kind (415).
 */
export function errorField(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (isRecord(error.details) && typeof error.details.field === 'string' && error.details.field) return error.details.field;
  if (error.status === 413 || error.status === 415) return 'photos';
  return undefined;
}
