//! `define`: a new badge at the id its key gives; awarded at once to all who qualify.

use domain::badge::{badge_id, BadgeKey, BadgeLook};
use domain::{BadgeCommand, BadgeError, EventMetadata};
use platform::position::EventPosition;
use uuid::Uuid;

use crate::commands::{CommandError, Commands};

/// `POST /api/admin/badges`'s body.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
pub struct NewBadge {
    /// 3–40 lowercase letters, digits and underscores; never changes.
    pub badge_key: String,
    pub title: String,
    pub description: String,
    pub icon_emoji: String,
    /// `{kind: approved_submissions|photos|visits|approved_edits|areas, at_least}`,
    /// `{kind: account_age, days}` or `{kind: email_verified}`.
    #[schema(value_type = Object)]
    pub rule: domain::BadgeRule,
}

/// Defines a badge (at the id its key gives); awarded at once to all who qualify.
pub async fn run(
    commands: &Commands,
    md: &EventMetadata,
    badge: NewBadge,
) -> Result<(Uuid, Option<EventPosition>), CommandError<BadgeError>> {
    let key = BadgeKey::parse(&badge.badge_key).map_err(CommandError::Rejected)?;
    let look = BadgeLook::parse(&badge.title, &badge.description, &badge.icon_emoji)
        .map_err(CommandError::Rejected)?;
    let id = badge_id(&key);
    let command = BadgeCommand::Define {
        key,
        look,
        rule: badge.rule,
    };
    let position = commands
        .execute::<domain::BadgeDefinition>(&id.to_string(), command, md)
        .await?;
    Ok((id, position))
}
