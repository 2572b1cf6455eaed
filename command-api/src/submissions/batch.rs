//! Use case: a moderator decides several submissions at once; each item succeeds or fails on
//! its own, reported with the code and message a single call would have answered.

use domain::SubmissionStatus;
use platform::http::ApiError;
use platform::position::EventPosition;

use super::form::FieldError;
use super::{
    ApproveRequest, BatchAnswer, BatchRequest, BatchResult, Reviewer, Submissions, MAX_BATCH,
};

impl Submissions {
    pub async fn batch(
        &self,
        reviewer: &Reviewer,
        req: BatchRequest,
    ) -> Result<(BatchAnswer, Option<EventPosition>), FieldError> {
        if req.batch.is_empty() || req.batch.len() > MAX_BATCH {
            return Err(FieldError::new(
                "batch",
                format!("A batch holds 1 to {MAX_BATCH} decisions"),
            ));
        }
        let mut answer = BatchAnswer {
            results: Vec::with_capacity(req.batch.len()),
            approved: 0,
            rejected: 0,
            failed: 0,
        };
        let mut last: Option<EventPosition> = None;
        for item in req.batch {
            let outcome = match item.action.as_str() {
                "approve" => self
                    .approve(reviewer, item.id, ApproveRequest::default())
                    .await
                    .map_err(ApiError::from),
                "reject" => self
                    .reject(reviewer, item.id, item.reason.as_deref())
                    .await
                    .map_err(ApiError::from),
                _ => Err(ApiError::validation(
                    "action",
                    "action must be approve or reject",
                )),
            };
            match outcome {
                Ok((d, p)) => {
                    if d.status == SubmissionStatus::Approved {
                        answer.approved += 1;
                    } else {
                        answer.rejected += 1;
                    }
                    last = last.max(p);
                    answer.results.push(BatchResult {
                        id: item.id,
                        success: true,
                        status: Some(d.status),
                        error: None,
                        message: None,
                    });
                }
                Err(e) => {
                    answer.failed += 1;
                    answer.results.push(BatchResult {
                        id: item.id,
                        success: false,
                        status: None,
                        error: Some(e.code().to_owned()),
                        message: Some(e.to_string()),
                    });
                }
            }
        }
        Ok((answer, last))
    }
}
