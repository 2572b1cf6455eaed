//! Use case: a moderator rejects a pending submission with a reason; its photos' files are
//! deleted.

use domain::{Reason, Submission, SubmissionCommand, SubmissionStatus};
use platform::position::EventPosition;
use uuid::Uuid;

use super::close::{close, CloseError};
use super::form::FieldError;
use super::{Decided, Reviewer, Submissions};

/// Rejects pending submission `id` with `reason` (required).
pub async fn run(
    submissions: &Submissions,
    reviewer: &Reviewer,
    id: Uuid,
    reason: Option<&str>,
) -> Result<(Decided, Option<EventPosition>), CloseError> {
    run_if(submissions, reviewer, id, reason, |_| true).await
}

/// [`run`], when the submission loaded is of the kind `is_kind` accepts (else `EditNotFound`:
/// an edit rejected from another subject's queue), decided on the one load.
pub(crate) async fn run_if(
    submissions: &Submissions,
    reviewer: &Reviewer,
    id: Uuid,
    reason: Option<&str>,
    is_kind: impl FnOnce(&Submission) -> bool + Send,
) -> Result<(Decided, Option<EventPosition>), CloseError> {
    let by = reviewer.account_id;
    let status = SubmissionStatus::Rejected;
    close(submissions, id, &reviewer.metadata, status, |s| {
        if !is_kind(s) {
            return Err(CloseError::EditNotFound(id));
        }
        let reason = Reason::parse(reason.unwrap_or(""))
            .map_err(|e| FieldError::new("reason", e.to_string()))?;
        Ok(SubmissionCommand::Reject {
            reviewer: by,
            reason,
        })
    })
    .await
}
