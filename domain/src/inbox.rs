//! The `Inbox` aggregate: what one identity has done with its notifications. Notifications
//! themselves are a pure function of other events (an approval, a rejection, …) and live in a
//! read model whose ids are derived from the events that made them; the only thing a person
//! adds is "I have seen this one" (dismissed and read are the same state, SPEC §4), which is
//! recorded here, per identity, so a replay of the read models keeps it.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::ids::ActorId;

words! {
    /// What a notification tells of.
    pub enum NotificationKind {
        SubmissionApproved = "submission_approved",
        SubmissionRejected = "submission_rejected",
        BadgeAwarded = "badge_awarded",
        FeedbackResolved = "feedback_resolved",
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum InboxCommand {
    /// Mark notifications `ids` of this inbox as seen (one event each not seen before);
    /// `identities` are those the caller speaks for, of which the inbox's owner must be one.
    /// Idempotent.
    Dismiss {
        owner: ActorId,
        identities: Vec<ActorId>,
        ids: Vec<Uuid>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum InboxEvent {
    NotificationDismissed { owner: ActorId, id: Uuid },
}

event_types!(InboxEvent: NotificationDismissed);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InboxError {
    #[error("Notification not found")]
    NotYours,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Inbox {
    pub dismissed: BTreeSet<Uuid>,
}

aggregate!(Inbox, "inbox", InboxCommand => InboxEvent, InboxError);

impl Inbox {
    /// The events `command` records (none when it was done already), or why it is refused.
    fn decide(&self, command: InboxCommand) -> Result<Vec<InboxEvent>, InboxError> {
        match command {
            InboxCommand::Dismiss {
                owner,
                identities,
                ids,
            } => {
                if !identities.contains(&owner) {
                    return Err(InboxError::NotYours);
                }
                let mut new: Vec<Uuid> = ids
                    .into_iter()
                    .filter(|id| !self.dismissed.contains(id))
                    .collect();
                new.sort();
                new.dedup();
                Ok(new
                    .into_iter()
                    .map(|id| InboxEvent::NotificationDismissed { owner, id })
                    .collect())
            }
        }
    }

    fn evolve(&mut self, event: InboxEvent) {
        match event {
            InboxEvent::NotificationDismissed { id, .. } => {
                self.dismissed.insert(id);
            }
        }
    }
}

#[cfg(test)]
#[path = "inbox_tests.rs"]
mod tests;
