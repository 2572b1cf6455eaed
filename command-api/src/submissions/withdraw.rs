//! Use case: an author takes back their own pending submission; its photos' files are deleted.
//! The aggregate checks the author against every identity the sender speaks for.

use domain::{SubmissionCommand, SubmissionStatus};
use platform::position::EventPosition;
use uuid::Uuid;

use super::close::{close, CloseError};
use super::{Decided, Submissions};
use crate::actor::Sender;

/// Withdraws the sender's own pending submission `id`.
pub async fn run(
    submissions: &Submissions,
    sender: &Sender,
    id: Uuid,
) -> Result<(Decided, Option<EventPosition>), CloseError> {
    let identities = sender.identities(submissions.pool()).await?;
    let command = SubmissionCommand::Withdraw { identities };
    let status = SubmissionStatus::Withdrawn;
    close(submissions, id, &sender.metadata, status, |_| Ok(command)).await
}
