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
import type { AwardedBadge } from './types';

/* ---- The user's own data (GET /me/notifications) ---- */

/**
 * A `badge_awarded` notification's badge: the document declares it an open object; the server
 * sends the badge as it was awarded (SPEC §3 Badge fields).
 */
export type NotificationBadge = Omit<AwardedBadge, 'awarded_at'>;

export interface Notification {
  id: string;
  is_dismissed: boolean;
  title?: string;
  message?: string;
  /** `submission_approved`, `submission_rejected` or `badge_awarded`. */
  type?: string;
  link?: string | null;
  created_at?: string;
  /** For `badge_awarded`: the badge earned; null otherwise. */
  badge?: NotificationBadge | null;
  [key: string]: unknown;
}
