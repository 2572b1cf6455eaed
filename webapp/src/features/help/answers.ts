/**
 * What answers a quick task of Help nearby: the one field its gap is about, proposed from the
 * value the gap says the artwork has (no artists, the type `other`, no year) to the person's
 * answer, as the edit forms send it (lib/editValues). A photo (none yet, or only old ones) is
 * answered by a visit instead, and so is a report that the artwork is missing (or by a report of
 * one's own that it is gone).
 */
import type { ArtistRef, ArtworkType, FieldEdit, Gap } from '../../api/types';
import { editCollector, textValue } from '../../lib/editValues';

/** The gaps answered by going there or telling the moderators (a photo; a look at one reported missing; two that may be one) rather than an edit. */
export type Visited = Extract<Gap, 'photo' | 'old_photo' | 'missing' | 'duplicate'>;

/** The gaps answered in place, by proposing an edit. */
export type Answerable = Exclude<Gap, Visited>;

/** Whether `gap` is answered in place by an edit. */
export function isAnswerable(gap: Gap): gap is Answerable {
  return gap !== 'photo' && gap !== 'old_photo' && gap !== 'missing' && gap !== 'duplicate';
}

export type Answer =
  | { gap: 'artist'; artists: ArtistRef[] }
  | { gap: 'artwork_type'; type: ArtworkType | null }
  | { gap: 'year'; year: string };

/** The field an answer to each gap proposes, as an edit (and the server's problems) name it. */
export const ANSWER_FIELDS: Record<Answerable, string> = { artist: 'artists', artwork_type: 'artwork_type', year: 'tag:year' };

/** Nothing answered yet. */
export function emptyAnswer(gap: Answerable): Answer {
  switch (gap) {
    case 'artist':
      return { gap, artists: [] };
    case 'artwork_type':
      return { gap, type: null };
    case 'year':
      return { gap, year: '' };
  }
}

/** The answer's value as typed or chosen, the same value (by identity) until the person changes it. */
export function answerValue(answer: Answer): unknown {
  switch (answer.gap) {
    case 'artist':
      return answer.artists;
    case 'artwork_type':
      return answer.type;
    case 'year':
      return answer.year;
  }
}

/** The edit that answers: none while nothing is answered (or the type chosen is still `other`). */
export function answerEdits(answer: Answer): FieldEdit[] {
  const { edits, change } = editCollector();
  switch (answer.gap) {
    case 'artist':
      change(
        'artists',
        [],
        answer.artists.map((a) => a.id),
      );
      break;
    case 'artwork_type':
      change('artwork_type', 'other', answer.type ?? 'other');
      break;
    case 'year':
      change('tag:year', null, textValue(answer.year));
      break;
  }
  return edits;
}
