//! `remove`: artworks come off a list, or off each of the sender's system lists of a kind.

use domain::{ArtworkId, ListCommand, ListError};
use platform::position::EventPosition;
use projectors::lists::read::{system_kind, system_lists};
use serde::Deserialize;
use uuid::Uuid;

use super::{admit, ListUseError};
use crate::actor::Sender;
use crate::commands::Commands;

/// `DELETE /api/lists/{id}/items`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RemoveItems {
    /// 1 to 100 artwork ids.
    pub artwork_ids: Vec<Uuid>,
}

/// Removes artworks from list `id` (for a system list, from each of the caller's identities'
/// lists of that kind).
pub async fn run(
    commands: &Commands,
    sender: &Sender,
    id: Uuid,
    req: RemoveItems,
) -> Result<Option<EventPosition>, ListUseError> {
    admit(commands, sender).await?;
    let identities = sender.identities(commands.pool()).await?;
    let artwork_ids: Vec<ArtworkId> = req.artwork_ids.into_iter().map(ArtworkId).collect();
    let targets = match system_kind(id, &identities) {
        Some((_, kind)) => {
            // Checked here too: the lists below may be none (nothing saved yet).
            if artwork_ids.is_empty() {
                return Err(ListUseError::Rule(ListError::NothingToRemove));
            }
            if artwork_ids.len() > domain::list::MAX_BULK_REMOVE {
                return Err(ListUseError::Rule(ListError::TooManyToRemove));
            }
            system_lists(commands.pool(), &identities, kind).await?
        }
        None => vec![id],
    };
    let mut position = None;
    for list in targets {
        let at = commands
            .execute::<domain::List>(
                &list.to_string(),
                ListCommand::RemoveItems {
                    identities: identities.clone(),
                    artwork_ids: artwork_ids.clone(),
                },
                &sender.metadata,
            )
            .await?;
        position = position.max(at);
    }
    Ok(position)
}
