//! Admins' reads: accounts and their roles, the audit log (the event store itself), one
//! entity's events and state at any position, and statistics. Reading the audit is not itself
//! recorded: the event store holds what changed, not who looked.
//!
//! Kept in one file on purpose: every handler here is a thin reader over
//! `projectors::*::read` and `platform::eventlog`, guarded by `Admin`; the length is the
//! OpenAPI annotations and the entity fold's one arm per aggregate.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::Aggregate;
use domain::{ActorRole, EntityType};
use platform::eventlog::EventEnvelope;
use platform::http::{ok, ApiError, MinPosition, Query};
use platform::identity::{Admin, Caller};
use platform::position::EventPosition;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::routes::params::int_param;
use crate::routes::respond::{checked_after, private, private_ok};
use crate::state::QueryState;

const READS: &[&str] = &["accounts"];
const SEARCH_LIMIT: i64 = 50;
const AUDIT_LIMIT: u32 = 50;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct PermissionParams {
    /// Only accounts holding it.
    #[param(value_type = Option<domain::Permission>)]
    permission: Option<String>,
    /// Part of an e-mail address or profile name (case-insensitive).
    search: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PermissionList {
    /// At most 50, holders of a role first, then by e-mail.
    pub accounts: Vec<projectors::accounts::read::AccountRoles>,
}

/// `GET /api/admin/permissions?permission&search` (admins).
#[utoipa::path(get, path = "/api/admin/permissions", tag = "admin", params(PermissionParams),
    responses(
        (status = 200, body = platform::http::Envelope<PermissionList>),
        (status = 400, body = platform::http::ErrorBody),
        (status = 401, body = platform::http::ErrorBody),
        (status = 403, body = platform::http::ErrorBody)))]
pub async fn permissions(
    State(state): State<QueryState>,
    Admin(caller): Admin,
    min: Option<MinPosition>,
    Query(p): Query<PermissionParams>,
) -> Result<Response, ApiError> {
    let (_, caught_up) = checked_after(&state, caller, min, READS, Caller::require_admin).await?;
    let permission = match p
        .permission
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        None => None,
        Some(s) => Some(domain::Permission::parse(s).ok_or_else(|| {
            ApiError::validation("permission", "permission must be moderator or admin")
        })?),
    };
    let search: Option<String> = p
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.chars().take(100).collect());
    let accounts = projectors::accounts::read::with_roles(
        &state.pool,
        permission,
        search.as_deref(),
        SEARCH_LIMIT,
    )
    .await?;
    Ok(private_ok(PermissionList { accounts }, caught_up))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AuditParams {
    /// The entity type (notifications seen, `inbox`, are never listed).
    #[serde(rename = "type")]
    #[param(rename = "type", value_type = Option<EntityType>)]
    kind: Option<String>,
    /// The actor's id (an account or an anonymous identity), or `system`.
    actor: Option<String>,
    /// approved, rejected, resolved or archived: moderation decisions only.
    decision: Option<String>,
    /// An event type, e.g. `PermissionGranted`.
    action_type: Option<String>,
    /// From this day or instant (inclusive).
    #[serde(rename = "startDate")]
    #[param(rename = "startDate")]
    start_date: Option<String>,
    /// To this day (inclusive) or instant (exclusive).
    #[serde(rename = "endDate")]
    #[param(rename = "endDate")]
    end_date: Option<String>,
    page: Option<String>,
    /// 1 to 200 (default 50).
    limit: Option<String>,
    /// The newest position to show (`<tx>-<pos>`, from the first page's `as_of`): later pages
    /// stay stable while events keep arriving.
    as_of: Option<String>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AuditActor {
    /// An account's or anonymous identity's id, or `system`.
    pub id: String,
    pub display_name: String,
    /// As recorded.
    pub role: ActorRole,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AuditEntry {
    /// `<tx>-<pos>`.
    pub position: String,
    pub recorded_at: DateTime<Utc>,
    pub event_type: String,
    pub entity_type: EntityType,
    pub entity_id: String,
    /// The entity's event number.
    pub sequence: i64,
    pub actor: AuditActor,
    /// web, import, admin-cli, process-manager, synthetic.
    pub source: String,
    /// The reason or note the event carries, if any.
    pub reason: Option<String>,
    /// Where the entity is seen in the app.
    pub link: Option<String>,
    /// The event as stored.
    pub payload: Value,
    pub metadata: Value,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AuditPage {
    /// Newest first.
    pub entries: Vec<AuditEntry>,
    pub total: i64,
    pub page: u32,
    pub limit: u32,
    /// Pass back for the next pages.
    pub as_of: String,
}

/// Event types of moderation decisions, by decision.
fn decision_types(decision: &str) -> Option<&'static [&'static str]> {
    Some(match decision {
        "approved" => &["SubmissionApproved", "ArtistEditApproved"],
        "rejected" => &["SubmissionRejected"],
        "resolved" => &["FeedbackResolved"],
        "archived" => &["FeedbackArchived"],
        _ => return None,
    })
}

/// A day (`2026-11-27`) or an instant (RFC 3339); a day as an end means its end.
fn date_param(name: &str, v: Option<&str>, end: bool) -> Result<Option<DateTime<Utc>>, ApiError> {
    let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if let Ok(t) = DateTime::parse_from_rfc3339(v) {
        return Ok(Some(t.with_timezone(&Utc)));
    }
    let day = NaiveDate::parse_from_str(v, "%Y-%m-%d").map_err(|_| {
        ApiError::validation(
            name,
            format!("{name} must be a date (YYYY-MM-DD) or an RFC 3339 time"),
        )
    })?;
    let day = if end {
        day.succ_opt().unwrap_or(day)
    } else {
        day
    };
    Ok(day.and_hms_opt(0, 0, 0).map(|t| t.and_utc()))
}

fn link(entity_type: EntityType, id: &str) -> Option<String> {
    Some(match entity_type {
        EntityType::Artwork => format!("/artwork/{id}"),
        EntityType::Artist => format!("/artist/{id}"),
        EntityType::Account | EntityType::BadgeAwards => format!("/users/{id}"),
        EntityType::List => format!("/lists/{id}"),
        EntityType::Submission => format!("/review?submission={id}"),
        EntityType::Feedback => "/moderation/feedback".to_owned(),
        EntityType::Badge => "/admin?tab=badges".to_owned(),
        EntityType::Inbox | EntityType::ImportRun => return None,
    })
}

/// The actor an event records: its id (`system` when none) and role.
fn actor_of(e: &EventEnvelope) -> (&str, ActorRole) {
    let field = |k: &str| e.metadata.get(k).and_then(Value::as_str);
    let role = field("actor_role")
        .and_then(ActorRole::parse)
        .unwrap_or(ActorRole::System);
    (field("actor_id").unwrap_or("system"), role)
}

/// The reason or note an event carries (its payload is `{Type: {...}}`).
fn reason_of(payload: &Value) -> Option<String> {
    let body = payload.as_object()?.values().next()?;
    ["reason", "note"]
        .iter()
        .find_map(|k| body.get(*k).and_then(Value::as_str))
        .map(str::to_owned)
}

async fn actors(
    state: &QueryState,
    events: &[EventEnvelope],
) -> Result<HashMap<String, AuditActor>, sqlx::Error> {
    let ids: Vec<Uuid> = events
        .iter()
        .filter_map(|e| e.metadata.get("actor_id")?.as_str())
        .filter_map(|s| Uuid::parse_str(s).ok())
        .collect();
    let names = projectors::accounts::read::Names::of(&state.pool, &ids).await?;
    let mut out = HashMap::new();
    for e in events {
        let (id, role) = actor_of(e);
        let id = id.to_owned();
        let display_name = match Uuid::parse_str(&id) {
            Ok(u) => names.name(u),
            Err(_) => "System".to_owned(),
        };
        out.entry(format!("{id}/{role}")).or_insert(AuditActor {
            id,
            display_name,
            role,
        });
    }
    Ok(out)
}

fn entry(e: EventEnvelope, actors: &HashMap<String, AuditActor>) -> Result<AuditEntry, ApiError> {
    let (id, role) = actor_of(&e);
    let actor = actors
        .get(&format!("{id}/{role}"))
        .cloned()
        .unwrap_or(AuditActor {
            id: id.to_owned(),
            display_name: "System".to_owned(),
            role,
        });
    let entity_type = EntityType::parse(&e.aggregate_type).ok_or_else(|| {
        ApiError::internal(anyhow::anyhow!(
            "an event of unknown type {:?} in the store",
            e.aggregate_type
        ))
    })?;
    Ok(AuditEntry {
        position: e.event_position().to_string(),
        recorded_at: e.recorded_at,
        source: e
            .metadata
            .get("source")
            .and_then(Value::as_str)
            .unwrap_or("web")
            .to_owned(),
        reason: reason_of(&e.payload),
        link: link(entity_type, &e.aggregate_id),
        event_type: e.event_type,
        entity_type,
        entity_id: e.aggregate_id,
        sequence: e.sequence,
        actor,
        payload: e.payload,
        metadata: e.metadata,
    })
}

/// `GET /api/admin/audit?type&actor&decision&action_type&startDate&endDate&page&limit&as_of`
/// (admins): the event store, newest first. Notifications seen (`inbox`) are left out.
#[utoipa::path(get, path = "/api/admin/audit", tag = "admin", params(AuditParams),
    responses(
        (status = 200, body = platform::http::Envelope<AuditPage>),
        (status = 400, body = platform::http::ErrorBody),
        (status = 401, body = platform::http::ErrorBody),
        (status = 403, body = platform::http::ErrorBody)))]
pub async fn audit(
    State(state): State<QueryState>,
    Admin(caller): Admin,
    Query(p): Query<AuditParams>,
) -> Result<Response, ApiError> {
    let (_, _) = checked_after(&state, caller, None, READS, Caller::require_admin).await?;
    let page = int_param("page", p.page.as_deref(), 1, 1, 100_000)?;
    let limit = int_param("limit", p.limit.as_deref(), AUDIT_LIMIT, 1, 200)?;
    let clean = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.chars().take(100).collect::<String>())
    };
    let kind = clean(&p.kind);
    let actor = clean(&p.actor);
    let action = clean(&p.action_type);
    let decision: Option<Vec<String>> = match clean(&p.decision) {
        None => None,
        Some(d) => Some(
            decision_types(&d)
                .ok_or_else(|| {
                    ApiError::validation(
                        "decision",
                        "decision must be approved, rejected, resolved or archived",
                    )
                })?
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
        ),
    };
    let start = date_param("startDate", p.start_date.as_deref(), false)?;
    let end = date_param("endDate", p.end_date.as_deref(), true)?;
    let as_of = match clean(&p.as_of) {
        Some(s) => s
            .parse::<EventPosition>()
            .map_err(|_| ApiError::validation("as_of", "as_of must be a position like 123-45"))?,
        None => platform::eventlog::head(&state.pool).await?,
    };
    let filter = platform::eventlog::AuditFilter {
        aggregate_type: kind,
        actor,
        event_types: decision,
        event_type: action,
        from: start,
        until: end,
        as_of,
    };
    let (total, events) = platform::eventlog::audit_page(
        &state.pool,
        &filter,
        i64::from(limit),
        i64::from(page - 1) * i64::from(limit),
    )
    .await?;
    let who = actors(&state, &events).await?;
    let entries = events
        .into_iter()
        .map(|e| entry(e, &who))
        .collect::<Result<_, _>>()?;
    Ok(private(
        ok(AuditPage {
            entries,
            total,
            page,
            limit,
            as_of: as_of.to_string(),
        })
        .into_response(),
    ))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct EntityParams {
    /// A position (`<tx>-<pos>`): the state as that event left it; now when absent.
    as_of: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EntityAudit {
    pub entity_type: EntityType,
    pub entity_id: String,
    /// Every event of the entity, oldest first (those after `as_of` too, marked).
    pub events: Vec<EntityEvent>,
    /// The entity as its events up to `as_of` leave it (the aggregate's own state).
    pub state: Value,
    pub as_of: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EntityEvent {
    #[serde(flatten)]
    pub entry: AuditEntry,
    /// Whether it is part of the state shown.
    pub applied: bool,
}

fn fold<A: Aggregate>(events: &[&EventEnvelope]) -> anyhow::Result<Value> {
    let mut a = A::default();
    for e in events {
        let event: A::Event = e.decode()?;
        a.apply(event);
    }
    Ok(serde_json::to_value(a)?)
}

/// `GET /api/admin/audit/entity/{type}/{id}?as_of` (admins): one entity's events and its
/// state at any position, rebuilt from the event store.
#[utoipa::path(get, path = "/api/admin/audit/entity/{type}/{id}", tag = "admin",
    params(("type" = EntityType, Path), ("id" = String, Path), EntityParams),
    responses(
        (status = 200, body = platform::http::Envelope<EntityAudit>),
        (status = 400, body = platform::http::ErrorBody),
        (status = 401, body = platform::http::ErrorBody),
        (status = 403, body = platform::http::ErrorBody),
        (status = 404, description = "'No events for this entity'", body = platform::http::ErrorBody)))]
pub async fn entity(
    State(state): State<QueryState>,
    Admin(caller): Admin,
    Path((kind, id)): Path<(String, String)>,
    Query(p): Query<EntityParams>,
) -> Result<Response, ApiError> {
    let (_, _) = checked_after(&state, caller, None, READS, Caller::require_admin).await?;
    let Some(kind) = EntityType::parse(&kind).filter(|_| id.len() <= 100) else {
        return Err(ApiError::NotFound("No events for this entity".into()));
    };
    let as_of =
        match p.as_of.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(s) => Some(s.parse::<EventPosition>().map_err(|_| {
                ApiError::validation("as_of", "as_of must be a position like 123-45")
            })?),
            None => None,
        };
    let events = platform::eventlog::stream_of(&state.pool, kind.as_str(), &id).await?;
    if events.is_empty() {
        return Err(ApiError::NotFound("No events for this entity".into()));
    }
    let applied: Vec<&EventEnvelope> = events
        .iter()
        .filter(|e| as_of.is_none_or(|at| e.event_position() <= at))
        .collect();
    let state_json = match kind {
        EntityType::Artwork => fold::<domain::Artwork>(&applied),
        EntityType::Artist => fold::<domain::Artist>(&applied),
        EntityType::Submission => fold::<domain::Submission>(&applied),
        EntityType::Account => fold::<domain::Account>(&applied),
        EntityType::List => fold::<domain::List>(&applied),
        EntityType::Badge => fold::<domain::BadgeDefinition>(&applied),
        EntityType::BadgeAwards => fold::<domain::BadgeAwards>(&applied),
        EntityType::Feedback => fold::<domain::Feedback>(&applied),
        EntityType::Inbox => fold::<domain::inbox::Inbox>(&applied),
        EntityType::ImportRun => fold::<domain::ImportRun>(&applied),
    }
    .map_err(ApiError::internal)?;
    let cut = as_of;
    let who = actors(&state, &events).await?;
    let events = events
        .into_iter()
        .map(|e| {
            let applied = cut.is_none_or(|at| e.event_position() <= at);
            Ok(EntityEvent {
                entry: entry(e, &who)?,
                applied,
            })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(private(
        ok(EntityAudit {
            entity_type: kind,
            entity_id: id,
            events,
            state: state_json,
            as_of: as_of.map(|p| p.to_string()),
        })
        .into_response(),
    ))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct StatisticsParams {
    /// 1 to 365 (default 30).
    days: Option<String>,
}

/// A count per key (a status, a kind).
pub type Counts = std::collections::BTreeMap<String, i64>;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DayCounts {
    pub day: NaiveDate,
    /// Submissions (of every kind, edits too) sent that day.
    pub submissions: i64,
    /// Approvals that day.
    pub approved: i64,
    /// Rejections that day.
    pub rejected: i64,
    /// Accounts made that day.
    pub accounts: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SiteStatistics {
    pub days: u32,
    /// Artworks by status (approved, removed, merged, pending).
    pub artworks: Counts,
    pub artists: i64,
    pub accounts: i64,
    /// Submissions of every kind by status, all time.
    pub submissions_by_status: Counts,
    /// Submissions by kind (new_artwork, logbook, artwork_edit, artist_edit, new_artist), all time.
    pub submissions_by_type: Counts,
    /// Feedback by status.
    pub feedback: Counts,
    /// Decisions in the window.
    pub decisions: i64,
    /// Median time from sending to decision over the window's decisions, in hours.
    pub median_hours_to_decision: Option<f64>,
    /// Identities that sent anything in the window.
    pub active_contributors: i64,
    /// One entry per day of the window, oldest first (days without activity included).
    pub per_day: Vec<DayCounts>,
}

/// `GET /api/admin/statistics?days` (admins): totals from the read models and the window's
/// activity per day.
#[utoipa::path(get, path = "/api/admin/statistics", tag = "admin", params(StatisticsParams),
    responses(
        (status = 200, body = platform::http::Envelope<SiteStatistics>),
        (status = 400, body = platform::http::ErrorBody),
        (status = 401, body = platform::http::ErrorBody),
        (status = 403, body = platform::http::ErrorBody)))]
pub async fn statistics(
    State(state): State<QueryState>,
    Admin(caller): Admin,
    min: Option<MinPosition>,
    Query(p): Query<StatisticsParams>,
) -> Result<Response, ApiError> {
    const STAT_READS: &[&str] = &["accounts", "artworks", "artists", "submissions", "feedback"];
    let (_, caught_up) =
        checked_after(&state, caller, min, STAT_READS, Caller::require_admin).await?;
    let days = int_param("days", p.days.as_deref(), 30, 1, 365)?;
    let pool = &state.pool;
    let artworks = projectors::artworks::read::by_status(pool).await?;
    let artists = projectors::artists::read::count(pool, None).await?;
    let accounts = projectors::accounts::read::count(pool).await?;
    let feedback = projectors::feedback::read::by_status(pool).await?;
    let activity = projectors::submissions::read::activity(pool, days as i32).await?;
    let made = projectors::accounts::read::made_per_day(pool, days as i32).await?;
    let per_day = activity
        .per_day
        .iter()
        .map(|&(day, submissions, approved, rejected)| DayCounts {
            day,
            submissions,
            approved,
            rejected,
            accounts: made.get(&day).copied().unwrap_or_default(),
        })
        .collect();
    Ok(private_ok(
        SiteStatistics {
            days,
            artworks,
            artists,
            accounts,
            submissions_by_status: activity.by_status,
            submissions_by_type: activity.by_kind,
            feedback,
            decisions: activity.decisions,
            median_hours_to_decision: activity.median_hours_to_decision,
            active_contributors: activity.active_contributors,
            per_day,
        },
        caught_up,
    ))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AdminBadges {
    /// Every badge, deactivated ones too, oldest definitions first, with award counts.
    pub badges: Vec<projectors::badges::read::BadgeDto>,
}

/// `GET /api/admin/badges` (admins).
#[utoipa::path(get, path = "/api/admin/badges", tag = "admin",
    responses(
        (status = 200, body = platform::http::Envelope<AdminBadges>),
        (status = 401, body = platform::http::ErrorBody),
        (status = 403, body = platform::http::ErrorBody)))]
pub async fn badges(
    State(state): State<QueryState>,
    Admin(caller): Admin,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let (_, caught_up) =
        checked_after(&state, caller, min, &["badges"], Caller::require_admin).await?;
    let badges = projectors::badges::read::catalogue(&state.pool, true).await?;
    Ok(private_ok(AdminBadges { badges }, caught_up))
}

/// `GET /api/admin/replay` (admins): the running replay's progress, or the last one's result,
/// whichever process runs it.
#[utoipa::path(get, path = "/api/admin/replay", tag = "admin",
    responses(
        (status = 200, body = platform::http::Envelope<projectors::replay_jobs::ReplayState>),
        Admin))]
pub async fn replay_state(
    State(state): State<QueryState>,
    Admin(caller): Admin,
) -> Result<Response, ApiError> {
    checked_after(&state, caller, None, &[], Caller::require_admin).await?;
    let job = projectors::replay_jobs::latest(&state.pool)
        .await
        .map_err(ApiError::internal)?;
    Ok(private(
        ok(projectors::replay_jobs::ReplayState { job }).into_response(),
    ))
}
