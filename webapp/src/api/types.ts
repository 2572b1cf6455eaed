/**
 * Response shapes of the Plinth API.
 *
 * Everything the server documents is an alias of a type generated from its OpenAPI document
 * (`docs/openapi.json` → `schema.d.ts`, `npm run api:types`; a test fails when the file is stale).
 * Never edit `schema.d.ts` by hand, and never restate a documented shape here: when the server's
 * API changes, regenerate and let the compiler point at what to adapt. The few hand-written
 * types below only name or narrow what the document leaves loose (values it lists in prose only,
 * preferences, the envelope around any `data`, nearby results), each saying why.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

export type Pagination = Schemas['Pagination'];
/** The domain's vocabularies, as the server publishes them. */
export type ArtworkType = Schemas['ArtworkType'];
export type ArtworkStatus = Schemas['ArtworkStatus'];
export type SubmissionKind = Schemas['SubmissionKind'];
export type SubmissionStatus = Schemas['SubmissionStatus'];
export type Condition = Schemas['Condition'];
export type Permission = Schemas['Permission'];
/** A submission's `submission_type`. */
export type SubmissionType = SubmissionKind;
export type Provenance = Schemas['Provenance'];
export type ErrorBody = Schemas['ErrorBody'];

export type ArtistRef = Schemas['ArtistRef'];
export type ArtworkDto = Schemas['ArtworkDto'];
export type ArtworkMinimalDto = Schemas['ArtworkMinimalDto'];
export type ArtworkPage = Schemas['ArtworkPage'];

export type ArtistDto = Schemas['ArtistDto'];
export type ArtistArtwork = Schemas['ArtistArtwork'];
/** GET /artists/{id} (also `?as_of=`): the artist with their approved artworks. */
export type ArtistDetail = Schemas['ArtistDetail'];
export type ArtistPage = Schemas['ArtistPage'];
/** GET /artists/{id}/history: one page of the artist's changes, newest first (an artwork's entry shape). */
export type ArtistHistory = Schemas['ArtistHistory'];

export type AuthUser = Schemas['AuthUser'];
export type AuthStatus = Schemas['AuthStatus'];
export type MagicLinkRequest = Schemas['MagicLinkRequest'];
export type MagicLinkAnswer = Schemas['MagicLinkAnswer'];
/** `{token}` from the link, or `{email, code}` from the mail's 6-digit code. */
export type VerifyRequest = Schemas['VerifyRequest'];
export type VerifyAnswer = Schemas['VerifyAnswer'];
export type InspectAnswer = Schemas['InspectAnswer'];
export type VerifiedUser = Schemas['VerifiedUser'];
export type LogoutAnswer = Schemas['LogoutAnswer'];

export type PermissionState = Schemas['PermissionState'];
export type ProfileDebug = Schemas['ProfileDebug'];
export type ProfileCheck = Schemas['ProfileCheck'];
export type ProfileUpdate = Schemas['ProfileUpdate'];
/** GET /users/{id}: name, member since, badges (newest award first), approved work and public lists. */
export type PublicProfile = Schemas['PublicProfile'];

/** A badge an account holds, as it looked when awarded (GET /me/badges, /users/{id}). */
export type AwardedBadge = Schemas['AwardDto'];
/** GET /me/badges: newest award first. */
export type MyBadges = Schemas['MyBadges'];
/** What a badge is earned for (`kind` and its threshold). */
export type BadgeRule = Schemas['BadgeRule'];
/** A badge of the catalogue, with what earns it and how many accounts hold it. */
export type CatalogueBadge = Schemas['BadgeDto'];
/** GET /badges: the active badges, oldest definitions first. */
export type BadgeCatalogue = Schemas['BadgeCatalogue'];
/** What of someone's work was approved: in total, new artworks, photos, visits and edits. */
export type ApprovedCounts = Schemas['ApprovedCounts'];
/** Submissions (every kind) by state. */
export type StatusCounts = Schemas['StatusCounts'];
/** GET /me/profile's `statistics`: submissions by state, approved work, badges held. */
export type Statistics = Schemas['Statistics'];

/**
 * One of the caller's notifications (GET /me/notifications). The document gives `type` in prose
 * only for now (`submission_approved`, `submission_rejected`, `badge_awarded`): compare it with
 * those literals, which stay valid once it lists them.
 */
export type Notification = Schemas['NotificationDto'];
/**
 * A `badge_awarded` notification's badge, as it was awarded (SPEC §3 Badge). The document leaves
 * it an open object for now, so the fields read of it are named here; once it types the badge,
 * the two only have to agree.
 */
export type NotificationBadge = NonNullable<Notification['badge']> & Omit<AwardedBadge, 'awarded_at'>;
/** GET /me/notifications: newest first, and how many match. */
export type NotificationPage = Schemas['NotificationPage'];

export type ClientConfig = Schemas['ClientConfig'];

/** GET /tags/schema: the details an artwork can have, by category, and the values each takes. */
export type TagSchema = Schemas['TagSchema'];
/** A city, or an area of one, that holds approved artworks (GET /places). */
export type Place = Schemas['Place'];
/** A known detail: its key, label, category and kind. */
export type TagDefinition = Schemas['TagDefinitionDto'];
/** What values a detail takes (`type`: enum, text, number, year, url or wikidata_id). */
export type TagKind = Schemas['TagKindDto'];
export type TagCategory = Schemas['TagCategoryDto'];

/**
 * A stored photo. Its variants are made a moment after upload, so a URL may answer 404 for a
 * while: show a placeholder (or the sender's local preview) on error. `exif` only on a
 * submission's photos (its sender's and moderators' views), never on an artwork's.
 */
export type PhotoDto = Schemas['PhotoDto'];
/** What the camera recorded; every field may be missing. */
export type ExifDto = Schemas['ExifDto'];

/** A submission as its author or a moderator sees it; `submitter` only in moderators' views. */
export type SubmissionDto = Schemas['SubmissionDto'];
export type Submitter = Schemas['Submitter'];
/** GET /me/submissions and GET /review/queue: one page. */
export type SubmissionList = Schemas['SubmissionList'];
/** What POST /logbook answers (201). */
export type SubmissionReceipt = Schemas['SubmissionReceipt'];
/** POST /logbook's multipart fields (the document's, for their names; the form holds `File`s). */
export type LogbookFormFields = Schemas['LogbookForm'];
/** An approved artwork near a submission: a possible duplicate, best first. */
export type NearbyCandidate = Schemas['NearbyCandidate'];

/** What an approved artwork lacks, a quick task for anyone nearby: a photo, an artist, a type (it is `other`), a year. */
export type Gap = Schemas['Gap'];
/** One quick task: an artwork (its title, where, how far) and the one thing it lacks. */
export type TaskDto = Schemas['TaskDto'];
export type OtherArtwork = Schemas['OtherArtwork'];
/** GET /tasks/nearby: the tasks around a place, nearest artwork first, and the place, radius and limit asked. */
export type TasksNearby = Schemas['TasksNearby'];

/** GET /artworks/{id}: the artwork with its logbook (approved visits, newest first, at most 50). */
export type ArtworkDetailDto = Schemas['ArtworkDetailDto'];
/** A visit in an artwork's logbook. */
export type LogbookEntryDto = Schemas['LogbookEntryDto'];

/** What kind of change a history entry is. */
export type ChangeKind = Schemas['ChangeKind'];
/** Who made a change: a display name, never an e-mail or a token. */
export type ChangeActor = Schemas['ChangeActor'];
/** One field's value before and after a change: any JSON value, `null` when unset. */
export type FieldChange = Schemas['FieldChange'];
/** One change in an artwork's history; its `id` (an event position) can be given as `as_of`. */
export type HistoryEntry = Schemas['HistoryEntry'];
/** GET /artworks/{id}/history: one page of the artwork's changes, newest first. */
export type ArtworkHistory = Schemas['ArtworkHistory'];
/** GET /artworks/{id}/contributors: who set each field's value, who sent the photos, everyone credited. */
export type Credits = Schemas['Credits'];
/** POST /artworks/{id}/revert (moderators). */
export type RevertRequest = Schemas['RevertRequest'];
/** What a revert set: each field from the value it had to the one it went back to. */
export type Reverted = Schemas['Reverted'];
/** POST /artworks/{id}/merge (moderators): the artwork to keep and why. */
export type MergeRequest = Schemas['MergeRequest'];
/** POST /artworks/{id}/unmerge (moderators). */
export type UnmergeRequest = Schemas['UnmergeRequest'];
/** What a merge or unmerge moved: photos and logbook entries. */
export type Merged = Schemas['Merged'];

/** What an edit, a history or a review of edits is of: the calls' paths say `artwork` or `artist`. */
export type EditSubject = 'artwork' | 'artist';

/**
 * A change to one field as SPEC §7's client sends it: an artwork's `title`, `description`,
 * `artwork_type`, `location` (`{lat, lon}`), `artists` (the whole new list of ids),
 * `tag:<key>`, `main_photo` (a photo's key, null for none chosen) or `hidden_photos` (the whole
 * list of keys, sorted); an artist's `name`, `aliases` (the whole list), `biography`, `website`, `country`,
 * `birth_year` or `death_year`. The old value is the one the proposer saw (null when unset), a
 * null new value clears the field.
 */
export type FieldEdit = Schemas['FieldEditDto'];
/** The body of POST /artwork/{id}/edit, /artist/{id}/edit, /artists and their …/validate (the client always sends both values). */
export type EditRequest = Omit<Schemas['EditRequest'], 'edits'> & { edits: FieldEdit[] };
/** POST /artwork/{id}/edit (201): the proposal, its edits as the server reads them. */
export type EditReceipt = Schemas['EditReceipt'];
/** One problem with a proposal; `field` is a field name, or `edits` for the whole proposal. */
export type FieldProblem = Schemas['FieldProblem'];
/** POST /artwork/{id}/edit/validate: what proposing would say; nothing written. */
export type EditCheck = Schemas['EditCheck'];
/** One of the caller's own proposals for an artwork, still waiting for a moderator. */
export type PendingEdit = Schemas['PendingEdit'];
/** GET /artwork/{id}/pending-edits: newest first; empty for an anonymous caller. */
export type PendingEdits = Schemas['PendingEdits'];
/** A pending proposal in the review list; `stale` when a field changed since it was proposed. */
export type EditSummary = Schemas['EditSummary'];
/** GET /review/artwork-edits: one page, pending only, oldest first. */
export type EditQueue = Schemas['EditQueue'];
/** One field of a proposal under review: what the proposer saw, proposed, and the value now. */
export type EditFieldDiff = Schemas['EditFieldDiff'];
/** GET /review/artwork-edits/{id}. */
export type EditDetail = Schemas['EditDetail'];
/** POST /review/artwork-edits/{id}/approve: all fields (`true`) or some, and overwrite_stale. */
export type ApplyEditRequest = Schemas['ApplyEditRequest'];
/** What approving an edit answers. */
export type EditDecided = Schemas['EditDecided'];
/** POST /artist/{id}/edit and POST /artists (201): `artist_id` is the id a new artist gets once approved. */
export type ArtistEditReceipt = Schemas['ArtistEditReceipt'];
/** A pending artist edit or new artist (`new_artist`) in the review list; a new one by its proposed name. */
export type ArtistEditSummary = Schemas['ArtistEditSummary'];
/** GET /review/artist-edits: one page, pending only, oldest first. */
export type ArtistEditQueue = Schemas['ArtistEditQueue'];
/** GET /review/artist-edits/{id}: a new artist's fields have no `before` or `current`. */
export type ArtistEditDetail = Schemas['ArtistEditDetail'];
/** What approving an artist edit answers. */
export type ArtistEditDecided = Schemas['ArtistEditDecided'];
/**
 * POST /review/artist-edits/{id}/approve: as an artwork edit's, its fields spelt `apply_to_artist`
 * (the server reads that name as an alias, which the document cannot show).
 */
export type ApplyArtistEditRequest = Omit<ApplyEditRequest, 'apply_to_artwork'> & {
  apply_to_artist?: ApplyEditRequest['apply_to_artwork'];
};

/**
 * One of the caller's own proposals (`artwork_edit`, `artist_edit` or `new_artist`) with its
 * outcome: `applied` the fields an approval applied, `reason` why it was rejected. A new
 * artist's `subject_id` is the id the artist gets once approved.
 */
export type MyEdit = Schemas['MyEdit'];
/** GET /me/edits: one page of the caller's proposals, newest first. */
export type MyEdits = Schemas['MyEdits'];

/** GET /review/submission/{id}. */
export type ReviewDetail = Schemas['ReviewDetail'];
export type ReviewStats = Schemas['ReviewStats'];
export type PendingByType = Schemas['PendingByType'];
/** POST /review/approve/{id}: every field optional. */
export type ApproveRequest = Schemas['ApproveRequest'];
/** A moderator's corrections to a proposal before it becomes an artwork. */
export type Overrides = Schemas['Overrides'];
export type RejectRequest = Schemas['RejectRequest'];
/** What approving, rejecting or withdrawing answers. */
export type Decided = Schemas['Decided'];
/** PUT /review/batch. */
export type BatchRequest = Schemas['BatchRequest'];
export type BatchItem = Schemas['BatchItem'];
/** PUT /review/batch's answer: one result per decision. */
export type BatchAnswer = Schemas['BatchAnswer'];
export type BatchResult = Schemas['BatchResult'];

/*
 * The values of those vocabularies, for the screens that offer or compare them; each list is
 * checked against the document's type (a type error when the server adds a value).
 */
type Listed<T extends string, L extends readonly T[]> = [Exclude<T, L[number]>] extends [never] ? L : never;

export const SUBMISSION_TYPES = ['new_artwork', 'logbook', 'artwork_edit', 'artist_edit', 'new_artist'] as const satisfies readonly SubmissionKind[];
export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const satisfies readonly SubmissionStatus[];
/** A visit's report of the artwork's state. */
export const CONDITIONS = ['good', 'fair', 'poor', 'damaged', 'missing'] as const satisfies readonly Condition[];
const listed: [
  Listed<SubmissionKind, typeof SUBMISSION_TYPES>,
  Listed<SubmissionStatus, typeof SUBMISSION_STATUSES>,
  Listed<Condition, typeof CONDITIONS>,
] = [SUBMISSION_TYPES, SUBMISSION_STATUSES, CONDITIONS];
void listed;

/** A list's kind: one of the caller's own (`custom`) or a system list (Loved, Visited, Want to see). */
export type ListKind = Schemas['ListKind'];
/** A list as its owner (or, for a public list, anyone) sees it; `owned`: the caller may change it. */
export type ListSummary = Schemas['ListSummary'];
/** GET /me/lists: the three system lists first (always, with their ids), then the caller's own. */
export type MyLists = Schemas['MyLists'];
/** GET /lists/{id}: the list and one page of its artworks, most recently saved first. */
export type ListDetails = Schemas['ListDetails'];
/** POST /lists. */
export type NewList = Schemas['NewList'];
/** PATCH /lists/{id}: a new name and/or who may see it. */
export type ListUpdate = Schemas['ListUpdate'];
/** POST /lists/{id}/items. */
export type AddItem = Schemas['AddItem'];
/** DELETE /lists/{id}/items: 1 to 100 artwork ids. */
export type RemoveItems = Schemas['RemoveItems'];
/** What every list write answers: the list's id (a new list's, for POST /lists). */
export type ListChanged = Schemas['ListChanged'];
/** One system list's count for an artwork, whether the caller has it there, and the caller's list id. */
export type SavedCount = Schemas['SavedCount'];
/** GET /artworks/{id}/saved: the system lists' counts and the caller's own lists that hold it. */
export type SavedCounts = Schemas['SavedCounts'];

export type SearchResponse = Schemas['SearchResponse'];
/** One hit of GET /search: `kind` is `artwork` or `artist`. */
export type SearchResultDto = Schemas['SearchResultDto'];
export type SearchPagination = Schemas['SearchPagination'];
/** A `tag:key[:value]` token of the query, as the server applied it. */
export type TagFilterDto = Schemas['TagFilterDto'];
export type SuggestionsResponse = Schemas['SuggestionsResponse'];
/** One completion of GET /search/suggestions: `kind` is `title`, `artist`, `type` or `tag`. */
export type SuggestionDto = Schemas['SuggestionDto'];

export type StatusReport = Schemas['StatusReport'];
export type PublicStatus = Schemas['PublicStatus'];
export type RestartRequested = Schemas['RestartRequested'];
export type ComponentHealth = Schemas['Component'];
export type GeoIndexHealth = Schemas['GeoStatus'];
export type ProjectorHealth = Schemas['ProjectorStatus'];
export type RelayHealth = Schemas['RelayStatus'];

export type Envelope_ArtistDetail = Schemas['Envelope_ArtistDetail'];
export type Envelope_ArtistPage = Schemas['Envelope_ArtistPage'];
export type Envelope_ArtworkDetailDto = Schemas['Envelope_ArtworkDetailDto'];
export type Envelope_ArtworkHistory = Schemas['Envelope_ArtworkHistory'];
export type Envelope_SubmissionList = Schemas['Envelope_SubmissionList'];
export type Envelope_SubmissionReceipt = Schemas['Envelope_SubmissionReceipt'];
export type Envelope_ReviewDetail = Schemas['Envelope_ReviewDetail'];
export type Envelope_ReviewStats = Schemas['Envelope_ReviewStats'];
export type Envelope_Decided = Schemas['Envelope_Decided'];
export type Envelope_BatchAnswer = Schemas['Envelope_BatchAnswer'];
export type Envelope_ArtworkPage = Schemas['Envelope_ArtworkPage'];
export type Envelope_AuthStatus = Schemas['Envelope_AuthStatus'];
export type Envelope_MagicLinkAnswer = Schemas['Envelope_MagicLinkAnswer'];
export type Envelope_VerifyAnswer = Schemas['Envelope_VerifyAnswer'];
export type Envelope_InspectAnswer = Schemas['Envelope_InspectAnswer'];
export type Envelope_LogoutAnswer = Schemas['Envelope_LogoutAnswer'];
export type Envelope_Profile = Schemas['Envelope_Profile'];
export type Envelope_ProfileCheck = Schemas['Envelope_ProfileCheck'];
export type Envelope_PreferencesAnswer = Schemas['Envelope_PreferencesAnswer'];
export type Envelope_PublicProfile = Schemas['Envelope_PublicProfile'];
export type Envelope_MyProfile = Schemas['Envelope_MyProfile'];
export type Envelope_MyBadges = Schemas['Envelope_MyBadges'];
export type Envelope_BadgeCatalogue = Schemas['Envelope_BadgeCatalogue'];
export type Envelope_MyEdits = Schemas['Envelope_MyEdits'];
export type Envelope_NotificationPage = Schemas['Envelope_NotificationPage'];
export type Envelope_UnreadCount = Schemas['Envelope_UnreadCount'];
export type Envelope_ClientConfig = Schemas['Envelope_ClientConfig'];
export type Envelope_TagSchema = Schemas['Envelope_TagSchema'];
export type Envelope_PlaceList = Schemas['Envelope_PlaceList'];
export type Envelope_NearbyResponse_NearbyItem = Schemas['Envelope_NearbyResponse_NearbyItem'];
/** One nearby result: `ArtworkMinimalDto` when `minimal=true`, else `ArtworkDto` (a `oneOf`). */
export type NearbyItem = Schemas['NearbyItem'];
export type Envelope_StatusReport = Schemas['Envelope_StatusReport'];
export type Envelope_PublicStatus = Schemas['Envelope_PublicStatus'];
export type Envelope_RestartRequested = Schemas['Envelope_RestartRequested'];
export type Envelope_SearchResponse = Schemas['Envelope_SearchResponse'];
export type Envelope_SuggestionsResponse = Schemas['Envelope_SuggestionsResponse'];
export type Envelope_MyLists = Schemas['Envelope_MyLists'];
export type Envelope_ListDetails = Schemas['Envelope_ListDetails'];
export type Envelope_ListChanged = Schemas['Envelope_ListChanged'];
export type Envelope_SavedCounts = Schemas['Envelope_SavedCounts'];
export type Envelope_TasksNearby = Schemas['Envelope_TasksNearby'];

/**
 * Preferences: the document declares them as an object without properties (`Record<string,
 * never>`); the server keeps a flat object of strings, numbers and booleans.
 */
export type PreferenceValue = string | number | boolean;
export type Preferences = Record<string, PreferenceValue>;

/** GET/PATCH /me/profile's `data`, with `preferences` typed as the server keeps them. */
export type Profile = Omit<Schemas['Profile'], 'preferences'> & { preferences: Preferences };
/** GET /me/profile's `data`: the profile and the caller's statistics (PATCH answers the profile alone). */
export type MyProfile = Profile & { statistics: Statistics };

/** `{success, data, message?, timestamp}` around any `data`: the generated envelope, generalised. */
export type Envelope<T> = Omit<Envelope_StatusReport, 'data'> & { data: T };

/**
 * GET /artworks/nearby's `data`, narrowed to the one item shape a call asks for: the document
 * declares the items as `NearbyItem` (minimal or full), and `minimal` decides which.
 */
export type NearbyResponse<T extends NearbyItem = ArtworkDto> = Omit<
  Envelope_NearbyResponse_NearbyItem['data'],
  'artworks'
> & {
  artworks: T[];
};

/** GET /artworks/nearby?minimal=true. */
export type NearbyMinimal = NearbyResponse<ArtworkMinimalDto>;

/** What differs on today's map from an artwork as it stood then. */
export type SinceChange = Schemas['SinceChange'];
/** A marker of the map as it was (`as_of`): the artwork's place, title and type then, and what changed since. */
export type PastMarker = Schemas['PastMarker'];
/** GET /artworks/nearby?as_of=…: the map as it stood then. */
export type NearbyPast = NearbyResponse<PastMarker>;
/** GET /artworks/timeline: from when to when the map as it was can go. */
export type Timeline = Schemas['Timeline'];

/* ---- Areas to finish (issue 33) ---- */

/**
 * A boundary file's area as a GeoJSON MultiPolygon's coordinates: polygons, each its outer ring
 * then its holes, each ring of `[lon, lat]` points (first repeated last). The document leaves
 * `shapes` an open object.
 */
export type AreaShapes = number[][][][];
/** One area: its box, its approved artworks and (GET /me/areas) how many the caller saw; `shapes` typed as above. */
export type Area = Omit<Schemas['AreaDto'], 'shapes'> & { shapes?: AreaShapes | null };
/** The boundary file in force: its name, whom it comes from (shown with its areas) and when it was loaded. */
export type AreaFile = Schemas['AreaFile'];
/** GET /areas and GET /me/areas: the file in force (none: grid cells), the areas, or `too_wide` (zoom in). */
export type AreaList = Omit<Schemas['AreaList'], 'areas'> & { areas: Area[] };
/** PUT /admin/areas's body; the document leaves `geojson` (the parsed FeatureCollection) an open object. */
export type BoundaryUpload = Omit<Schemas['BoundaryUpload'], 'geojson'> & { geojson: unknown };
/** What loading or clearing a boundary file answers: how many areas the file in force has. */
export type AreasChanged = Schemas['AreasChanged'];
export type Envelope_AreasChanged = Schemas['Envelope_AreasChanged'];

/* ---- Feedback, its moderation, and administration ---- */

/** POST /feedback's body (SPEC §3 feedback payload). */
export type SendFeedback = Schemas['SendFeedback'];
/** What sending feedback, archiving or resolving it answers. */
export type FeedbackReceipt = Schemas['FeedbackReceipt'];
/** One piece of feedback in the moderators' queue. */
export type FeedbackItem = Schemas['FeedbackDto'];
/** How much feedback there is in each state, for the queue's tabs. */
export type FeedbackCounts = Schemas['FeedbackCounts'];
/** GET /moderation/feedback: a page of one state's feedback, and the counts of all. */
export type FeedbackPage = Schemas['FeedbackPage'];
export type ArchiveFeedback = Schemas['ArchiveFeedback'];
export type ResolveFeedback = Schemas['ResolveFeedback'];
/** The document gives these in prose only (`open`, `archived`, `resolved`; `comment`, `missing`). */
export type FeedbackStatus = keyof FeedbackCounts;
export type FeedbackIssue = 'comment' | 'missing';
export const FEEDBACK_STATUSES = ['open', 'archived', 'resolved'] as const satisfies readonly FeedbackStatus[];

/** An account with its active roles (GET /admin/permissions). */
export type AccountRoles = Schemas['AccountRoles'];
export type PermissionList = Schemas['PermissionList'];
/** POST /admin/permissions/grant|revoke's body: the reason is required. */
export type PermissionChange = Schemas['PermissionChange'];
export type PermissionChanged = Schemas['PermissionChanged'];
export const PERMISSIONS = ['moderator', 'admin'] as const satisfies readonly Permission[];

/** Who caused an event, as the audit log names them. */
export type AuditActor = Schemas['AuditActor'];
/** One event of the store, as the audit log shows it. */
export type AuditEntry = Schemas['AuditEntry'];
/** GET /admin/audit: newest first; `as_of` pins later pages. */
export type AuditPage = Schemas['AuditPage'];
/** One event of an entity's timeline: `applied` when it is part of the state shown. */
export type EntityEvent = Schemas['EntityEvent'];
/** GET /admin/audit/entity/{type}/{id}: the entity's events, oldest first, and its state as of a position. */
export type EntityAudit = Schemas['EntityAudit'];
/** Decisions the audit log filters by (`decision`). */
export const AUDIT_DECISIONS = ['approved', 'rejected', 'resolved', 'archived'] as const;
export type AuditDecision = (typeof AUDIT_DECISIONS)[number];

/** One day of the statistics' series. */
export type DayCounts = Schemas['DayCounts'];
/** GET /admin/statistics's `data`. */
export type AdminStatistics = Schemas['SiteStatistics'];

/** GET /admin/badges: every badge, deactivated ones too, with award counts. */
export type AdminBadges = Schemas['AdminBadges'];
export type BadgeRuleKind = BadgeRule['kind'];
/** POST /admin/badges's body; the document leaves `rule` an open object. */
export type NewBadge = Omit<Schemas['NewBadge'], 'rule'> & { rule: BadgeRule };
/** PUT /admin/badges/{id}'s body; `active` deactivates or reactivates, unchanged when absent. */
export type BadgeChange = Omit<Schemas['BadgeChange'], 'rule'> & { rule: BadgeRule };
export type BadgeChanged = Schemas['BadgeChanged'];

export type Envelope_FeedbackReceipt = Schemas['Envelope_FeedbackReceipt'];
export type Envelope_FeedbackPage = Schemas['Envelope_FeedbackPage'];
export type Envelope_PermissionList = Schemas['Envelope_PermissionList'];
export type Envelope_PermissionChanged = Schemas['Envelope_PermissionChanged'];
export type Envelope_AuditPage = Schemas['Envelope_AuditPage'];
export type Envelope_EntityAudit = Schemas['Envelope_EntityAudit'];
export type Envelope_AdminStatistics = Schemas['Envelope_SiteStatistics'];
export type Envelope_AdminBadges = Schemas['Envelope_AdminBadges'];
export type Envelope_BadgeChanged = Schemas['Envelope_BadgeChanged'];

/** Where a replay stands: running, done or failed. */
export type ReplayJobState = Schemas['ReplayJobState'];
/** A replay: the read models asked for, its progress while it runs, and its result. */
export type ReplayJob = Schemas['ReplayJob'];
/** One read model's replay: events applied, seconds taken and its tables before and after. */
export type ReplayResult = Schemas['ReplayResult'];
/** A table's rows before and after a replay, and whether they are the same. */
export type TableCheck = Schemas['TableCheck'];
export type ReplayRequest = Schemas['ReplayRequest'];
export type Envelope_ReplayState = Schemas['Envelope_ReplayState'];
