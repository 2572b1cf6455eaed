/**
 * PROVISIONAL response shapes: hand-written, for the endpoints the server's OpenAPI document
 * (`docs/openapi.json`) does not describe yet, all read through `envelopeOrFlat`. Most follow
 * SPEC §7 and are deliberately loose (optional fields, index signatures), since the server may
 * answer in either form until these endpoints exist. The photo, submission, review and
 * artwork-detail shapes are exact: they restate the server's API contract for submissions
 * (issue 5), so swapping them for generated ones should change no screen.
 *
 * When an endpoint appears in the document: regenerate (`npm run api:types`), alias the generated
 * type in `types.ts`, delete its entry here and let the compiler show what to adapt. Nothing
 * documented belongs in this file.
 */
import type { ArtworkDto, Pagination } from './types';

/* ---- Photos (everywhere a photo appears) ---- */

/**
 * A stored photo. Its variants are produced a moment after upload, so a URL may answer 404 for
 * a while: show a placeholder (or the sender's local preview) on error.
 */
export interface Photo {
  /** 32 hex characters. */
  key: string;
  /** Oriented size. */
  width: number;
  height: number;
  /** `/api/images/original/{key}` */
  url: string;
  /** `/api/images/thumbnail/{key}` (at most 400 px). */
  thumbnail_url: string;
  /** `/api/images/medium/{key}` (at most 1024 px). */
  medium_url: string;
  /** `/api/images/large/{key}` (at most 2048 px). */
  large_url: string;
}

/** What the camera recorded (moderator views only); every field may be missing. */
export interface PhotoExif {
  latitude: number | null;
  longitude: number | null;
  date_time: string | null;
  make: string | null;
  model: string | null;
  orientation: number | null;
  width: number | null;
  height: number | null;
}

/** A photo as moderators see it: with its EXIF summary. */
export type ReviewPhoto = Photo & { exif?: PhotoExif | null };

/* ---- Submissions (POST /logbook; GET /me/submissions; POST /submissions/{id}/withdraw) ---- */

export const SUBMISSION_TYPES = ['new_artwork', 'logbook'] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A visit's report of the artwork's state. */
export const CONDITIONS = ['good', 'fair', 'poor', 'damaged', 'missing'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** An approved artwork near a submission: a possible duplicate, best first. */
export interface NearbyCandidate {
  id: string;
  title: string;
  artwork_type: string;
  lat: number;
  lon: number;
  distance_m: number;
  /** 0..1 */
  similarity: number;
  thumbnail_url: string | null;
}

/** What POST /logbook answers (201). */
export interface SubmissionReceipt {
  id: string;
  status: 'pending';
  submission_type: SubmissionType;
  photos: Photo[];
  /** Possible duplicates (new artworks only; empty for visits). */
  nearby: NearbyCandidate[];
}

export interface Submission {
  id: string;
  submission_type: SubmissionType;
  status: SubmissionStatus;
  title: string | null;
  artwork_type: string | null;
  /** New artworks: the proposed description. Not in the contract's list; shown when present. */
  description?: string | null;
  notes: string | null;
  condition: string | null;
  lat: number;
  lon: number;
  photos: Photo[];
  tags: Record<string, string>;
  artists: string[];
  /** The visit's artwork, or the artwork created or linked on approval. */
  artwork_id: string | null;
  artwork_title: string | null;
  /** The rejection reason. */
  reason: string | null;
  /** 1-based among pending submissions, oldest first; null unless pending. */
  queue_position: number | null;
  created_at: string;
  decided_at: string | null;
}

/** GET /me/submissions and GET /review/queue: one page. */
export interface SubmissionPage<S = Submission> {
  submissions: S[];
  total: number;
  page: number;
  limit: number;
}

/* ---- Feedback and edits (POST /feedback; GET /artwork/{id}/pending-edits) ---- */

export interface FeedbackReceipt {
  id: string;
}

/** GET /artwork/{id}/pending-edits: not read field by field yet. */
export type PendingEdit = unknown;

/* ---- Artwork detail (GET /artworks/{id}) ---- */

/** A visit in an artwork's logbook. */
export interface LogbookEntry {
  id: string;
  note: string | null;
  condition: string | null;
  photos: Photo[];
  visited_at: string;
  visitor: { id: string; display_name: string };
}

/** GET /artworks/{id}: the document's `ArtworkDto` with typed photos and the logbook (newest first, at most 50). */
export type ArtworkDetail = Omit<ArtworkDto, 'photos'> & { photos: Photo[]; logbook?: LogbookEntry[] };

/* ---- Lists (GET /me/lists, /lists/{id}; POST /lists) ---- */

export interface ListSummary {
  id: string;
  name: string;
  item_count?: number;
  is_public?: boolean;
}

export interface ListDetailsResponse<Item> {
  list?: ListSummary;
  name?: string;
  items?: Item[];
  artworks?: Item[];
  pagination?: Pagination;
}

/* ---- The user's own data (GET /me/submissions, /me/badges, /badges) ---- */

export interface Badge {
  badge_id: string;
  badge_key: string;
  award_reason?: string;
  title: string;
  description?: string;
  icon_emoji?: string;
  awarded_at?: string;
}

export interface Notification {
  id: string;
  is_dismissed: boolean;
  title?: string;
  message?: string;
  type?: string;
  created_at?: string;
  [key: string]: unknown;
}

/* ---- Moderation and administration (GET /review/…, /moderation/feedback, /admin/…) ---- */

/** A submission in the review queue: with its submitter and the photos' EXIF. */
export type ReviewItem = Omit<Submission, 'photos'> & {
  submitter: { id: string; display_name: string };
  photos: ReviewPhoto[];
};

/** GET /review/submission/{id}. */
export interface ReviewDetail {
  submission: ReviewItem;
  /** Approved artworks within 100 m, best first. */
  nearby: NearbyCandidate[];
  /** For a visit: the visited artwork. */
  target?: ArtworkDto | null;
}

/** POST /review/approve/{id}: every field optional. */
export interface ApproveRequest {
  /** new_artwork only: "create" (default) or "link" (needs `artwork_id`). */
  action?: 'create' | 'link';
  artwork_id?: string;
  overrides?: {
    title?: string;
    artwork_type?: string;
    description?: string;
    tags?: Record<string, string>;
    lat?: number;
    lon?: number;
  };
}

export interface ApproveAnswer {
  id: string;
  status: 'approved';
  artwork_id: string | null;
}

export interface RejectAnswer {
  id: string;
  status: 'rejected';
}

export interface BatchDecision {
  id: string;
  action: 'approve' | 'reject';
  reason?: string;
}

/** PUT /review/batch: one result per decision. */
export interface BatchAnswer {
  results: Array<{ id: string; success: boolean; status?: string; error?: string; message?: string }>;
  approved: number;
  rejected: number;
  failed: number;
}

export interface ReviewStats {
  pending: number;
  approved: number;
  rejected: number;
  withdrawn: number;
  pending_by_type: { new_artwork: number; logbook: number };
  oldest_pending_at: string | null;
  decided_last_7_days: number;
}

export interface FeedbackItem {
  id: string;
  subject_type?: string;
  subject_id?: string | null;
  issue_type?: string;
  note?: string;
  status?: string;
  created_at?: string;
}

export type AdminStatistics = Record<string, unknown>;

export interface PermissionRow {
  user_uuid?: string;
  email?: string | null;
  permission: string;
  granted_at?: string;
  [key: string]: unknown;
}

export interface AuditRow {
  id?: string;
  type?: string;
  action_type?: string;
  actor?: string;
  decision?: string;
  created_at?: string;
  [key: string]: unknown;
}

export interface BadgeDefinition {
  id?: string;
  badge_key?: string;
  title?: string;
  icon_emoji?: string;
  description?: string;
}
