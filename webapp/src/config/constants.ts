/** Business constants and limits of SPEC §9, in one place. */

export const DEFAULT_PRODUCT_NAME = 'Plinth';

export const API_BASE_PATH = '/api';
export const API_TIMEOUT_MS = 30_000;

export const STORAGE_KEYS = {
  userToken: 'user-token',
  theme: 'user-theme',
  visited: 'cultural-archiver-visited',
  railExpanded: 'plinth-rail-expanded',
  mapView: 'plinth-map-view',
  fastUpload: 'plinth-fast-upload',
  signInFrom: 'plinth-sign-in-from',
  language: 'plinth-language',
} as const;

export const PAGINATION = {
  defaultPage: 1,
  defaultLimit: 30,
  defaultSort: 'updated_desc',
} as const;

export const SEARCH = { perPage: 20, status: 'approved', suggestionsLimit: 5 } as const;

export const NEARBY = { defaultRadius: 500, defaultLimit: 250, maxRadius: 50_000 } as const;
/**
 * Help nearby (GET /tasks/nearby): the quick tasks within 1 km of the place, at most 50 (the
 * server's defaults); the first 10 shown until the person asks for all.
 */
export const TASKS = { radius: 1000, limit: 50, shownFirst: 10 } as const;

/** GET /lists/{id} page size (the server takes 1 to 50). */
export const LIST_DETAILS_LIMIT = 50;
/** SPEC §9: a list's details stay cached 5 minutes (cleared per list on change, all on create). */
export const LIST_DETAILS_CACHE_SECONDS = 5 * 60;
/** The server's rules for lists: a name of 1 to 100 characters, at most 1000 artworks in one. */
export const LIST_NAME_MAX = 100;
export const LIST_MAX_ITEMS = 1000;
export const REVIEW_QUEUE_LIMIT = 20;
/** Proposed artwork edits per page of the review. */
export const REVIEW_EDITS_PER_PAGE = 20;
/** Artists the edit page's picker offers for a search. */
export const ARTIST_PICKER_LIMIT = 10;
/** Changes per page of an artwork's history. */
export const HISTORY_PAGE_SIZE = 20;
export const ADMIN_STATISTICS_DAYS = 30;
/** The statistics' windows an admin may choose, in days (the server takes 1 to 365). */
export const ADMIN_STATISTICS_WINDOWS = [7, 30, 90, 365] as const;
/** Feedback per page of the moderators' queue. */
export const FEEDBACK_QUEUE_LIMIT = 20;
/** A moderator's note when resolving feedback (told to the sender): 1 to 1000 characters. */
export const FEEDBACK_DECISION_NOTE_MAX = 1000;
/** Events per page of the audit log (the server takes 1 to 200). */
export const AUDIT_PAGE_LIMIT = 50;
/** A permission change's reason, kept in the audit log. */
export const PERMISSION_REASON_MAX = 500;
/** The server's limits for a badge definition. */
export const BADGE_LIMITS = { keyMax: 40, titleMax: 60, descriptionMax: 300, iconMax: 16, thresholdMax: 100_000 } as const;
/** A boundary file of areas (issue 33): its name's and attribution's longest, and the largest file the server takes. */
export const AREA_LIMITS = { nameMax: 100, attributionMax: 300, fileBytes: 16 * 1024 * 1024 } as const;

export const GEOLOCATION = {
  current: { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60_000 },
  watch: { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
  fallback: { latitude: 49.2827, longitude: -123.1207 },
} as const;

/** Where the map opens, until /config names the instance's own view (SPEC §9 fallback position). */
export const FALLBACK_VIEW = { lat: GEOLOCATION.fallback.latitude, lng: GEOLOCATION.fallback.longitude, zoom: 13 } as const;

export const EARTH_RADIUS_M = 6_371_000;
export const COORDINATE_DECIMALS = 6;

export const FEEDBACK_NOTE_MAX = 1000;
export const EMAIL_MAX = 254;

export const NOTIFICATIONS = {
  pollMs: 60_000,
  maxKept: 50,
  defaultLimit: 20,
  defaultOffset: 0,
  recentShown: 10,
  badgeCap: 99,
} as const;

export const TOAST_TIMEOUT_MS = 4000;
export const BADGE_TOAST_TIMEOUT_MS = 8000;
export const CONFETTI = { particles: 100, durationMs: 3000 } as const;

export const BREAKPOINTS = { tablet: 768, desktop: 1024 } as const;

export const WELCOME_DELAY_MS = 500;
export const FAST_SESSION_MAX_CHARS = 200_000;
export const ANNOUNCE_DELAY_MS = 100;
export const SEARCH_DEBOUNCE_MS = 250;
/** The profile-name availability check waits this long after typing stops. */
export const PROFILE_NAME_CHECK_DEBOUNCE_MS = 300;
export const MAP_MOVE_DEBOUNCE_MS = 300;

/**
 * The duplicate score (a nearby candidate's `similarity`, 0 to 1, from its distance, title and
 * type) from which a candidate is called "N% similar"; below it only its distance is shown.
 */
export const SIMILARITY_SHOWN_FROM = 0.3;

/** POST /logbook's limits (the server's contract for submissions). */
export const SUBMISSION = {
  maxPhotos: 10,
  maxPhotoBytes: 15 * 1024 * 1024,
  /** The server checks the content; the browser's type is a first guess. */
  photoTypes: ['image/jpeg', 'image/png', 'image/webp'],
  noteMax: 1000,
  titleMax: 200,
  descriptionMax: 10_000,
  rejectReasonMax: 500,
  /** Uploads of several large photos take a while on a phone. */
  uploadTimeoutMs: 120_000,
} as const;

/** A moderator's reason for reverting a change: 1 to 500 characters. */
export const REVERT_REASON_MAX = 500;
/** A merge's or unmerge's reason: as a revert's. */
export const MERGE_REASON_MAX = REVERT_REASON_MAX;

/** GET /me/submissions page size. */
export const MY_SUBMISSIONS_LIMIT = 20;
/** GET /me/edits page size (the server takes 1 to 100). */
export const MY_EDITS_LIMIT = 20;
/** PUT /review/batch takes 1 to 50 decisions. */
export const REVIEW_BATCH_MAX = 50;
