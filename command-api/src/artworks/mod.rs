//! Moderators' commands on artworks themselves (not through a submission), one use case per
//! file: undoing a change (`revert`), merging duplicates and undoing that (`merge`).

mod merge;
mod revert;

pub use merge::{MergeRequest, Merged, UnmergeRequest};
pub use revert::{ModerationError, RevertRequest, Reverted};

use domain::{Artwork, ArtworkEvent, Reason};
use uuid::Uuid;

use crate::commands::Commands;
use crate::submissions::FieldError;

#[derive(Clone)]
pub struct Artworks {
    commands: Commands,
}

/// One event of an artwork's stream: its history entry id (position), sequence and payload.
struct Recorded {
    position: String,
    sequence: i64,
    event: ArtworkEvent,
}

impl Artworks {
    pub fn new(commands: Commands) -> Self {
        Self { commands }
    }

    /// Artwork `id`'s events in order; `ArtworkNotFound` when it has none.
    async fn stream(&self, id: Uuid) -> Result<Vec<Recorded>, ModerationError> {
        let stream = platform::eventlog::stream_of(
            self.commands.pool(),
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
}

/// A moderator's reason: required, at most 500 characters.
fn reason(raw: Option<&str>) -> Result<Reason, FieldError> {
    Reason::parse(raw.unwrap_or("")).map_err(|e| FieldError::new("reason", e.to_string()))
}
