//! `delete`: one of the sender's own lists goes (a system list cannot).

use domain::{ListCommand, ListError};
use platform::position::EventPosition;
use projectors::lists::read::system_kind;
use uuid::Uuid;

use super::{admit, ListUseError};
use crate::actor::Sender;
use crate::commands::Commands;

/// Deletes the caller's own list `id`.
pub async fn run(
    commands: &Commands,
    sender: &Sender,
    id: Uuid,
) -> Result<Option<EventPosition>, ListUseError> {
    admit(commands, sender).await?;
    let identities = sender.identities(commands.pool()).await?;
    if let Some((_, kind)) = system_kind(id, &identities) {
        return Err(ListUseError::Rule(ListError::SystemList(
            kind.system_name().unwrap_or_default(),
        )));
    }
    Ok(commands
        .execute::<domain::List>(
            &id.to_string(),
            ListCommand::Delete { identities },
            &sender.metadata,
        )
        .await?)
}
