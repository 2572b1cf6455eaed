//! Admins' reads: accounts and their roles, the audit log (the event store itself), one
//! entity's events and state at any position, and statistics. Reading the audit is not itself
//! recorded: the event store holds what changed, not who looked.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::Aggregate;
use platform::eventlog::EventEnvelope;
use platform::http::{ok, ApiError, MinPosition, Query};
use platform::identity::{Admin, Caller};
use platform::position::EventPosition;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::Row;
use uuid::Uuid;

use crate::routes::params::int_param;
use crate::routes::respond::{consistent, private, with_consistency};
use crate::state::QueryState;

const READS: &[&str] = &["accounts"];
const SEARCH_LIMIT: i64 = 50;
const AUDIT_LIMIT: u32 = 50;

async fn admin_after(
    state: &QueryState,
    caller: Caller,
    min: Option<MinPosition>,
    reads: &[&str],
) -> Result<(Caller, bool), ApiError> {
    caller.require_account()?;
    let waited = min.is_some();
    let caught_up = consistent(state, min, reads).await;
    let caller = caller.refreshed(&state.pool, waited).await?;
    caller.require_admin()?;
    Ok((caller, caught_up))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct PermissionParams {
    /// `moderator` or `admin`: only accounts holding it.
    permission: Option<String>,
    /// Part of an e-mail address or profile name (case-insensitive).
    search: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AccountRoles {
    pub user_uuid: Uuid,
    pub email: String,
    pub profile_name: Option<String>,
    pub created_at: DateTime<Utc>,
    /// Active permissions.
    pub permissions: Vec<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PermissionList {
    /// At most 50, holders of a role first, then by e-mail.
    pub accounts: Vec<AccountRoles>,
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
    let (_, caught_up) = admin_after(&state, caller, min, READS).await?;
    let permission = match p
        .permission
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        None => None,
        Some(s) => Some(
            domain::Permission::parse(s)
                .ok_or_else(|| {
                    ApiError::validation("permission", "permission must be moderator or admin")
                })?
                .as_str(),
        ),
    };
    let search: Option<String> = p
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            let s: String = s.chars().take(100).collect();
            format!(
                "%{}%",
                s.replace('\\', "\\\\")
                    .replace('%', "\\%")
                    .replace('_', "\\_")
            )
        });
    let rows = sqlx::query(
        "SELECT a.account_id, a.email, r.profile_name, a.created_at,
                coalesce(array_agg(p.permission ORDER BY p.permission)
                         FILTER (WHERE p.permission IS NOT NULL), '{}') AS permissions
           FROM auth.accounts a
           LEFT JOIN rm.accounts r USING (account_id)
           LEFT JOIN rm.account_permissions p ON p.account_id = a.account_id AND p.is_active
          WHERE ($1::text IS NULL OR EXISTS (
                    SELECT 1 FROM rm.account_permissions q
                     WHERE q.account_id = a.account_id AND q.permission = $1 AND q.is_active))
            AND ($2::text IS NULL OR a.email ILIKE $2 OR r.profile_name ILIKE $2)
          GROUP BY a.account_id, a.email, r.profile_name, a.created_at
          ORDER BY count(p.permission) DESC, a.email
          LIMIT $3",
    )
    .bind(permission)
    .bind(search)
    .bind(SEARCH_LIMIT)
    .fetch_all(&state.pool)
    .await?;
    let accounts = rows
        .iter()
        .map(|r| {
            Ok(AccountRoles {
                user_uuid: r.try_get("account_id")?,
                email: r.try_get("email")?,
                profile_name: r.try_get("profile_name")?,
                created_at: r.try_get("created_at")?,
                permissions: r.try_get("permissions")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(private(with_consistency(
        ok(PermissionList { accounts }),
        caught_up,
    )))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AuditParams {
    /// The entity type: artwork, artist, submission, account, list, badge, badge_awards, feedback.
    #[serde(rename = "type")]
    #[param(rename = "type")]
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

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AuditActor {
    /// An account's or anonymous identity's id, or `system`.
    pub id: String,
    pub display_name: String,
    /// user, moderator, admin, system (as recorded).
    pub role: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AuditEntry {
    /// `<tx>-<pos>`.
    pub position: String,
    pub recorded_at: DateTime<Utc>,
    pub event_type: String,
    pub entity_type: String,
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

fn link(entity_type: &str, id: &str) -> Option<String> {
    Some(match entity_type {
        "artwork" => format!("/artwork/{id}"),
        "artist" => format!("/artist/{id}"),
        "account" | "badge_awards" => format!("/users/{id}"),
        "list" => format!("/lists/{id}"),
        "submission" => format!("/review?submission={id}"),
        "feedback" => "/moderation/feedback".to_owned(),
        "badge" => "/admin?tab=badges".to_owned(),
        _ => return None,
    })
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
    let names = projectors::accounts::read::profile_names(&state.pool, &ids).await?;
    let mut out = HashMap::new();
    for e in events {
        let id = e
            .metadata
            .get("actor_id")
            .and_then(Value::as_str)
            .unwrap_or("system")
            .to_owned();
        let role = e
            .metadata
            .get("actor_role")
            .and_then(Value::as_str)
            .unwrap_or("system")
            .to_owned();
        let display_name = match Uuid::parse_str(&id) {
            Ok(u) => names
                .get(&u)
                .cloned()
                .unwrap_or_else(|| format!("Anonymous ({}...)", &id[..8])),
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

fn entry(e: EventEnvelope, actors: &HashMap<String, AuditActor>) -> AuditEntry {
    let id = e
        .metadata
        .get("actor_id")
        .and_then(Value::as_str)
        .unwrap_or("system");
    let role = e
        .metadata
        .get("actor_role")
        .and_then(Value::as_str)
        .unwrap_or("system");
    let actor = actors
        .get(&format!("{id}/{role}"))
        .map(|a| AuditActor {
            id: a.id.clone(),
            display_name: a.display_name.clone(),
            role: a.role.clone(),
        })
        .unwrap_or(AuditActor {
            id: id.to_owned(),
            display_name: "System".to_owned(),
            role: role.to_owned(),
        });
    AuditEntry {
        position: e.event_position().to_string(),
        recorded_at: e.recorded_at,
        source: e
            .metadata
            .get("source")
            .and_then(Value::as_str)
            .unwrap_or("web")
            .to_owned(),
        reason: reason_of(&e.payload),
        link: link(&e.aggregate_type, &e.aggregate_id),
        event_type: e.event_type,
        entity_type: e.aggregate_type,
        entity_id: e.aggregate_id,
        sequence: e.sequence,
        actor,
        payload: e.payload,
        metadata: e.metadata,
    }
}

const EVENT_COLUMNS: &str = "aggregate_type, aggregate_id, sequence, event_type, event_version, \
     payload, metadata, global_position, tx_id, recorded_at";

fn envelope(r: &sqlx::postgres::PgRow) -> Result<EventEnvelope, sqlx::Error> {
    Ok(EventEnvelope {
        aggregate_type: r.try_get("aggregate_type")?,
        aggregate_id: r.try_get("aggregate_id")?,
        sequence: r.try_get("sequence")?,
        event_type: r.try_get("event_type")?,
        event_version: r.try_get("event_version")?,
        payload: r.try_get("payload")?,
        metadata: r.try_get("metadata")?,
        position: r.try_get("global_position")?,
        tx_id: r.try_get("tx_id")?,
        recorded_at: r.try_get("recorded_at")?,
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
    let (_, _) = admin_after(&state, caller, None, READS).await?;
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
    let filter = "WHERE aggregate_type <> 'inbox'
                    AND ($1::text IS NULL OR aggregate_type = $1)
                    AND ($2::text IS NULL OR metadata->>'actor_id' = $2)
                    AND ($3::text[] IS NULL OR event_type = ANY($3))
                    AND ($4::text IS NULL OR event_type = $4)
                    AND ($5::timestamptz IS NULL OR recorded_at >= $5)
                    AND ($6::timestamptz IS NULL OR recorded_at < $6)
                    AND (tx_id, global_position) <= ($7, $8)";
    let total: i64 = sqlx::query_scalar(&format!("SELECT count(*) FROM es.events {filter}"))
        .bind(&kind)
        .bind(&actor)
        .bind(&decision)
        .bind(&action)
        .bind(start)
        .bind(end)
        .bind(as_of.tx)
        .bind(as_of.pos)
        .fetch_one(&state.pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {EVENT_COLUMNS} FROM es.events {filter}
          ORDER BY tx_id DESC, global_position DESC LIMIT $9 OFFSET $10"
    ))
    .bind(&kind)
    .bind(&actor)
    .bind(&decision)
    .bind(&action)
    .bind(start)
    .bind(end)
    .bind(as_of.tx)
    .bind(as_of.pos)
    .bind(i64::from(limit))
    .bind(i64::from(page - 1) * i64::from(limit))
    .fetch_all(&state.pool)
    .await?;
    let events = rows.iter().map(envelope).collect::<Result<Vec<_>, _>>()?;
    let who = actors(&state, &events).await?;
    let entries = events.into_iter().map(|e| entry(e, &who)).collect();
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
    pub entity_type: String,
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
        let event: A::Event = serde_json::from_value(e.payload.clone())?;
        a.apply(event);
    }
    Ok(serde_json::to_value(a)?)
}

/// `GET /api/admin/audit/entity/{type}/{id}?as_of` (admins): one entity's events and its
/// state at any position, rebuilt from the event store.
#[utoipa::path(get, path = "/api/admin/audit/entity/{type}/{id}", tag = "admin",
    params(("type" = String, Path), ("id" = String, Path), EntityParams),
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
    let (_, _) = admin_after(&state, caller, None, READS).await?;
    if kind.len() > 40 || id.len() > 100 {
        return Err(ApiError::NotFound("No events for this entity".into()));
    }
    let as_of =
        match p.as_of.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(s) => Some(s.parse::<EventPosition>().map_err(|_| {
                ApiError::validation("as_of", "as_of must be a position like 123-45")
            })?),
            None => None,
        };
    let events = platform::eventlog::stream_of(&state.pool, &kind, &id).await?;
    if events.is_empty() {
        return Err(ApiError::NotFound("No events for this entity".into()));
    }
    let applied: Vec<&EventEnvelope> = events
        .iter()
        .filter(|e| as_of.is_none_or(|at| e.event_position() <= at))
        .collect();
    let state_json = match kind.as_str() {
        "artwork" => fold::<domain::Artwork>(&applied),
        "artist" => fold::<domain::Artist>(&applied),
        "submission" => fold::<domain::Submission>(&applied),
        "account" => fold::<domain::Account>(&applied),
        "list" => fold::<domain::List>(&applied),
        "badge" => fold::<domain::BadgeDefinition>(&applied),
        "badge_awards" => fold::<domain::BadgeAwards>(&applied),
        "feedback" => fold::<domain::Feedback>(&applied),
        "inbox" => fold::<domain::inbox::Inbox>(&applied),
        _ => Ok(Value::Null),
    }
    .map_err(ApiError::internal)?;
    let cut = as_of;
    let who = actors(&state, &events).await?;
    let events = events
        .into_iter()
        .map(|e| {
            let applied = cut.is_none_or(|at| e.event_position() <= at);
            EntityEvent {
                entry: entry(e, &who),
                applied,
            }
        })
        .collect();
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

/// Every submission of every kind, as (kind, status, submitter, created_at, decided_at).
const ALL_SUBMISSIONS: &str = "(SELECT kind, status, submitter, created_at, decided_at
                                  FROM rm.submissions
                                UNION ALL
                                SELECT 'artwork_edit', status, submitter, created_at, decided_at
                                  FROM rm.artwork_edits
                                UNION ALL
                                SELECT CASE WHEN new_artist THEN 'new_artist' ELSE 'artist_edit' END,
                                       status, submitter, created_at, decided_at
                                  FROM rm.artist_edits) s";

async fn counts(state: &QueryState, sql: &str) -> Result<Counts, sqlx::Error> {
    let rows: Vec<(String, i64)> = sqlx::query_as(sql).fetch_all(&state.pool).await?;
    Ok(rows.into_iter().collect())
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
    let (_, caught_up) = admin_after(&state, caller, min, STAT_READS).await?;
    let days = int_param("days", p.days.as_deref(), 30, 1, 365)?;
    let artworks = counts(
        &state,
        "SELECT status, count(*) FROM rm.artworks GROUP BY status",
    )
    .await?;
    let artists: i64 = sqlx::query_scalar("SELECT count(*) FROM rm.artists")
        .fetch_one(&state.pool)
        .await?;
    let accounts: i64 = sqlx::query_scalar("SELECT count(*) FROM rm.accounts")
        .fetch_one(&state.pool)
        .await?;
    let submissions_by_status = counts(
        &state,
        &format!("SELECT status, count(*) FROM {ALL_SUBMISSIONS} GROUP BY status"),
    )
    .await?;
    let submissions_by_type = counts(
        &state,
        &format!("SELECT kind, count(*) FROM {ALL_SUBMISSIONS} GROUP BY kind"),
    )
    .await?;
    let feedback = counts(
        &state,
        "SELECT status, count(*) FROM rm.feedback GROUP BY status",
    )
    .await?;
    let since = "(current_date - ($1::int - 1))::timestamptz";
    let (decisions, median_hours): (i64, Option<f64>) = sqlx::query_as(&format!(
        "SELECT count(*),
                (percentile_cont(0.5) WITHIN GROUP (
                    ORDER BY extract(epoch FROM decided_at - created_at)) / 3600)::float8
           FROM {ALL_SUBMISSIONS}
          WHERE decided_at >= {since} AND status IN ('approved', 'rejected')"
    ))
    .bind(days as i32)
    .fetch_one(&state.pool)
    .await?;
    let active_contributors: i64 = sqlx::query_scalar(&format!(
        "SELECT count(DISTINCT submitter) FROM {ALL_SUBMISSIONS} WHERE created_at >= {since}"
    ))
    .bind(days as i32)
    .fetch_one(&state.pool)
    .await?;
    let rows: Vec<(NaiveDate, i64, i64, i64, i64)> = sqlx::query_as(&format!(
        "WITH d AS (SELECT generate_series(current_date - ($1::int - 1), current_date,
                                           interval '1 day')::date AS day)
         SELECT d.day,
                (SELECT count(*) FROM {ALL_SUBMISSIONS} WHERE s.created_at::date = d.day),
                (SELECT count(*) FROM {ALL_SUBMISSIONS}
                  WHERE s.decided_at::date = d.day AND s.status = 'approved'),
                (SELECT count(*) FROM {ALL_SUBMISSIONS}
                  WHERE s.decided_at::date = d.day AND s.status = 'rejected'),
                (SELECT count(*) FROM rm.accounts a WHERE a.created_at::date = d.day)
           FROM d ORDER BY d.day"
    ))
    .bind(days as i32)
    .fetch_all(&state.pool)
    .await?;
    let per_day = rows
        .into_iter()
        .map(
            |(day, submissions, approved, rejected, accounts)| DayCounts {
                day,
                submissions,
                approved,
                rejected,
                accounts,
            },
        )
        .collect();
    Ok(private(with_consistency(
        ok(SiteStatistics {
            days,
            artworks,
            artists,
            accounts,
            submissions_by_status,
            submissions_by_type,
            feedback,
            decisions,
            median_hours_to_decision: median_hours,
            active_contributors,
            per_day,
        }),
        caught_up,
    )))
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
    let (_, caught_up) = admin_after(&state, caller, min, &["badges"]).await?;
    let badges = projectors::badges::read::catalogue(&state.pool, true).await?;
    Ok(private(with_consistency(
        ok(AdminBadges { badges }),
        caught_up,
    )))
}

/// `GET /api/admin/replay` (admins): the running replay's progress, or the last one's result,
/// whichever process runs it.
#[utoipa::path(get, path = "/api/admin/replay", tag = "admin",
    responses(
        (status = 200, body = platform::http::Envelope<projectors::replay_jobs::ReplayState>),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not an admin", body = platform::http::ErrorBody)))]
pub async fn replay_state(
    State(state): State<QueryState>,
    Admin(caller): Admin,
) -> Result<Response, ApiError> {
    admin_after(&state, caller, None, &[]).await?;
    let job = projectors::replay_jobs::latest(&state.pool)
        .await
        .map_err(ApiError::internal)?;
    Ok(private(
        ok(projectors::replay_jobs::ReplayState { job }).into_response(),
    ))
}
