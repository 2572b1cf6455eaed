/**
 * Where a sign-in started (issue 29: the link landed on the map, not on the page the person
 * was on): the sign-in dialog remembers the page when it sends the link, and the link's page
 * goes back there on this device once signed in. An hour old at most; used once.
 */
import { STORAGE_KEYS } from '../../config/constants';
import { readItem, removeItem, writeItem } from '../../lib/storage';

/** How long a remembered page is worth going back to. */
export const SIGN_IN_FROM_MAX_AGE_MS = 60 * 60 * 1000;

export function rememberSignInFrom(path: string, now = Date.now()): void {
  writeItem(STORAGE_KEYS.signInFrom, JSON.stringify({ path, at: now }));
}

/** The remembered page (forgotten as it is read), or null when there is none or it is old. */
export function takeSignInFrom(now = Date.now()): string | null {
  const raw = readItem(STORAGE_KEYS.signInFrom);
  removeItem(STORAGE_KEYS.signInFrom);
  try {
    const v = JSON.parse(raw ?? 'null') as { path?: unknown; at?: unknown } | null;
    if (!v || typeof v.path !== 'string' || typeof v.at !== 'number') return null;
    return now - v.at <= SIGN_IN_FROM_MAX_AGE_MS ? v.path : null;
  } catch {
    return null;
  }
}
