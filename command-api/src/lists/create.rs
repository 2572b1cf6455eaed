//! `create`: a list of the sender's own, up to [`MAX_LISTS_PER_IDENTITY`](super::MAX_LISTS_PER_IDENTITY).

use domain::{ActorId, List, ListCommand, ListId, ListName};
use platform::position::EventPosition;
use serde::Deserialize;
use uuid::Uuid;

use super::{admit, ListUseError, MAX_LISTS_PER_IDENTITY};
use crate::actor::Sender;
use crate::commands::Commands;

/// `POST /api/lists`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NewList {
    /// 1 to 100 characters.
    pub name: String,
    /// Seen by anyone with its link when true; private (the default) otherwise.
    #[serde(default)]
    pub public: bool,
}

/// Creates the caller's own list; answers its id. Refused once the caller has
/// [`MAX_LISTS_PER_IDENTITY`] lists: counted from the event store and the list written in
/// one transaction under a lock on the owner, so concurrent creations cannot pass the cap.
pub async fn run(
    commands: &Commands,
    sender: &Sender,
    req: NewList,
) -> Result<(Uuid, Option<EventPosition>), ListUseError> {
    let name = ListName::parse(&req.name).map_err(ListUseError::Rule)?;
    admit(commands, sender).await?;
    let owner = sender.actor;
    let list = ListId::new();
    let id = list.0.to_string();
    let lock = format!("lists:owner:{}", owner.0);
    let queued = platform::db::queued(&lock).await;
    let mut tx = commands.pool().begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 27))")
        .bind(&lock)
        .execute(&mut *tx)
        .await?;
    if own_lists(&mut tx, owner).await? >= MAX_LISTS_PER_IDENTITY {
        return Err(ListUseError::TooManyLists);
    }
    let command = ListCommand::Create {
        owner,
        name,
        public: req.public,
    };
    Commands::create_in::<List>(&mut tx, &id, command, &sender.metadata).await?;
    tx.commit().await?;
    drop(queued);
    let position = commands.position::<List>(&id).await?;
    Ok((list.0, position))
}

/// Lists of its own `owner` has now (created and not deleted), from the event store.
async fn own_lists(tx: &mut sqlx::PgConnection, owner: ActorId) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT count(*) FROM es.events c
          WHERE c.aggregate_type = 'list' AND c.event_type = 'ListCreated'
            AND c.payload -> 'ListCreated' ->> 'owner' = $1
            AND c.payload -> 'ListCreated' ->> 'kind' = 'custom'
            AND NOT EXISTS (SELECT 1 FROM es.events d
                             WHERE d.aggregate_type = 'list' AND d.aggregate_id = c.aggregate_id
                               AND d.event_type = 'ListDeleted')",
    )
    .bind(owner.0.to_string())
    .fetch_one(tx)
    .await
}
