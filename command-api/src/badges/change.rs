//! `change`: a badge's look and rule, and whether it is awarded.

use domain::badge::BadgeLook;
use domain::{BadgeCommand, BadgeError, EventMetadata};
use platform::position::EventPosition;
use uuid::Uuid;

use crate::commands::{CommandError, Commands};

/// `PUT /api/admin/badges/{id}`'s body: the badge as it should be now.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
pub struct BadgeChange {
    pub title: String,
    pub description: String,
    pub icon_emoji: String,
    #[schema(value_type = Object)]
    pub rule: domain::BadgeRule,
    /// Awarded again (true) or no more (false); unchanged when absent.
    pub active: Option<bool>,
}

/// Changes a badge's look and rule, and deactivates or reactivates it.
pub async fn run(
    commands: &Commands,
    md: &EventMetadata,
    id: Uuid,
    change: BadgeChange,
) -> Result<Option<EventPosition>, CommandError<BadgeError>> {
    let look = BadgeLook::parse(&change.title, &change.description, &change.icon_emoji)
        .map_err(CommandError::Rejected)?;
    let id = id.to_string();
    let mut position = commands
        .execute::<domain::BadgeDefinition>(
            &id,
            BadgeCommand::Update {
                look,
                rule: change.rule,
            },
            md,
        )
        .await?;
    if let Some(active) = change.active {
        let command = if active {
            BadgeCommand::Reactivate
        } else {
            BadgeCommand::Deactivate
        };
        position = commands
            .execute::<domain::BadgeDefinition>(&id, command, md)
            .await?;
    }
    Ok(position)
}
