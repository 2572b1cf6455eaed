//! Moderators' decisions on submissions: approve, reject, and several at once.

use axum::response::Response;
use platform::http::{ApiError, Envelope, PathId};
use platform::identity::Moderator;

use super::{written, Body, OptionalBody, Write};
use crate::actor::Reviewer;
use crate::submissions::{
    approve, batch, reject, ApproveRequest, BatchAnswer, BatchOutcome, BatchRequest, BatchResult,
    Decided, RejectRequest,
};
use domain::SubmissionStatus;

/// `POST /api/review/approve/{id}`: moderators approve a pending submission.
#[utoipa::path(post, path = "/api/review/approve/{id}", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    request_body(content = Option<ApproveRequest>, description = "Optional: action create|link, artwork_id to link, overrides"),
    responses(
        (status = 200, description = "Approved; the artwork created, linked or logged to", body = Envelope<Decided>),
        (status = 400, description = "A missing title to create, a bad override, link without artwork_id", body = platform::http::ErrorBody),
        (status = 404, description = "No such submission, or the artwork to link", body = platform::http::ErrorBody),
        (status = 409, description = "'This submission was already approved|rejected|withdrawn'", body = platform::http::ErrorBody),
        Moderator))]
pub async fn approve_submission(
    w: Write<Reviewer, Moderator>,
    PathId(id): PathId,
    // No body (or `{}`) approves with the defaults.
    OptionalBody(req): OptionalBody<ApproveRequest>,
) -> Result<Response, ApiError> {
    let (d, position) = approve::run(&w.state.submissions, &w.actor, id, req).await?;
    Ok(written(d, position))
}

/// `POST /api/review/reject/{id}`: moderators reject with a reason; the photos are deleted.
#[utoipa::path(post, path = "/api/review/reject/{id}", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    request_body = RejectRequest,
    responses(
        (status = 200, description = "Rejected", body = Envelope<Decided>),
        (status = 400, description = "'A reason is required' or too long", body = platform::http::ErrorBody),
        (status = 404, description = "No such submission", body = platform::http::ErrorBody),
        (status = 409, description = "Already decided", body = platform::http::ErrorBody),
        Moderator))]
pub async fn reject_submission(
    w: Write<Reviewer, Moderator>,
    PathId(id): PathId,
    Body(body): Body<RejectRequest>,
) -> Result<Response, ApiError> {
    let (d, position) =
        reject::run(&w.state.submissions, &w.actor, id, body.reason.as_deref()).await?;
    Ok(written(d, position))
}

/// `PUT /api/review/batch`: several decisions at once; each succeeds or fails on its own.
#[utoipa::path(put, path = "/api/review/batch", tag = "review",
    request_body = BatchRequest,
    responses(
        (status = 200, description = "Per-item results", body = Envelope<BatchAnswer>),
        (status = 400, description = "Empty or more than 50 items", body = platform::http::ErrorBody),
        Moderator))]
pub async fn review_batch(
    w: Write<Reviewer, Moderator>,
    Body(body): Body<BatchRequest>,
) -> Result<Response, ApiError> {
    let outcome = batch::run(&w.state.submissions, &w.actor, body).await?;
    let position = outcome.position;
    Ok(written(answer(outcome), position))
}

/// A batch's outcome as the moderator reads it: each failure with the code and message a single
/// call would have answered, and the counts.
fn answer(outcome: BatchOutcome) -> BatchAnswer {
    let mut answer = BatchAnswer {
        results: Vec::with_capacity(outcome.items.len()),
        approved: 0,
        rejected: 0,
        failed: 0,
    };
    for (id, decided) in outcome.items {
        answer.results.push(match decided {
            Ok(status) => {
                if status == SubmissionStatus::Approved {
                    answer.approved += 1;
                } else {
                    answer.rejected += 1;
                }
                BatchResult {
                    id,
                    success: true,
                    status: Some(status),
                    error: None,
                    message: None,
                }
            }
            Err(e) => {
                answer.failed += 1;
                let e = ApiError::from(e);
                BatchResult {
                    id,
                    success: false,
                    status: None,
                    error: Some(e.code().to_owned()),
                    message: Some(e.to_string()),
                }
            }
        });
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::submissions::{BatchItemError, CloseError, FieldError};
    use uuid::Uuid;

    #[test]
    fn a_batch_answer_counts_each_outcome_and_words_failures_as_single_calls() {
        let ids: Vec<Uuid> = (1..=4).map(Uuid::from_u128).collect();
        let outcome = BatchOutcome {
            items: vec![
                (ids[0], Ok(SubmissionStatus::Approved)),
                (ids[1], Ok(SubmissionStatus::Rejected)),
                (
                    ids[2],
                    Err(BatchItemError::Action(FieldError::new(
                        "action",
                        "action must be approve or reject",
                    ))),
                ),
                (
                    ids[3],
                    Err(BatchItemError::Reject(CloseError::EditNotFound(ids[3]))),
                ),
            ],
            position: None,
        };
        let a = answer(outcome);
        assert_eq!((a.approved, a.rejected, a.failed), (1, 1, 2));
        let order: Vec<Uuid> = a.results.iter().map(|r| r.id).collect();
        assert_eq!(order, ids, "results keep the order asked");
        assert!(a.results[0].success && a.results[0].error.is_none());
        assert_eq!(a.results[1].status, Some(SubmissionStatus::Rejected));
        assert_eq!(a.results[2].error.as_deref(), Some("VALIDATION_ERROR"));
        assert_eq!(
            a.results[2].message.as_deref(),
            Some("action must be approve or reject")
        );
        assert_eq!(a.results[3].error.as_deref(), Some("NOT_FOUND"));
        assert!(!a.results[3].success && a.results[3].status.is_none());
    }
}
