//! Moderators' commands on an artwork itself: revert a change.

use axum::extract::State;
use axum::response::Response;
use platform::http::{ok, with_position, ApiError, Envelope, PathId};
use platform::identity::Caller;

use super::{no_store, Body, CommandState};
use crate::artworks::{RevertRequest, Reverted};
use crate::submissions::Reviewer;

/// `POST /api/artworks/{id}/revert`: moderators undo one change (or every change after it).
#[utoipa::path(post, path = "/api/artworks/{id}/revert", tag = "artworks",
    params(("id" = uuid::Uuid, Path)),
    request_body = RevertRequest,
    responses(
        (status = 200, description = "Reverted; the history shows it", body = Envelope<Reverted>),
        (status = 400, description = "'A reason is required', 'This change cannot be reverted'", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody),
        (status = 404, description = "No such artwork or change", body = platform::http::ErrorBody),
        (status = 409, description = "'{field} changed after this change; revert the later change first'", body = platform::http::ErrorBody)))]
pub async fn revert(
    State(s): State<CommandState>,
    caller: Caller,
    PathId(id): PathId,
    Body(req): Body<RevertRequest>,
) -> Result<Response, ApiError> {
    let reviewer = Reviewer::of(&caller, s.submissions.pool()).await?;
    let (answer, position) = s.artworks.revert(&reviewer, id, req).await?;
    Ok(no_store(with_position(ok(answer), position)))
}
