/**
 * The Outbox at work: it keeps what the forms hand it (`add`), tells the screens what it holds
 * (`subscribe`/`getSnapshot`), and, once started with a way to send (`start`), sends the items
 * one at a time, oldest first, each with its own Idempotency-Key: at start, when the browser comes
 * back online, when an item's wait is over, and on "Send now". Upload progress is kept per item
 * for the screens.
 *
 * Each item goes only as whoever made it (`makers.ts`): the app tells the Outbox who is signed in
 * (`setSession`) as that changes, and another account's items wait, listed but not sent, until
 * that account signs in here again. When the server says an account's session has ended, nothing
 * more goes under it: its items wait for that account to sign in again (a new session).
 *
 * One tab sends at a time: the sender holds a Web Lock while it sends (other tabs queue for it),
 * and each item is claimed in one storage step before it goes, with a lease, so a tab without
 * Web Locks, or one that closed mid-send, cannot make a second copy. Other tabs hear of each
 * change on a BroadcastChannel and read the store again.
 */
import { isSessionEnded } from '../../api/errors';
import type { LogbookForm } from '../../api/submissionsApi';
import type { SubmissionReceipt } from '../../api/types';
import { logger } from '../logger';
import { randomUuid } from '../uuid';
import { sendingAs, shownTo } from './makers';
import { afterTry, claimed, nextDue, nextWake, released, retried, retryDelay } from './rules';
import type { OutboxStore } from './store';
import { thumbnailOf } from './thumbnail';
import type { OutboxDraft, OutboxItem, OutboxSession } from './types';

/**
 * Sends an item's form (its key as Idempotency-Key, under the token its `userToken` names when it
 * names one), reporting upload progress (0 to 1); the receipt, or the call's error thrown.
 */
export type OutboxSend = (form: LogbookForm, onProgress: (fraction: number) => void) => Promise<SubmissionReceipt>;

export interface OutboxSnapshot {
  /** Oldest first. */
  items: readonly OutboxItem[];
  /** Upload progress (0 to 1) of the items this tab is sending. */
  progress: Readonly<Record<string, number>>;
  /** False until the store has been read once. */
  loaded: boolean;
  /** Who the app speaks for now (`setSession`): what it may send, and whose items wait for someone else. */
  session: OutboxSession;
}

/** What a started Outbox tells the app of a try's end (a toast). */
export interface OutboxEvents {
  sent?: (item: OutboxItem) => void;
  failed?: (item: OutboxItem) => void;
}

/** The parts of the Web Locks API the sender uses. */
export interface Locks {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

export interface OutboxOptions {
  store: OutboxStore;
  now?: () => number;
  /** Whether the browser says it is online: nothing is tried while it says not. */
  online?: () => boolean;
  /** Web Locks (`navigator.locks`); without them, claims alone keep tabs apart. */
  locks?: Locks | null;
  /** Tells other tabs of each change, and hears of theirs. */
  channel?: Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener'> | null;
  thumbnail?: (photo: Blob) => Promise<string | null>;
  /** Hears `online` (window by default). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export interface Outbox {
  /** For `useSyncExternalStore`: callable apart from the object. */
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => OutboxSnapshot;
  /** Reads the store again (another tab changed it). */
  refresh(): Promise<void>;
  /** Keeps a draft; the item as stored. Throws when the store cannot keep it. */
  add(draft: OutboxDraft): Promise<OutboxItem>;
  /** A refused item tried again, or a waiting one sent without waiting. */
  retry(id: string): Promise<void>;
  discard(id: string): Promise<void>;
  /** Forgets the sent items whoever the app speaks for now sees (their receipts: `shownTo`). */
  clearSent(): Promise<void>;
  /** Every waiting item, now. */
  sendNow(): Promise<void>;
  /** Who the app speaks for now: what this session may send goes at once (nothing, if the server said it has ended). */
  setSession(session: OutboxSession): void;
  /** Starts sending with `send`; returns how to stop. */
  start(send: OutboxSend, events?: OutboxEvents): () => void;
  /** Resolves once the sender has nothing more to do for now (tests). */
  idle(): Promise<void>;
}

const LOCK_NAME = 'plinth-outbox-sender';
const CHANNEL_MESSAGE = 'outbox-changed';

/**
 * An item's form as POST /logbook takes it, sent as its maker (`sendingAs`, which said it may go):
 * its photos as files again, its id as the key, and the token it goes under when that is not
 * simply the stored one.
 */
export function sendableForm(item: OutboxItem, as: { token: string | null | undefined } = { token: undefined }): LogbookForm {
  return {
    ...item.form,
    photos: item.photos.map((p) => new File([p.blob], p.name, { type: p.type })),
    idempotencyKey: item.id,
    ...(as.token !== undefined ? { userToken: as.token } : {}),
  };
}

export function createOutbox(options: OutboxOptions): Outbox {
  const store = options.store;
  const now = options.now ?? Date.now;
  const online = options.online ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const locks = options.locks ?? null;
  const channel = options.channel ?? null;
  const thumbnail = options.thumbnail ?? thumbnailOf;
  const events = options.events === undefined ? (typeof window === 'undefined' ? null : window) : options.events;
  /** This tab's name on its claims. */
  const owner = randomUuid();

  let snapshot: OutboxSnapshot = { items: [], progress: {}, loaded: false, session: null };
  /** Account session tokens the server said have ended: such a session is not known to speak for anyone (a token never comes back). */
  const ended = new Set<string>();
  const live = (session: OutboxSession): OutboxSession => (session?.kind === 'account' && ended.has(session.token) ? null : session);
  const listeners = new Set<() => void>();
  let loading: Promise<void> | null = null;

  let sender: { send: OutboxSend; events: OutboxEvents } | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const emit = (next: Partial<OutboxSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    listeners.forEach((l) => l());
  };

  const refresh = async () => {
    try {
      emit({ items: await store.all(), loaded: true });
    } catch (error) {
      logger.warn('The Outbox could not be read', { error });
      emit({ loaded: true });
    }
    wakeLater();
  };

  /** After a change of ours: the screens here, and the other tabs. */
  const changed = async () => {
    await refresh();
    channel?.postMessage(CHANNEL_MESSAGE);
  };

  const setProgress = (id: string, fraction: number | null) => {
    const progress = { ...snapshot.progress };
    if (fraction === null) delete progress[id];
    else progress[id] = Math.max(0, Math.min(1, fraction));
    emit({ progress });
  };

  /** A timer for the next item whose wait ends, while sending is on. */
  function wakeLater() {
    clearTimeout(timer);
    timer = undefined;
    if (!sender) return;
    const at = nextWake(snapshot.items, now(), snapshot.session);
    if (at !== undefined) timer = setTimeout(() => void pump(), Math.max(0, at - now()));
  }

  /** Sends what is due, one at a time, while online; `exclusive`: this tab holds the lock. */
  async function drain(exclusive: boolean) {
    while (sender && online()) {
      const due = nextDue(await store.all(), now(), exclusive, snapshot.session);
      if (!due) break;
      const mine = await store.update(due.id, (i) => claimed(i, owner, now(), exclusive));
      if (mine?.state.status !== 'sending' || mine.state.owner !== owner) continue;
      await changed();
      const { send, events: on } = sender;
      // Who is signed in may have changed while the claim was written: asked again, right before
      // the request leaves (nothing is awaited in between).
      const as = sendingAs(mine, snapshot.session);
      if (!as) {
        await store.update(mine.id, (i) => released(i, owner));
        await changed();
        continue;
      }
      // The token it goes under: its maker's, or (none said) the stored one: the session's while an account is signed in.
      const speaking = snapshot.session;
      const went = as.token === undefined && speaking?.kind === 'account' ? speaking.token : as.token;
      let outcome: { receipt: SubmissionReceipt } | { error: unknown };
      try {
        outcome = { receipt: await send(sendableForm(mine, as), (f) => setProgress(mine.id, f)) };
      } catch (error) {
        outcome = { error };
      }
      setProgress(mine.id, null);
      // Discarded meanwhile: nothing to write back (a sent one was sent all the same).
      const after = await store.update(mine.id, (i) => (i.state.status === 'sending' && i.state.owner === owner ? afterTry(i, outcome, now()) : undefined));
      if ('error' in outcome && isSessionEnded(outcome.error)) {
        // That session is over (the item waits for its maker): nothing more goes under it, nor
        // anything this round: an item without a maker would go again under the same token
        // before the app has read who it is now (it tells the Outbox, and this sends again).
        if (went) ended.add(went);
        emit({ session: live(snapshot.session) });
        await changed();
        break;
      }
      await changed();
      if (after?.state.status === 'sent') on.sent?.(after);
      if (after?.state.status === 'failed') on.failed?.(after);
    }
  }

  /** One drain at a time in this tab, under the lock when there is one; a call meanwhile runs another after. */
  function pump(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    const run = async () => {
      do {
        again = false;
        if (!sender || !online()) break;
        try {
          if (locks) await locks.request(LOCK_NAME, () => drain(true));
          else await drain(false);
        } catch (error) {
          logger.warn('The Outbox could not send', { error });
        }
      } while (again);
    };
    // Cleared once settled (not inside `run`, which may end before `running` is even set).
    const current = run().finally(() => {
      if (running === current) running = null;
      // Asked again after the last round had looked: one more.
      if (again) void pump();
      else wakeLater();
    });
    running = current;
    return current;
  }

  const onMessage = (e: MessageEvent) => {
    if (e.data === CHANNEL_MESSAGE) void refresh();
  };
  channel?.addEventListener('message', onMessage as EventListener);
  // Back online: what waited for the network goes now.
  const sendNow = async () => {
    for (const item of await store.all()) if (item.state.status === 'waiting' && item.state.retryAt !== undefined) await store.update(item.id, retried);
    await changed();
    await pump();
  };
  const onOnline = () => void sendNow();

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      loading ??= refresh();
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    refresh,
    async add(draft) {
      const first = draft.photos[0];
      const item: OutboxItem = {
        id: draft.idempotencyKey,
        form: draft.form,
        photos: draft.photos.map((f) => ({ name: f.name, type: f.type, blob: f })),
        thumbnail: first ? await thumbnail(first).catch(() => null) : null,
        createdAt: new Date(now()).toISOString(),
        attempts: draft.attempts,
        maker: draft.maker,
        // Tried and got no answer: the sender tries again after a wait (at once when back online).
        state: draft.problem ? { status: 'waiting', retryAt: now() + retryDelay(draft.attempts), problem: draft.problem } : { status: 'waiting' },
      };
      await store.put(item);
      await changed();
      void pump();
      return item;
    },
    async retry(id) {
      await store.update(id, retried);
      await changed();
      await pump();
    },
    async discard(id) {
      await store.remove(id);
      setProgress(id, null);
      await changed();
    },
    async clearSent() {
      for (const item of await store.all()) if (item.state.status === 'sent' && shownTo(item, snapshot.session)) await store.remove(item.id);
      await changed();
    },
    sendNow,
    setSession(told) {
      const next = live(told);
      const was = snapshot.session;
      const same =
        was === next ||
        (was?.kind === 'anonymous' && next?.kind === 'anonymous' && was.token === next.token) ||
        (was?.kind === 'account' && next?.kind === 'account' && was.id === next.id && was.token === next.token);
      if (same) return;
      emit({ session: next });
      // Someone else now: what was theirs waits, what is this one's goes.
      wakeLater();
      void pump();
    },
    start(send, on = {}) {
      sender = { send, events: on };
      events?.addEventListener('online', onOnline);
      void refresh().then(pump);
      return () => {
        sender = null;
        events?.removeEventListener('online', onOnline);
        clearTimeout(timer);
      };
    },
    idle: async () => {
      while (running) await running;
    },
  };
}
