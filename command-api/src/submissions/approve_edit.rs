//! Use case: a moderator approves all or some fields of a pending edit proposal, then they are
//! applied to the artwork (`carry_out.rs`). A chosen field whose value changed since the edit
//! was proposed is refused as stale before anything is recorded, unless the moderator says to
//! overwrite it; rejecting an edit is the general rejection, for edits only.

use domain::{
    Approval, Artwork, Filing, Review, Submission, SubmissionCommand, SubmissionKind,
    SubmissionStatus,
};
use platform::position::EventPosition;
use uuid::Uuid;

use super::close::CloseError;
use super::{ApplyEditRequest, ApplyTo, ApproveError, Decided, EditDecided, Reviewer, Submissions};
use crate::commands::CommandError;

impl Submissions {
    /// Approves the fields `req` chooses of edit `id` and applies them to its artwork.
    pub async fn approve_edit(
        &self,
        reviewer: &Reviewer,
        id: Uuid,
        req: ApplyEditRequest,
    ) -> Result<(EditDecided, Option<EventPosition>), ApproveError> {
        let decision = self
            .commands
            .decide(
                &id.to_string(),
                &reviewer.metadata,
                |s: Submission| async move {
                    s.pending().map_err(CommandError::Rejected)?;
                    let Some(Filing::Edit(edit)) = s.filing() else {
                        return Err(ApproveError::EditNotFound(id));
                    };
                    let fields: Vec<String> = match req.apply_to_artwork {
                        None | Some(ApplyTo::All(true)) => {
                            edit.edits.iter().map(|e| e.field_name()).collect()
                        }
                        Some(ApplyTo::All(false)) => Vec::new(),
                        Some(ApplyTo::Fields(f)) => f,
                    };
                    if !req.overwrite_stale {
                        let (artwork, _) = self
                            .commands
                            .state::<Artwork>(&edit.artwork_id.to_string())
                            .await?;
                        let stale: Vec<String> = edit
                            .edits
                            .iter()
                            .filter(|e| fields.contains(&e.field_name()) && e.is_stale(&artwork))
                            .map(|e| e.field_name())
                            .collect();
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
        let (artwork_id, position) = self
            .carry_out(id, &decision.state, decision.sequence, &reviewer.metadata)
            .await?;
        let applied = match &decision.state {
            Submission::Filed(f) => match &f.review {
                Review::Approved { approval, .. } => approval.applied.clone().unwrap_or_default(),
                _ => Vec::new(),
            },
            Submission::Unfiled => Vec::new(),
        };
        Ok((
            EditDecided {
                id,
                status: SubmissionStatus::Approved,
                artwork_id: artwork_id.0,
                applied,
            },
            position,
        ))
    }

    /// Rejects pending edit `id` with a reason; `EditNotFound` when `id` is not an edit.
    pub async fn reject_edit(
        &self,
        reviewer: &Reviewer,
        id: Uuid,
        reason: Option<&str>,
    ) -> Result<(Decided, Option<EventPosition>), CloseError> {
        let (state, _) = self.commands.state::<Submission>(&id.to_string()).await?;
        if state.filing().map(Filing::kind) != Some(SubmissionKind::ArtworkEdit) {
            return Err(CloseError::EditNotFound(id));
        }
        self.reject(reviewer, id, reason).await
    }
}
