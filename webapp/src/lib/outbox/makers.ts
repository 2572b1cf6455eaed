/**
 * Whose an Outbox item is, who may send it and who sees its receipt: each item records who made it
 * (`makerOf` the session when it is kept) and goes out only as that person, so a phone passed from
 * one person to another never sends the first one's photos under the second one's account, nor
 * shows the second one what the first one sent, and where.
 */
import { displayName, type SessionState } from '../../api/session';
import type { OutboxItem, OutboxMaker, OutboxSession } from './types';

type Session = Pick<SessionState, 'isAuthenticated' | 'user'>;

/** Who makes an item now: the signed-in account (its public name if it chose one, else as the shell names it), or the visitor's anonymous token. */
export function makerOf(session: Session, token: string | null): OutboxMaker {
  const user = session.user;
  if (session.isAuthenticated && user) return { kind: 'account', id: user.id, name: user.profileName ?? displayName(user) };
  return { kind: 'anonymous', token };
}

/**
 * Follows the app's session for the Outbox: give it the session slice and the stored token at each
 * change of either; it answers who the app speaks for (`OutboxSession`). A signed-in account is
 * bound to the token stored when the app first saw it signed in: once the stored token is another
 * (a sign-in or sign-out under way, or done in another tab), nothing is sent as that account until
 * the app knows again who is signed in.
 */
export function sessionFollower(): (session: Session, token: string | null) => OutboxSession {
  let account: { id: string; token: string | null } | null = null;
  return (session, token) => {
    const user = session.user;
    if (!user || !session.isAuthenticated) {
      account = null;
      return user ? { kind: 'anonymous', token } : null;
    }
    if (account?.id !== user.id) account = { id: user.id, token };
    return account.token !== null && account.token === token ? { kind: 'account', id: user.id, token: account.token } : null;
  };
}

/**
 * Under which token `item` may be sent now, with the app speaking for `session`, or null when not
 * now (another account's):
 * - an account's, only while that account is signed in: under that session's token;
 * - an anonymous visitor's, whoever is signed in: under its own token (null: it was made with
 *   none, so none is sent);
 * - one kept by an earlier version (no maker), always, as it was then (`undefined`: the stored
 *   token): who made it cannot be known, so it goes under whatever session is signed in.
 */
export function sendingAs(item: OutboxItem, session: OutboxSession): { token: string | null | undefined } | null {
  const maker = item.maker;
  if (!maker) return { token: undefined };
  if (maker.kind === 'anonymous') return { token: maker.token };
  return session?.kind === 'account' && session.id === maker.id ? { token: session.token } : null;
}

/** Whether `item` may be sent now (`sendingAs`). */
export function sendableBy(item: OutboxItem, session: OutboxSession): boolean {
  return sendingAs(item, session) !== null;
}

/** The account an item waits for (someone else's, not signed in now), if it waits for one. */
export function waitsFor(item: OutboxItem, session: OutboxSession): Extract<OutboxMaker, { kind: 'account' }> | null {
  return item.maker?.kind === 'account' && !sendableBy(item, session) ? item.maker : null;
}

/**
 * A fingerprint of an anonymous visitor's token, kept with their receipt once the token itself is
 * let go (FNV-1a, 64 bits): it tells whether the stored token is still that visitor's, and gives
 * nothing to act as them (the token is a random UUID: far more tokens than fingerprints share each).
 */
export function tokenPrint(token: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(token)) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return hash.toString(16).padStart(16, '0');
}

/**
 * Whether whoever the app speaks for now (`session`) sees `item` in the Outbox: every item not
 * sent yet (theirs to send, or another account's to discard), and of the sent ones only their own
 * receipts:
 * - an account's, while that account is signed in;
 * - an anonymous visitor's, while nobody is signed in and the stored token is still that
 *   visitor's (by its fingerprint once sent); one with neither token nor fingerprint (made with no
 *   token, or sent by an earlier version), to any anonymous visitor;
 * - one kept by an earlier version (no maker), always: who made it cannot be known.
 */
export function shownTo(item: OutboxItem, session: OutboxSession): boolean {
  const maker = item.maker;
  if (item.state.status !== 'sent' || !maker) return true;
  if (maker.kind === 'account') return session?.kind === 'account' && session.id === maker.id;
  if (session?.kind !== 'anonymous') return false;
  if (maker.token !== null) return maker.token === session.token;
  if (maker.print === undefined) return true;
  return session.token !== null && maker.print === tokenPrint(session.token);
}
