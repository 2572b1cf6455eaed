/** How a submission is named and its status worded, the same on every screen. */
import type { SubmissionDto } from '../api/types';

export function submissionTitle(s: Pick<SubmissionDto, 'submission_type' | 'title' | 'artwork_title'>): string {
  if (s.submission_type === 'logbook') return `Visit to ${s.artwork_title || 'an artwork'}`;
  return s.title || 'Untitled artwork';
}

const KIND_LABELS: Readonly<Record<string, string>> = {
  logbook: 'Visit',
  new_artwork: 'New artwork',
  artwork_edit: 'Artwork edit',
  artist_edit: 'Artist edit',
  new_artist: 'New artist',
};

export function submissionKind(type: string): string {
  return KIND_LABELS[type] ?? type.replace(/_/g, ' ');
}

/** The status chip's text: a pending one says where it is in the queue when known. */
export function statusText(s: Pick<SubmissionDto, 'status' | 'queue_position'>): string {
  switch (s.status) {
    case 'pending':
      return s.queue_position ? `Pending review · #${s.queue_position} in queue` : 'Pending review';
    case 'approved':
      return 'Approved';
    case 'rejected':
      return 'Rejected';
    case 'withdrawn':
      return 'Withdrawn';
    default:
      return String(s.status);
  }
}
