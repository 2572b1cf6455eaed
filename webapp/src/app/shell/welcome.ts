/** First-visit rule (SPEC §9): the welcome dialog shows once, 500 ms after the first load. */
import { STORAGE_KEYS, WELCOME_DELAY_MS } from '../../config/constants';
import { readItem, writeItem } from '../../lib/storage';

export function hasVisited(): boolean {
  return readItem(STORAGE_KEYS.visited) !== null;
}

export function markVisited(): void {
  writeItem(STORAGE_KEYS.visited, 'true');
}

/** Calls `show` after the delay unless already visited; marks the visit when it shows. */
export function scheduleWelcome(show: () => void, delayMs: number = WELCOME_DELAY_MS): () => void {
  if (hasVisited()) return () => undefined;
  const t = setTimeout(() => {
    if (hasVisited()) return;
    markVisited();
    show();
  }, delayMs);
  return () => clearTimeout(t);
}
