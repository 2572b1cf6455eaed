/**
 * The Outbox's rules, without storage or network: which item goes next, what a try's outcome
 * makes of it, when to try again.
 *
 * After a try:
 * - the server's receipt: sent;
 * - no answer (the network, a timeout), or an answer that says "later" (409: the key's first
 *   request still runs; 408, 429, 502, 503, 504): waiting, for a later try (`Retry-After` when the
 *   server gave one, else a growing delay). A contribution is never dropped for want of a network;
 * - the session it went under has ended (401 SESSION_ENDED: nothing was written): waiting, for
 *   its maker to sign in again; never failed, never sent as anyone else (the Outbox sends nothing
 *   more under that session);
 * - any other refusal (400 and the like, 500): failed, with the server's own words, until the
 *   person retries or discards it.
 *
 * Only what the person signed in now may send is sent (`makers.ts`): another account's items
 * wait for it, due or not.
 */
import { ERROR_CODES, errorMessage, isApiError, isSessionEnded } from '../../api/errors';
import type { SubmissionReceipt } from '../../api/types';
import { sendableBy, tokenPrint } from './makers';
import type { OutboxItem, OutboxMaker, OutboxSession, OutboxState } from './types';

/** How long a tab's claim on an item lasts: longer than an upload may take (SUBMISSION.uploadTimeoutMs) and its answer. */
export const SENDING_LEASE_MS = 3 * 60_000;
/** The first wait after a try that got no answer, doubled at each further one, up to RETRY_MAX_MS. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 5 * 60_000;

/** The shortest wait before another try, whatever the server says (a `Retry-After: 0` must not make a busy loop). */
export const RETRY_MIN_MS = 1_000;

/** Statuses that mean "not now" rather than "no". */
const LATER = new Set([408, 409, 429, 502, 503, 504]);

/** The wait before try number `attempts + 1`, after `attempts` that got nowhere. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Whether a failed call got no answer from the server at all (the network, the client's timeout). */
export function isNoAnswer(error: unknown): boolean {
  return isApiError(error) && (error.code === ERROR_CODES.network || error.code === ERROR_CODES.timeout);
}

/** What item `item` becomes after its try at `now` ended in `outcome`. */
export function afterTry(
  item: OutboxItem,
  outcome: { receipt: SubmissionReceipt } | { error: unknown },
  now: number,
): OutboxItem {
  if ('receipt' in outcome) {
    // Sent: the photos are the server's now; the thumbnail stays to show what it was. An
    // anonymous maker's token is needed no more: not kept with the receipt, only its fingerprint.
    const maker: OutboxMaker | undefined =
      item.maker?.kind === 'anonymous' && item.maker.token !== null ? { kind: 'anonymous', token: null, print: tokenPrint(item.maker.token) } : item.maker;
    return {
      ...item,
      photos: [],
      ...(maker ? { maker } : {}),
      state: { status: 'sent', receipt: outcome.receipt, sentAt: new Date(now).toISOString() },
    };
  }
  const { error } = outcome;
  if (isSessionEnded(error)) return { ...item, state: { status: 'waiting', problem: errorMessage(error) } };
  const status = isApiError(error) ? error.status : 0;
  if (isNoAnswer(error) || LATER.has(status)) {
    const after = isApiError(error) && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : retryDelay(item.attempts);
    return { ...item, state: { status: 'waiting', retryAt: now + Math.max(RETRY_MIN_MS, after), problem: errorMessage(error) } };
  }
  return { ...item, state: { status: 'failed', message: errorMessage(error), httpStatus: status, failedAt: new Date(now).toISOString() } };
}

/**
 * Whether an item may be sent now: waiting and due, or claimed by a sender that is gone (its lease
 * is over, or `exclusive`: this sender alone may send, so any claim is a dead tab's).
 */
export function isDue(state: OutboxState, now: number, exclusive: boolean): boolean {
  if (state.status === 'waiting') return (state.retryAt ?? 0) <= now;
  if (state.status === 'sending') return exclusive || state.leaseUntil <= now;
  return false;
}

/** The item as claimed for sending by `owner` at `now`, or undefined when it is not due (another tab has it). */
export function claimed(item: OutboxItem, owner: string, now: number, exclusive: boolean): OutboxItem | undefined {
  if (!isDue(item.state, now, exclusive)) return undefined;
  return { ...item, attempts: item.attempts + 1, state: { status: 'sending', owner, leaseUntil: now + SENDING_LEASE_MS } };
}

/** An item `owner` claimed but did not send after all (who is signed in changed meanwhile): waiting again, that try not counted. */
export function released(item: OutboxItem, owner: string): OutboxItem | undefined {
  if (item.state.status !== 'sending' || item.state.owner !== owner) return undefined;
  return { ...item, attempts: Math.max(0, item.attempts - 1), state: { status: 'waiting' } };
}

/** The oldest item due now that `session` may send, if any: items go in the order they were made. */
export function nextDue(items: readonly OutboxItem[], now: number, exclusive: boolean, session: OutboxSession): OutboxItem | undefined {
  return items.find((i) => isDue(i.state, now, exclusive) && sendableBy(i, session));
}

/** When the next waiting item `session` may send falls due after `now`, if one waits for a time. */
export function nextWake(items: readonly OutboxItem[], now: number, session: OutboxSession): number | undefined {
  let soonest: number | undefined;
  for (const i of items) {
    if (!sendableBy(i, session)) continue;
    const at = i.state.status === 'waiting' ? i.state.retryAt : i.state.status === 'sending' ? i.state.leaseUntil : undefined;
    if (at !== undefined && at > now && (soonest === undefined || at < soonest)) soonest = at;
  }
  return soonest;
}

/** Items not sent yet (waiting, being sent or refused) that `session` may send: another account's are not its to count. */
export function unsentCount(items: readonly OutboxItem[], session: OutboxSession): number {
  return items.filter((i) => i.state.status !== 'sent' && sendableBy(i, session)).length;
}

/** A failed item given another chance, or a waiting one told not to wait. */
export function retried(item: OutboxItem): OutboxItem | undefined {
  if (item.state.status !== 'failed' && item.state.status !== 'waiting') return undefined;
  return { ...item, state: { status: 'waiting' } };
}
