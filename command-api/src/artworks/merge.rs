//! Use cases: a moderator merges a duplicate artwork into the record kept, or undoes that. The
//! target takes what the duplicate carried (worked out from the duplicate's own events) first,
//! then the duplicate points at it; both steps are idempotent, so a retry after a failure between
//! them finishes the merge. Unmerging reverses the two steps in the same spirit.

use cqrs_es::Aggregate;
use domain::merge::carried;
use domain::{
    Absorption, Artwork, ArtworkCommand, ArtworkError, ArtworkEvent, ArtworkId, FieldEdit,
};
use platform::position::EventPosition;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{reason, Artworks, ModerationError};
use crate::commands::CommandError;
use crate::submissions::Reviewer;

/// `POST /api/artworks/{id}/merge`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MergeRequest {
    /// The artwork to keep.
    pub into: Uuid,
    /// Why: 1 to 500 characters.
    pub reason: Option<String>,
}

/// `POST /api/artworks/{id}/unmerge`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct UnmergeRequest {
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

impl Artworks {
    /// Merges duplicate `id` into `req.into`.
    pub async fn merge(
        &self,
        reviewer: &Reviewer,
        id: Uuid,
        req: MergeRequest,
    ) -> Result<(Merged, Option<EventPosition>), ModerationError> {
        let reason = reason(req.reason.as_deref())?;
        if id == req.into {
            return Err(CommandError::Rejected(ArtworkError::MergeIntoItself).into());
        }
        let events: Vec<ArtworkEvent> = self
            .stream(id)
            .await?
            .into_iter()
            .map(|e| e.event)
            .collect();
        // The duplicate's state from the events just read, not a second read of its stream.
        let mut source = Artwork::default();
        for e in &events {
            source.apply(e.clone());
        }
        match source.merged_into {
            Some(into) if into.0 != req.into => {
                return Err(CommandError::Rejected(ArtworkError::AlreadyMerged(into)).into())
            }
            _ => {}
        }
        let (photos, visits) = carried(&events, &source.hidden_photos);
        let answer = Merged {
            artwork_id: id,
            into: req.into,
            photos: photos.iter().map(|p| p.photos.len()).sum::<usize>()
                + visits.iter().map(|v| v.photos.len()).sum::<usize>(),
            logbook_entries: visits.len(),
        };
        let tags = source
            .tags
            .iter()
            .map(|(k, v)| FieldEdit::Tag {
                key: k.to_owned(),
                old: None,
                new: Some(v.to_owned()),
            })
            .collect();
        let absorb = ArtworkCommand::Absorb(Box::new(Absorption {
            this: Some(ArtworkId(req.into)),
            from: ArtworkId(id),
            reason: reason.clone(),
            photos,
            visits,
            tags,
        }));
        self.commands
            .artwork(&req.into.to_string(), absorb, &reviewer.metadata)
            .await
            .map_err(|e| match e {
                CommandError::Rejected(ArtworkError::NotFound) => {
                    ModerationError::ArtworkNotFound(req.into)
                }
                other => other.into(),
            })?;
        let merge = ArtworkCommand::MergeInto {
            this: ArtworkId(id),
            into: ArtworkId(req.into),
            reason,
        };
        let position = self
            .commands
            .artwork(&id.to_string(), merge, &reviewer.metadata)
            .await?;
        Ok((answer, position))
    }

    /// Undoes the merge of duplicate `id`: it shows again, and its photos, logbook and tags
    /// leave the artwork it was merged into.
    pub async fn unmerge(
        &self,
        reviewer: &Reviewer,
        id: Uuid,
        req: UnmergeRequest,
    ) -> Result<(Merged, Option<EventPosition>), ModerationError> {
        let reason = reason(req.reason.as_deref())?;
        let (source, _) = self.commands.state::<Artwork>(&id.to_string()).await?;
        if !source.exists {
            return Err(ModerationError::ArtworkNotFound(id));
        }
        let into = source
            .merged_into
            .ok_or(CommandError::Rejected(ArtworkError::NotMerged))?;
        let (target, _) = self.commands.state::<Artwork>(&into.to_string()).await?;
        let given = target
            .absorbed
            .get(&ArtworkId(id))
            .cloned()
            .unwrap_or_default();
        self.commands
            .artwork(
                &id.to_string(),
                ArtworkCommand::Unmerge {
                    reason: reason.clone(),
                },
                &reviewer.metadata,
            )
            .await?;
        let release = ArtworkCommand::Release {
            from: ArtworkId(id),
            reason,
        };
        let position = match self
            .commands
            .artwork(&into.to_string(), release, &reviewer.metadata)
            .await
        {
            // Given back already (a retry after the first step): the merge is undone.
            Err(CommandError::Rejected(ArtworkError::NotMerged)) => {
                self.commands.position::<Artwork>(&id.to_string()).await?
            }
            other => other?,
        };
        Ok((
            Merged {
                artwork_id: id,
                into: into.0,
                photos: given.photo_submissions.len(),
                logbook_entries: given.visits.len(),
            },
            position,
        ))
    }
}
