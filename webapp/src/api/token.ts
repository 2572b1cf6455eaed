/**
 * The user token (SPEC §4): kept in local storage under `user-token`, sent as `X-User-Token` on
 * every call, replaced whenever a response carries a new one, removed when cleared. When the
 * server says the session the stored token names has ended, the app hears it once (`onSessionEnded`).
 */
import { STORAGE_KEYS } from '../config/constants';
import { logger } from '../lib/logger';
import { readItem, removeItem, writeItem } from '../lib/storage';
import { randomUuid } from '../lib/uuid';

export const TOKEN_HEADER = 'X-User-Token';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();
const endedListeners = new Set<() => void>();
/** The stored token the app was last told has ended: told once, until another is stored. */
let endedToken: string | null = null;

export function getToken(): string | null {
  const t = readItem(STORAGE_KEYS.userToken);
  return t && t.trim() !== '' ? t.trim() : null;
}

export function setToken(token: string): void {
  const t = token.trim();
  if (t === '' || t === getToken()) return;
  writeItem(STORAGE_KEYS.userToken, t);
  endedToken = null;
  logger.debug('User token stored', { token: t });
  listeners.forEach((l) => l(t));
}

export function clearToken(): void {
  removeItem(STORAGE_KEYS.userToken);
  endedToken = null;
  listeners.forEach((l) => l(null));
}

/** The client-side fallback when the server could not hand out a token. */
export function generateClientToken(): string {
  return randomUuid();
}

export function onTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The server said the session `token` names has ended (a write answered SESSION_ENDED). When it
 * is the stored token, the app's listeners hear it, once for that token however many calls meet
 * it; a token no longer stored (another session since) is nobody's concern.
 */
export function sessionEnded(token: string): void {
  if (token !== getToken() || token === endedToken) return;
  endedToken = token;
  logger.info('The session has ended');
  endedListeners.forEach((l) => l());
}

/** Hears that the stored token's session has ended; returns how to stop. */
export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}
