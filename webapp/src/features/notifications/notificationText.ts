/**
 * A notification's words in the interface language. The server writes each notification's title
 * and message in English from its kind (and the submission's kind, the rejection's reason, the
 * moderator's note, the badge's name); when they are exactly those words, the same message is
 * said in the language in effect, with the same pieces. Anything else (older words, a text of
 * its own) is shown as the server sent it. In English the words are always the server's.
 */
import type { Notification } from '../../api/types';
import { t, type MessageKey, type MessageValues } from '../../i18n';

/** What a submission was (`what` in the messages), as the server words it. */
const SUBMISSION_KINDS = ['new_artwork', 'visit', 'artwork_edit', 'artist_edit', 'new_artist', 'submission'] as const;

/** Stands for a free text (a reason, a note) while the words around it are compared. */
const MARK = '\u0000';

/**
 * The message `key` in the language in effect, with the values of the first of `candidates`
 * whose English is `server`'s text exactly; `free` names the one value taken from that text (a
 * reason, a note). Null when none is.
 */
function sameWords(server: string, key: MessageKey, candidates: readonly MessageValues[], free?: string): string | null {
  for (const values of candidates) {
    let all = values;
    if (free) {
      const [head = '', tail = ''] = t(key, { ...values, [free]: MARK }, 'en').split(MARK);
      if (server.length < head.length + tail.length || !server.startsWith(head) || !server.endsWith(tail)) continue;
      all = { ...values, [free]: server.slice(head.length, server.length - tail.length) };
    }
    if (t(key, all, 'en') === server) return t(key, all);
  }
  return null;
}

/** The badge toast's words: "Badge earned: Early bird". */
export function badgeEarnedText(badgeTitle: string): string {
  return t('notifications.badge.earned', { badge: badgeTitle });
}

/** A notification's title, in the language in effect when the server wrote its usual one. */
export function notificationTitle(n: Pick<Notification, 'type' | 'title' | 'badge'>): string {
  const server = n.title;
  if (typeof server !== 'string') return server;
  const found =
    n.type === 'badge_awarded' && n.badge?.title
      ? sameWords(server, 'notifications.badge.earned', [{ badge: n.badge.title }])
      : sameWords(server, 'notifications.kind.title', [{ kind: n.type ?? 'other' }]);
  return found ?? server;
}

const EACH_KIND = SUBMISSION_KINDS.map((what) => ({ what }));

/** A notification's message, in the language in effect when the server wrote its usual one. */
export function notificationMessage(n: Pick<Notification, 'type' | 'message'>): string {
  const server = n.message;
  if (typeof server !== 'string') return server;
  const found =
    n.type === 'submission_approved'
      ? sameWords(server, 'notifications.kind.approved', EACH_KIND)
      : n.type === 'submission_rejected'
        ? sameWords(server, 'notifications.kind.rejected', EACH_KIND, 'reason')
        : n.type === 'feedback_resolved'
          ? // The sentence saying the artwork was removed follows the note: looked for first.
            sameWords(server, 'notifications.kind.feedbackResolved', [{ removed: 'yes' }, { removed: 'no' }], 'note')
          : null;
  return found ?? server;
}
