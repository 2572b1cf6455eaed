/** What POST /logbook accepts as photos (the server's contract), checked before sending. */
import { SUBMISSION } from '../config/constants';
import { t } from '../i18n';
import { messageTable } from './messageTable';

/** The problems' words, in the language in effect when read. */
export const PHOTO_MESSAGES = messageTable({
  none: 'lib.photos.none',
  tooMany: ['lib.photos.tooMany', { max: SUBMISSION.maxPhotos }],
  tooLarge: 'lib.photos.tooLarge',
  wrongType: 'lib.photos.wrongType',
});

/** The first problem with `files`, or null when they can be sent. */
export function photoProblem(files: readonly File[], required: boolean): string | null {
  if (files.length === 0) return required ? PHOTO_MESSAGES.none : null;
  if (files.length > SUBMISSION.maxPhotos) return PHOTO_MESSAGES.tooMany;
  const big = files.find((f) => f.size > SUBMISSION.maxPhotoBytes);
  if (big) return t('lib.photos.tooLargeFile', { name: big.name });
  const odd = files.find((f) => !(SUBMISSION.photoTypes as readonly string[]).includes(f.type.toLowerCase()));
  if (odd) return t('lib.photos.wrongTypeFile', { name: odd.name });
  return null;
}

export function uploadingLabel(count: number): string {
  return count >= 1 ? t('lib.photos.uploading', { count }) : t('lib.photos.sending');
}
