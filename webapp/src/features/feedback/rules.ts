/** Feedback rules of SPEC §5 and texts of §8. */
import { ERROR_CODES, isApiError, serverMessage } from '../../api/errors';
import type { FeedbackIssue } from '../../api/types';
import { FEEDBACK_NOTE_MAX } from '../../config/constants';
import { t, type MessageKey } from '../../i18n';
import type { FeedbackTarget } from '../../lib/ui';

/** The feedback texts of SPEC §8, as messages (`t(FEEDBACK_TEXTS.sent)`). */
export const FEEDBACK_TEXTS = {
  missingPrefill: 'feedback.prefill.missing',
  backPrefill: 'feedback.prefill.back',
  unsavedChanges: 'feedback.unsavedChanges',
  failed: 'feedback.failed',
  failedRetry: 'feedback.failedRetry',
  sent: 'feedback.sent',
} as const satisfies Record<string, MessageKey>;

/** The note a report starts with, in the interface language: a missing or back-in-place report says so. */
export function initialNote(issueType: FeedbackTarget['issueType']): string {
  if (issueType === 'missing') return t(FEEDBACK_TEXTS.missingPrefill);
  if (issueType === 'back') return t(FEEDBACK_TEXTS.backPrefill);
  return '';
}

/** The issue type the server records: a report that a removed work is back is a comment. */
export const sentIssue = (issueType: FeedbackTarget['issueType']): FeedbackIssue => (issueType === 'back' ? 'comment' : issueType);

/** The note's length as the server counts it: trimmed. */
export function noteLength(note: string): number {
  return note.trim().length;
}

/** Send is allowed for a trimmed, non-empty note of at most 1000 characters, when idle. */
export function canSend(note: string, sending: boolean): boolean {
  const n = noteLength(note);
  return !sending && n > 0 && n <= FEEDBACK_NOTE_MAX;
}

/**
 * What a failed send says (SPEC §8): the server's message (its HTTP status text when it gave
 * none); 'Failed to send feedback' when it answered with something unreadable; and when no answer
 * came at all (network, timeout), 'Failed to send feedback. Please try again.'.
 */
export function sendFailureText(error: unknown): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (isApiError(error) && error.code === ERROR_CODES.invalidResponse) return t(FEEDBACK_TEXTS.failed);
  return t(FEEDBACK_TEXTS.failedRetry);
}
