//! `resolve`: a moderator resolves feedback with a note told to its sender; a confirmed
//! missing artwork is removed first (removal is idempotent, so a resolve that then fails can be
//! tried again).

use domain::feedback::Note;
use domain::{ArtworkCommand, Feedback, FeedbackCommand, FeedbackError, Reason};
use platform::position::EventPosition;
use serde::Deserialize;
use uuid::Uuid;

use super::FeedbackUseError;
use crate::actor::Reviewer;
use crate::commands::Commands;

/// `POST /api/moderation/feedback/{id}/resolve`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ResolveFeedback {
    /// What was done: 1 to 1000 characters; told to the sender.
    pub note: String,
    /// For a report that an artwork is missing: mark the artwork removed.
    #[serde(default)]
    pub remove_artwork: bool,
}

/// Resolves feedback `id`, removing the artwork it reports missing when asked.
pub async fn run(
    commands: &Commands,
    reviewer: &Reviewer,
    id: Uuid,
    body: ResolveFeedback,
) -> Result<Option<EventPosition>, FeedbackUseError> {
    let moderator = reviewer.account_id;
    let note = Note::decision(&body.note)?;
    let md = &reviewer.metadata;
    let remove_artwork = body.remove_artwork;
    // Decided from the Feedback aggregate: loaded, the artwork removed as it says, then the
    // resolve committed against the version loaded (a concurrent decision is a conflict).
    commands
        .decide::<Feedback, FeedbackUseError, _, _>(&id.to_string(), md, |feedback| async move {
            if let Some(artwork) = feedback.artwork_to_remove(remove_artwork)? {
                let reason = Reason::parse(note.as_str()).map_err(|e| FeedbackError::Invalid {
                    field: "note",
                    message: e.to_string(),
                })?;
                let remove = ArtworkCommand::Remove {
                    reason,
                    feedback: id,
                };
                commands
                    .execute::<domain::Artwork>(&artwork.to_string(), remove, md)
                    .await?;
            }
            let resolve = FeedbackCommand::Resolve {
                moderator,
                note,
                remove_artwork,
            };
            Ok((feedback, resolve))
        })
        .await?;
    Ok(commands.position::<Feedback>(&id.to_string()).await?)
}
