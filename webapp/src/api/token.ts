/**
 * The user token (SPEC §4): kept in local storage under `user-token`, sent as `X-User-Token` on
 * every call, replaced whenever a response carries a new one, removed when cleared.
 */
import { STORAGE_KEYS } from '../config/constants';
import { logger } from '../lib/logger';
import { readItem, removeItem, writeItem } from '../lib/storage';
import { randomUuid } from '../lib/uuid';

export const TOKEN_HEADER = 'X-User-Token';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  const t = readItem(STORAGE_KEYS.userToken);
  return t && t.trim() !== '' ? t.trim() : null;
}

export function setToken(token: string): void {
  const t = token.trim();
  if (t === '' || t === getToken()) return;
  writeItem(STORAGE_KEYS.userToken, t);
  logger.debug('User token stored', { token: t });
  listeners.forEach((l) => l(t));
}

export function clearToken(): void {
  removeItem(STORAGE_KEYS.userToken);
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
