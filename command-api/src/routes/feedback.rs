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

/// `POST /api/moderation/feedback/{id}/archive {note?}`: moderators put feedback aside.
#[utoipa::path(post, path = "/api/moderation/feedback/{id}/archive", tag = "moderation",
    params(("id" = Uuid, Path)),
    request_body = ArchiveFeedback,
    responses(
        (status = 200, description = "Archived", body = Envelope<FeedbackReceipt>),
        (status = 404, description = "'Feedback not found'", body = platform::http::ErrorBody),
        (status = 409, description = "'This feedback was already archived|resolved'", body = platform::http::ErrorBody),
        Moderator))]
pub async fn archive_feedback(
    w: Write<Reviewer, Moderator>,
    PathId(id): PathId,
    OptionalBody(req): OptionalBody<ArchiveFeedback>,
) -> Result<Response, ApiError> {
    let position = feedback::archive::run(&w.state.commands, &w.actor, id, req).await?;
    Ok(written(FeedbackReceipt { id }, position))
}

/// `POST /api/moderation/feedback/{id}/resolve {note, remove_artwork}`: moderators resolve
/// feedback with a note told to its sender; a confirmed missing artwork is marked removed.
#[utoipa::path(post, path = "/api/moderation/feedback/{id}/resolve", tag = "moderation",
    params(("id" = Uuid, Path)),
    request_body = ResolveFeedback,
    responses(
        (status = 200, description = "Resolved", body = Envelope<FeedbackReceipt>),
        (status = 400, description = "'Note is required', 'Only a report that an artwork is missing can remove it'", body = platform::http::ErrorBody),
        (status = 404, description = "'Feedback not found'", body = platform::http::ErrorBody),
        (status = 409, description = "'This feedback was already archived|resolved'", body = platform::http::ErrorBody),
        Moderator))]
pub async fn resolve_feedback(
    w: Write<Reviewer, Moderator>,
    PathId(id): PathId,
    Body(req): Body<ResolveFeedback>,
) -> Result<Response, ApiError> {
    let position = feedback::resolve::run(&w.state.commands, &w.actor, id, req).await?;
    Ok(written(FeedbackReceipt { id }, position))
}
