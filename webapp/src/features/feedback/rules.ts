/** Feedback rules of SPEC §5 and texts of §8. */
import { ERROR_CODES, isApiError, serverMessage } from '../../api/errors';
import type { FeedbackIssue } from '../../api/types';
import { FEEDBACK_NOTE_MAX } from '../../config/constants';
import type { FeedbackTarget } from '../../lib/ui';

export const FEEDBACK_TEXTS = {
  missingPrefill: 'The artwork is missing',
  backPrefill: 'The artwork is back in place',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to close?',
  failed: 'Failed to send feedback',
  failedRetry: 'Failed to send feedback. Please try again.',
  sent: 'Thanks! Your feedback was sent to the moderators.',
} as const;

export function initialNote(issueType: FeedbackTarget['issueType']): string {
  if (issueType === 'missing') return FEEDBACK_TEXTS.missingPrefill;
  if (issueType === 'back') return FEEDBACK_TEXTS.backPrefill;
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
  if (isApiError(error) && error.code === ERROR_CODES.invalidResponse) return FEEDBACK_TEXTS.failed;
  return FEEDBACK_TEXTS.failedRetry;
}
