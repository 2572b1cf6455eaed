//! Submissions as their authors and moderators read them: "my submissions" with queue
//! positions, the review queue, one submission with the artworks near it, and review statistics.

use axum::extract::State;
use axum::response::Response;
use chrono::Utc;
use domain::{ActorId, SubmissionKind};
use platform::http::{ApiError, MinPosition, PathId, Query};
use platform::identity::{Caller, Moderator};
use projectors::candidates::{duplicate_candidates, NearbyCandidate};
use projectors::submissions;
use projectors::submissions::read::Viewer;
use serde::{Deserialize, Serialize};
use std::future::Future;

use crate::routes::params::{page_limit, word_param, Pagination};
use crate::routes::respond::{caller_ok, checked_after, identities_after, private_ok};
use crate::state::QueryState;

/// Read models these endpoints read (for `X-Min-Position`).
const READS: &[&str] = &["submissions", "accounts"];

/// SPEC §9: review queue limit 20.
pub const REVIEW_QUEUE_LIMIT: u32 = 20;

pub use projectors::accounts::read::Submitter;
pub use projectors::submissions::read::{PendingByType, ReviewStats, SubmissionDto};

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SubmissionList {
    pub submissions: Vec<SubmissionDto>,
    pub total: i64,
    pub page: u32,
    pub limit: u32,
    pub pagination: Pagination,
}

impl SubmissionList {
    fn new(submissions: Vec<SubmissionDto>, pagination: Pagination) -> Self {
        Self {
            submissions,
            total: pagination.total,
            page: pagination.page,
            limit: pagination.limit,
            pagination,
        }
    }
}

/// How the caller sees submission answers (photos at signed URLs; moderators see submitters).
async fn viewer(state: &QueryState, moderator: bool) -> Result<Viewer<'_>, ApiError> {
    Ok(Viewer {
        moderator,
        signer: state.image_signing.get(&state.pool).await?,
        now: Utc::now(),
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct PageParams {
    /// From 1 (default 1).
    page: Option<String>,
    /// 1 to 100 (default 20).
    limit: Option<String>,
}

/// A page (`p`) of what the caller sent as any of its identities (its own and the anonymous ones
/// its account claimed), read once the models `reads` have passed `min`: `read(identities,
/// limit, offset)` gives the page's rows and how many there are in all.
async fn caller_page<T, F>(
    state: &QueryState,
    caller: &Caller,
    min: Option<MinPosition>,
    p: PageParams,
    reads: &[&str],
    read: impl FnOnce(Vec<ActorId>, i64, i64) -> F,
) -> Result<(T, Pagination, bool), ApiError>
where
    F: Future<Output = Result<(T, i64), ApiError>>,
{
    let (page, limit) = page_limit(p.page.as_deref(), p.limit.as_deref(), 20)?;
    let (ids, caught_up) = identities_after(state, caller, min, reads).await?;
    let offset = i64::from(page - 1) * i64::from(limit);
    let (rows, total) = read(ids, i64::from(limit), offset).await?;
    Ok((rows, Pagination::new(page, limit, total), caught_up))
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
    let state = &state;
    let read = |ids: Vec<ActorId>, limit: i64, offset: i64| async move {
        let total = submissions::read::count_by(&state.pool, &ids).await?;
        let viewer = viewer(state, false).await?;
        let rows = submissions::read::page_by(&state.pool, viewer, &ids, limit, offset).await?;
        Ok::<_, ApiError>((rows, total))
    };
    let (rows, pagination, caught_up) = caller_page(state, &caller, min, p, READS, read).await?;
    let list = SubmissionList::new(rows, pagination);
    Ok(caller_ok(&caller, list, caught_up))
}

/// A page of the caller's edit proposals.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MyEdits {
    pub edits: Vec<submissions::read::MyEdit>,
    pub pagination: Pagination,
}

/// `GET /api/me/edits`: the caller's own edit proposals (artwork edits, artist edits and new
/// artists, also those of the anonymous identities its account claimed), newest first, with
/// their outcome: the fields applied, or why they were rejected.
#[utoipa::path(get, path = "/api/me/edits", tag = "me",
    params(PageParams),
    responses((status = 200, body = platform::http::Envelope<MyEdits>)))]
pub async fn my_edits(
    State(state): State<QueryState>,
    caller: Caller,
    min: Option<MinPosition>,
    Query(p): Query<PageParams>,
) -> Result<Response, ApiError> {
    let pool = &state.pool;
    let read = |ids: Vec<ActorId>, limit: i64, offset: i64| async move {
        let found = submissions::read::edits_by(pool, &ids, limit, offset).await;
        found.map_err(ApiError::internal)
    };
    let (edits, pagination, caught_up) =
        caller_page(&state, &caller, min, p, EDIT_READS, read).await?;
    Ok(caller_ok(&caller, MyEdits { edits, pagination }, caught_up))
}

/// Read models "my edits" reads.
const EDIT_READS: &[&str] = &["submissions", "artworks", "artists", "accounts"];

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
    Moderator(caller): Moderator,
    min: Option<MinPosition>,
    Query(p): Query<QueueParams>,
) -> Result<Response, ApiError> {
    let (caller, caught_up) =
        checked_after(&state, caller, min, READS, Caller::require_moderator).await?;
    let (page, limit) = page_limit(p.page.as_deref(), p.limit.as_deref(), REVIEW_QUEUE_LIMIT)?;
    let status = word_param(
        "status",
        p.status.as_deref(),
        "pending",
        |s| domain::SubmissionStatus::parse(s).is_some(),
        "status must be pending, approved, rejected or withdrawn",
    )?;
    let kind = p.kind.as_deref().filter(|k| !k.is_empty());
    if kind.is_some_and(|k| domain::SubmissionKind::parse(k).is_none()) {
        return Err(ApiError::validation(
            "type",
            "type must be new_artwork or logbook",
        ));
    }
    let _ = caller;
    let total = submissions::read::count_in_queue(&state.pool, status, kind).await?;
    let pagination = Pagination::new(page, limit, total);
    let viewer = viewer(&state, true).await?;
    let rows = submissions::read::queue_page(
        &state.pool,
        viewer,
        status,
        kind,
        i64::from(limit),
        pagination.offset(),
    )
    .await?;
    let list = SubmissionList::new(rows, pagination);
    Ok(private_ok(list, caught_up))
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
    Moderator(caller): Moderator,
    PathId(id): PathId,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let (_, caught_up) =
        checked_after(&state, caller, min, READS, Caller::require_moderator).await?;
    let submission = submissions::read::by_id(&state.pool, viewer(&state, true).await?, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Submission not found".into()))?;
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
        None,
    )
    .await?;
    Ok(private_ok(ReviewDetail { submission, nearby }, caught_up))
}

/// `GET /api/review/stats` (moderators).
#[utoipa::path(get, path = "/api/review/stats", tag = "review",
    responses(
        (status = 200, body = platform::http::Envelope<ReviewStats>),
        (status = 401, body = platform::http::ErrorBody),
        (status = 403, body = platform::http::ErrorBody)))]
pub async fn review_stats(
    State(state): State<QueryState>,
    Moderator(caller): Moderator,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let (_, caught_up) =
        checked_after(&state, caller, min, READS, Caller::require_moderator).await?;
    let stats = submissions::read::stats(&state.pool).await?;
    Ok(private_ok(stats, caught_up))
}
