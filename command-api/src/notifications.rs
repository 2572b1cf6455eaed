//! Use case: a person marks one of their notifications as seen (dismissed and read are one
//! state, SPEC §4). The notification must be one of the identities' the caller speaks for; the
//! fact is an event of that identity's `Inbox`.

use domain::inbox::{InboxCommand, InboxError};
use platform::identity::Caller;
use platform::position::EventPosition;
use uuid::Uuid;

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

#[derive(Clone)]
pub struct Notifications {
    commands: Commands,
}

impl Notifications {
    pub fn new(commands: Commands) -> Self {
        Self { commands }
    }

    /// Marks notification `id` as seen; 404 unless it is the caller's.
    pub async fn dismiss(
        &self,
        caller: &Caller,
        id: Uuid,
    ) -> Result<Option<EventPosition>, DismissError> {
        let pool = self.commands.pool();
        let identities = caller.identities(pool).await?;
        let owner = projectors::notifications::read::recipient(pool, id, &identities)
            .await?
            .ok_or(DismissError::NotFound)?;
        self.commands
            .inbox(
                &owner.0.to_string(),
                InboxCommand::Dismiss {
                    owner,
                    identities,
                    id,
                },
                &caller.metadata(),
            )
            .await
            .map_err(|e| match e {
                CommandError::Rejected(_) => DismissError::NotFound,
                other => DismissError::Command(other),
            })
    }
}
