//! Moderators' commands on an artwork itself: revert a change, merge a duplicate, unmerge.

use axum::response::Response;
use platform::http::{ApiError, Envelope, PathId};
use platform::identity::Moderator;

use super::{written, Body, Write};
use crate::actor::Reviewer;
use crate::artworks::{self, MergeRequest, Merged, RevertRequest, Reverted, UnmergeRequest};

/// `POST /api/artworks/{id}/revert`: moderators undo one change (or every change after it).
#[utoipa::path(post, path = "/api/artworks/{id}/revert", tag = "artworks",
    params(("id" = uuid::Uuid, Path)),
    request_body = RevertRequest,
    responses(
        (status = 200, description = "Reverted; the history shows it", body = Envelope<Reverted>),
        (status = 400, description = "'A reason is required', 'This change cannot be reverted'", body = platform::http::ErrorBody),
        (status = 404, description = "No such artwork or change", body = platform::http::ErrorBody),
        (status = 409, description = "'{field} changed after this change; revert the later change first'", body = platform::http::ErrorBody),
        Moderator))]
pub async fn revert(
    w: Write<Reviewer, Moderator>,
    PathId(id): PathId,
    Body(req): Body<RevertRequest>,
) -> Result<Response, ApiError> {
    let (answer, position) = artworks::revert::run(&w.state.commands, &w.actor, id, req).await?;
    Ok(written(answer, position))
}

/// `POST /api/artworks/{id}/merge`: moderators merge this duplicate into `into`: its photos,
/// logbook and the tags `into` lacks move there, and this id answers with `merged_into`.
#[utoipa::path(post, path = "/api/artworks/{id}/merge", tag = "artworks",
    params(("id" = uuid::Uuid, Path)),
    request_body = MergeRequest,
    responses(
        (status = 200, description = "Merged; counts of what moved", body = Envelope<Merged>),
        (status = 400, description = "'A reason is required', 'An artwork cannot be merged into itself'", body = platform::http::ErrorBody),
        (status = 404, description = "Either artwork not found", body = platform::http::ErrorBody),
        (status = 409, description = "'This artwork was already merged into …', 'That artwork was itself merged into another; merge into that one', 'This artwork holds merged duplicates; unmerge them first'", body = platform::http::ErrorBody),
        Moderator))]
pub async fn merge(
    w: Write<Reviewer, Moderator>,
    PathId(id): PathId,
    Body(req): Body<MergeRequest>,
) -> Result<Response, ApiError> {
    let (answer, position) = artworks::merge::run(&w.state.commands, &w.actor, id, req).await?;
    Ok(written(answer, position))
}

/// `POST /api/artworks/{id}/unmerge`: moderators undo this duplicate's merge; both artworks are
/// as they were, with what changed since kept.
#[utoipa::path(post, path = "/api/artworks/{id}/unmerge", tag = "artworks",
    params(("id" = uuid::Uuid, Path)),
    request_body = UnmergeRequest,
    responses(
        (status = 200, description = "Unmerged; counts of what went back", body = Envelope<Merged>),
        (status = 400, description = "'A reason is required', 'This artwork is not merged'", body = platform::http::ErrorBody),
        (status = 404, description = "No such artwork", body = platform::http::ErrorBody),
        Moderator))]
pub async fn unmerge(
    w: Write<Reviewer, Moderator>,
    PathId(id): PathId,
    Body(req): Body<UnmergeRequest>,
) -> Result<Response, ApiError> {
    let (answer, position) = artworks::unmerge::run(&w.state.commands, &w.actor, id, req).await?;
    Ok(written(answer, position))
}
