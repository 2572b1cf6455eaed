//! Use cases that end a submission's review or clean up after it: a moderator rejects it, its
//! author withdraws it, its author has its photos' personal metadata erased. Each loads the
//! submission once; the aggregate's rules decide; the state after the event names the photos.

use domain::photo::PhotoKey;
use domain::{Reason, Submission, SubmissionCommand, SubmissionError, SubmissionStatus};
use platform::position::EventPosition;
use uuid::Uuid;

use super::form::FieldError;
use super::{Decided, MetadataErased, Reviewer, Submissions};
use crate::actor::Sender;
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

impl From<sqlx::Error> for CloseError {
    fn from(e: sqlx::Error) -> Self {
        CloseError::Store(e.into())
    }
}

impl Submissions {
    /// Rejects a pending submission and deletes its photos' files.
    pub async fn reject(
        &self,
        reviewer: &Reviewer,
        id: Uuid,
        reason: Option<&str>,
    ) -> Result<(Decided, Option<EventPosition>), CloseError> {
        self.reject_if(reviewer, id, reason, |_| true).await
    }

    /// [`Self::reject`], when the submission loaded is of the kind `is_kind` accepts (else
    /// `EditNotFound`: an edit rejected from another subject's queue).
    pub(crate) async fn reject_if(
        &self,
        reviewer: &Reviewer,
        id: Uuid,
        reason: Option<&str>,
        is_kind: impl FnOnce(&Submission) -> bool + Send,
    ) -> Result<(Decided, Option<EventPosition>), CloseError> {
        let by = reviewer.account_id;
        let status = SubmissionStatus::Rejected;
        self.close(id, &reviewer.metadata, status, |s| {
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

    /// Withdraws the sender's own pending submission and deletes its photos' files.
    pub async fn withdraw(
        &self,
        sender: &Sender,
        id: Uuid,
    ) -> Result<(Decided, Option<EventPosition>), CloseError> {
        let identities = sender.identities(self.pool()).await?;
        let command = SubmissionCommand::Withdraw { identities };
        let status = SubmissionStatus::Withdrawn;
        self.close(id, &sender.metadata, status, |_| Ok(command))
            .await
    }

    /// Records the command `choose` makes of the submission (a rejection or withdrawal, to
    /// `status`), then deletes the photos' files.
    async fn close(
        &self,
        id: Uuid,
        metadata: &domain::EventMetadata,
        status: SubmissionStatus,
        choose: impl FnOnce(&Submission) -> Result<SubmissionCommand, CloseError> + Send,
    ) -> Result<(Decided, Option<EventPosition>), CloseError> {
        let sid = id.to_string();
        let decision = self
            .commands
            .decide(&sid, metadata, |s: Submission| async move {
                let command = choose(&s)?;
                Ok::<_, CloseError>((s, command))
            })
            .await?;
        let position = self.commands.position::<Submission>(&sid).await?;
        if let Err(e) = self.media.delete(&photo_keys(&decision.state)).await {
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

    /// `POST /api/submissions/{id}/photo-metadata/erase`: its author has the location, time and
    /// camera their photos' EXIF named forgotten, in any state of the submission. The event
    /// (recorded once) tells every read model; the operational copy is cleared every time, so
    /// a retry after a failure finishes the job.
    pub async fn erase_photo_metadata(
        &self,
        sender: &Sender,
        id: Uuid,
    ) -> Result<(MetadataErased, Option<EventPosition>), CloseError> {
        let identities = sender.identities(self.pool()).await?;
        let sid = id.to_string();
        let command = SubmissionCommand::ErasePhotoMetadata { identities };
        let decision = self
            .commands
            .decide(&sid, &sender.metadata, |s: Submission| async move {
                Ok::<_, CloseError>((s, command))
            })
            .await?;
        let position = self.commands.position::<Submission>(&sid).await?;
        let keys = photo_keys(&decision.state);
        self.media.erase_metadata(&keys).await?;
        Ok((
            MetadataErased {
                id,
                photos: keys.len(),
            },
            position,
        ))
    }
}

fn photo_keys(s: &Submission) -> Vec<PhotoKey> {
    s.photos().iter().map(|p| p.key).collect()
}
