//! Use case: a moderator undoes one change to an artwork (a history entry, named by its id),
//! or every change after one, as a new event with a reason. What the revert sets is worked out
//! from the artwork's own events ([`domain::revert_of`]); the aggregate refuses it when a later
//! change touched the same field, so nothing is overwritten unseen.

use domain::{
    revert_of, ArtworkCommand, ArtworkError, ArtworkEvent, ArtworkId, Reason, RevertScope,
};
use platform::position::EventPosition;
use projectors::submissions::edits::FieldEditDto;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::artwork_locks::{ArtworkLocks, Hold};
use crate::commands::{CommandError, Commands};
use crate::submissions::{FieldError, Reviewer};

/// `POST /api/artworks/{id}/revert`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RevertRequest {
    /// A history entry's `id`.
    pub change: String,
    /// Why: 1 to 500 characters.
    pub reason: Option<String>,
    /// `change` (the default): undo that change only; `since`: undo every change after it.
    pub scope: Option<String>,
}

/// What a revert answers.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Reverted {
    pub artwork_id: Uuid,
    /// The history entry undone (or gone back to).
    pub change: String,
    /// What each field went back to, from the value it had.
    pub changes: Vec<FieldEditDto>,
}

/// Why a moderator's command on an artwork (revert, merge, unmerge) was refused.
#[derive(Debug, thiserror::Error)]
pub enum ModerationError {
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error("Artwork with ID {0} not found")]
    ArtworkNotFound(Uuid),
    #[error(transparent)]
    Command(#[from] CommandError<ArtworkError>),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

crate::commands::sqlx_is_store!(ModerationError);

/// Reverts `req.change` of artwork `id` for `reviewer`.
pub async fn run(
    commands: &Commands,
    reviewer: &Reviewer,
    id: Uuid,
    req: RevertRequest,
) -> Result<(Reverted, Option<EventPosition>), ModerationError> {
    let reason = super::reason(req.reason.as_deref())?;
    let scope = match req.scope.as_deref().unwrap_or("change") {
        "change" => RevertScope::Change,
        "since" => RevertScope::Since,
        _ => return Err(FieldError::new("scope", "scope must be change or since").into()),
    };
    // Held beside approvals, never between an edit approval's check and its effect.
    let held = ArtworkLocks::take(commands.pool(), &[ArtworkId(id)], Hold::Shared)
        .await
        .map_err(|e| ModerationError::Store(e.into()))?;
    let reverted = held_run(commands, reviewer, id, req, reason, scope).await;
    held.release().await;
    reverted
}

/// [`run`], the artwork held.
async fn held_run(
    commands: &Commands,
    reviewer: &Reviewer,
    id: Uuid,
    req: RevertRequest,
    reason: Reason,
    scope: RevertScope,
) -> Result<(Reverted, Option<EventPosition>), ModerationError> {
    let stream = super::stream(commands, id).await?;
    let target = stream
        .iter()
        .find(|e| e.position == req.change.trim())
        .map(|e| e.sequence)
        .ok_or(CommandError::Rejected(ArtworkError::UnknownChange))?;
    let events: Vec<ArtworkEvent> = stream.into_iter().map(|e| e.event).collect();
    let changes = revert_of(&events, target, scope).map_err(CommandError::Rejected)?;
    let answer = Reverted {
        artwork_id: id,
        change: req.change.trim().to_owned(),
        changes: changes.iter().map(FieldEditDto::of).collect(),
    };
    let position = commands
        .execute::<domain::Artwork>(
            &id.to_string(),
            ArtworkCommand::Revert {
                reverted: target,
                reason,
                changes,
            },
            &reviewer.metadata,
        )
        .await?;
    Ok((answer, position))
}
