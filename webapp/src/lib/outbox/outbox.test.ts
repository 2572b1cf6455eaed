import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeApiError, networkError, type ApiError } from '../../api/errors';
import type { LogbookForm } from '../../api/submissionsApi';
import type { SubmissionReceipt } from '../../api/types';
import { deferred, receipt } from '../../testing/submissions';
import { createOutbox, sendableForm, type Locks, type OutboxOptions, type OutboxSend } from './outbox';
import { tokenPrint } from './makers';
import { RETRY_BASE_MS, SENDING_LEASE_MS } from './rules';
import { memoryOutboxStore, type OutboxStore } from './store';
import type { OutboxDraft, OutboxItem, OutboxMaker, OutboxSession } from './types';

const FORM = { type: 'logbook' as const, lat: 49.2827, lon: -123.1207, artworkId: 'a1', artworkTitle: 'Bird of Spring', notes: 'Seen' };
const ANONYMOUS: OutboxMaker = { kind: 'anonymous', token: 'anon-token' };
const ANA: OutboxMaker = { kind: 'account', id: 'ana', name: 'Ana' };
const BEN: OutboxMaker = { kind: 'account', id: 'ben', name: 'Ben' };
const ANA_SIGNED_IN: OutboxSession = { kind: 'account', id: 'ana', token: 'ana-session' };
const BEN_SIGNED_IN: OutboxSession = { kind: 'account', id: 'ben', token: 'ben-session' };

function draft(key: string, over: Partial<OutboxDraft> = {}): OutboxDraft {
  return { form: FORM, photos: [new File(['jpeg bytes'], `${key}.jpg`, { type: 'image/jpeg' })], idempotencyKey: key, attempts: 0, maker: ANONYMOUS, ...over };
}

/** A browser's network state and its `online` event. */
function network(up = true) {
  const events = new EventTarget();
  const state = { up };
  return {
    online: () => state.up,
    events: events as unknown as NonNullable<OutboxOptions['events']>,
    goOnline: () => {
      state.up = true;
      events.dispatchEvent(new Event('online'));
    },
  };
}

/** Web Locks in one process: each request for a name waits for the one before it. */
function fakeLocks(): Locks & { held: () => boolean } {
  let tail = Promise.resolve();
  let held = false;
  return {
    request(_name, callback) {
      const run = tail.then(async () => {
        held = true;
        try {
          await callback();
        } finally {
          held = false;
        }
      });
      tail = run.catch(() => undefined);
      return run;
    },
    held: () => held,
  };
}

/** A BroadcastChannel pair: what one tab posts, the others hear. */
function channels() {
  const targets: EventTarget[] = [];
  return () => {
    const me = new EventTarget();
    targets.push(me);
    return {
      postMessage: (data: unknown) => targets.filter((t) => t !== me).forEach((t) => t.dispatchEvent(new MessageEvent('message', { data }))),
      addEventListener: me.addEventListener.bind(me),
      removeEventListener: me.removeEventListener.bind(me),
    } as unknown as NonNullable<OutboxOptions['channel']>;
  };
}

function box(over: Partial<OutboxOptions> = {}) {
  const net = network();
  const store = over.store ?? memoryOutboxStore();
  const outbox = createOutbox({ store, online: net.online, events: net.events, locks: null, channel: null, thumbnail: () => Promise.resolve(null), ...over });
  return { outbox, store, net };
}

/** A sender that answers each form with a receipt of its key, recording what it was given. */
function recordingSend(answer: (form: LogbookForm, n: number) => Promise<SubmissionReceipt> = (f) => Promise.resolve(receipt({ id: f.idempotencyKey! }))) {
  const forms: LogbookForm[] = [];
  const send = vi.fn<OutboxSend>((form) => {
    forms.push(form);
    return answer(form, forms.length);
  });
  /** Each form sent so far, as its item's key and the token it went under. */
  const sentAs = () => forms.map((f) => [f.idempotencyKey, f.userToken]);
  return { send, forms, sentAs };
}

afterEach(() => {
  vi.useRealTimers();
});

/** A call failing as the client's do (RTK Query's `unwrap` throws the ApiError), as an Error carrying it. */
const failWith = (error: ApiError) => Promise.reject(Object.assign(new Error(error.message), error));
/** A server that answers the first form with `error` and takes every other. */
const firstFails = (error: ApiError) => (f: LogbookForm, n: number) => (n === 1 ? failWith(error) : Promise.resolve(receipt({ id: f.idempotencyKey! })));

/** Under fake timers `vi.waitFor` moves the clock as it polls: a wait of `ms` from a try made a moment ago. */
const waitsAbout = (ms: number) => ({
  asymmetricMatch: (at: number) => at <= Date.now() + ms && at > Date.now() + ms - 500,
  toString: () => `about ${ms} ms from now`,
});

describe('the Outbox', () => {
  it('keeps a draft as waiting, with its photos, a thumbnail and its key as id, and tells its subscribers', async () => {
    const thumb = 'data:image/jpeg;base64,/9j/2w==';
    const { outbox } = box({ thumbnail: () => Promise.resolve(thumb) });
    const heard = vi.fn();
    outbox.subscribe(heard);
    const item = await outbox.add(draft('k1'));
    expect(item).toMatchObject({ id: 'k1', form: FORM, thumbnail: thumb, attempts: 0, state: { status: 'waiting' }, maker: ANONYMOUS });
    expect(item.photos.map((p) => [p.name, p.type])).toEqual([['k1.jpg', 'image/jpeg']]);
    expect(outbox.getSnapshot()).toMatchObject({ items: [item], loaded: true });
    expect(heard).toHaveBeenCalled();
  });

  it('keeps a draft whose try got no answer waiting for a while, with why', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-06-01T12:00:00Z'), toFake: ['Date'] });
    const { outbox } = box();
    const item = await outbox.add(draft('k1', { attempts: 1, problem: 'Network error occurred' }));
    expect(item.state).toEqual({ status: 'waiting', retryAt: Date.now() + RETRY_BASE_MS, problem: 'Network error occurred' });
  });

  it('sends what waits one at a time, oldest first, each with its key and photos, then shows it sent', async () => {
    const { outbox } = box();
    await outbox.add(draft('k1'));
    await outbox.add(draft('k2', { form: { ...FORM, type: 'new_artwork', title: 'Orca' } }));
    const first = deferred<SubmissionReceipt>();
    const { send, forms } = recordingSend((f, n) => (n === 1 ? first.promise : Promise.resolve(receipt({ id: f.idempotencyKey! }))));
    const sent = vi.fn<(item: OutboxItem) => void>();
    outbox.start(send, { sent });

    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(forms[0]).toMatchObject({ ...FORM, idempotencyKey: 'k1' });
    expect(forms[0]!.photos.map((p) => [p.name, p.type])).toEqual([['k1.jpg', 'image/jpeg']]);
    expect(await forms[0]!.photos[0]!.text()).toBe('jpeg bytes');
    expect(outbox.getSnapshot().items.map((i) => i.state.status)).toEqual(['sending', 'waiting']);

    // Progress shows while the upload goes.
    send.mock.calls[0]![1](0.5);
    expect(outbox.getSnapshot().progress).toEqual({ k1: 0.5 });

    first.resolve(receipt({ id: 'r1' }));
    await vi.waitFor(() => expect(outbox.getSnapshot().items.map((i) => i.state.status)).toEqual(['sent', 'sent']));
    await outbox.idle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(forms[1]).toMatchObject({ type: 'new_artwork', title: 'Orca', idempotencyKey: 'k2' });
    const [one, two] = outbox.getSnapshot().items;
    expect(one!.state).toMatchObject({ status: 'sent', receipt: { id: 'r1' } });
    expect(one!.photos).toEqual([]);
    expect(one!.attempts).toBe(1);
    expect(two!.state).toMatchObject({ status: 'sent', receipt: { id: 'k2' } });
    expect(outbox.getSnapshot().progress).toEqual({});
    expect(sent.mock.calls.map(([i]) => i.id)).toEqual(['k1', 'k2']);
  });

  it('sends nothing while offline, and everything once the browser is back online', async () => {
    const net = network(false);
    const { outbox } = box({ online: net.online, events: net.events });
    const { send } = recordingSend();
    outbox.start(send);
    await outbox.add(draft('k1'));
    await outbox.add(draft('k2'));
    await outbox.idle();
    expect(send).not.toHaveBeenCalled();

    net.goOnline();
    await vi.waitFor(() => expect(outbox.getSnapshot().items.map((i) => i.state.status)).toEqual(['sent', 'sent']));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('tries again after a while when a try gets no answer, and at once when the browser comes back online', async () => {
    vi.useFakeTimers();
    const net = network();
    const { outbox } = box({ online: net.online, events: net.events });
    const { send } = recordingSend((f, n) => (n <= 2 ? failWith(networkError()) : Promise.resolve(receipt({ id: f.idempotencyKey! }))));
    outbox.start(send);
    await outbox.add(draft('k1'));
    await vi.waitFor(() => expect(outbox.getSnapshot().items[0]!.state).toMatchObject({ status: 'waiting', problem: 'Network error occurred' }));
    expect(send).toHaveBeenCalledTimes(1);

    // Its wait ends: tried again (no answer still, a longer wait now).
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    await outbox.idle();
    expect(outbox.getSnapshot().items[0]).toMatchObject({ attempts: 2, state: { status: 'waiting', retryAt: waitsAbout(2 * RETRY_BASE_MS) } });

    // The network is back: no more waiting.
    net.goOnline();
    await vi.waitFor(() => expect(outbox.getSnapshot().items[0]!.state.status).toBe('sent'));
    expect(send).toHaveBeenCalledTimes(3);
    expect(new Set(send.mock.calls.map(([f]) => f.idempotencyKey))).toEqual(new Set(['k1']));
  });

  it('tries again later, never failing, while the server says the key’s first request still runs (409)', async () => {
    vi.useFakeTimers();
    const { outbox } = box();
    const busy = makeApiError('IDEMPOTENCY_IN_PROGRESS', 409, 'A request with this Idempotency-Key is still running', undefined, 2);
    const { send } = recordingSend((f, n) => (n <= 3 ? failWith(busy) : Promise.resolve(receipt({ id: f.idempotencyKey! }))));
    const failed = vi.fn();
    outbox.start(send, { failed });
    await outbox.add(draft('k1'));
    for (let i = 1; i <= 3; i++) {
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(i));
      await outbox.idle();
      expect(outbox.getSnapshot().items[0]!.state).toMatchObject({ status: 'waiting', retryAt: waitsAbout(2000) });
      await vi.advanceTimersByTimeAsync(2000);
    }
    await vi.waitFor(() => expect(outbox.getSnapshot().items[0]!.state.status).toBe('sent'));
    expect(failed).not.toHaveBeenCalled();
  });

  it('fails an item the server refuses, in its words, until retried (then sent) or discarded', async () => {
    const { outbox } = box();
    const refusal = makeApiError('VALIDATION_ERROR', 400, 'The note must be at most 1000 characters', { field: 'notes' });
    const { send } = recordingSend(firstFails(refusal));
    const failed = vi.fn();
    outbox.start(send, { failed });
    await outbox.add(draft('k1'));
    await vi.waitFor(() => expect(outbox.getSnapshot().items[0]!.state).toMatchObject({ status: 'failed', message: refusal.message, httpStatus: 400 }));
    await outbox.idle();
    expect(failed).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);

    await outbox.retry('k1');
    await vi.waitFor(() => expect(outbox.getSnapshot().items[0]!.state.status).toBe('sent'));
    expect(send.mock.calls.map(([f]) => f.idempotencyKey)).toEqual(['k1', 'k1']);

    await outbox.add(draft('k2'));
    await outbox.idle();
    await outbox.discard('k2');
    // Its receipt is its anonymous maker's: cleared while the app speaks for that visitor.
    outbox.setSession({ kind: 'anonymous', token: 'anon-token' });
    await outbox.clearSent();
    expect(outbox.getSnapshot().items).toEqual([]);
  });

  it('forgets an item discarded while it was being sent, whatever the answer', async () => {
    const { outbox } = box();
    const answer = deferred<SubmissionReceipt>();
    const { send } = recordingSend(() => answer.promise);
    outbox.start(send);
    await outbox.add(draft('k1'));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await outbox.discard('k1');
    answer.resolve(receipt());
    await outbox.idle();
    expect(outbox.getSnapshot().items).toEqual([]);
  });

  it('"Send now" sends what waits for its next try without waiting', async () => {
    const { outbox } = box();
    const { send } = recordingSend(firstFails(networkError()));
    outbox.start(send);
    await outbox.add(draft('k1'));
    await vi.waitFor(() => expect(outbox.getSnapshot().items[0]!.state).toMatchObject({ status: 'waiting', problem: 'Network error occurred' }));
    await outbox.idle();
    await outbox.sendNow();
    await vi.waitFor(() => expect(outbox.getSnapshot().items[0]!.state.status).toBe('sent'));
  });

  it('survives a reload: a new Outbox on the same store sends what the last one kept', async () => {
    const store = memoryOutboxStore();
    const before = box({ store, online: () => false });
    await before.outbox.add(draft('k1'));
    const after = box({ store });
    const { send } = recordingSend();
    after.outbox.start(send);
    await vi.waitFor(() => expect(after.outbox.getSnapshot().items[0]!.state.status).toBe('sent'));
    expect(send).toHaveBeenCalledTimes(1);
  });

  describe('in two tabs', () => {
    /** Two tabs' Outboxes on one store, started at once, each sending slowly enough to overlap. */
    async function twoTabs(options: { locks?: Locks | null; store?: OutboxStore } = {}) {
      const store = options.store ?? memoryOutboxStore();
      const channel = channels();
      const net = network(false);
      const tabs = [0, 1].map(() => box({ store, locks: options.locks ?? null, channel: channel(), online: net.online, events: net.events }).outbox);
      await tabs[0]!.add(draft('k1'));
      await tabs[0]!.add(draft('k2'));
      const { send } = recordingSend(async (f) => {
        await new Promise((r) => setTimeout(r, 5));
        return receipt({ id: f.idempotencyKey! });
      });
      for (const tab of tabs) tab.start(send);
      net.goOnline();
      await vi.waitFor(() => expect(tabs[1]!.getSnapshot().items.map((i) => i.state.status)).toEqual(['sent', 'sent']));
      await Promise.all(tabs.map((t) => t.idle()));
      return { send, tabs };
    }

    it('sends each item once, with Web Locks', async () => {
      const locks = fakeLocks();
      const { send, tabs } = await twoTabs({ locks });
      expect(send.mock.calls.map(([f]) => f.idempotencyKey)).toEqual(['k1', 'k2']);
      // The other tab heard of it.
      expect(tabs[0]!.getSnapshot().items.map((i) => i.state.status)).toEqual(['sent', 'sent']);
    });

    it('sends each item once without Web Locks, by claiming it first', async () => {
      const { send } = await twoTabs({ locks: null });
      expect(send.mock.calls.map(([f]) => f.idempotencyKey).sort()).toEqual(['k1', 'k2']);
    });

    it('takes over an item a closed tab was sending: at once under the lock, else once its claim runs out', async () => {
      vi.useFakeTimers();
      const claimedByGoneTab = async () => {
        const store = memoryOutboxStore();
        const gone = box({ store });
        await gone.outbox.add(draft('k1'));
        await store.update('k1', (i) => ({ ...i, state: { status: 'sending', owner: 'closed tab', leaseUntil: Date.now() + SENDING_LEASE_MS } }));
        return store;
      };

      const underLock = box({ store: await claimedByGoneTab(), locks: fakeLocks() });
      const locked = recordingSend();
      underLock.outbox.start(locked.send);
      await vi.waitFor(() => expect(locked.send).toHaveBeenCalledTimes(1));

      const withoutLock = box({ store: await claimedByGoneTab() });
      const unlocked = recordingSend();
      withoutLock.outbox.start(unlocked.send);
      await withoutLock.outbox.idle();
      expect(unlocked.send).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(SENDING_LEASE_MS);
      await vi.waitFor(() => expect(unlocked.send).toHaveBeenCalledTimes(1));
    });
  });

  describe('as whoever made each item', () => {
    const statuses = (outbox: ReturnType<typeof box>['outbox']) => Object.fromEntries(outbox.getSnapshot().items.map((i) => [i.id, i.state.status]));

    it('sends an account’s items only while that account is signed in, under its session, each once', async () => {
      const net = network(false);
      const { outbox } = box({ online: net.online, events: net.events });
      const { send, sentAs } = recordingSend();
      outbox.start(send);
      // Ana, signed in with no network, logs a visit; then she signs out, and the network is back.
      outbox.setSession(ANA_SIGNED_IN);
      await outbox.add(draft('ana1', { maker: ANA }));
      outbox.setSession({ kind: 'anonymous', token: 'fresh-anon' });
      net.goOnline();
      await outbox.sendNow();
      expect(send).not.toHaveBeenCalled();
      expect(outbox.getSnapshot().session).toEqual({ kind: 'anonymous', token: 'fresh-anon' });

      // Ben signs in on the same phone: his own go, under his session; Ana's waits.
      outbox.setSession(BEN_SIGNED_IN);
      await outbox.add(draft('ben1', { maker: BEN }));
      await vi.waitFor(() => expect(statuses(outbox)).toEqual({ ana1: 'waiting', ben1: 'sent' }));
      await outbox.sendNow();
      await outbox.idle();
      expect(sentAs()).toEqual([['ben1', 'ben-session']]);

      // Ana signs in again: hers goes, once, under her session.
      outbox.setSession(ANA_SIGNED_IN);
      await vi.waitFor(() => expect(statuses(outbox)).toEqual({ ana1: 'sent', ben1: 'sent' }));
      await outbox.idle();
      expect(sentAs()).toEqual([
        ['ben1', 'ben-session'],
        ['ana1', 'ana-session'],
      ]);
    });

    it('sends nothing of an account while who is signed in is not known', async () => {
      const { outbox } = box();
      const { send } = recordingSend();
      outbox.start(send);
      await outbox.add(draft('ana1', { maker: ANA }));
      await outbox.idle();
      expect(send).not.toHaveBeenCalled();
      expect(outbox.getSnapshot().session).toBeNull();
    });

    it('sends an anonymous visitor’s item under their own token whoever is signed in, and keeps only its fingerprint once sent', async () => {
      const { outbox } = box();
      const { send, forms } = recordingSend();
      outbox.setSession(BEN_SIGNED_IN);
      outbox.start(send);
      await outbox.add(draft('anon1'));
      await vi.waitFor(() => expect(statuses(outbox)).toEqual({ anon1: 'sent' }));
      expect(forms[0]).toMatchObject({ idempotencyKey: 'anon1', userToken: 'anon-token' });
      expect(outbox.getSnapshot().items[0]!.maker).toEqual({ kind: 'anonymous', token: null, print: tokenPrint('anon-token') });
    });

    it('sends an item an earlier version kept (no maker) as it did then: under the stored token, whoever is signed in', async () => {
      const store = memoryOutboxStore();
      const { outbox } = box({ store });
      const old: OutboxItem = { ...(await outbox.add(draft('old1'))) };
      delete old.maker;
      await store.put(old);
      const { send, forms } = recordingSend();
      outbox.setSession(BEN_SIGNED_IN);
      outbox.start(send);
      await vi.waitFor(() => expect(statuses(outbox)).toEqual({ old1: 'sent' }));
      expect(forms[0]).toMatchObject({ idempotencyKey: 'old1' });
      expect(forms[0]).not.toHaveProperty('userToken');
    });

    it('does not send an item claimed in the moment its account signed out: it waits again, that try not counted', async () => {
      const inner = memoryOutboxStore();
      let onClaim: (() => void) | null = null;
      const store: OutboxStore = {
        ...inner,
        update: async (id, change) => {
          const after = await inner.update(id, change);
          if (after?.state.status === 'sending' && onClaim) {
            const signOut = onClaim;
            onClaim = null;
            signOut();
          }
          return after;
        },
      };
      const { outbox } = box({ store });
      outbox.setSession(ANA_SIGNED_IN);
      await outbox.add(draft('ana1', { maker: ANA, attempts: 1 }));
      onClaim = () => outbox.setSession(null);
      const { send } = recordingSend();
      outbox.start(send);
      await vi.waitFor(() => expect(onClaim).toBeNull());
      await outbox.idle();
      expect(send).not.toHaveBeenCalled();
      expect(outbox.getSnapshot().items[0]).toMatchObject({ attempts: 1, state: { status: 'waiting' } });
    });
  });

  describe('when the server says a session has ended', () => {
    const ended = makeApiError('SESSION_ENDED', 401, 'Your sign-in has ended. Sign in again to continue.');
    const statuses = (outbox: ReturnType<typeof box>['outbox']) => Object.fromEntries(outbox.getSnapshot().items.map((i) => [i.id, i.state.status]));

    it('keeps an account’s item waiting for that account, sends nothing more under that session, and sends it once that account signs in again', async () => {
      const { outbox } = box();
      const { send, sentAs } = recordingSend(firstFails(ended));
      const failed = vi.fn();
      outbox.setSession(ANA_SIGNED_IN);
      await outbox.add(draft('ana1', { maker: ANA }));
      await outbox.add(draft('ana2', { maker: ANA }));
      outbox.start(send, { failed });
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      await outbox.idle();
      expect(outbox.getSnapshot().items[0]).toMatchObject({ id: 'ana1', state: { status: 'waiting', problem: ended.message } });
      expect(outbox.getSnapshot().items[0]!.photos).toHaveLength(1);
      expect(failed).not.toHaveBeenCalled();
      // Not known to speak for anyone now, though the app says the same session again (until it reads who it is).
      expect(outbox.getSnapshot().session).toBeNull();
      outbox.setSession(ANA_SIGNED_IN);
      await outbox.sendNow();
      expect(outbox.getSnapshot().session).toBeNull();
      expect(send).toHaveBeenCalledTimes(1);

      // Signed out now: both wait for Ana, sent as nobody else, even with the network there.
      outbox.setSession({ kind: 'anonymous', token: 'fresh-anon' });
      await outbox.sendNow();
      expect(send).toHaveBeenCalledTimes(1);
      expect(statuses(outbox)).toEqual({ ana1: 'waiting', ana2: 'waiting' });

      // Ana signs in again (a new session): both go, under it, once each.
      outbox.setSession({ kind: 'account', id: 'ana', token: 'ana-session-2' });
      await vi.waitFor(() => expect(statuses(outbox)).toEqual({ ana1: 'sent', ana2: 'sent' }));
      await outbox.idle();
      expect(sentAs()).toEqual([
        ['ana1', 'ana-session'],
        ['ana1', 'ana-session-2'],
        ['ana2', 'ana-session-2'],
      ]);
    });

    it('stops the round there: what else waits goes once the app has said who it speaks for', async () => {
      const { outbox } = box();
      const { send, sentAs } = recordingSend(firstFails(ended));
      outbox.setSession(ANA_SIGNED_IN);
      await outbox.add(draft('ana1', { maker: ANA }));
      await outbox.add(draft('anon1'));
      outbox.start(send);
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      await outbox.idle();
      expect(statuses(outbox)).toEqual({ ana1: 'waiting', anon1: 'waiting' });
      outbox.setSession({ kind: 'anonymous', token: 'fresh-anon' });
      await vi.waitFor(() => expect(statuses(outbox)).toEqual({ ana1: 'waiting', anon1: 'sent' }));
      await outbox.idle();
      expect(sentAs()).toEqual([
        ['ana1', 'ana-session'],
        ['anon1', 'anon-token'],
      ]);
    });
  });

  it('clears only the receipts whoever the app speaks for now sees', async () => {
    const store = memoryOutboxStore();
    const { outbox } = box({ store });
    const sent = (id: string, maker?: OutboxMaker): OutboxItem => ({
      id,
      form: FORM,
      photos: [],
      thumbnail: null,
      createdAt: '2026-06-01T11:00:00Z',
      attempts: 1,
      state: { status: 'sent', receipt: receipt({ id }), sentAt: '2026-06-01T12:00:00Z' },
      ...(maker ? { maker } : {}),
    });
    await store.put(sent('ana1', ANA));
    await store.put(sent('ben1', BEN));
    await store.put(sent('anon1', { kind: 'anonymous', token: null, print: tokenPrint('anon-token') }));
    await store.put(sent('old1'));
    await outbox.add(draft('ana2', { maker: ANA }));
    const kept = async () => (await store.all()).map((i) => i.id).sort();

    outbox.setSession(BEN_SIGNED_IN);
    await outbox.clearSent();
    expect(await kept()).toEqual(['ana1', 'ana2', 'anon1']);
    outbox.setSession({ kind: 'anonymous', token: 'anon-token' });
    await outbox.clearSent();
    expect(await kept()).toEqual(['ana1', 'ana2']);
    outbox.setSession(ANA_SIGNED_IN);
    await outbox.clearSent();
    expect(await kept()).toEqual(['ana2']);
  });

  it('gives the form back as POST /logbook takes it', () => {
    const blob = new Blob(['x'], { type: 'image/jpeg' });
    const form = sendableForm({
      id: 'key',
      form: FORM,
      photos: [{ name: 'a.jpg', type: 'image/jpeg', blob }],
      thumbnail: null,
      createdAt: '',
      attempts: 0,
      state: { status: 'waiting' },
    });
    expect(form).toMatchObject({ ...FORM, idempotencyKey: 'key' });
    expect(form).not.toHaveProperty('userToken');
    expect(form.photos[0]).toBeInstanceOf(File);
    expect(form.photos[0]).toMatchObject({ name: 'a.jpg', type: 'image/jpeg', size: 1 });
  });
});
