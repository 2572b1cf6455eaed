//! Moderators' commands on an artwork itself: revert a change, merge a duplicate, unmerge.

use axum::response::Response;
use platform::http::{ApiError, Envelope, PathId};
use platform::identity::Moderator;

use super::{written, Body, Write};
use crate::actor::Reviewer;
use crate::artworks::{self, MergeRequest, Merged, RevertRequest, Reverted, UnmergeRequest};

/// Moderators' commands on artwork `{id}`, each a handler `$name` passing its body to its use
/// case `$name::run` and answering 200 with what it did (`$done`, described as `$what`), or one
/// of its refusals.
macro_rules! artwork_commands {
    ($(
        $(#[doc = $doc:tt])*
        $path:literal, $name:ident($Req:ty) -> $Done:ty, $what:literal
            $(, $status:tt $why:literal)+;
    )+) => {$(
        $(#[doc = $doc])*
        #[utoipa::path(post, path = $path, tag = "artworks",
            params(("id" = uuid::Uuid, Path)),
            request_body = $Req,
            responses(
                (status = 200, description = $what, body = Envelope<$Done>),
                $((status = $status, description = $why, body = platform::http::ErrorBody),)+
                Moderator))]
        pub async fn $name(
            w: Write<Reviewer, Moderator>,
            PathId(id): PathId,
            Body(req): Body<$Req>,
        ) -> Result<Response, ApiError> {
            let (answer, position) = artworks::$name::run(&w.state.commands, &w.actor, id, req).await?;
            Ok(written(answer, position))
        }
    )+};
}

artwork_commands! {
    /// `POST /api/artworks/{id}/revert`: moderators undo one change (or every change after it).
    "/api/artworks/{id}/revert", revert(RevertRequest) -> Reverted, "Reverted; the history shows it",
        400 "'A reason is required', 'This change cannot be reverted'",
        404 "No such artwork or change",
        409 "'{field} changed after this change; revert the later change first'";

    /// `POST /api/artworks/{id}/merge`: moderators merge this duplicate into `into`: its photos,
    /// logbook and the tags `into` lacks move there, and this id answers with `merged_into`.
    "/api/artworks/{id}/merge", merge(MergeRequest) -> Merged, "Merged; counts of what moved",
        400 "'A reason is required', 'An artwork cannot be merged into itself'",
        404 "Either artwork not found",
        409 "'This artwork was already merged into …', 'That artwork was itself merged into another; merge into that one', 'This artwork holds merged duplicates; unmerge them first'";

    /// `POST /api/artworks/{id}/unmerge`: moderators undo this duplicate's merge; both artworks are
    /// as they were, with what changed since kept.
    "/api/artworks/{id}/unmerge", unmerge(UnmergeRequest) -> Merged,
        "Unmerged; counts of what went back",
        400 "'A reason is required', 'This artwork is not merged'", 404 "No such artwork";
}
