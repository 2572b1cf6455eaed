//! Use case: a moderator decides several submissions at once. Each item succeeds or fails on
//! its own, with the error a single call would have met; the route words each failure as that
//! call would have answered it.

use domain::SubmissionStatus;
use platform::position::EventPosition;
use uuid::Uuid;

use super::approve::{self, ApproveError};
use super::close::CloseError;
use super::form::FieldError;
use super::{reject, ApproveRequest, BatchRequest, Reviewer, Submissions, MAX_BATCH};

/// Why one decision of a batch failed.
#[derive(Debug, thiserror::Error)]
pub enum BatchItemError {
    #[error(transparent)]
    Approve(#[from] ApproveError),
    #[error(transparent)]
    Reject(#[from] CloseError),
    /// An action other than approve or reject.
    #[error(transparent)]
    Action(FieldError),
}

/// What became of each decision of a batch, in the order asked, and the position of the last
/// event written.
pub struct BatchOutcome {
    pub items: Vec<(Uuid, Result<SubmissionStatus, BatchItemError>)>,
    pub position: Option<EventPosition>,
}

/// Carries out each decision of `req` in turn (1 to [`MAX_BATCH`]).
pub async fn run(
    submissions: &Submissions,
    reviewer: &Reviewer,
    req: BatchRequest,
) -> Result<BatchOutcome, FieldError> {
    if req.batch.is_empty() || req.batch.len() > MAX_BATCH {
        return Err(FieldError::new(
            "batch",
            format!("A batch holds 1 to {MAX_BATCH} decisions"),
        ));
    }
    let mut outcome = BatchOutcome {
        items: Vec::with_capacity(req.batch.len()),
        position: None,
    };
    for item in req.batch {
        let decided = match item.action.as_str() {
            "approve" => approve::run(submissions, reviewer, item.id, ApproveRequest::default())
                .await
                .map_err(BatchItemError::from),
            "reject" => reject::run(submissions, reviewer, item.id, item.reason.as_deref())
                .await
                .map_err(BatchItemError::from),
            _ => Err(BatchItemError::Action(FieldError::new(
                "action",
                "action must be approve or reject",
            ))),
        };
        outcome.items.push((
            item.id,
            decided.map(|(d, p)| {
                outcome.position = outcome.position.max(p);
                d.status
            }),
        ));
    }
    Ok(outcome)
}
