import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../api/session';
import { makerOf, sendableBy, sendingAs, sessionFollower, shownTo, tokenPrint, waitsFor } from './makers';
import { BASE_USER } from '../../testing/render';
import { receipt } from '../../testing/submissions';
import type { OutboxItem, OutboxMaker, OutboxSession, OutboxState } from './types';

const ANA = { ...BASE_USER, id: 'a0a0a0a0-0000-4000-8000-000000000001', email: 'ana@example.org', emailVerified: true };
const BEN = { ...BASE_USER, id: 'b0b0b0b0-0000-4000-8000-000000000002', email: 'ben@example.org', emailVerified: true };
const signedIn = (user: SessionUser) => ({ isAuthenticated: true, user });
const anonymous = { isAuthenticated: false, user: BASE_USER };
const unknown = { isAuthenticated: false, user: null };

function item(maker?: OutboxMaker, state: OutboxState = { status: 'waiting' }): OutboxItem {
  return {
    id: 'k1',
    form: { type: 'logbook', lat: 49.28, lon: -123.12, artworkId: 'a1' },
    photos: [],
    thumbnail: null,
    createdAt: '2026-06-01T11:00:00Z',
    attempts: 0,
    state,
    ...(maker ? { maker } : {}),
  };
}

const anasSession: OutboxSession = { kind: 'account', id: ANA.id, token: 'ana-session' };
const bensSession: OutboxSession = { kind: 'account', id: BEN.id, token: 'ben-session' };

describe('who made an Outbox item', () => {
  it('is the signed-in account, by id and by the name people know it by', () => {
    expect(makerOf(signedIn(ANA), 'ana-session')).toEqual({ kind: 'account', id: ANA.id, name: 'ana@example.org' });
    expect(makerOf(signedIn({ ...ANA, profileName: 'Ana' }), 'ana-session')).toEqual({ kind: 'account', id: ANA.id, name: 'Ana' });
    // An address not verified is not shown: the shell's name for it.
    expect(makerOf(signedIn({ ...BEN, emailVerified: false }), 't')).toEqual({ kind: 'account', id: BEN.id, name: 'Anonymous (b0b0b0b0...)' });
  });

  it('is the anonymous visitor, by their token, when nobody is signed in or who is is not known', () => {
    expect(makerOf(anonymous, 'anon-token')).toEqual({ kind: 'anonymous', token: 'anon-token' });
    expect(makerOf(unknown, 'some-token')).toEqual({ kind: 'anonymous', token: 'some-token' });
    expect(makerOf(anonymous, null)).toEqual({ kind: 'anonymous', token: null });
  });
});

describe('who may send an Outbox item', () => {
  const anas = item({ kind: 'account', id: ANA.id, name: 'Ana' });

  it('an account’s: only that account, under its session', () => {
    expect(sendingAs(anas, anasSession)).toEqual({ token: 'ana-session' });
    expect(sendingAs(anas, bensSession)).toBeNull();
    expect(sendingAs(anas, { kind: 'anonymous', token: 'anon-token' })).toBeNull();
    expect(sendingAs(anas, null)).toBeNull();
    expect(sendableBy(anas, anasSession)).toBe(true);
    expect(sendableBy(anas, bensSession)).toBe(false);
  });

  it('says whom another account’s item waits for', () => {
    expect(waitsFor(anas, bensSession)).toEqual({ kind: 'account', id: ANA.id, name: 'Ana' });
    expect(waitsFor(anas, null)).toEqual({ kind: 'account', id: ANA.id, name: 'Ana' });
    expect(waitsFor(anas, anasSession)).toBeNull();
    expect(waitsFor(item({ kind: 'anonymous', token: 'anon' }), bensSession)).toBeNull();
  });

  it('an anonymous visitor’s: anyone, always under the visitor’s own token and never a session’s', () => {
    const anon = item({ kind: 'anonymous', token: 'anon-token' });
    for (const session of [anasSession, bensSession, { kind: 'anonymous', token: 'other-token' } as const, null]) {
      expect(sendingAs(anon, session)).toEqual({ token: 'anon-token' });
    }
    expect(sendingAs(item({ kind: 'anonymous', token: null }), anasSession)).toEqual({ token: null });
  });

  it('one an earlier version kept, without a maker: as before, under the stored token', () => {
    expect(sendingAs(item(), anasSession)).toEqual({ token: undefined });
    expect(sendingAs(item(), null)).toEqual({ token: undefined });
  });
});

describe('following the session', () => {
  it('knows an account by the token stored when it was first seen signed in', () => {
    const follow = sessionFollower();
    expect(follow(unknown, 'anon-token')).toBeNull();
    expect(follow(anonymous, 'anon-token')).toEqual({ kind: 'anonymous', token: 'anon-token' });
    // Signing in: the session token is stored first, then the app learns who it is.
    expect(follow(anonymous, 'ana-session')).toEqual({ kind: 'anonymous', token: 'ana-session' });
    expect(follow(signedIn(ANA), 'ana-session')).toEqual(anasSession);
    expect(follow(signedIn(ANA), 'ana-session')).toEqual(anasSession);
  });

  it('stops speaking for an account as soon as the stored token is another, until it knows who that is', () => {
    const follow = sessionFollower();
    follow(signedIn(ANA), 'ana-session');
    // Another tab signed Ben in, or a link was verified here: the slice still says Ana.
    expect(follow(signedIn(ANA), 'ben-session')).toBeNull();
    // Then the app reads who that token is.
    expect(follow(signedIn(BEN), 'ben-session')).toEqual(bensSession);
  });

  it('forgets the account at sign-out, and binds the next sign-in to its own token', () => {
    const follow = sessionFollower();
    follow(signedIn(ANA), 'ana-session');
    expect(follow(unknown, 'ana-session')).toBeNull();
    expect(follow(anonymous, 'fresh-anon')).toEqual({ kind: 'anonymous', token: 'fresh-anon' });
    expect(follow(signedIn(ANA), 'ana-session-2')).toEqual({ kind: 'account', id: ANA.id, token: 'ana-session-2' });
    // Signed in without a token stored: never spoken for.
    const bare = sessionFollower();
    expect(bare(signedIn(ANA), null)).toBeNull();
  });
});

describe('whose receipts show', () => {
  const SENT: OutboxState = { status: 'sent', receipt: receipt(), sentAt: '2026-06-01T12:00:00Z' };
  const sent = (maker?: OutboxMaker) => item(maker, SENT);
  const anonymousAs = (token: string | null): OutboxSession => ({ kind: 'anonymous', token });

  it('fingerprints a token: 64 bits, the same each time, another for another token', () => {
    const print = tokenPrint('anon-token');
    expect(print).toMatch(/^[0-9a-f]{16}$/);
    expect(tokenPrint('anon-token')).toBe(print);
    expect(tokenPrint('anon-tokeo')).not.toBe(print);
    // FNV-1a's own test vector.
    expect(tokenPrint('a')).toBe('af63dc4c8601ec8c');
  });

  it('an account’s, only while that account is signed in', () => {
    const anas = sent({ kind: 'account', id: ANA.id, name: 'Ana' });
    expect(shownTo(anas, anasSession)).toBe(true);
    expect(shownTo(anas, bensSession)).toBe(false);
    expect(shownTo(anas, anonymousAs('anon-token'))).toBe(false);
    expect(shownTo(anas, null)).toBe(false);
  });

  it('an anonymous visitor’s, only while nobody is signed in and the stored token is still theirs', () => {
    const printed = sent({ kind: 'anonymous', token: null, print: tokenPrint('anon-token') });
    expect(shownTo(printed, anonymousAs('anon-token'))).toBe(true);
    expect(shownTo(printed, anonymousAs('next-visitor'))).toBe(false);
    expect(shownTo(printed, anonymousAs(null))).toBe(false);
    expect(shownTo(printed, anasSession)).toBe(false);
    expect(shownTo(printed, null)).toBe(false);
    // Still holding its token (a receipt kept otherwise): by the token itself.
    expect(shownTo(sent({ kind: 'anonymous', token: 'anon-token' }), anonymousAs('anon-token'))).toBe(true);
    expect(shownTo(sent({ kind: 'anonymous', token: 'anon-token' }), anonymousAs('next-visitor'))).toBe(false);
    // Neither token nor fingerprint (made with no token, or sent by an earlier version): any anonymous visitor’s, nobody signed in’s.
    const unknowable = sent({ kind: 'anonymous', token: null });
    expect(shownTo(unknowable, anonymousAs('next-visitor'))).toBe(true);
    expect(shownTo(unknowable, anasSession)).toBe(false);
  });

  it('one an earlier version kept (no maker), always; and every item not sent yet, whoever made it', () => {
    for (const session of [anasSession, anonymousAs('anon-token'), null]) expect(shownTo(sent(), session)).toBe(true);
    expect(shownTo(item({ kind: 'account', id: ANA.id, name: 'Ana' }), bensSession)).toBe(true);
    expect(shownTo(item({ kind: 'anonymous', token: 'anon-token' }), anonymousAs('next-visitor'))).toBe(true);
  });
});
