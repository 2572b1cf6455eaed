/**
 * PROVISIONAL response shapes: hand-written, for the endpoints the server's OpenAPI document
 * (`docs/openapi.json`) does not describe yet. Most follow SPEC §7, are read through
 * `envelopeOrFlat` and are deliberately loose (optional fields, index signatures), since the
 * server may answer in either form until these endpoints exist. The artwork edit, review and
 * revert shapes are exact instead: they follow the written contract the server is being built
 * to, always enveloped (read with `unwrap`).
 *
 * When an endpoint appears in the document: regenerate (`npm run api:types`), alias the generated
 * type in `types.ts`, delete its entry here and let the compiler show what to adapt. Nothing
 * documented belongs in this file.
 */

/* ---- Feedback (POST /feedback) ---- */

export interface FeedbackReceipt {
  id: string;
}

/* ---- The user's own data (GET /me/badges, /badges, /me/notifications) ---- */

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

/* ---- Moderation and administration (GET /moderation/feedback, /admin/…) ---- */

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
