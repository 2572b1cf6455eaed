//! `dismiss`: a person marks notifications of theirs as seen — one, or every one a page showed
//! (dismissed and read are one state, SPEC §4). Each must be a notification of an identity the
//! sender speaks for; the fact is an event of that identity's `Inbox`, whose rules decide.

use std::collections::BTreeMap;

use domain::inbox::{InboxCommand, InboxError};
use domain::ActorId;
use platform::position::EventPosition;
use uuid::Uuid;

use crate::actor::Sender;
use crate::commands::{CommandError, Commands};

/// Most notifications one call marks: a page of them.
pub const MAX_AT_ONCE: usize = 100;

#[derive(Debug, thiserror::Error)]
pub enum DismissError {
    /// One of them is not the caller's notification (or none at all).
    #[error("{}", InboxError::NotYours)]
    NotFound,
    #[error("Name 1 to {MAX_AT_ONCE} notifications")]
    Count,
    #[error(transparent)]
    Command(CommandError<InboxError>),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// Marks notifications `ids` as seen: every one must be the sender's, else none is.
pub async fn run(
    commands: &Commands,
    sender: &Sender,
    ids: &[Uuid],
) -> Result<Option<EventPosition>, DismissError> {
    let mut ids = ids.to_vec();
    ids.sort();
    ids.dedup();
    if ids.is_empty() || ids.len() > MAX_AT_ONCE {
        return Err(DismissError::Count);
    }
    let pool = commands.pool();
    let identities = sender.identities(pool).await?;
    let found = projectors::notifications::read::recipients(pool, &ids, &identities).await?;
    if found.len() != ids.len() {
        return Err(DismissError::NotFound);
    }
    let mut by_owner: BTreeMap<ActorId, Vec<Uuid>> = BTreeMap::new();
    for (id, owner) in found {
        by_owner.entry(owner).or_default().push(id);
    }
    let mut last = None;
    for (owner, ids) in by_owner {
        let command = InboxCommand::Dismiss {
            owner,
            identities: identities.clone(),
            ids,
        };
        let position = commands
            .execute::<domain::inbox::Inbox>(&owner.0.to_string(), command, &sender.metadata)
            .await
            .map_err(|e| match e {
                CommandError::Rejected(_) => DismissError::NotFound,
                other => DismissError::Command(other),
            })?;
        last = last.max(position);
    }
    Ok(last)
}
