//! `dismiss`: a person marks one of their notifications as seen (dismissed and read are one
//! state, SPEC §4). The notification must be one of the identities' the sender speaks for; the
//! fact is an event of that identity's `Inbox`, whose rules decide.

use domain::inbox::{InboxCommand, InboxError};
use platform::position::EventPosition;
use uuid::Uuid;

use crate::actor::Sender;
use crate::commands::{CommandError, Commands};

#[derive(Debug, thiserror::Error)]
pub enum DismissError {
    /// Not one of the caller's notifications (or none at all).
    #[error("{}", InboxError::NotYours)]
    NotFound,
    #[error(transparent)]
    Command(CommandError<InboxError>),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// Marks notification `id` as seen; not found unless it is the sender's.
pub async fn run(
    commands: &Commands,
    sender: &Sender,
    id: Uuid,
) -> Result<Option<EventPosition>, DismissError> {
    let pool = commands.pool();
    let identities = sender.identities(pool).await?;
    let owner = projectors::notifications::read::recipient(pool, id, &identities)
        .await?
        .ok_or(DismissError::NotFound)?;
    let command = InboxCommand::Dismiss {
        owner,
        identities,
        id,
    };
    commands
        .inbox(&owner.0.to_string(), command, &sender.metadata)
        .await
        .map_err(|e| match e {
            CommandError::Rejected(_) => DismissError::NotFound,
            other => DismissError::Command(other),
        })
}
