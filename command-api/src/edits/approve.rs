//! Use case: a moderator approves all or some fields of a pending edit proposal — of an
//! artwork, of an artist, or a new artist's — then they are applied (`crate::submissions`'
//! carry-out). The subject is held alone and read under the lock ([`Subject::hold`]) from the
//! stale check to the effect, so neither a merge nor another change can come between them: a
//! chosen field whose value changed since the edit was proposed is a 409 that leaves the edit
//! reviewable, unless the moderator says to overwrite it.

use domain::{Approval, FieldChange, Review, Submission, SubmissionCommand};
use platform::position::EventPosition;
use uuid::Uuid;

use super::Subject;
use crate::actor::Reviewer;
use crate::artwork_locks::ArtworkLocks;
use crate::commands::CommandError;
use crate::submissions::carry_out::carry_out;
use crate::submissions::{ApplyEditRequest, ApplyTo, ApproveError, Submissions};

/// What approving an edit did.
#[derive(Debug)]
pub struct EditApproved {
    pub id: Uuid,
    /// The artwork or artist changed (or created).
    pub subject_id: Uuid,
    pub applied: Vec<String>,
}

/// Approves the fields `req` chooses of edit `id`, an edit of `S` (else `EditNotFound`), and
/// applies them.
pub async fn run<S: Subject>(
    submissions: &Submissions,
    reviewer: &Reviewer,
    id: Uuid,
    req: ApplyEditRequest,
) -> Result<(EditApproved, Option<EventPosition>), ApproveError> {
    ArtworkLocks::releasing(async |held| holding::<S>(submissions, reviewer, id, req, held).await)
        .await
}

/// [`run`], leaving the subject's lock, once taken, in `held`.
async fn holding<S: Subject>(
    submissions: &Submissions,
    reviewer: &Reviewer,
    id: Uuid,
    req: ApplyEditRequest,
    held: &mut Option<ArtworkLocks>,
) -> Result<(EditApproved, Option<EventPosition>), ApproveError> {
    let decision = submissions
        .commands()
        .decide(
            &id.to_string(),
            &reviewer.metadata,
            |s: Submission| async move {
                s.pending().map_err(CommandError::Rejected)?;
                let Some((subject_id, changes)) = s.filing().and_then(S::proposed) else {
                    return Err(ApproveError::EditNotFound(id));
                };
                // Held alone from the stale check to the effect: a change landing between them
                // would leave the edit approved with nothing applied.
                let (locks, subject) = S::hold(submissions, subject_id).await?;
                *held = Some(locks);
                let fields: Vec<String> = match req.apply_to_artwork {
                    None | Some(ApplyTo::All(true)) => {
                        changes.iter().map(FieldChange::field_name).collect()
                    }
                    Some(ApplyTo::All(false)) => Vec::new(),
                    Some(ApplyTo::Fields(f)) => f,
                };
                if !req.overwrite_stale {
                    let stale: Vec<String> = changes
                        .iter()
                        .map(|c| (c, c.field_name()))
                        .filter(|(c, name)| fields.contains(name) && subject.is_stale(c))
                        .map(|(_, name)| name)
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
    let (effected, position) = carry_out(
        submissions.commands(),
        id,
        &decision.state,
        decision.sequence,
        &reviewer.metadata,
    )
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
