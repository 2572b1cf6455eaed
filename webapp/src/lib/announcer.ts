/**
 * Screen-reader announcements: `announce()` from anywhere; the live region in the shell speaks
 * the message after a short delay (SPEC §9: 100 ms) so assistive technology notices the change.
 */
import { ANNOUNCE_DELAY_MS } from '../config/constants';

export type Politeness = 'polite' | 'assertive';
export interface Announcement {
  message: string;
  politeness: Politeness;
}

type Listener = (a: Announcement) => void;
const listeners = new Set<Listener>();

export function announce(message: string, politeness: Politeness = 'polite'): void {
  if (!message) return;
  setTimeout(() => {
    listeners.forEach((l) => l({ message, politeness }));
  }, ANNOUNCE_DELAY_MS);
}

export function onAnnounce(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
