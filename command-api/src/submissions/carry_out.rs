//! An approval's effect on artworks and artists, as those aggregates' own commands caused
//! by the approval event. Each command is idempotent per submission, so carrying an approval
//! out again — right after approving, or by the [`crate::ApprovalFollower`] after a crash cut
//! it off — changes nothing twice.

use domain::metadata::event_id;
use domain::{
    ApprovalEffect, ArtistCommand, ArtistId, ArtworkCommand, ArtworkId, EventMetadata, Submission,
    SubmissionError, SubmissionId,
};
use platform::position::EventPosition;
use uuid::Uuid;

use crate::commands::{CommandError, Commands};

/// What an approval's effect was carried out on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effected {
    Artwork(ArtworkId),
    Artist(ArtistId),
}

impl Effected {
    /// The artwork's or the artist's id.
    pub fn id(&self) -> Uuid {
        match self {
            Effected::Artwork(a) => a.0,
            Effected::Artist(a) => a.0,
        }
    }

    pub fn artwork_id(&self) -> Option<Uuid> {
        match self {
            Effected::Artwork(a) => Some(a.0),
            Effected::Artist(_) => None,
        }
    }

    pub fn artist_id(&self) -> Option<Uuid> {
        match self {
            Effected::Artist(a) => Some(a.0),
            Effected::Artwork(_) => None,
        }
    }
}

/// Tries at carrying out an approval when another writer touched its artwork first.
const CARRY_OUT_ATTEMPTS: u32 = 3;

#[derive(Debug, thiserror::Error)]
pub enum CarryOutError {
    #[error("Submission {0} has no approval to carry out")]
    NoApproval(Uuid),
    #[error(transparent)]
    Submission(#[from] CommandError<SubmissionError>),
    #[error(transparent)]
    Artwork(#[from] CommandError<domain::ArtworkError>),
    #[error(transparent)]
    Artist(#[from] CommandError<domain::ArtistError>),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

crate::commands::sqlx_is_store!(CarryOutError);

impl CarryOutError {
    /// Whether trying again later may succeed (the store failed, or another writer came first)
    /// rather than a rule refusing the effect.
    pub fn is_transient(&self) -> bool {
        match self {
            CarryOutError::Store(_) => true,
            CarryOutError::Submission(e) => !matches!(e, CommandError::Rejected(_)),
            CarryOutError::Artwork(e) => !matches!(e, CommandError::Rejected(_)),
            CarryOutError::Artist(e) => !matches!(e, CommandError::Rejected(_)),
            CarryOutError::NoApproval(_) => false,
        }
    }

    fn is_conflict(&self) -> bool {
        matches!(
            self,
            CarryOutError::Artwork(CommandError::Conflict)
                | CarryOutError::Artist(CommandError::Conflict)
        )
    }
}

/// Carries out the recorded approval of submission `id`, read from its events.
pub async fn carry_out_approval(
    commands: &Commands,
    id: Uuid,
    md: &EventMetadata,
) -> Result<(Effected, Option<EventPosition>), CarryOutError> {
    let (state, sequence) = commands.state::<Submission>(&id.to_string()).await?;
    carry_out(commands, id, &state, sequence, md).await
}

/// Carries out the approval in `state` (submission `id`, whose last event, the approval,
/// has `sequence`).
pub(crate) async fn carry_out(
    commands: &Commands,
    id: Uuid,
    state: &Submission,
    sequence: i64,
    md: &EventMetadata,
) -> Result<(Effected, Option<EventPosition>), CarryOutError> {
    // Nothing follows an approval in a submission's stream: it is the last event.
    let md = md.caused_by(event_id(
        <Submission as cqrs_es::Aggregate>::TYPE,
        &id.to_string(),
        sequence,
    ));
    let mut attempt = 0;
    loop {
        attempt += 1;
        let effect = state
            .approval_effect(SubmissionId(id))
            .ok_or(CarryOutError::NoApproval(id))?;
        match apply_effect(commands, id, effect, &md).await {
            // Someone else (the follower, or a second moderator's retry) wrote to the same
            // artwork or artist first: the next attempt finds its work done, or does it.
            Err(e) if e.is_conflict() && attempt < CARRY_OUT_ATTEMPTS => continue,
            other => return other,
        }
    }
}

async fn apply_effect(
    commands: &Commands,
    id: Uuid,
    effect: ApprovalEffect,
    md: &EventMetadata,
) -> Result<(Effected, Option<EventPosition>), CarryOutError> {
    let (artwork_id, command) = match effect {
        ApprovalEffect::Create {
            artwork_id,
            mut artwork,
            artist_names,
        } => {
            artwork.artist_ids =
                resolve_artists(commands, &artist_names, SubmissionId(id), md).await?;
            (artwork_id, ArtworkCommand::CreateFromSubmission(artwork))
        }
        ApprovalEffect::Link {
            artwork_id,
            submission_id,
            photos,
            location,
        } => (
            artwork_id,
            ArtworkCommand::AddPhotos {
                submission_id,
                photos,
                location,
            },
        ),
        ApprovalEffect::Visit { artwork_id, visit } => {
            (artwork_id, ArtworkCommand::RecordVisit(visit))
        }
        ApprovalEffect::Edit {
            artwork_id,
            submission_id,
            edits,
            overwrite_stale,
        } => (
            artwork_id,
            ArtworkCommand::ApplyEdit {
                submission_id,
                edits,
                overwrite_stale,
            },
        ),
        ApprovalEffect::ArtistEdit {
            artist_id,
            submission_id,
            edits,
            overwrite_stale,
        } => {
            let command = ArtistCommand::ApplyEdit {
                submission_id,
                edits,
                overwrite_stale,
            };
            let position = commands
                .execute::<domain::Artist>(&artist_id.to_string(), command, md)
                .await?;
            return Ok((Effected::Artist(artist_id), position));
        }
    };
    let position = commands
        .execute::<domain::Artwork>(&artwork_id.to_string(), command, md)
        .await?;
    Ok((Effected::Artwork(artwork_id), position))
}

/// Artists named in a proposal: a known artist of that name (ignoring case), else a new
/// artist created for it.
async fn resolve_artists(
    commands: &Commands,
    names: &[domain::text::PersonName],
    submission_id: SubmissionId,
    md: &EventMetadata,
) -> Result<Vec<ArtistId>, CarryOutError> {
    let mut ids = Vec::with_capacity(names.len());
    for name in names {
        let known = projectors::artists::read::by_name(commands.pool(), name.as_str()).await?;
        let id = match known {
            Some(id) => id,
            None => {
                let id = ArtistId::for_name(name.as_str());
                // The answer's position is the artwork's, written after this.
                commands
                    .execute_unanswered::<domain::Artist>(
                        &id.to_string(),
                        ArtistCommand::CreateArtist {
                            name: name.clone(),
                            submission_id,
                        },
                        md,
                    )
                    .await?;
                id
            }
        };
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}
