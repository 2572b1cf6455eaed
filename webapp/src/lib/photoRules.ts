/** What POST /logbook accepts as photos (the server's contract), checked before sending. */
import { SUBMISSION } from '../config/constants';

export const PHOTO_MESSAGES = {
  none: 'Add at least one photo',
  tooMany: `At most ${SUBMISSION.maxPhotos} photos can be added`,
  tooLarge: 'Each photo must be at most 15 MB',
  wrongType: 'Only JPEG, PNG and WebP images can be uploaded',
} as const;

/** The first problem with `files`, or null when they can be sent. */
export function photoProblem(files: readonly File[], required: boolean): string | null {
  if (files.length === 0) return required ? PHOTO_MESSAGES.none : null;
  if (files.length > SUBMISSION.maxPhotos) return PHOTO_MESSAGES.tooMany;
  const big = files.find((f) => f.size > SUBMISSION.maxPhotoBytes);
  if (big) return `${PHOTO_MESSAGES.tooLarge} (${big.name} is larger)`;
  const odd = files.find((f) => !(SUBMISSION.photoTypes as readonly string[]).includes(f.type.toLowerCase()));
  if (odd) return `${PHOTO_MESSAGES.wrongType} (${odd.name} is not)`;
  return null;
}

export function uploadingLabel(count: number): string {
  return count === 1 ? 'Uploading 1 photo…' : count > 1 ? `Uploading ${count} photos…` : 'Sending…';
}
