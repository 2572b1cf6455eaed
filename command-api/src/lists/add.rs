//! `add`: an artwork the public can see goes on a list (a system list comes into being).

use domain::{
    ActorId, Artwork, ArtworkError, ArtworkId, EventMetadata, ListCommand, ListId, ListKind,
};
use platform::position::EventPosition;
use projectors::lists::read::system_kind;
use serde::Deserialize;
use uuid::Uuid;

use super::{admit, ListUseError};
use crate::actor::Sender;
use crate::commands::{CommandError, Commands};

/// `POST /api/lists/{id}/items`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AddItem {
    pub artwork_id: Uuid,
}

/// Adds an artwork the public can see (in place or removed) to list `id` (a system list comes
/// into being).
pub async fn run(
    commands: &Commands,
    sender: &Sender,
    id: Uuid,
    req: AddItem,
) -> Result<Option<EventPosition>, ListUseError> {
    // From the artwork's own events: one approved a moment ago may not be in a read model yet.
    let (artwork, _) = commands
        .state::<Artwork>(&req.artwork_id.to_string())
        .await
        .map_err(|e: CommandError<ArtworkError>| anyhow::anyhow!(e))?;
    if !artwork.listable() {
        return Err(ListUseError::ArtworkNotFound);
    }
    admit(commands, sender).await?;
    let identities = sender.identities(commands.pool()).await?;
    let system = system_kind(id, &identities);
    Ok(commands
        .execute::<domain::List>(
            &id.to_string(),
            ListCommand::AddItem {
                identities,
                artwork_id: ArtworkId(req.artwork_id),
                system,
            },
            &sender.metadata,
        )
        .await?)
}

/// Ticks Visited for `visitor` (its own system list, made with its first artwork): the step a
/// logged visit takes. Not counted against the list budget (the visit was counted as a post),
/// and an artwork already there, or a list that is full, leaves the list as it is.
pub async fn mark_visited(
    commands: &Commands,
    visitor: ActorId,
    artwork_id: ArtworkId,
    metadata: &EventMetadata,
) -> Result<Option<EventPosition>, ListUseError> {
    let id = ListId::system(visitor, ListKind::Visited);
    let added = commands
        .execute::<domain::List>(
            &id.0.to_string(),
            ListCommand::AddItem {
                identities: vec![visitor],
                artwork_id,
                system: Some((visitor, ListKind::Visited)),
            },
            metadata,
        )
        .await;
    match added {
        Err(CommandError::Rejected(domain::ListError::Full)) => Ok(None),
        other => Ok(other?),
    }
}
