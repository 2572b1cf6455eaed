//! Use case (`POST /api/submissions/{id}/photo-metadata/erase`): an author has the location, time
//! and camera their photos' EXIF named forgotten, in any state of the submission. The event
//! (recorded once) tells every read model; the operational copy is cleared every time, so a
//! retry after a failure finishes the job.

use domain::{Submission, SubmissionCommand};
use platform::position::EventPosition;
use uuid::Uuid;

use super::close::{photo_keys, CloseError};
use super::{MetadataErased, Submissions};
use crate::actor::Sender;

/// Erases the photo metadata of the sender's own submission `id`.
pub async fn run(
    submissions: &Submissions,
    sender: &Sender,
    id: Uuid,
) -> Result<(MetadataErased, Option<EventPosition>), CloseError> {
    let identities = sender.identities(submissions.pool()).await?;
    let sid = id.to_string();
    let command = SubmissionCommand::ErasePhotoMetadata { identities };
    let commands = submissions.commands();
    let decision = commands
        .decide(&sid, &sender.metadata, |s: Submission| async move {
            Ok::<_, CloseError>((s, command))
        })
        .await?;
    let position = commands.position::<Submission>(&sid).await?;
    let keys = photo_keys(&decision.state);
    submissions.media().erase_metadata(&keys).await?;
    Ok((
        MetadataErased {
            id,
            photos: keys.len(),
        },
        position,
    ))
}
