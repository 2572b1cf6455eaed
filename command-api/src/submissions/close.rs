//! What ending a submission's review, or cleaning up after it, shares: the error its use cases
//! answer ([`CloseError`]) and the one step that records the decision and deletes the photos'
//! files ([`close`]). The use cases are `reject`, `withdraw` and `erase_metadata`; each loads the
//! submission once, the aggregate's rules decide, and the state after the event names the photos.

use domain::photo::PhotoKey;
use domain::{EventMetadata, Submission, SubmissionCommand, SubmissionError, SubmissionStatus};
use platform::position::EventPosition;
use uuid::Uuid;

use super::form::FieldError;
use super::{Decided, Submissions};
use crate::commands::CommandError;

#[derive(Debug, thiserror::Error)]
pub enum CloseError {
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error("Edit {0} not found")]
    EditNotFound(Uuid),
    #[error(transparent)]
    Command(#[from] CommandError<SubmissionError>),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

crate::commands::sqlx_is_store!(CloseError);

/// Records the command `choose` makes of submission `id` (a rejection or withdrawal, to
/// `status`), then deletes its photos' files.
pub(super) async fn close(
    submissions: &Submissions,
    id: Uuid,
    metadata: &EventMetadata,
    status: SubmissionStatus,
    choose: impl FnOnce(&Submission) -> Result<SubmissionCommand, CloseError> + Send,
) -> Result<(Decided, Option<EventPosition>), CloseError> {
    let sid = id.to_string();
    let decision = submissions
        .commands()
        .decide(&sid, metadata, |s: Submission| async move {
            let command = choose(&s)?;
            Ok::<_, CloseError>((s, command))
        })
        .await?;
    let position = submissions.commands().position::<Submission>(&sid).await?;
    if let Err(e) = submissions
        .media()
        .delete(&photo_keys(&decision.state))
        .await
    {
        // The decision stands; the files are found again by the media table's status.
        tracing::error!(error = %e, "could not delete a submission's photos");
    }
    Ok((
        Decided {
            id,
            status,
            artwork_id: None,
            artist_id: None,
        },
        position,
    ))
}

/// The photos submission `s` carries.
pub(super) fn photo_keys(s: &Submission) -> Vec<PhotoKey> {
    s.photos().iter().map(|p| p.key).collect()
}
