/** Feedback rules of SPEC §5 and texts of §8. */
import { FEEDBACK_NOTE_MAX } from '../../config/constants';

export const FEEDBACK_TEXTS = {
  missingPrefill: 'The artwork is missing',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to close?',
  failed: 'Failed to send feedback',
  failedRetry: 'Failed to send feedback. Please try again.',
} as const;

export function initialNote(issueType: 'comment' | 'missing'): string {
  return issueType === 'missing' ? FEEDBACK_TEXTS.missingPrefill : '';
}

/** Send is allowed for a trimmed, non-empty note of at most 1000 characters, when idle. */
export function canSend(note: string, sending: boolean): boolean {
  const n = note.trim();
  return !sending && n.length > 0 && n.length <= FEEDBACK_NOTE_MAX;
}
