//! `update`: a list renamed and/or made public or private.

use domain::{ListCommand, ListName};
use platform::position::EventPosition;
use serde::Deserialize;
use uuid::Uuid;

use super::{admit, ListUseError};
use crate::actor::Sender;
use crate::commands::Commands;

/// `PATCH /api/lists/{id}`'s body: what to change.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ListUpdate {
    pub name: Option<String>,
    pub public: Option<bool>,
}

/// Renames list `id` and/or changes who may see it.
pub async fn run(
    commands: &Commands,
    sender: &Sender,
    id: Uuid,
    req: ListUpdate,
) -> Result<Option<EventPosition>, ListUseError> {
    let name = req
        .name
        .as_deref()
        .map(ListName::parse)
        .transpose()
        .map_err(ListUseError::Rule)?;
    admit(commands, sender).await?;
    let identities = sender.identities(commands.pool()).await?;
    let mut position = None;
    if let Some(name) = name {
        position = commands
            .execute::<domain::List>(
                &id.to_string(),
                ListCommand::Rename {
                    identities: identities.clone(),
                    name,
                },
                &sender.metadata,
            )
            .await?;
    }
    if let Some(public) = req.public {
        position = commands
            .execute::<domain::List>(
                &id.to_string(),
                ListCommand::SetVisibility { identities, public },
                &sender.metadata,
            )
            .await?;
    }
    Ok(position)
}
