//! Use case: a moderator undoes the merge of a duplicate artwork. Both artworks are held
//! (`crate::artwork_locks`, exclusively), the target gives back what the merge brought, then
//! the duplicate shows again; a retry after a failure between the steps finishes the job.

use domain::{Artwork, ArtworkCommand, ArtworkError, ArtworkId, Reason};
use platform::position::EventPosition;
use serde::Deserialize;
use uuid::Uuid;

use super::merge::{Merged, ATTEMPTS};
use super::{reason, ModerationError};
use crate::artwork_locks::{ArtworkLocks, Hold};
use crate::commands::{CommandError, Commands};
use crate::submissions::Reviewer;

/// `POST /api/artworks/{id}/unmerge`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct UnmergeRequest {
    pub reason: Option<String>,
}

/// Undoes the merge of duplicate `id`: it shows again, and its photos, logbook and tags
/// leave the artwork it was merged into.
#[tracing::instrument(skip(commands, reviewer, req), fields(artwork.id = %id))]
pub async fn run(
    commands: &Commands,
    reviewer: &Reviewer,
    id: Uuid,
    req: UnmergeRequest,
) -> Result<(Merged, Option<EventPosition>), ModerationError> {
    let reason = reason(req.reason.as_deref())?;
    let source = ArtworkId(id);
    // The target is known from the duplicate: both are taken, then the duplicate is read
    // again under the lock (a merge or unmerge may have come first).
    for _ in 0..ATTEMPTS {
        let into = merged_into(commands, source).await?;
        let locks = ArtworkLocks::take(commands.pool(), &[source, into], Hold::Exclusive).await?;
        let unmerged = match merged_into(commands, source).await {
            Ok(now) if now == into => held_run(commands, reviewer, source, into, &reason).await,
            Ok(_) => {
                locks.release().await;
                continue;
            }
            Err(e) => Err(e),
        };
        locks.release().await;
        return unmerged;
    }
    Err(CommandError::Conflict.into())
}

/// The artwork duplicate `source` is merged into, from its events.
async fn merged_into(commands: &Commands, source: ArtworkId) -> Result<ArtworkId, ModerationError> {
    let (duplicate, _) = commands.state::<Artwork>(&source.to_string()).await?;
    if !duplicate.exists {
        return Err(ModerationError::ArtworkNotFound(source.0));
    }
    Ok(duplicate
        .merged_into
        .ok_or(CommandError::Rejected(ArtworkError::NotMerged))?)
}

/// [`run`], both artworks held.
async fn held_run(
    commands: &Commands,
    reviewer: &Reviewer,
    source: ArtworkId,
    into: ArtworkId,
    reason: &Reason,
) -> Result<(Merged, Option<EventPosition>), ModerationError> {
    let md = &reviewer.metadata;
    let (target, _) = commands.state::<Artwork>(&into.to_string()).await?;
    let given = target.absorbed.get(&source).cloned().unwrap_or_default();
    // Given back first: a retry after a failure between the steps finds the duplicate still
    // merged and finishes.
    let release = ArtworkCommand::Release {
        from: source,
        reason: reason.clone(),
    };
    let released = match commands
        .execute::<domain::Artwork>(&into.to_string(), release, md)
        .await
    {
        // Given back already (a retry), or never taken (a merge cut off before its second
        // step).
        Err(CommandError::Rejected(ArtworkError::NotMerged)) => None,
        other => other?,
    };
    let unmerge = ArtworkCommand::Unmerge {
        reason: reason.clone(),
    };
    let shown = commands
        .execute::<domain::Artwork>(&source.to_string(), unmerge, md)
        .await?;
    Ok((
        Merged {
            artwork_id: source.0,
            into: into.0,
            photos: given.photo_submissions.len(),
            logbook_entries: given.visits.len(),
        },
        shown.max(released),
    ))
}
