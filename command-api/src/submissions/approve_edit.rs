//! Use case: a moderator approves all or some fields of a pending edit proposal — of an
//! artwork, of an artist, or a new artist's — then they are applied (`carry_out.rs`). A chosen
//! field whose value changed since the edit was proposed is refused as stale before anything is
//! recorded, unless the moderator says to overwrite it; rejecting an edit is the general
//! rejection, for edits of that kind only.

use domain::edit::Edited;
use domain::FieldChange;
use domain::{
    Approval, Artist, Artwork, EditSubject, Filing, Review, Submission, SubmissionCommand,
};
use platform::position::EventPosition;
use uuid::Uuid;

use super::close::CloseError;
use super::{ApplyEditRequest, ApplyTo, ApproveError, Decided, Reviewer, Submissions};
use crate::artwork_locks::{ArtworkLocks, Hold};
use crate::commands::CommandError;

/// What approving an edit did.
#[derive(Debug)]
pub struct EditApproved {
    pub id: Uuid,
    /// The artwork or artist changed (or created).
    pub subject_id: Uuid,
    pub applied: Vec<String>,
}

impl Submissions {
    /// Approves the fields `req` chooses of edit `id` (of `subject`'s kind) and applies them.
    /// The artwork (or artist) edited is held alone from the check to the effect
    /// (`hold_artwork`), so neither a merge nor another change can come between them: a field
    /// changed since the edit was proposed is a 409 that leaves the edit reviewable.
    pub async fn approve_edit(
        &self,
        reviewer: &Reviewer,
        subject: EditSubject,
        id: Uuid,
        req: ApplyEditRequest,
    ) -> Result<(EditApproved, Option<EventPosition>), ApproveError> {
        let mut held = None;
        let approved = self
            .approve_edit_holding(reviewer, subject, id, req, &mut held)
            .await;
        if let Some(locks) = held {
            locks.release().await;
        }
        approved
    }

    /// [`Self::approve_edit`], leaving the artwork's lock, once taken, in `held`.
    async fn approve_edit_holding(
        &self,
        reviewer: &Reviewer,
        subject: EditSubject,
        id: Uuid,
        req: ApplyEditRequest,
        held: &mut Option<ArtworkLocks>,
    ) -> Result<(EditApproved, Option<EventPosition>), ApproveError> {
        let decision = self
            .commands
            .decide(
                &id.to_string(),
                &reviewer.metadata,
                |s: Submission| async move {
                    s.pending().map_err(CommandError::Rejected)?;
                    if s.filing().and_then(Filing::edit_subject) != Some(subject) {
                        return Err(ApproveError::EditNotFound(id));
                    }
                    // Held alone from the stale check to the effect: a change landing between
                    // them would leave the edit approved with nothing applied.
                    match s.filing() {
                        Some(Filing::Edit(edit)) => {
                            *held =
                                Some(self.hold_artwork(edit.artwork_id, Hold::Exclusive).await?.0);
                        }
                        Some(Filing::ArtistEdit(edit)) => {
                            let locks = ArtworkLocks::take_artist(self.pool(), edit.artist_id)
                                .await
                                .map_err(|e| ApproveError::Store(e.into()))?;
                            *held = Some(locks);
                        }
                        _ => {}
                    }
                    let fields: Vec<String> = match req.apply_to_artwork {
                        None | Some(ApplyTo::All(true)) => {
                            s.filing().map(Filing::edited_fields).unwrap_or_default()
                        }
                        Some(ApplyTo::All(false)) => Vec::new(),
                        Some(ApplyTo::Fields(f)) => f,
                    };
                    if !req.overwrite_stale {
                        let stale = self.stale_fields(s.filing(), &fields).await?;
                        if !stale.is_empty() {
                            return Err(ApproveError::Stale(stale));
                        }
                    }
                    let command = SubmissionCommand::Approve {
                        reviewer: reviewer.account_id,
                        reviewer_identities: reviewer.identities.clone(),
                        approval: Approval::ApplyEdit {
                            fields,
                            overwrite_stale: req.overwrite_stale,
                        },
                    };
                    Ok((s, command))
                },
            )
            .await?;
        let (effected, position) = self
            .carry_out(id, &decision.state, decision.sequence, &reviewer.metadata)
            .await?;
        let applied = match &decision.state {
            Submission::Filed(f) => match &f.review {
                Review::Approved { approval, .. } => approval.applied.clone().unwrap_or_default(),
                Review::ArtistApproved { applied, .. } => applied.clone(),
                _ => Vec::new(),
            },
            Submission::Unfiled => Vec::new(),
        };
        Ok((
            EditApproved {
                id,
                subject_id: effected.id(),
                applied,
            },
            position,
        ))
    }

    /// The `fields` chosen of an edit whose value changed since it was proposed.
    async fn stale_fields(
        &self,
        filing: Option<&Filing>,
        fields: &[String],
    ) -> Result<Vec<String>, ApproveError> {
        let chosen = |name: &str| fields.iter().any(|f| f == name);
        Ok(match filing {
            Some(Filing::Edit(edit)) => {
                let (artwork, _) = self
                    .commands
                    .state::<Artwork>(&edit.artwork_id.to_string())
                    .await?;
                edit.edits
                    .iter()
                    .filter(|e| chosen(&e.field_name()) && artwork.is_stale(e))
                    .map(|e| e.field_name())
                    .collect()
            }
            Some(Filing::ArtistEdit(edit)) => {
                let (artist, _) = self
                    .commands
                    .state::<Artist>(&edit.artist_id.to_string())
                    .await
                    .map_err(|e| ApproveError::Store(anyhow::anyhow!(e.to_string())))?;
                edit.edits
                    .iter()
                    .filter(|e| chosen(e.field()) && artist.is_stale(e))
                    .map(|e| e.field().to_owned())
                    .collect()
            }
            _ => Vec::new(),
        })
    }

    /// Rejects pending edit `id` (of `subject`'s kind) with a reason; `EditNotFound` when `id`
    /// is not such an edit.
    pub async fn reject_edit(
        &self,
        reviewer: &Reviewer,
        subject: EditSubject,
        id: Uuid,
        reason: Option<&str>,
    ) -> Result<(Decided, Option<EventPosition>), CloseError> {
        let (state, _) = self.commands.state::<Submission>(&id.to_string()).await?;
        if state.filing().and_then(Filing::edit_subject) != Some(subject) {
            return Err(CloseError::EditNotFound(id));
        }
        self.reject(reviewer, id, reason).await
    }
}
