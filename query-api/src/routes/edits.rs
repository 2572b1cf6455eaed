//! Edit proposals as their authors and moderators read them: the caller's own pending edits of
//! an artwork or an artist, the moderators' queues, and one edit field by field against the
//! artwork or artist now. One generic handler per read, over the subject's changes
//! (`projectors::submissions::edits::Subject`); each SPEC URL is a thin alias.

use axum::extract::State;
use axum::response::Response;
use domain::{ArtistFieldEdit, FieldEdit};
use platform::http::{ok, ApiError, MinPosition, PathId, Query};
use platform::identity::{Caller, Moderator};
use projectors::submissions::edits::{
    self, ArtistEditDetail, ArtistEditSummary, EditDetail, EditSummary, PendingEdit, Queued,
    Reviewed, Subject,
};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::routes::params::int_param;
use crate::routes::respond::{consistent, private, with_consistency};
use crate::routes::submissions::moderator_after;
use crate::state::QueryState;

/// Read models the artwork edit endpoints read (for `X-Min-Position`).
const READS: &[&str] = &["submissions", "artworks", "accounts"];
/// Read models the artist edit endpoints read.
const ARTIST_READS: &[&str] = &["submissions", "artists", "accounts"];

/// The review queue's default page size (SPEC §9).
const PER_PAGE: u32 = 20;

/// The caller's own pending edits of subject `id` (none for anonymous callers).
async fn pending<C: Subject>(
    state: &QueryState,
    caller: Caller,
    min: Option<MinPosition>,
    id: Uuid,
    reads: &[&str],
) -> Result<Response, ApiError> {
    let caught_up = consistent(state, min, reads).await;
    let edits = match caller.account() {
        None => Vec::new(),
        Some(_) => {
            let ids = projectors::accounts::read::identities(&state.pool, &caller).await?;
            edits::pending_of::<C>(&state.pool, id, &ids).await?
        }
    };
    Ok(private(caller.respond(with_consistency(
        ok(PendingEdits { edits }),
        caught_up,
    ))))
}

/// A page of the subject's queue, answered as `page` builds it.
async fn queue<C: Subject, P: Serialize>(
    state: &QueryState,
    caller: Caller,
    min: Option<MinPosition>,
    p: EditQueueParams,
    reads: &[&str],
    page_of: impl FnOnce(Vec<Queued>, i64, u32, u32) -> P,
) -> Result<Response, ApiError> {
    let page = int_param("page", p.page.as_deref(), 1, 1, 10_000)?;
    let per_page = int_param("per_page", p.per_page.as_deref(), PER_PAGE, 1, 100)?;
    let (caller, caught_up) = moderator_after(state, caller, min, reads).await?;
    let offset = i64::from(page - 1) * i64::from(per_page);
    let (rows, total) = edits::queue::<C>(&state.pool, i64::from(per_page), offset).await?;
    let answer = page_of(rows, total, page, per_page);
    Ok(private(
        caller.respond(with_consistency(ok(answer), caught_up)),
    ))
}

/// One edit of the subject's queue, in the subject's words (`D`).
async fn detail<C: Subject, D: Serialize + From<Reviewed>>(
    state: &QueryState,
    caller: Caller,
    min: Option<MinPosition>,
    id: Uuid,
    reads: &[&str],
) -> Result<Response, ApiError> {
    let (caller, caught_up) = moderator_after(state, caller, min, reads).await?;
    let detail = edits::detail::<C>(&state.pool, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("Edit {id} not found")))?;
    Ok(private(
        caller.respond(with_consistency(ok(D::from(detail)), caught_up)),
    ))
}

/// The caller's own pending edits of one artwork.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PendingEdits {
    pub edits: Vec<PendingEdit>,
}

/// A page of the edits waiting for review.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EditQueue {
    pub edits: Vec<EditSummary>,
    pub total: i64,
    pub page: u32,
    pub per_page: u32,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct EditQueueParams {
    /// From 1 (default 1).
    page: Option<String>,
    /// 1 to 100 (default 20).
    per_page: Option<String>,
}

/// `GET /api/artwork/{id}/pending-edits`: the caller's own edits of this artwork still waiting
/// for review, newest first (anonymous callers have none).
#[utoipa::path(get, path = "/api/artwork/{id}/pending-edits", tag = "edits",
    params(("id" = uuid::Uuid, Path)),
    responses((status = 200, body = platform::http::Envelope<PendingEdits>)))]
pub async fn pending_edits(
    State(state): State<QueryState>,
    caller: Caller,
    min: Option<MinPosition>,
    PathId(id): PathId,
) -> Result<Response, ApiError> {
    pending::<FieldEdit>(&state, caller, min, id, READS).await
}

/// `GET /api/review/artwork-edits`: moderators' queue of pending edits, oldest first.
#[utoipa::path(get, path = "/api/review/artwork-edits", tag = "review",
    params(EditQueueParams),
    responses(
        (status = 200, body = platform::http::Envelope<EditQueue>),
        Moderator))]
pub async fn edit_queue(
    State(state): State<QueryState>,
    Moderator(caller): Moderator,
    min: Option<MinPosition>,
    Query(p): Query<EditQueueParams>,
) -> Result<Response, ApiError> {
    queue::<FieldEdit, _>(
        &state,
        caller,
        min,
        p,
        READS,
        |rows, total, page, per_page| EditQueue {
            edits: rows.into_iter().map(Into::into).collect(),
            total,
            page,
            per_page,
        },
    )
    .await
}

/// `GET /api/review/artwork-edits/{id}`: one edit, each field with the value its proposer saw,
/// the proposed one and the artwork's now (`stale` when those differ).
#[utoipa::path(get, path = "/api/review/artwork-edits/{id}", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    responses(
        (status = 200, body = platform::http::Envelope<EditDetail>),
        (status = 404, description = "No such edit", body = platform::http::ErrorBody),
        Moderator))]
pub async fn edit_detail(
    State(state): State<QueryState>,
    Moderator(caller): Moderator,
    min: Option<MinPosition>,
    PathId(id): PathId,
) -> Result<Response, ApiError> {
    detail::<FieldEdit, EditDetail>(&state, caller, min, id, READS).await
}

/// A page of the artist edits (and new artists) waiting for review.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ArtistEditQueue {
    pub edits: Vec<ArtistEditSummary>,
    pub total: i64,
    pub page: u32,
    pub per_page: u32,
}

/// `GET /api/artist/{id}/pending-edits`: the caller's own edits of this artist still waiting
/// for review, newest first (anonymous callers have none).
#[utoipa::path(get, path = "/api/artist/{id}/pending-edits", tag = "edits",
    params(("id" = uuid::Uuid, Path)),
    responses((status = 200, body = platform::http::Envelope<PendingEdits>)))]
pub async fn pending_artist_edits(
    State(state): State<QueryState>,
    caller: Caller,
    min: Option<MinPosition>,
    PathId(id): PathId,
) -> Result<Response, ApiError> {
    pending::<ArtistFieldEdit>(&state, caller, min, id, ARTIST_READS).await
}

/// `GET /api/review/artist-edits`: moderators' queue of pending artist edits and new artists,
/// oldest first.
#[utoipa::path(get, path = "/api/review/artist-edits", tag = "review",
    params(EditQueueParams),
    responses(
        (status = 200, body = platform::http::Envelope<ArtistEditQueue>),
        Moderator))]
pub async fn artist_edit_queue(
    State(state): State<QueryState>,
    Moderator(caller): Moderator,
    min: Option<MinPosition>,
    Query(p): Query<EditQueueParams>,
) -> Result<Response, ApiError> {
    queue::<ArtistFieldEdit, _>(
        &state,
        caller,
        min,
        p,
        ARTIST_READS,
        |rows, total, page, per_page| ArtistEditQueue {
            edits: rows.into_iter().map(Into::into).collect(),
            total,
            page,
            per_page,
        },
    )
    .await
}

/// `GET /api/review/artist-edits/{id}`: one artist edit, each field with the value its
/// proposer saw, the proposed one and the artist's now (`stale` when those differ).
#[utoipa::path(get, path = "/api/review/artist-edits/{id}", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    responses(
        (status = 200, body = platform::http::Envelope<ArtistEditDetail>),
        (status = 404, description = "No such artist edit", body = platform::http::ErrorBody),
        Moderator))]
pub async fn artist_edit_detail(
    State(state): State<QueryState>,
    Moderator(caller): Moderator,
    min: Option<MinPosition>,
    PathId(id): PathId,
) -> Result<Response, ApiError> {
    detail::<ArtistFieldEdit, ArtistEditDetail>(&state, caller, min, id, ARTIST_READS).await
}
