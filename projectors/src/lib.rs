//! The read side's writers: the projector runtime (JetStream durable consumers, checkpoints,
//! replay) and one module per read model.

/// Declares a read model's projector: the unit struct `$projector`, its `MODEL` ([`ReadModel`]:
/// its name, its tables, and the `tables.sql` and `indexes.sql` beside the module that invokes
/// it), and its [`Projector`] impl, which applies a batch with the module's own
/// `async fn apply(db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()>`.
macro_rules! read_model {
    ($projector:ident, $name:expr, [$($table:literal),+ $(,)?]) => {
        pub struct $projector;

        /// This read model's name, tables and schema files.
        pub const MODEL: $crate::ReadModel = $crate::ReadModel {
            name: $name,
            tables: &[$($table),+],
            tables_sql: include_str!("tables.sql"),
            indexes_sql: include_str!("indexes.sql"),
        };

        #[async_trait::async_trait]
        impl $crate::Projector for $projector {
            fn model(&self) -> &'static $crate::ReadModel {
                &MODEL
            }

            async fn apply(
                &self,
                db: &mut sqlx::PgConnection,
                events: &[platform::eventlog::EventEnvelope],
            ) -> anyhow::Result<()> {
                apply(db, events).await
            }
        }
    };
}

/// How many rows of the read-model table `$table` (a literal: `"rm.feedback"`) are in each
/// `status` that has any, as a map from status to count.
macro_rules! status_counts {
    ($pool:expr, $table:literal) => {
        sqlx::query!(r#"SELECT status, count(*) AS "n!" FROM "# + $table + " GROUP BY status")
            .fetch_all($pool)
            .await
            .map(|rows| rows.into_iter().map(|r| (r.status, r.n)).collect())
    };
}

pub mod accounts;
pub mod areas;
pub mod artists;
pub mod artworks;
pub mod badges;
pub mod candidates;
pub mod checkpoints;
pub mod feed;
pub mod feedback;
pub mod history;
pub mod lists;
pub mod notifications;
pub mod replay;
pub mod replay_jobs;
pub mod runtime;
pub mod search;
pub mod sitemap;
pub mod submissions;

use std::sync::Arc;

pub use runtime::{Projector, ProjectorOptions, ProjectorRuntime, ReadModel};

/// The events of aggregate `A` in a batch, in order, each with its aggregate's id and its
/// decoded payload: what a projector of one aggregate reads of every batch.
pub(crate) fn events_of<A: cqrs_es::Aggregate>(
    events: &[platform::eventlog::EventEnvelope],
) -> impl Iterator<Item = anyhow::Result<(&platform::eventlog::EventEnvelope, uuid::Uuid, A::Event)>>
{
    events
        .iter()
        .filter(|e| e.aggregate_type == A::TYPE)
        .map(|e| {
            let id = uuid::Uuid::parse_str(&e.aggregate_id)?;
            let event = e.decode::<A::Event>()?;
            Ok((e, id, event))
        })
}

/// Every projector this build has, by stable name.
pub fn all() -> Vec<Arc<dyn Projector>> {
    vec![
        Arc::new(artworks::ArtworksProjector),
        Arc::new(artists::ArtistsProjector),
        Arc::new(accounts::AccountsProjector),
        Arc::new(search::SearchDocsProjector),
        Arc::new(submissions::SubmissionsProjector),
        Arc::new(lists::ListsProjector),
        Arc::new(notifications::NotificationsProjector),
        Arc::new(badges::BadgesProjector),
        Arc::new(feedback::FeedbackProjector),
        Arc::new(areas::AreasProjector),
    ]
}

pub fn by_name(name: &str) -> Option<Arc<dyn Projector>> {
    all().into_iter().find(|p| p.name() == name)
}

/// Creates every projector's live tables (readers call this at start, so reads answer, empty,
/// before the projectors have run).
pub async fn prepare_all(pool: &sqlx::PgPool) -> anyhow::Result<()> {
    for p in all() {
        runtime::prepare(pool, p.as_ref()).await?;
    }
    Ok(())
}
