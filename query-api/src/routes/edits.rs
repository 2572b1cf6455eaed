//! Edit proposals as their authors and moderators read them: the caller's own pending edits of
//! an artwork or an artist, the moderators' queues, and one edit field by field against the
//! artwork or artist now.

use axum::extract::State;
use axum::response::Response;
use platform::http::{ok, ApiError, MinPosition, PathId, Query};
use platform::identity::{Caller, Moderator};
use projectors::submissions::artist_edits::{self, ArtistEditDetail, ArtistEditSummary};
use projectors::submissions::edits::{self, EditDetail, EditSummary, PendingEdit};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::routes::params::int_param;
use crate::routes::respond::{consistent, private, with_consistency};
use crate::routes::submissions::moderator_after;
use crate::state::QueryState;

/// Read models these endpoints read (for `X-Min-Position`).
const READS: &[&str] = &["submissions", "artworks", "accounts"];
/// Read models the artist edit endpoints read.
const ARTIST_READS: &[&str] = &["submissions", "artists", "accounts"];

/// The review queue's default page size (SPEC §9).
const PER_PAGE: u32 = 20;

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
    let caught_up = consistent(&state, min, READS).await;
    let edits = match caller.account() {
        None => Vec::new(),
        Some(_) => {
            let ids = projectors::accounts::read::identities(&state.pool, &caller).await?;
            edits::pending_of(&state.pool, id, &ids).await?
        }
    };
    Ok(private(caller.respond(with_consistency(
        ok(PendingEdits { edits }),
        caught_up,
    ))))
}

/// `GET /api/review/artwork-edits`: moderators' queue of pending edits, oldest first.
#[utoipa::path(get, path = "/api/review/artwork-edits", tag = "review",
    params(EditQueueParams),
    responses(
        (status = 200, body = platform::http::Envelope<EditQueue>),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody)))]
pub async fn edit_queue(
    State(state): State<QueryState>,
    Moderator(caller): Moderator,
    min: Option<MinPosition>,
    Query(p): Query<EditQueueParams>,
) -> Result<Response, ApiError> {
    let page = int_param("page", p.page.as_deref(), 1, 1, 10_000)?;
    let per_page = int_param("per_page", p.per_page.as_deref(), PER_PAGE, 1, 100)?;
    let (caller, caught_up) = moderator_after(&state, caller, min, READS).await?;
    let offset = i64::from(page - 1) * i64::from(per_page);
    let (rows, total) = edits::queue(&state.pool, i64::from(per_page), offset).await?;
    let queue = EditQueue {
        edits: rows,
        total,
        page,
        per_page,
    };
    Ok(private(
        caller.respond(with_consistency(ok(queue), caught_up)),
    ))
}

/// `GET /api/review/artwork-edits/{id}`: one edit, each field with the value its proposer saw,
/// the proposed one and the artwork's now (`stale` when those differ).
#[utoipa::path(get, path = "/api/review/artwork-edits/{id}", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    responses(
        (status = 200, body = platform::http::Envelope<EditDetail>),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody),
        (status = 404, description = "No such edit", body = platform::http::ErrorBody)))]
pub async fn edit_detail(
    State(state): State<QueryState>,
    Moderator(caller): Moderator,
    min: Option<MinPosition>,
    PathId(id): PathId,
) -> Result<Response, ApiError> {
    let (caller, caught_up) = moderator_after(&state, caller, min, READS).await?;
    let detail = edits::detail(&state.pool, id)
        .await?
        .ok_or_else(|| edit_not_found(id))?;
    Ok(private(
        caller.respond(with_consistency(ok(detail), caught_up)),
    ))
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
    let caught_up = consistent(&state, min, ARTIST_READS).await;
    let edits = match caller.account() {
        None => Vec::new(),
        Some(_) => {
            let ids = projectors::accounts::read::identities(&state.pool, &caller).await?;
            artist_edits::pending_of(&state.pool, id, &ids).await?
        }
    };
    Ok(private(caller.respond(with_consistency(
        ok(PendingEdits { edits }),
        caught_up,
    ))))
}

/// `GET /api/review/artist-edits`: moderators' queue of pending artist edits and new artists,
/// oldest first.
#[utoipa::path(get, path = "/api/review/artist-edits", tag = "review",
    params(EditQueueParams),
    responses(
        (status = 200, body = platform::http::Envelope<ArtistEditQueue>),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody)))]
pub async fn artist_edit_queue(
    State(state): State<QueryState>,
    Moderator(caller): Moderator,
    min: Option<MinPosition>,
    Query(p): Query<EditQueueParams>,
) -> Result<Response, ApiError> {
    let page = int_param("page", p.page.as_deref(), 1, 1, 10_000)?;
    let per_page = int_param("per_page", p.per_page.as_deref(), PER_PAGE, 1, 100)?;
    let (caller, caught_up) = moderator_after(&state, caller, min, ARTIST_READS).await?;
    let offset = i64::from(page - 1) * i64::from(per_page);
    let (rows, total) = artist_edits::queue(&state.pool, i64::from(per_page), offset).await?;
    let queue = ArtistEditQueue {
        edits: rows,
        total,
        page,
        per_page,
    };
    Ok(private(
        caller.respond(with_consistency(ok(queue), caught_up)),
    ))
}

/// `GET /api/review/artist-edits/{id}`: one artist edit, each field with the value its
/// proposer saw, the proposed one and the artist's now (`stale` when those differ).
#[utoipa::path(get, path = "/api/review/artist-edits/{id}", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    responses(
        (status = 200, body = platform::http::Envelope<ArtistEditDetail>),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody),
        (status = 404, description = "No such artist edit", body = platform::http::ErrorBody)))]
pub async fn artist_edit_detail(
    State(state): State<QueryState>,
    Moderator(caller): Moderator,
    min: Option<MinPosition>,
    PathId(id): PathId,
) -> Result<Response, ApiError> {
    let (caller, caught_up) = moderator_after(&state, caller, min, ARTIST_READS).await?;
    let detail = artist_edits::detail(&state.pool, id)
        .await?
        .ok_or_else(|| edit_not_found(id))?;
    Ok(private(
        caller.respond(with_consistency(ok(detail), caught_up)),
    ))
}

fn edit_not_found(id: Uuid) -> ApiError {
    ApiError::NotFound(format!("Edit {id} not found"))
}
