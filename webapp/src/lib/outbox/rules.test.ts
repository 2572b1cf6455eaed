import { describe, expect, it } from 'vitest';
import { makeApiError, networkError, timeoutError } from '../../api/errors';
import { receipt } from '../../testing/submissions';
import {
  afterTry,
  claimed,
  isDue,
  isNoAnswer,
  nextDue,
  nextWake,
  released,
  retried,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  RETRY_MIN_MS,
  retryDelay,
  SENDING_LEASE_MS,
  unsentCount,
} from './rules';
import { tokenPrint } from './makers';
import type { OutboxItem, OutboxSession, OutboxState } from './types';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const ANA: OutboxSession = { kind: 'account', id: 'ana', token: 'ana-session' };
const BEN: OutboxSession = { kind: 'account', id: 'ben', token: 'ben-session' };

function item(id: string, state: OutboxState = { status: 'waiting' }, over: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id,
    form: { type: 'logbook', lat: 49.28, lon: -123.12, artworkId: 'a1', notes: 'Seen' },
    photos: [{ name: 'p.jpg', type: 'image/jpeg', blob: new Blob(['x']) }],
    thumbnail: null,
    createdAt: `2026-06-01T11:00:0${id.length % 10}Z`,
    attempts: 1,
    state,
    ...over,
  };
}

describe('the Outbox’s rules', () => {
  it('waits longer after each try that got nowhere, up to five minutes', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([RETRY_BASE_MS, 2 * RETRY_BASE_MS, 4 * RETRY_BASE_MS, 8 * RETRY_BASE_MS]);
    expect(retryDelay(0)).toBe(RETRY_BASE_MS);
    expect(retryDelay(30)).toBe(RETRY_MAX_MS);
  });

  it('tells a call that got no answer (network, timeout) from one the server answered', () => {
    expect(isNoAnswer(networkError())).toBe(true);
    expect(isNoAnswer(timeoutError())).toBe(true);
    expect(isNoAnswer(makeApiError('TIMEOUT', 408, 'Request timeout'))).toBe(true);
    expect(isNoAnswer(makeApiError('VALIDATION_ERROR', 400, 'Bad'))).toBe(false);
    expect(isNoAnswer(new Error('boom'))).toBe(false);
  });

  it('makes an item sent with its receipt, and lets its photos go', () => {
    const sent = afterTry(item('a', { status: 'sending', owner: 'me', leaseUntil: NOW }), { receipt: receipt() }, NOW);
    expect(sent.state).toEqual({ status: 'sent', receipt: receipt(), sentAt: '2026-06-01T12:00:00.000Z' });
    expect(sent.photos).toEqual([]);
  });

  it('puts an item back to wait after a try with no answer, for longer each time', () => {
    const once = afterTry(item('a', undefined, { attempts: 1 }), { error: networkError() }, NOW);
    expect(once.state).toEqual({ status: 'waiting', retryAt: NOW + RETRY_BASE_MS, problem: 'Network error occurred' });
    const thrice = afterTry(item('a', undefined, { attempts: 3 }), { error: timeoutError() }, NOW);
    expect(thrice.state).toEqual({ status: 'waiting', retryAt: NOW + 4 * RETRY_BASE_MS, problem: 'Request timeout' });
  });

  it.each([408, 409, 429, 502, 503, 504])('puts an item back to wait on a %i, when the server says (Retry-After) or later', (status) => {
    const told = afterTry(item('a'), { error: makeApiError('CONFLICT', status, 'Busy', undefined, 30) }, NOW);
    expect(told.state).toEqual({ status: 'waiting', retryAt: NOW + 30_000, problem: 'Busy' });
    const untold = afterTry(item('a'), { error: makeApiError('CONFLICT', status, 'Busy') }, NOW);
    expect(untold.state).toEqual({ status: 'waiting', retryAt: NOW + RETRY_BASE_MS, problem: 'Busy' });
    const now = afterTry(item('a'), { error: makeApiError('CONFLICT', status, 'Busy', undefined, 0) }, NOW);
    expect(now.state).toMatchObject({ retryAt: NOW + RETRY_MIN_MS });
  });

  it.each([
    [400, 'VALIDATION_ERROR', 'The note must be at most 1000 characters'],
    [413, 'PAYLOAD_TOO_LARGE', 'Each photo must be at most 15 MB'],
    [500, 'INTERNAL_ERROR', 'Something went wrong (reference ERR-1)'],
  ])('fails an item the server refused with a %i, in its own words', (status, code, message) => {
    const failed = afterTry(item('a'), { error: makeApiError(code, status, message) }, NOW);
    expect(failed.state).toEqual({ status: 'failed', message, httpStatus: status, failedAt: '2026-06-01T12:00:00.000Z' });
    expect(failed.photos).toHaveLength(1);
  });

  it('puts an item whose session has ended (401 SESSION_ENDED) back to wait for its maker, in the server’s words: never failed', () => {
    const anas = item('a', { status: 'sending', owner: 'me', leaseUntil: NOW }, { maker: { kind: 'account', id: 'ana', name: 'Ana' } });
    const message = 'Your sign-in has ended. Sign in again to continue.';
    const after = afterTry(anas, { error: makeApiError('SESSION_ENDED', 401, message) }, NOW);
    expect(after.state).toEqual({ status: 'waiting', problem: message });
    expect(after.photos).toHaveLength(1);
    expect(after.maker).toEqual({ kind: 'account', id: 'ana', name: 'Ana' });
    // Any other 401 is a refusal like the others.
    expect(afterTry(anas, { error: makeApiError('UNAUTHORIZED', 401, 'Authentication required') }, NOW).state).toMatchObject({ status: 'failed', httpStatus: 401 });
  });

  it('sends an item that waits once its time has come, and one another sender left behind', () => {
    expect(isDue({ status: 'waiting' }, NOW, false)).toBe(true);
    expect(isDue({ status: 'waiting', retryAt: NOW + 1 }, NOW, false)).toBe(false);
    expect(isDue({ status: 'waiting', retryAt: NOW }, NOW, false)).toBe(true);
    // Another tab is sending it: not before its lease is over, unless this sender alone may send.
    expect(isDue({ status: 'sending', owner: 'other', leaseUntil: NOW + 1 }, NOW, false)).toBe(false);
    expect(isDue({ status: 'sending', owner: 'other', leaseUntil: NOW }, NOW, false)).toBe(true);
    expect(isDue({ status: 'sending', owner: 'other', leaseUntil: NOW + 1 }, NOW, true)).toBe(true);
    expect(isDue({ status: 'sent', receipt: receipt(), sentAt: '' }, NOW, true)).toBe(false);
    expect(isDue({ status: 'failed', message: 'No', httpStatus: 400, failedAt: '' }, NOW, true)).toBe(false);
  });

  it('claims an item for one sender, counting the try, and not one that is not due', () => {
    const mine = claimed(item('a', undefined, { attempts: 0 }), 'me', NOW, false);
    expect(mine).toMatchObject({ attempts: 1, state: { status: 'sending', owner: 'me', leaseUntil: NOW + SENDING_LEASE_MS } });
    expect(claimed(mine!, 'other', NOW, false)).toBeUndefined();
  });

  it('takes the oldest due item first, and wakes for the soonest wait', () => {
    const items = [
      item('a', { status: 'sent', receipt: receipt(), sentAt: '' }),
      item('b', { status: 'waiting', retryAt: NOW + 5000 }),
      item('c', { status: 'waiting' }),
      item('d', { status: 'waiting' }),
      item('e', { status: 'sending', owner: 'x', leaseUntil: NOW + 2000 }),
    ];
    expect(nextDue(items, NOW, false, ANA)?.id).toBe('c');
    expect(nextWake(items, NOW, ANA)).toBe(NOW + 2000);
    expect(nextWake(items.slice(0, 2), NOW, ANA)).toBe(NOW + 5000);
    expect(nextWake([items[2]!], NOW, ANA)).toBeUndefined();
    expect(unsentCount(items, ANA)).toBe(4);
  });

  it('passes over what another account made: not sent, not waited for, not counted', () => {
    const bens = { maker: { kind: 'account', id: 'ben', name: 'Ben' } } as const;
    const items = [
      item('a', { status: 'waiting', retryAt: NOW + 1000 }, bens),
      item('b', { status: 'waiting' }, bens),
      item('c', { status: 'waiting', retryAt: NOW + 5000 }, { maker: { kind: 'account', id: 'ana', name: 'Ana' } }),
      item('d', { status: 'waiting' }, { maker: { kind: 'anonymous', token: 'anon' } }),
    ];
    expect(nextDue(items, NOW, false, ANA)?.id).toBe('d');
    expect(nextWake(items, NOW, ANA)).toBe(NOW + 5000);
    expect(unsentCount(items, ANA)).toBe(2);
    expect(nextDue(items, NOW, false, BEN)?.id).toBe('b');
    expect(nextWake(items, NOW, BEN)).toBe(NOW + 1000);
    expect(unsentCount(items, BEN)).toBe(3);
    // Nobody known to be signed in: only the anonymous visitor's.
    expect(nextDue(items, NOW, false, null)?.id).toBe('d');
    expect(unsentCount(items, null)).toBe(1);
  });

  it('lets go of an anonymous maker’s token once the item is sent, keeping its fingerprint', () => {
    const anon = item('a', { status: 'sending', owner: 'me', leaseUntil: NOW }, { maker: { kind: 'anonymous', token: 'anon' } });
    expect(afterTry(anon, { receipt: receipt() }, NOW).maker).toEqual({ kind: 'anonymous', token: null, print: tokenPrint('anon') });
    const tokenless = item('t', { status: 'sending', owner: 'me', leaseUntil: NOW }, { maker: { kind: 'anonymous', token: null } });
    expect(afterTry(tokenless, { receipt: receipt() }, NOW).maker).toEqual({ kind: 'anonymous', token: null });
    expect(afterTry(anon, { error: networkError() }, NOW).maker).toEqual({ kind: 'anonymous', token: 'anon' });
    const anas = item('b', { status: 'sending', owner: 'me', leaseUntil: NOW }, { maker: { kind: 'account', id: 'ana', name: 'Ana' } });
    expect(afterTry(anas, { receipt: receipt() }, NOW).maker).toEqual({ kind: 'account', id: 'ana', name: 'Ana' });
    expect(afterTry(item('c', { status: 'sending', owner: 'me', leaseUntil: NOW }), { receipt: receipt() }, NOW)).not.toHaveProperty('maker');
  });

  it('puts back to wait an item claimed but not sent after all, that try not counted', () => {
    const mine = claimed(item('a', undefined, { attempts: 2 }), 'me', NOW, false)!;
    expect(released(mine, 'me')).toMatchObject({ attempts: 2, state: { status: 'waiting' } });
    expect(released(mine, 'other tab')).toBeUndefined();
    expect(released(item('b'), 'me')).toBeUndefined();
  });

  it('gives a refused or waiting item another chance at once, but not a sent one', () => {
    expect(retried(item('a', { status: 'failed', message: 'No', httpStatus: 400, failedAt: '' }))?.state).toEqual({ status: 'waiting' });
    expect(retried(item('a', { status: 'waiting', retryAt: NOW + 5, problem: 'Busy' }))?.state).toEqual({ status: 'waiting' });
    expect(retried(item('a', { status: 'sent', receipt: receipt(), sentAt: '' }))).toBeUndefined();
  });
});
