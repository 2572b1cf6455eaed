//! Use cases on saved lists: create one, add an artwork, remove some, rename it or change who
//! may see it, delete it. Every caller (anonymous too) has lists; a list is changed only by an
//! identity its owner is (the aggregate checks it against every identity the caller speaks for).
//!
//! The system lists (Loved, Visited, Want to see) have fixed ids per identity and come into
//! being with their first artwork. A signed-in person's system list of one kind is read as the
//! union of their identities' (`projectors::lists::read`), so removing from it removes from each
//! of those lists that holds the artwork.
//!
//! Every write is an event each projector reads, and an anonymous identity costs nothing, so
//! each write counts against the identity's and the client's hourly budget
//! ([`WRITES`]), and an identity has at most
//! [`MAX_LISTS_PER_IDENTITY`] lists of its own, counted in the event store under a lock.

//!
//! One use case a file, each a `run` function over plain input; who acts is a
//! [`Sender`](crate::actor::Sender) the route builds.

pub mod add;
pub mod create;
pub mod delete;
pub mod remove;
pub mod update;

pub use add::AddItem;
pub use create::NewList;
pub use remove::RemoveItems;
pub use update::ListUpdate;

use domain::ListError;
use platform::ratelimit::Budget;

use crate::actor::Sender;
use crate::commands::Commands;

/// List writes (create, add, remove, rename, delete) one identity, and one client, may make an
/// hour: each is an event every projector must read.
pub const WRITES: Budget = Budget::hourly("lists", 120, 300);
/// Lists of its own one identity may have (the system lists are not counted).
pub const MAX_LISTS_PER_IDENTITY: i64 = 100;

#[derive(Debug, thiserror::Error)]
pub enum ListUseError {
    #[error(transparent)]
    Rule(ListError),
    /// The identity or the client made its hourly share of list changes.
    #[error("too many list changes")]
    RateLimited { retry_after_secs: u64 },
    #[error("You have {MAX_LISTS_PER_IDENTITY} lists; delete one to make another")]
    TooManyLists,
    #[error("Artwork not found")]
    ArtworkNotFound,
    #[error("the record was changed by someone else; reload and try again")]
    Conflict,
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

crate::commands::command_error_into!(ListUseError: ListError);

crate::commands::sqlx_is_store!(ListUseError);

/// Counts one write against the sender's and its client's hourly budget; called once the input
/// is good, so a mistake costs nothing.
async fn admit(commands: &Commands, sender: &Sender) -> Result<(), ListUseError> {
    WRITES
        .admit(commands.pool(), sender.actor.0, &sender.client)
        .await?
        .map_err(|retry_after_secs| ListUseError::RateLimited { retry_after_secs })
}
