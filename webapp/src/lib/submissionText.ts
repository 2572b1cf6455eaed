/** How a submission is named and its status worded, the same on every screen. */
import type { SubmissionDto } from '../api/types';
import { t, type MessageKey } from '../i18n';

export function submissionTitle(s: Pick<SubmissionDto, 'submission_type' | 'title' | 'artwork_title'>): string {
  if (s.submission_type === 'logbook') {
    return s.artwork_title ? t('lib.submission.visitTo', { title: s.artwork_title }) : t('lib.submission.visitToArtwork');
  }
  return s.title || t('lib.submission.untitled');
}

const KIND_LABELS: Readonly<Record<string, MessageKey>> = {
  logbook: 'lib.submissionKind.logbook',
  new_artwork: 'lib.submissionKind.newArtwork',
  artwork_edit: 'lib.submissionKind.artworkEdit',
  artist_edit: 'lib.submissionKind.artistEdit',
  new_artist: 'lib.submissionKind.newArtist',
};

export function submissionKind(type: string): string {
  const key = Object.hasOwn(KIND_LABELS, type) ? KIND_LABELS[type] : undefined;
  return key ? t(key) : type.replace(/_/g, ' ');
}

/** The status chip's text: a pending one says where it is in the queue when known. */
export function statusText(s: Pick<SubmissionDto, 'status' | 'queue_position'>): string {
  switch (s.status) {
    case 'pending':
      return s.queue_position ? t('lib.submissionStatus.queued', { position: s.queue_position }) : t('lib.submissionStatus.pending');
    case 'approved':
      return t('lib.submissionStatus.approved');
    case 'rejected':
      return t('lib.submissionStatus.rejected');
    case 'withdrawn':
      return t('lib.submissionStatus.withdrawn');
    default:
      return String(s.status);
  }
}
