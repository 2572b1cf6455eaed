//! The read side's writers: the projector runtime (JetStream durable consumers, checkpoints,
//! replay) and one module per read model.

pub mod accounts;
pub mod artists;
pub mod artworks;
pub mod candidates;
pub mod replay;
pub mod runtime;
pub mod search;
pub mod submissions;

use std::sync::Arc;

pub use runtime::{Projector, ProjectorOptions, ProjectorRuntime};

/// Every projector this build has, by stable name.
pub fn all() -> Vec<Arc<dyn Projector>> {
    vec![
        Arc::new(artworks::ArtworksProjector),
        Arc::new(artists::ArtistsProjector),
        Arc::new(accounts::AccountsProjector),
        Arc::new(search::SearchDocsProjector),
        Arc::new(submissions::SubmissionsProjector),
    ]
}

pub fn by_name(name: &str) -> Option<Arc<dyn Projector>> {
    all().into_iter().find(|p| p.name() == name)
}
