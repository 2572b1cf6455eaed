//! Submissions as their authors and moderators read them: "my submissions" with queue
//! positions, the review queue, one submission with the artworks near it, and review statistics.

use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, Utc};
use domain::{ArtworkType, Condition, SubmissionKind, SubmissionStatus};
use media::images::{PhotoDto, UrlSigner};
use platform::db::{enum_column, optional_enum_column};
use platform::http::{ok, ApiError, MinPosition, PathId, Query};
use platform::identity::Caller;
use projectors::candidates::{duplicate_candidates, NearbyCandidate};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::Row;
use uuid::Uuid;

use crate::routes::params::{int_param, Pagination};
use crate::routes::respond::private;
use crate::routes::respond::{consistent, with_consistency};
use crate::state::QueryState;

/// Read models these endpoints read (for `X-Min-Position`).
const READS: &[&str] = &["submissions", "accounts"];

/// SPEC §9: review queue limit 20.
pub const REVIEW_QUEUE_LIMIT: u32 = 20;

/// Who sent a submission, as moderators see it.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Submitter {
    pub id: Uuid,
    /// The profile name, else 'Anonymous ({first 8 characters of the id}...)'.
    pub display_name: String,
}

/// A submission as its author or a moderator sees it.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SubmissionDto {
    pub id: Uuid,
    pub submission_type: SubmissionKind,
    pub status: SubmissionStatus,
    pub title: Option<String>,
    pub description: Option<String>,
    pub artwork_type: Option<ArtworkType>,
    pub notes: Option<String>,
    /// Visits only.
    pub condition: Option<Condition>,
    pub lat: f64,
    pub lon: f64,
    /// Photos with their EXIF summary.
    pub photos: Vec<PhotoDto>,
    /// Keys of photos whose served sizes could not be made (the upload is kept privately, but
    /// the photo will not show): a moderator may want to ask for another.
    pub unprocessable_photos: Vec<String>,
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub tags: Value,
    /// Artist names as proposed.
    pub artists: Vec<String>,
    /// A visit's artwork, or the artwork an approval created or linked.
    pub artwork_id: Option<Uuid>,
    pub artwork_title: Option<String>,
    /// The rejection reason.
    pub reason: Option<String>,
    /// 1-based place among pending submissions, oldest first; null unless pending.
    pub queue_position: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    /// Moderator views only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub submitter: Option<Submitter>,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SubmissionList {
    pub submissions: Vec<SubmissionDto>,
    pub total: i64,
    pub page: u32,
    pub limit: u32,
    pub pagination: Pagination,
}

impl SubmissionList {
    /// One page of rows read with [`COLUMNS`]; `moderator` adds each submitter.
    fn from_rows(
        rows: &[sqlx::postgres::PgRow],
        moderator: bool,
        signer: &UrlSigner,
        pagination: Pagination,
    ) -> Result<Self, sqlx::Error> {
        Ok(Self {
            submissions: rows
                .iter()
                .map(|r| from_row(r, moderator, signer))
                .collect::<Result<_, _>>()?,
            total: pagination.total,
            page: pagination.page,
            limit: pagination.limit,
            pagination,
        })
    }
}

/// The columns every submission answer reads; `$1`-free.
const COLUMNS: &str = "s.id, s.kind, s.status, s.title, s.description, s.artwork_type, s.note,
    s.condition, s.lat, s.lon, s.photos, s.tags, s.artist_names, s.artwork_id, a.title AS artwork_title,
    s.reason, s.created_at, s.decided_at, s.submitter, acc.profile_name,
    ARRAY(SELECT replace(m.key::text, '-', '') FROM jsonb_array_elements(s.photos) p
           JOIN media.photos m ON m.key = (p->>'key')::uuid
          WHERE m.status = 'failed') AS unprocessable_photos,
    (SELECT jsonb_object_agg(replace(m.key::text, '-', ''),
                             jsonb_build_object('exif', m.exif, 'erased', m.exif_erased_at IS NOT NULL))
       FROM jsonb_array_elements(s.photos) p
       JOIN media.photos m ON m.key = (p->>'key')::uuid) AS photo_privacy,
    CASE WHEN s.status = 'pending' THEN (
        SELECT count(*) FROM rm.submissions q
         WHERE q.status = 'pending' AND (q.created_at, q.id) <= (s.created_at, s.id)
    ) END AS queue_position";

const FROM: &str = "FROM rm.submissions s
    LEFT JOIN rm.artworks a ON a.id = s.artwork_id
    LEFT JOIN rm.accounts acc ON acc.account_id = s.submitter";

/// Waits for `X-Min-Position`, then checks the caller's role as of that position (so a grant the
/// client has seen is in force): 401 anonymous, 403 without the moderator permission.
async fn moderator_after(
    state: &QueryState,
    caller: Caller,
    min: Option<MinPosition>,
) -> Result<(Caller, bool), ApiError> {
    caller.require_account()?;
    let waited = min.is_some();
    let caught_up = consistent(state, min, READS).await;
    let caller = caller.refreshed(&state.pool, waited).await?;
    caller.require_moderator()?;
    Ok((caller, caught_up))
}

fn display_name(id: Uuid, profile_name: Option<String>) -> String {
    profile_name.unwrap_or_else(|| format!("Anonymous ({}...)", &id.to_string()[..8]))
}

/// The EXIF fields events do not keep (position, time, camera) come from the photo's media row,
/// unless the author had them erased — then they are dropped even where an older event still
/// put them in the read model and its erasure is not projected yet.
fn with_private_exif(mut photos: Value, privacy: Option<&Value>) -> Value {
    const PERSONAL: [&str; 5] = ["latitude", "longitude", "date_time", "make", "model"];
    let Some(privacy) = privacy else {
        return photos;
    };
    for p in photos.as_array_mut().into_iter().flatten() {
        let Some(info) = p
            .get("key")
            .and_then(Value::as_str)
            .and_then(|k| privacy.get(k))
        else {
            continue;
        };
        let erased = info.get("erased").and_then(Value::as_bool).unwrap_or(false);
        let stored = info.get("exif").filter(|e| e.is_object()).cloned();
        match (
            erased,
            stored,
            p.get_mut("exif").and_then(Value::as_object_mut),
        ) {
            (true, _, Some(exif)) => PERSONAL.iter().for_each(|f| {
                exif.remove(*f);
            }),
            (false, Some(stored), _) => {
                p["exif"] = stored;
            }
            _ => {}
        }
    }
    photos
}

/// One submission answer. Its photos are at signed URLs: the answer is for the submitter or a
/// moderator, and a photo in review is served to no one else.
fn from_row(
    row: &sqlx::postgres::PgRow,
    moderator: bool,
    signer: &UrlSigner,
) -> Result<SubmissionDto, sqlx::Error> {
    let now = Utc::now();
    let submitter: Uuid = row.try_get("submitter")?;
    let names: Value = row.try_get("artist_names")?;
    Ok(SubmissionDto {
        id: row.try_get("id")?,
        submission_type: enum_column(row, "kind", SubmissionKind::parse)?,
        status: enum_column(row, "status", SubmissionStatus::parse)?,
        title: row.try_get("title")?,
        description: row.try_get("description")?,
        artwork_type: optional_enum_column(row, "artwork_type", ArtworkType::parse)?,
        notes: row.try_get("note")?,
        condition: optional_enum_column(row, "condition", Condition::parse)?,
        lat: row.try_get("lat")?,
        lon: row.try_get("lon")?,
        photos: PhotoDto::list(
            &with_private_exif(
                row.try_get::<Value, _>("photos")?,
                row.try_get::<Option<Value>, _>("photo_privacy")?.as_ref(),
            ),
            true,
        )
        .into_iter()
        .map(|p| p.signed(signer, now))
        .collect(),
        unprocessable_photos: row.try_get("unprocessable_photos")?,
        tags: row.try_get("tags")?,
        artists: serde_json::from_value(names).unwrap_or_default(),
        artwork_id: row.try_get("artwork_id")?,
        artwork_title: row.try_get("artwork_title")?,
        reason: row.try_get("reason")?,
        queue_position: row.try_get("queue_position")?,
        created_at: row.try_get("created_at")?,
        decided_at: row.try_get("decided_at")?,
        submitter: moderator.then(|| Submitter {
            id: submitter,
            display_name: display_name(submitter, row.try_get("profile_name").ok().flatten()),
        }),
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct PageParams {
    /// From 1 (default 1).
    page: Option<String>,
    /// 1 to 100 (default 20).
    limit: Option<String>,
}

/// `GET /api/me/submissions`: the caller's own submissions (and those of the anonymous
/// identities its account claimed), newest first, pending ones included.
#[utoipa::path(get, path = "/api/me/submissions", tag = "me",
    params(PageParams),
    responses((status = 200, body = platform::http::Envelope<SubmissionList>)))]
pub async fn my_submissions(
    State(state): State<QueryState>,
    caller: Caller,
    min: Option<MinPosition>,
    Query(p): Query<PageParams>,
) -> Result<Response, ApiError> {
    let page = int_param("page", p.page.as_deref(), 1, 1, 10_000)?;
    let limit = int_param("limit", p.limit.as_deref(), 20, 1, 100)?;
    let caught_up = consistent(&state, min, READS).await;
    let ids = caller.identities(&state.pool).await?;
    let total: i64 =
        sqlx::query_scalar("SELECT count(*) FROM rm.submissions WHERE submitter = ANY($1)")
            .bind(&ids)
            .fetch_one(&state.pool)
            .await?;
    let pagination = Pagination::new(page, limit, total);
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} {FROM} WHERE s.submitter = ANY($1)
          ORDER BY s.created_at DESC, s.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(&ids)
    .bind(i64::from(limit))
    .bind(pagination.offset())
    .fetch_all(&state.pool)
    .await?;
    let signer = state.image_signing.get(&state.pool).await?;
    let list = SubmissionList::from_rows(&rows, false, signer, pagination)?;
    Ok(private(
        caller.respond(with_consistency(ok(list), caught_up)),
    ))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct QueueParams {
    page: Option<String>,
    /// 1 to 100 (default 20).
    limit: Option<String>,
    /// pending (default), approved, rejected or withdrawn.
    status: Option<String>,
    /// new_artwork or logbook; all when absent.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    kind: Option<String>,
}

/// `GET /api/review/queue`: submissions by status and type, oldest first (moderators).
#[utoipa::path(get, path = "/api/review/queue", tag = "review",
    params(QueueParams),
    responses(
        (status = 200, body = platform::http::Envelope<SubmissionList>),
        (status = 400, body = platform::http::ErrorBody),
        (status = 401, body = platform::http::ErrorBody),
        (status = 403, body = platform::http::ErrorBody)))]
pub async fn review_queue(
    State(state): State<QueryState>,
    caller: Caller,
    min: Option<MinPosition>,
    Query(p): Query<QueueParams>,
) -> Result<Response, ApiError> {
    let (caller, caught_up) = moderator_after(&state, caller, min).await?;
    let page = int_param("page", p.page.as_deref(), 1, 1, 10_000)?;
    let limit = int_param("limit", p.limit.as_deref(), REVIEW_QUEUE_LIMIT, 1, 100)?;
    let status = p
        .status
        .as_deref()
        .filter(|s| !s.is_empty())
        .unwrap_or("pending");
    if domain::SubmissionStatus::parse(status).is_none() {
        return Err(ApiError::validation(
            "status",
            "status must be pending, approved, rejected or withdrawn",
        ));
    }
    let kind = p.kind.as_deref().filter(|k| !k.is_empty());
    if kind.is_some_and(|k| domain::SubmissionKind::parse(k).is_none()) {
        return Err(ApiError::validation(
            "type",
            "type must be new_artwork or logbook",
        ));
    }
    let _ = caller;
    let total: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM rm.submissions WHERE status = $1 AND ($2::text IS NULL OR kind = $2)",
    )
    .bind(status)
    .bind(kind)
    .fetch_one(&state.pool)
    .await?;
    let pagination = Pagination::new(page, limit, total);
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} {FROM} WHERE s.status = $1 AND ($2::text IS NULL OR s.kind = $2)
          ORDER BY s.created_at, s.id LIMIT $3 OFFSET $4"
    ))
    .bind(status)
    .bind(kind)
    .bind(i64::from(limit))
    .bind(pagination.offset())
    .fetch_all(&state.pool)
    .await?;
    let signer = state.image_signing.get(&state.pool).await?;
    let list = SubmissionList::from_rows(&rows, true, signer, pagination)?;
    Ok(private(with_consistency(ok(list), caught_up)))
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ReviewDetail {
    pub submission: SubmissionDto,
    /// Approved artworks within 100 m, the likeliest duplicate first (for a visit, without its
    /// own artwork).
    pub nearby: Vec<NearbyCandidate>,
}

/// `GET /api/review/submission/{id}`: one submission with the artworks near it (moderators).
#[utoipa::path(get, path = "/api/review/submission/{id}", tag = "review",
    params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = platform::http::Envelope<ReviewDetail>),
        (status = 401, body = platform::http::ErrorBody),
        (status = 403, body = platform::http::ErrorBody),
        (status = 404, description = "Submission not found", body = platform::http::ErrorBody)))]
pub async fn review_submission(
    State(state): State<QueryState>,
    caller: Caller,
    PathId(id): PathId,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let (_, caught_up) = moderator_after(&state, caller, min).await?;
    let row = sqlx::query(&format!("SELECT {COLUMNS} {FROM} WHERE s.id = $1"))
        .bind(id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound("Submission not found".into()))?;
    let submission = from_row(&row, true, state.image_signing.get(&state.pool).await?)?;
    let exclude = (submission.submission_type == SubmissionKind::Logbook)
        .then_some(submission.artwork_id)
        .flatten();
    let nearby = duplicate_candidates(
        &state.pool,
        submission.lat,
        submission.lon,
        submission.title.as_deref(),
        submission.artwork_type,
        exclude,
    )
    .await?;
    Ok(private(with_consistency(
        ok(ReviewDetail { submission, nearby }),
        caught_up,
    )))
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PendingByType {
    pub new_artwork: i64,
    pub logbook: i64,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ReviewStats {
    pub pending: i64,
    pub approved: i64,
    pub rejected: i64,
    pub withdrawn: i64,
    pub pending_by_type: PendingByType,
    pub oldest_pending_at: Option<DateTime<Utc>>,
    /// Approvals and rejections in the last 7 days.
    pub decided_last_7_days: i64,
}

/// `GET /api/review/stats` (moderators).
#[utoipa::path(get, path = "/api/review/stats", tag = "review",
    responses(
        (status = 200, body = platform::http::Envelope<ReviewStats>),
        (status = 401, body = platform::http::ErrorBody),
        (status = 403, body = platform::http::ErrorBody)))]
pub async fn review_stats(
    State(state): State<QueryState>,
    caller: Caller,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let (_, caught_up) = moderator_after(&state, caller, min).await?;
    let row = sqlx::query(
        "SELECT count(*) FILTER (WHERE status = 'pending') AS pending,
                count(*) FILTER (WHERE status = 'approved') AS approved,
                count(*) FILTER (WHERE status = 'rejected') AS rejected,
                count(*) FILTER (WHERE status = 'withdrawn') AS withdrawn,
                count(*) FILTER (WHERE status = 'pending' AND kind = 'new_artwork') AS p_new,
                count(*) FILTER (WHERE status = 'pending' AND kind = 'logbook') AS p_log,
                min(created_at) FILTER (WHERE status = 'pending') AS oldest,
                count(*) FILTER (WHERE status IN ('approved', 'rejected')
                                   AND decided_at > now() - interval '7 days') AS recent
           FROM rm.submissions",
    )
    .fetch_one(&state.pool)
    .await?;
    let stats = ReviewStats {
        pending: row.try_get("pending")?,
        approved: row.try_get("approved")?,
        rejected: row.try_get("rejected")?,
        withdrawn: row.try_get("withdrawn")?,
        pending_by_type: PendingByType {
            new_artwork: row.try_get("p_new")?,
            logbook: row.try_get("p_log")?,
        },
        oldest_pending_at: row.try_get("oldest")?,
        decided_last_7_days: row.try_get("recent")?,
    };
    Ok(private(with_consistency(ok(stats), caught_up)))
}

/// One approved visit in an artwork's logbook.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LogbookEntryDto {
    pub id: Uuid,
    pub note: Option<String>,
    pub condition: Option<Condition>,
    pub photos: Vec<PhotoDto>,
    pub visited_at: DateTime<Utc>,
    pub visitor: Submitter,
}

/// The newest entries of an artwork's logbook.
pub async fn logbook_of(
    pool: &sqlx::PgPool,
    artwork: Uuid,
    limit: i64,
) -> Result<Vec<LogbookEntryDto>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT v.submission_id, v.note, v.condition, v.photos, v.visited_at, v.visitor,
                acc.profile_name
           FROM rm.artwork_visits v
           LEFT JOIN rm.accounts acc ON acc.account_id = v.visitor
          WHERE v.artwork_id = $1
          ORDER BY v.visited_at DESC, v.submission_id DESC LIMIT $2",
    )
    .bind(artwork)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|r| {
            let visitor: Uuid = r.try_get("visitor")?;
            Ok(LogbookEntryDto {
                id: r.try_get("submission_id")?,
                note: r.try_get("note")?,
                condition: optional_enum_column(r, "condition", Condition::parse)?,
                photos: PhotoDto::list(&r.try_get::<Value, _>("photos")?, false),
                visited_at: r.try_get("visited_at")?,
                visitor: Submitter {
                    id: visitor,
                    display_name: display_name(visitor, r.try_get("profile_name").ok().flatten()),
                },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn private_exif_comes_from_the_media_row_unless_erased() {
        let photos = json!([
            { "key": "a1", "width": 4, "height": 3, "exif": { "orientation": 1, "width": 4, "height": 3 } },
            { "key": "b2", "width": 4, "height": 3,
              "exif": { "latitude": 49.0, "longitude": -123.0, "make": "Old", "orientation": 6 } },
            { "key": "c3", "width": 4, "height": 3, "exif": { "orientation": 1 } }
        ]);
        let privacy = json!({
            "a1": { "exif": { "latitude": 1.5, "longitude": 2.5, "orientation": 1 }, "erased": false },
            "b2": { "exif": null, "erased": true }
        });
        let out = with_private_exif(photos.clone(), Some(&privacy));
        assert_eq!(
            out[0]["exif"],
            json!({ "latitude": 1.5, "longitude": 2.5, "orientation": 1 })
        );
        // Erased: an old event's copy in the read model loses its personal fields.
        assert_eq!(out[1]["exif"], json!({ "orientation": 6 }));
        // No media row: as the read model has it.
        assert_eq!(out[2], photos[2]);
        assert_eq!(with_private_exif(photos.clone(), None), photos);
    }
}
