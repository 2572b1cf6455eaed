//! The read side's writers: the projector runtime (JetStream durable consumers, checkpoints,
//! replay) and one module per read model.

/// Declares a read model's `MODEL` ([`ReadModel`]): its name, its tables, and the `tables.sql`
/// and `indexes.sql` beside the module that invokes it.
macro_rules! read_model {
    ($name:expr, [$($table:literal),+ $(,)?]) => {
        /// This read model's name, tables and schema files.
        pub const MODEL: $crate::ReadModel = $crate::ReadModel {
            name: $name,
            tables: &[$($table),+],
            tables_sql: include_str!("tables.sql"),
            indexes_sql: include_str!("indexes.sql"),
        };
    };
}

pub mod accounts;
pub mod artists;
pub mod artworks;
pub mod badges;
pub mod candidates;
pub mod checkpoints;
pub mod feedback;
pub mod lists;
pub mod notifications;
pub mod replay;
pub mod replay_jobs;
pub mod runtime;
pub mod search;
pub mod submissions;

use std::sync::Arc;

pub use runtime::{Projector, ProjectorOptions, ProjectorRuntime, ReadModel};

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
