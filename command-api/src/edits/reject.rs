//! Use case: a moderator rejects a pending edit proposal of `S` with a reason — the general
//! rejection (`crate::submissions`' `close`), refused as `EditNotFound` for any other
//! submission, decided on the one load of the submission.

use platform::position::EventPosition;
use uuid::Uuid;

use super::Subject;
use crate::actor::Reviewer;
use crate::submissions::{reject, CloseError, Decided, Submissions};

/// Rejects edit `id` of `S` with `reason` (required).
pub async fn run<S: Subject>(
    submissions: &Submissions,
    reviewer: &Reviewer,
    id: Uuid,
    reason: Option<&str>,
) -> Result<(Decided, Option<EventPosition>), CloseError> {
    reject::run_if(submissions, reviewer, id, reason, |s| {
        s.filing().and_then(S::proposed).is_some()
    })
    .await
}
