/**
 * What the Outbox holds: a contribution made while the server could not be reached (a new
 * artwork or a logbook visit, as POST /logbook takes it), with its photos and the Idempotency-Key
 * it was first tried with, until it is sent; then the server's receipt.
 */
import type { LogbookForm } from '../../api/submissionsApi';
import type { SubmissionReceipt } from '../../api/types';

/** The form as stored: everything but the photos (kept beside it as blobs), the key and how it is sent. */
export type OutboxForm = Omit<LogbookForm, 'photos' | 'idempotencyKey' | 'onUploadProgress' | 'userToken'>;

/**
 * Who made an item, as the app's session had it when it was kept:
 * - `account`: a signed-in person (their account's id, and their name to show while the item
 *   waits for them): sent only while that account is signed in, as that session;
 * - `anonymous`: nobody signed in, so the visitor is their anonymous token (SPEC §1, §4): sent
 *   under that very token whoever is signed in by then, never under an account's session, so it
 *   stays that visitor's (theirs to claim by signing in) and its Idempotency-Key, scoped to the
 *   sender, still matches the try the form made. The token is kept only until the item is sent;
 *   then only its fingerprint (`print`, `tokenPrint`), which tells that visitor's receipt from
 *   another's but cannot be used to act as them. Items sent by an earlier version have none.
 */
export type OutboxMaker = { kind: 'account'; id: string; name: string } | { kind: 'anonymous'; token: string | null; print?: string };

/**
 * Who the app speaks for now, as far as the Outbox cares: a signed-in account (its id, and the
 * session token the app had when it learned that account), anyone else (anonymous, with the
 * stored token: whose anonymous receipts are theirs), or `null` while that is not known
 * (starting up, between a sign-out and the next identity, when the stored token is no longer the
 * one that account was signed in with: another tab changed it, or when the server said that
 * account's session has ended).
 */
export type OutboxSession = { kind: 'account'; id: string; token: string } | { kind: 'anonymous'; token: string | null } | null;

/** A photo as stored: its bytes (with their EXIF, location included) and what the file was called. */
export interface OutboxPhoto {
  name: string;
  type: string;
  blob: Blob;
}

/**
 * Where an item is:
 * - `waiting`: to be sent when the network allows (not before `retryAt`, when given); `problem`
 *   says why the last try did not get through;
 * - `sending`: a tab (`owner`) is sending it; a claim past `leaseUntil` is a tab that went away;
 * - `sent`: the server has it (`receipt`); its photos are no longer kept;
 * - `failed`: the server refused it (`message`, its own words; `status`): the person retries or
 *   discards it.
 */
export type OutboxState =
  | { status: 'waiting'; retryAt?: number; problem?: string }
  | { status: 'sending'; owner: string; leaseUntil: number }
  | { status: 'sent'; receipt: SubmissionReceipt; sentAt: string }
  | { status: 'failed'; message: string; httpStatus: number; failedAt: string };

export type OutboxStatus = OutboxState['status'];

export interface OutboxItem {
  /** The Idempotency-Key too: one per draft, so sending it again can never record it twice. */
  id: string;
  form: OutboxForm;
  photos: OutboxPhoto[];
  /** A small JPEG of the first photo as a data URL, shown in the Outbox; null when it could not be made. */
  thumbnail: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** Tries so far, the one that failed before it was stored included. */
  attempts: number;
  state: OutboxState;
  /**
   * Who made it. Absent on items an earlier version of the app kept: who made those cannot be
   * known, so they are sent as they always were, under whatever session is signed in when they go.
   */
  maker?: OutboxMaker;
}

/** What a form hands the Outbox. */
export interface OutboxDraft {
  form: OutboxForm;
  photos: readonly File[];
  idempotencyKey: string;
  /** Tries already made (1 after a send that got no answer, 0 when offline). */
  attempts: number;
  /** Why it could not be sent now, if a try was made. */
  problem?: string;
  /** Who made it (`makerOf` the session when the form was sent). */
  maker: OutboxMaker;
}
