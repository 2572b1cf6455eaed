//! Use case: a person marks one of their notifications as seen (dismissed and read are one
//! state, SPEC §4). The notification must be one of the identities' the caller speaks for; the
//! fact is an event of that identity's `Inbox`.

use domain::inbox::{InboxCommand, InboxError};
use platform::http::ApiError;
use platform::identity::Caller;
use platform::position::EventPosition;
use uuid::Uuid;

use crate::commands::{CommandError, Commands};

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
    ) -> Result<Option<EventPosition>, ApiError> {
        let pool = self.commands.pool();
        let identities = projectors::accounts::read::identities(pool, caller).await?;
        let not_found = || ApiError::NotFound(InboxError::NotYours.to_string());
        let owner = projectors::notifications::read::recipient(pool, id, &identities)
            .await?
            .ok_or_else(not_found)?;
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
                CommandError::Rejected(_) => not_found(),
                other => other.into(),
            })
    }
}
