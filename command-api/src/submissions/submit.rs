//! Use case: a logbook post — a new artwork or a visit to one, with photos — recorded as a
//! pending submission. Photos are accepted one by one while the form streams in
//! ([`Submissions::accept_photo`]); the post itself is recorded once the form is read.

use domain::photo::{Photo, PhotoKey, MAX_PHOTOS_PER_SUBMISSION, MAX_PHOTO_BYTES};
use domain::{
    ArtworkId, NewArtworkProposal, SubmissionCommand, SubmissionError, SubmissionId,
    SubmissionKind, SubmissionStatus, VisitReport,
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

impl From<sqlx::Error> for SubmitError {
    fn from(e: sqlx::Error) -> Self {
        SubmitError::Store(e.into())
    }
}

impl Submissions {
    /// Counts a post against the sender's and its client's hourly budget.
    pub async fn admit(&self, sender: &Sender) -> Result<(), SubmitError> {
        POSTS
            .admit(self.pool(), sender.actor.0, &sender.client)
            .await?
            .map_err(|retry_after_secs| SubmitError::RateLimited { retry_after_secs })
    }

    /// Checks and stores one uploaded photo (the `index`-th, from 1).
    pub async fn accept_photo(
        &self,
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
        self.media
            .accept(bytes, sender.actor.0)
            .await
            .map_err(|error| SubmitError::Photo { index, error })
    }

    /// Records a logbook post whose photos are already accepted; on any error the caller
    /// deletes them.
    pub async fn submit(
        &self,
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
        let command = match post.what {
            PostKind::Visit {
                artwork_id,
                condition,
            } => {
                // A visit is to an approved artwork: one the public can see.
                let status = projectors::artworks::read::status_of(self.pool(), artwork_id).await?;
                if status.as_deref() != Some("approved") {
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
        self.media.reserve(&keys, id.0).await?;
        let position = self
            .commands
            .submission(&id.to_string(), command, &metadata)
            .await?;
        self.media.enqueue(keys);
        let nearby = if kind == SubmissionKind::NewArtwork {
            duplicate_candidates(
                self.pool(),
                post.location.lat(),
                post.location.lon(),
                title.as_deref(),
                type_name,
                None,
            )
            .await?
        } else {
            Vec::new()
        };
        let signer = self.media.signer().await?;
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
}
