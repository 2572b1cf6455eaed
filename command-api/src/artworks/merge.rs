//! Use case: a moderator merges a duplicate artwork into the record kept (undone by
//! `unmerge`). Merge and unmerge each hold both artworks (`crate::artwork_locks`, exclusively) from its first read to its
//! last write, so merges sharing an artwork, and approvals adding to one, take turns; under the
//! lock the artworks' own rules decide from the event store. A merge points the duplicate at the
//! target first — from then on the duplicate refuses new content — and the target then takes
//! what the duplicate carried up to that event; if the target refuses, the duplicate is
//! unmerged again. An unmerge gives back first, then shows the duplicate again. Every step is
//! idempotent, so a retry after a failure between steps finishes the job.

use cqrs_es::Aggregate;
use domain::artwork::carried;
use domain::{
    Absorption, Artwork, ArtworkCommand, ArtworkError, ArtworkEvent, ArtworkId, EventMetadata,
    FieldEdit, Reason,
};
use platform::position::EventPosition;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{reason, ModerationError};
use crate::artwork_locks::{ArtworkLocks, Hold};
use crate::commands::{CommandError, Commands};
use crate::submissions::Reviewer;

/// `POST /api/artworks/{id}/merge`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MergeRequest {
    /// The artwork to keep.
    pub into: Uuid,
    /// Why: 1 to 500 characters.
    pub reason: Option<String>,
}

/// What a merge or an unmerge answers.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Merged {
    /// The duplicate.
    pub artwork_id: Uuid,
    /// The artwork kept.
    pub into: Uuid,
    /// Photos and logbook entries that moved (to the target on merge, back on unmerge).
    pub photos: usize,
    pub logbook_entries: usize,
}

/// Tries at a write that another writer's event beat to the artwork (the next try reads it).
pub(super) const ATTEMPTS: u32 = 3;

/// The reason an undone half merge records on the duplicate.
const TARGET_REFUSED: &str = "The artwork to keep refused the merge; merge undone";

/// Merges duplicate `id` into `req.into`.
pub async fn run(
    commands: &Commands,
    reviewer: &Reviewer,
    id: Uuid,
    req: MergeRequest,
) -> Result<(Merged, Option<EventPosition>), ModerationError> {
    run_as(commands, &reviewer.metadata, id, req).await
}

/// [`run`] recorded with `md`: a moderator's, or the system's when an import links a record
/// to the artwork Plinth already has.
#[tracing::instrument(skip(commands, md, req), fields(artwork.id = %id, artwork.into = %req.into))]
pub async fn run_as(
    commands: &Commands,
    md: &EventMetadata,
    id: Uuid,
    req: MergeRequest,
) -> Result<(Merged, Option<EventPosition>), ModerationError> {
    let reason = reason(req.reason.as_deref())?;
    if id == req.into {
        return Err(CommandError::Rejected(ArtworkError::MergeIntoItself).into());
    }
    let (source, into) = (ArtworkId(id), ArtworkId(req.into));
    let locks = ArtworkLocks::take(commands.pool(), &[source, into], Hold::Exclusive).await?;
    let merged = held_run(commands, md, source, into, reason).await;
    locks.release().await;
    merged
}

/// [`run`], both artworks held.
async fn held_run(
    commands: &Commands,
    md: &EventMetadata,
    source: ArtworkId,
    into: ArtworkId,
    reason: Reason,
) -> Result<(Merged, Option<EventPosition>), ModerationError> {
    let not_found = |id: ArtworkId| {
        move |e| match e {
            CommandError::Rejected(ArtworkError::NotFound) => {
                ModerationError::ArtworkNotFound(id.0)
            }
            other => other.into(),
        }
    };
    // The target's rule first, so that nothing is written for a target that cannot take
    // the duplicate (missing, or merged away itself).
    let (target, _) = commands.state::<Artwork>(&into.to_string()).await?;
    target
        .can_absorb()
        .map_err(CommandError::Rejected)
        .map_err(not_found(into))?;
    let merge = ArtworkCommand::MergeInto {
        this: source,
        into,
        reason: reason.clone(),
    };
    let pointed = commands
        .execute::<domain::Artwork>(&source.to_string(), merge, md)
        .await
        .map_err(not_found(source))?;
    // What the duplicate carried is what it had when it was pointed at the target: the
    // events before its last `ArtworkMerged`. After it the aggregate takes no content, and
    // the lock keeps other merges and unmerges out.
    let mut events: Vec<ArtworkEvent> = super::stream(commands, source.0)
        .await?
        .into_iter()
        .map(|e| e.event)
        .collect();
    if let Some(at) = events
        .iter()
        .rposition(|e| matches!(e, ArtworkEvent::ArtworkMerged { .. }))
    {
        events.truncate(at);
    }
    let mut duplicate = Artwork::default();
    for e in &events {
        duplicate.apply(e.clone());
    }
    let (photos, visits) = carried(&events, &duplicate.hidden_photos);
    let answer = Merged {
        artwork_id: source.0,
        into: into.0,
        photos: photos.iter().map(|p| p.photos.len()).sum::<usize>()
            + visits.iter().map(|v| v.photos.len()).sum::<usize>(),
        logbook_entries: visits.len(),
    };
    let tags: Vec<FieldEdit> = duplicate
        .tags
        .iter()
        .map(|(k, v)| FieldEdit::Tag {
            key: k.to_owned(),
            old: None,
            new: Some(v.to_owned()),
        })
        .collect();
    let absorption = Absorption {
        this: Some(into),
        from: source,
        reason,
        photos,
        visits,
        tags,
    };
    let mut attempt = 0;
    let taken = loop {
        attempt += 1;
        let absorb = ArtworkCommand::Absorb(Box::new(absorption.clone()));
        match commands
            .execute::<domain::Artwork>(&into.to_string(), absorb, md)
            .await
        {
            Err(CommandError::Conflict) if attempt < ATTEMPTS => continue,
            other => break other,
        }
    };
    match taken {
        Ok(position) => Ok((answer, position.max(pointed))),
        // Nothing was written to the target: the duplicate must not stay pointing at it.
        Err(refused @ (CommandError::Rejected(_) | CommandError::Conflict)) => {
            undo_pointing(commands, source, md).await;
            Err(not_found(into)(refused))
        }
        // Whether the target took it is unknown: a retry of the merge finishes it (both
        // steps are idempotent), an unmerge undoes it.
        Err(store) => Err(store.into()),
    }
}

/// Unmerges `source` after its target refused it, trying until the store answers.
async fn undo_pointing(commands: &Commands, source: ArtworkId, md: &domain::EventMetadata) {
    let reason = match Reason::parse(TARGET_REFUSED) {
        Ok(r) => r,
        Err(_) => return,
    };
    for attempt in 1..=5u64 {
        let unmerge = ArtworkCommand::Unmerge {
            reason: reason.clone(),
        };
        match commands
            .execute::<domain::Artwork>(&source.to_string(), unmerge, md)
            .await
        {
            Ok(_) | Err(CommandError::Rejected(_)) => return,
            Err(e) => {
                tracing::warn!(artwork.id = %source, error = %e, attempt, "undoing a refused merge failed; trying again");
                tokio::time::sleep(std::time::Duration::from_millis(100 * attempt)).await;
            }
        }
    }
    tracing::error!(artwork.id = %source, "a duplicate points at an artwork that refused it; merge or unmerge it again");
}
