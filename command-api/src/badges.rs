//! Badge definitions, as admins write them: define, change (and reactivate), deactivate. The
//! catalogue every instance starts with and the awarder that follows events are in
//! `process::badges`.

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

/// Admins' badge management: every change a `BadgeDefinition` event with the admin as actor.
#[derive(Clone)]
pub struct BadgeAdmin {
    commands: Commands,
}

impl BadgeAdmin {
    pub fn new(commands: Commands) -> Self {
        Self { commands }
    }

    /// Defines a badge (at the id its key gives); awarded at once to all who qualify.
    pub async fn define(
        &self,
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
        let position = self.commands.badge(&id.to_string(), command, md).await?;
        Ok((id, position))
    }

    /// Changes a badge's look and rule, and deactivates or reactivates it.
    pub async fn change(
        &self,
        md: &EventMetadata,
        id: Uuid,
        change: BadgeChange,
    ) -> Result<Option<EventPosition>, CommandError<BadgeError>> {
        let look = BadgeLook::parse(&change.title, &change.description, &change.icon_emoji)
            .map_err(CommandError::Rejected)?;
        let id = id.to_string();
        let mut position = self
            .commands
            .badge(
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
            position = self.commands.badge(&id, command, md).await?;
        }
        Ok(position)
    }

    /// No more awards of this badge; those made stay.
    pub async fn deactivate(
        &self,
        md: &EventMetadata,
        id: Uuid,
    ) -> Result<Option<EventPosition>, CommandError<BadgeError>> {
        self.commands
            .badge(&id.to_string(), BadgeCommand::Deactivate, md)
            .await
    }
}
