import { describe, expect, it } from 'vitest';
import type { Notification } from '../../api/types';
import { setLocale } from '../../i18n';
import { badgeEarnedText, notificationMessage, notificationTitle } from './notificationText';

/** A notification as the server words it (projectors/src/notifications). */
const note = (type: Notification['type'], title: string, message: string, badge?: { title: string }) =>
  ({ type, title, message, badge }) as Pick<Notification, 'type' | 'title' | 'message' | 'badge'>;

const SERVER = [
  note('submission_approved', 'Submission approved', 'Your new artwork was approved. Thank you!'),
  note('submission_approved', 'Submission approved', 'Your logbook entry was approved. Thank you!'),
  note('submission_approved', 'Submission approved', 'Your new artist was approved. Thank you!'),
  note('submission_rejected', 'Submission not accepted', 'Your edit of an artwork was not accepted: Not: a duplicate.'),
  note('submission_rejected', 'Submission not accepted', 'Your submission was not accepted: '),
  note('feedback_resolved', 'Feedback resolved', 'Thank you for your feedback. Gone since May. The artwork is now marked as removed.'),
  note('feedback_resolved', 'Feedback resolved', 'Thank you for your feedback. Fixed the year.'),
  note('badge_awarded', 'Badge earned: Early bird', '🐦 Logged a visit before 7 am', { title: 'Early bird' }),
];

describe('notification texts', () => {
  it('are the server’s words exactly in English', () => {
    for (const n of SERVER) {
      expect(notificationTitle(n)).toBe(n.title);
      expect(notificationMessage(n)).toBe(n.message);
    }
    expect(badgeEarnedText('Early bird')).toBe('Badge earned: Early bird');
  });

  it('read naturally in French, by kind, with the reason, note and badge name kept', () => {
    setLocale('fr');
    const nb = '\u00a0';
    expect(SERVER.map((n) => [notificationTitle(n), notificationMessage(n)])).toEqual([
      ['Contribution approuvée', `Votre nouvelle œuvre a été approuvée. Merci${nb}!`],
      ['Contribution approuvée', `Votre visite a été approuvée. Merci${nb}!`],
      ['Contribution approuvée', `Votre proposition de nouvel artiste a été approuvée. Merci${nb}!`],
      ['Contribution non retenue', `Votre modification d’une œuvre n’a pas été retenue${nb}: Not: a duplicate.`],
      ['Contribution non retenue', `Votre contribution n’a pas été retenue${nb}: `],
      ['Signalement résolu', 'Merci pour votre signalement. Gone since May. L’œuvre est désormais marquée comme retirée.'],
      ['Signalement résolu', 'Merci pour votre signalement. Fixed the year.'],
      [`Badge obtenu${nb}: Early bird`, '🐦 Logged a visit before 7 am'],
    ]);
    expect(badgeEarnedText('Early bird')).toBe(`Badge obtenu${nb}: Early bird`);
  });

  it('are shown as the server sent them when they are not its usual words', () => {
    setLocale('fr');
    const own = note('submission_approved', 'Your photo was approved', 'Thanks for the photo');
    expect(notificationTitle(own)).toBe('Your photo was approved');
    expect(notificationMessage(own)).toBe('Thanks for the photo');
    expect(notificationTitle(note('badge_awarded', 'Badge earned: Other', '', { title: 'Early bird' }))).toBe('Badge earned: Other');
  });
});
