//! `deactivate`: no more awards of a badge; those made stay.

use domain::{BadgeCommand, BadgeError, EventMetadata};
use platform::position::EventPosition;
use uuid::Uuid;

use crate::commands::{CommandError, Commands};

/// No more awards of this badge; those made stay.
pub async fn run(
    commands: &Commands,
    md: &EventMetadata,
    id: Uuid,
) -> Result<Option<EventPosition>, CommandError<BadgeError>> {
    commands
        .execute::<domain::BadgeDefinition>(&id.to_string(), BadgeCommand::Deactivate, md)
        .await
}
