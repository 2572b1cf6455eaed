//! Moderators' commands on artworks themselves (not through a submission), one use case per
//! file, each a `run(commands, reviewer, id, request)`: undoing a change (`revert`), merging
//! duplicates (`merge`) and undoing that (`unmerge`).

pub mod merge;
pub mod revert;
pub mod unmerge;

pub use merge::{MergeRequest, Merged};
pub use revert::{ModerationError, RevertRequest, Reverted};
pub use unmerge::UnmergeRequest;

use domain::{Artwork, ArtworkEvent, Reason};
use uuid::Uuid;

use crate::commands::Commands;
use crate::submissions::FieldError;

/// One event of an artwork's stream: its history entry id (position), sequence and payload.
struct Recorded {
    position: String,
    sequence: i64,
    event: ArtworkEvent,
}

/// Artwork `id`'s events in order; `ArtworkNotFound` when it has none.
async fn stream(commands: &Commands, id: Uuid) -> Result<Vec<Recorded>, ModerationError> {
    let stream = platform::eventlog::stream_of(
        commands.pool(),
        <Artwork as cqrs_es::Aggregate>::TYPE,
        &id.to_string(),
    )
    .await?;
    if stream.is_empty() {
        return Err(ModerationError::ArtworkNotFound(id));
    }
    stream
        .into_iter()
        .map(|e| {
            Ok(Recorded {
                position: e.event_position().to_string(),
                sequence: e.sequence,
                event: serde_json::from_value(e.payload).map_err(anyhow::Error::from)?,
            })
        })
        .collect()
}

/// A moderator's reason: required, at most 500 characters.
fn reason(raw: Option<&str>) -> Result<Reason, FieldError> {
    Reason::parse(raw.unwrap_or("")).map_err(|e| FieldError::new("reason", e.to_string()))
}
