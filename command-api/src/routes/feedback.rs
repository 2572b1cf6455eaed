//! Feedback: anyone sends it; moderators archive or resolve it.

use axum::response::Response;
use platform::http::{ApiError, Envelope, PathId};
use platform::identity::Moderator;
use serde::Serialize;
use uuid::Uuid;

use super::{created, written, Body, OptionalBody, Write};
use crate::actor::{Reviewer, Sender};
use crate::feedback::{self, ArchiveFeedback, ResolveFeedback, SendFeedback};

/// What a feedback call answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FeedbackReceipt {
    pub id: Uuid,
}

/// `POST /api/feedback`: a private note to the moderators (anyone, anonymous too).
#[utoipa::path(post, path = "/api/feedback", tag = "feedback",
    request_body = SendFeedback,
    responses(
        (status = 201, description = "Sent", body = Envelope<FeedbackReceipt>),
        (status = 400, description = "'Note is required', 'Note must be at most 1000 characters', a bad subject_type or issue_type (details.field names it)", body = platform::http::ErrorBody),
        (status = 404, description = "'Artwork not found', 'Artist not found'", body = platform::http::ErrorBody),
        (status = 429, description = "10 an hour per identity, 20 per client; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn send_feedback(
    w: Write<Sender>,
    Body(req): Body<SendFeedback>,
) -> Result<Response, ApiError> {
    let (id, position) = feedback::send::run(&w.state.commands, &w.actor, req).await?;
    Ok(w.caller.respond(created(FeedbackReceipt { id }, position)))
}

/// Moderators closing feedback `{id}`, each a handler `$name` passing its body to its use case
/// `feedback::$step::run` and answering 200 with the feedback's id (`$done`), or a refusal: its
/// own, then those every close has.
macro_rules! feedback_closes {
    ($(
        $(#[doc = $doc:tt])*
        $path:literal, $name:ident($body:ident<$Req:ty>) => $step:ident, $done:literal
            $(, $status:tt $why:literal)*;
    )+) => {$(
        $(#[doc = $doc])*
        #[utoipa::path(post, path = $path, tag = "moderation",
            params(("id" = Uuid, Path)),
            request_body = $Req,
            responses(
                (status = 200, description = $done, body = Envelope<FeedbackReceipt>),
                $((status = $status, description = $why, body = platform::http::ErrorBody),)*
                (status = 404, description = "'Feedback not found'", body = platform::http::ErrorBody),
                (status = 409, description = "'This feedback was already archived|resolved'", body = platform::http::ErrorBody),
                Moderator))]
        pub async fn $name(
            w: Write<Reviewer, Moderator>,
            PathId(id): PathId,
            $body(req): $body<$Req>,
        ) -> Result<Response, ApiError> {
            let position = feedback::$step::run(&w.state.commands, &w.actor, id, req).await?;
            Ok(written(FeedbackReceipt { id }, position))
        }
    )+};
}

feedback_closes! {
    /// `POST /api/moderation/feedback/{id}/archive {note?}`: moderators put feedback aside.
    "/api/moderation/feedback/{id}/archive", archive_feedback(OptionalBody<ArchiveFeedback>)
        => archive, "Archived";

    /// `POST /api/moderation/feedback/{id}/resolve {note, remove_artwork}`: moderators resolve
    /// feedback with a note told to its sender; a confirmed missing artwork is marked removed.
    "/api/moderation/feedback/{id}/resolve", resolve_feedback(Body<ResolveFeedback>)
        => resolve, "Resolved",
        400 "'Note is required', 'Only a report that an artwork is missing can remove it'";
}
