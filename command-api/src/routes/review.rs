//! Moderators' decisions on submissions: approve, reject, and several at once.

use axum::extract::State;
use axum::response::Response;
use platform::http::{ApiError, Envelope, PathId};
use platform::identity::Moderator;

use super::{reviewer, written, Body, CommandState, OptionalBody};
use crate::submissions::{ApproveRequest, BatchAnswer, BatchRequest, Decided, RejectRequest};

/// `POST /api/review/approve/{id}`: moderators approve a pending submission.
#[utoipa::path(post, path = "/api/review/approve/{id}", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    request_body(content = Option<ApproveRequest>, description = "Optional: action create|link, artwork_id to link, overrides"),
    responses(
        (status = 200, description = "Approved; the artwork created, linked or logged to", body = Envelope<Decided>),
        (status = 400, description = "A missing title to create, a bad override, link without artwork_id", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody),
        (status = 404, description = "No such submission, or the artwork to link", body = platform::http::ErrorBody),
        (status = 409, description = "'This submission was already approved|rejected|withdrawn'", body = platform::http::ErrorBody)))]
pub async fn approve_submission(
    State(s): State<CommandState>,
    Moderator(caller): Moderator,
    PathId(id): PathId,
    // No body (or `{}`) approves with the defaults.
    OptionalBody(req): OptionalBody<ApproveRequest>,
) -> Result<Response, ApiError> {
    let reviewer = reviewer(&caller, s.submissions.pool()).await?;
    let (d, position) = s.submissions.approve(&reviewer, id, req).await?;
    Ok(written(d, position))
}

/// `POST /api/review/reject/{id}`: moderators reject with a reason; the photos are deleted.
#[utoipa::path(post, path = "/api/review/reject/{id}", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    request_body = RejectRequest,
    responses(
        (status = 200, description = "Rejected", body = Envelope<Decided>),
        (status = 400, description = "'A reason is required' or too long", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody),
        (status = 404, description = "No such submission", body = platform::http::ErrorBody),
        (status = 409, description = "Already decided", body = platform::http::ErrorBody)))]
pub async fn reject_submission(
    State(s): State<CommandState>,
    Moderator(caller): Moderator,
    PathId(id): PathId,
    Body(body): Body<RejectRequest>,
) -> Result<Response, ApiError> {
    let reviewer = reviewer(&caller, s.submissions.pool()).await?;
    let (d, position) = s
        .submissions
        .reject(&reviewer, id, body.reason.as_deref())
        .await?;
    Ok(written(d, position))
}

/// `PUT /api/review/batch`: several decisions at once; each succeeds or fails on its own.
#[utoipa::path(put, path = "/api/review/batch", tag = "review",
    request_body = BatchRequest,
    responses(
        (status = 200, description = "Per-item results", body = Envelope<BatchAnswer>),
        (status = 400, description = "Empty or more than 50 items", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody)))]
pub async fn review_batch(
    State(s): State<CommandState>,
    Moderator(caller): Moderator,
    Body(body): Body<BatchRequest>,
) -> Result<Response, ApiError> {
    let reviewer = reviewer(&caller, s.submissions.pool()).await?;
    let (answer, position) = s.submissions.batch(&reviewer, body).await?;
    Ok(written(answer, position))
}
