//! Use case: a logbook post — a new artwork or a visit to one, with photos — recorded as a
//! pending submission, in three steps the route calls as the form streams in: the sender is
//! admitted against its budget ([`admit`]) before anything is read, each photo is checked and
//! stored as it arrives ([`accept_photo`]), and the post is recorded once the form is read
//! ([`run`]).

use domain::photo::{Photo, PhotoKey, MAX_PHOTOS_PER_SUBMISSION, MAX_PHOTO_BYTES};
use domain::{
    Artwork, ArtworkError, ArtworkId, NewArtworkProposal, SubmissionCommand, SubmissionError,
    SubmissionId, SubmissionKind, SubmissionStatus, VisitReport,
};
use media::images::PhotoDto;
use media::photos::PhotoError;
use platform::position::EventPosition;
use platform::ratelimit::Budget;
use projectors::candidates::duplicate_candidates;
use uuid::Uuid;

use super::form::{FieldError, LogbookFields, PostKind};
use super::{SubmissionReceipt, Submissions};
use crate::actor::Sender;
use crate::commands::CommandError;
use crate::media::{Accepted, UploadError};

/// Submissions (logbook posts and edit proposals) one identity, and one client (an IPv4
/// address or an IPv6 /64), may send an hour.
pub const POSTS: Budget = Budget::hourly("submit", 30, 60);

#[derive(Debug, thiserror::Error)]
pub enum SubmitError {
    /// The identity or the client posted its hourly share; try again in this many seconds.
    #[error("too many submissions")]
    RateLimited { retry_after_secs: u64 },
    #[error(transparent)]
    Field(#[from] FieldError),
    /// The `index`-th photo (from 1) was refused.
    #[error("photo {index}: {error}")]
    Photo { index: usize, error: UploadError },
    #[error("Artwork with ID {0} not found")]
    ArtworkNotFound(Uuid),
    #[error(transparent)]
    Command(#[from] CommandError<SubmissionError>),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

crate::commands::sqlx_is_store!(SubmitError);

/// Counts a post against the sender's and its client's hourly budget.
pub async fn admit(submissions: &Submissions, sender: &Sender) -> Result<(), SubmitError> {
    POSTS
        .admit(submissions.pool(), sender.actor.0, &sender.client)
        .await?
        .map_err(|retry_after_secs| SubmitError::RateLimited { retry_after_secs })
}

/// Checks and stores one uploaded photo (the `index`-th, from 1).
pub async fn accept_photo(
    submissions: &Submissions,
    sender: &Sender,
    bytes: bytes::Bytes,
    index: usize,
) -> Result<Accepted, SubmitError> {
    if index > MAX_PHOTOS_PER_SUBMISSION {
        return Err(SubmitError::Command(CommandError::Rejected(
            SubmissionError::TooManyPhotos,
        )));
    }
    if bytes.len() > MAX_PHOTO_BYTES {
        return Err(SubmitError::Photo {
            index,
            error: UploadError::Photo(PhotoError::TooLarge { bytes: bytes.len() }),
        });
    }
    submissions
        .media()
        .accept(bytes, sender.actor.0)
        .await
        .map_err(|error| SubmitError::Photo { index, error })
}

/// Records a logbook post whose photos are already accepted; on any error the caller
/// deletes them.
pub async fn run(
    submissions: &Submissions,
    sender: &Sender,
    fields: LogbookFields,
    accepted: &[Accepted],
) -> Result<(SubmissionReceipt, Option<EventPosition>), SubmitError> {
    let post = fields.parse()?;
    let photos: Vec<Photo> = accepted
        .iter()
        .map(|a| Photo {
            key: a.key,
            width: a.inspected.width,
            height: a.inspected.height,
            exif: a.inspected.exif.without_personal(),
        })
        .collect();
    let submitter = sender.actor;
    let id = SubmissionId::new();
    let metadata = sender.metadata.clone();
    let kind = post.what.kind();
    let (title, type_name) = match &post.what {
        PostKind::NewArtwork {
            title,
            artwork_type,
            ..
        } => (
            title.as_ref().map(|t| t.as_str().to_owned()),
            Some(*artwork_type),
        ),
        PostKind::Visit { .. } => (None, None),
    };
    let visited = match &post.what {
        PostKind::Visit { artwork_id, .. } => Some(ArtworkId(*artwork_id)),
        PostKind::NewArtwork { .. } => None,
    };
    let command = match post.what {
        PostKind::Visit {
            artwork_id,
            condition,
        } => {
            // A visit is to an artwork in place, as its own events tell (a read model
            // may not have the one approved a moment ago yet).
            let (artwork, _) = submissions
                .commands()
                .state::<Artwork>(&artwork_id.to_string())
                .await
                .map_err(|e: CommandError<ArtworkError>| anyhow::anyhow!(e))?;
            if !artwork.takes_visits() {
                return Err(SubmitError::ArtworkNotFound(artwork_id));
            }
            SubmissionCommand::LogVisit(Box::new(VisitReport {
                submitter,
                artwork_id: ArtworkId(artwork_id),
                location: post.location,
                condition,
                note: post.note,
                photos,
                visited_at: metadata.time,
            }))
        }
        PostKind::NewArtwork {
            title,
            description,
            artwork_type,
            tags,
            artist_names,
        } => SubmissionCommand::ProposeArtwork(Box::new(NewArtworkProposal {
            submitter,
            location: post.location,
            title,
            description,
            artwork_type,
            tags,
            artist_names,
            note: post.note,
            photos,
        })),
    };
    let keys: Vec<PhotoKey> = accepted.iter().map(|a| a.key).collect();
    submissions.media().reserve(&keys, id.0).await?;
    let position = submissions
        .commands()
        .execute::<domain::Submission>(&id.to_string(), command, &metadata)
        .await?;
    submissions.media().enqueue(keys);
    // A logged visit ticks Visited. The visit is recorded whatever happens here: the tick is
    // a convenience the person can also make by hand.
    let position = match visited {
        Some(artwork) => {
            match crate::lists::add::mark_visited(
                submissions.commands(),
                submitter,
                artwork,
                &metadata,
            )
            .await
            {
                Ok(ticked) => ticked.max(position),
                Err(e) => {
                    tracing::warn!(error = %e, "a logged visit did not tick Visited");
                    position
                }
            }
        }
        None => position,
    };
    let nearby = if kind == SubmissionKind::NewArtwork {
        duplicate_candidates(
            submissions.pool(),
            post.location.lat(),
            post.location.lon(),
            title.as_deref(),
            type_name,
            None,
            None,
        )
        .await?
    } else {
        Vec::new()
    };
    let signer = submissions.media().signer().await?;
    let now = chrono::Utc::now();
    let receipt = SubmissionReceipt {
        id: id.0,
        status: SubmissionStatus::Pending,
        submission_type: kind,
        photos: accepted
            .iter()
            .map(|a| {
                PhotoDto::new(a.key, a.inspected.width, a.inspected.height, None)
                    .signed(signer, now)
            })
            .collect(),
        nearby,
    };
    Ok((receipt, position))
}
