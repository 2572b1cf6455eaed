/**
 * The app's one Outbox (see `outbox.ts`): IndexedDB, Web Locks and a BroadcastChannel where the
 * browser has them. Forms add to it; the shell starts its sender (features/outbox); screens read
 * it with `useOutbox`.
 */
import { useSyncExternalStore } from 'react';
import { createOutbox, type Locks, type Outbox, type OutboxOptions, type OutboxSnapshot } from './outbox';
import { defaultOutboxStore, memoryOutboxStore } from './store';

export { sendableForm, type Outbox, type OutboxEvents, type OutboxSend, type OutboxSnapshot } from './outbox';
export { makerOf, sendableBy, sessionFollower, shownTo, waitsFor } from './makers';
export { isNoAnswer, unsentCount } from './rules';
export type { OutboxDraft, OutboxForm, OutboxItem, OutboxMaker, OutboxPhoto, OutboxSession, OutboxState, OutboxStatus } from './types';

let instance: Outbox | null = null;

function browserOutbox(): Outbox {
  const locks: Locks | null = typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('plinth-outbox') : null;
  return createOutbox({ store: defaultOutboxStore(), locks, channel });
}

export function outbox(): Outbox {
  instance ??= browserOutbox();
  return instance;
}

/** A fresh Outbox in memory, alone (no lock, no other tab, no `online` event unless given): each test starts with an empty one. */
export function resetOutbox(options: Partial<OutboxOptions> = {}): Outbox {
  instance = createOutbox({ store: memoryOutboxStore(), locks: null, channel: null, events: null, ...options });
  return instance;
}

/** What the Outbox holds now; the component renders again on each change. */
export function useOutbox(): OutboxSnapshot {
  const box = outbox();
  return useSyncExternalStore(box.subscribe, box.getSnapshot);
}
