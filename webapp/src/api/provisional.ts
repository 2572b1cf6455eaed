/**
 * PROVISIONAL response shapes: hand-written, for the endpoints the server's OpenAPI document
 * (`docs/openapi.json`) does not describe yet. They follow SPEC §7 and are deliberately loose
 * (optional fields, index signatures) and read through `envelopeOrFlat`, since the server may
 * answer in either form until these endpoints exist.
 *
 * When an endpoint appears in the document: regenerate (`npm run api:types`), alias the generated
 * type in `types.ts`, delete its entry here and let the compiler show what to adapt. Nothing
 * documented belongs in this file.
 */
import type { AuthUser, Pagination } from './types';

/** One entry of `ArtworkDto.photos`: the document types photos as objects without properties. */
export type PhotoRef =
  | string
  | {
      key?: string;
      url?: string;
      thumbnail_url?: string;
      medium_url?: string;
      large_url?: string;
      caption?: string;
      alt?: string;
    };

/* ---- Sign-in (POST /auth/request-magic-link, /auth/verify-magic-link, /auth/logout) ---- */

export interface MagicLinkResponse {
  message: string;
  is_signup: boolean;
  success?: boolean;
  isSignup?: boolean;
}

export interface VerifyResponse {
  success: boolean;
  message?: string;
  is_new_account?: boolean;
  uuid_replaced?: boolean;
  user?: AuthUser;
}

export interface LogoutResponse {
  success: boolean;
  new_user_token?: string;
}

/* ---- Submissions (POST /logbook, /feedback; GET /artwork/{id}/pending-edits) ---- */

/** What POST /logbook (a visit, or a new artwork) answers. */
export interface SubmissionReceipt {
  id?: string;
  message?: string;
}

export interface FeedbackReceipt {
  id: string;
}

/** GET /artwork/{id}/pending-edits: not read field by field yet. */
export type PendingEdit = unknown;

/* ---- Search (GET /search, /search/suggestions) ---- */

export interface RawSearchResult {
  id?: string;
  type?: string;
  kind?: string;
  title?: string;
  name?: string;
  artwork_type?: string;
  description?: string | null;
  country?: string | null;
}

export interface SearchResponse {
  results?: RawSearchResult[];
  artworks?: RawSearchResult[];
  artists?: RawSearchResult[];
  total?: number;
  pagination?: { total?: number };
}

export interface SuggestionsResponse {
  suggestions?: Array<string | { text?: string; title?: string }>;
}

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

/* ---- The user's own data (GET /me/…, /badges, /users/{id}) ---- */

export interface Submission {
  id: string;
  status?: string;
  type?: string;
  submission_type?: string;
  title?: string;
  artwork_id?: string | null;
  created_at?: string;
  [key: string]: unknown;
}

export interface Badge {
  badge_id: string;
  badge_key: string;
  award_reason?: string;
  title: string;
  description?: string;
  icon_emoji?: string;
  awarded_at?: string;
}

export interface Profile {
  is_reviewer?: boolean;
  profile_name?: string | null;
  debug?: { permissions?: Array<{ permission: string; is_active: boolean }> };
  [key: string]: unknown;
}

export interface PublicProfile {
  uuid?: string;
  profile_name?: string | null;
  badges?: Badge[];
  submissions_count?: number;
  created_at?: string;
  [key: string]: unknown;
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

/* ---- Moderation and administration (GET /review/queue, /moderation/feedback, /admin/…) ---- */

export interface QueueItem {
  id: string;
  type?: string;
  submission_type?: string;
  status?: string;
  title?: string;
  notes?: string | null;
  created_at?: string;
  [key: string]: unknown;
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
