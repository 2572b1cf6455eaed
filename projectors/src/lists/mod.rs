//! Read model `lists`: every saved list (people's own and the system lists Loved, Visited and
//! Want to see) with its owner, visibility and item count, and the artworks each holds with
//! when they were added. A list is gone from here once deleted; its events stay in the store.

pub mod read;

use domain::{List, ListEvent};
use platform::eventlog::EventEnvelope;
use sqlx::PgConnection;
use uuid::Uuid;

pub const NAME: &str = "lists";

read_model!(ListsProjector, NAME, ["lists", "list_items"]);

/// Applies a batch of events, as [`Projector::apply`](crate::Projector::apply) says.
async fn apply(db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
    for decoded in crate::events_of::<List>(events) {
        let (e, id, event) = decoded?;
        let at = e.recorded_at;
        match event {
            ListEvent::ListCreated {
                owner,
                kind,
                name,
                public,
            } => {
                sqlx::query!(
                    "INSERT INTO lists (id, owner, kind, name, public, created_at, updated_at)
                         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (id) DO NOTHING",
                    id,
                    owner.0,
                    kind.as_str(),
                    name.as_str(),
                    public,
                    at
                )
                .execute(&mut *db)
                .await?;
            }
            ListEvent::ItemAdded { artwork_id } => {
                sqlx::query!(
                    "WITH new AS (
                            INSERT INTO list_items (list_id, artwork_id, added_at)
                            VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING list_id)
                         UPDATE lists SET item_count = item_count + (SELECT count(*) FROM new),
                                updated_at = $3
                          WHERE id = $1",
                    id,
                    artwork_id.0,
                    at
                )
                .execute(&mut *db)
                .await?;
            }
            ListEvent::ItemsRemoved { artwork_ids } => {
                let ids: Vec<Uuid> = artwork_ids.iter().map(|a| a.0).collect();
                sqlx::query!(
                    "WITH gone AS (
                            DELETE FROM list_items WHERE list_id = $1 AND artwork_id = ANY($2)
                            RETURNING artwork_id)
                         UPDATE lists SET item_count = item_count - (SELECT count(*) FROM gone),
                                updated_at = $3
                          WHERE id = $1",
                    id,
                    &ids,
                    at
                )
                .execute(&mut *db)
                .await?;
            }
            ListEvent::ListRenamed { name } => {
                sqlx::query!(
                    "UPDATE lists SET name = $2, updated_at = $3 WHERE id = $1",
                    id,
                    name.as_str(),
                    at
                )
                .execute(&mut *db)
                .await?;
            }
            ListEvent::VisibilityChanged { public } => {
                sqlx::query!(
                    "UPDATE lists SET public = $2, updated_at = $3 WHERE id = $1",
                    id,
                    public,
                    at
                )
                .execute(&mut *db)
                .await?;
            }
            ListEvent::ListDeleted => {
                sqlx::query!("DELETE FROM list_items WHERE list_id = $1", id)
                    .execute(&mut *db)
                    .await?;
                sqlx::query!("DELETE FROM lists WHERE id = $1", id)
                    .execute(&mut *db)
                    .await?;
            }
        }
    }
    Ok(())
}
