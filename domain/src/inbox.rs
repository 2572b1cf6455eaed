//! The `Inbox` aggregate: what one identity has done with its notifications. Notifications
//! themselves are a pure function of other events (an approval, a rejection, …) and live in a
//! read model whose ids are derived from the events that made them; the only thing a person
//! adds is "I have seen this one" (dismissed and read are the same state, SPEC §4), which is
//! recorded here, per identity, so a replay of the read models keeps it.

use std::collections::BTreeSet;

use cqrs_es::{Aggregate, DomainEvent};
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

impl DomainEvent for InboxEvent {
    fn event_type(&self) -> String {
        match self {
            InboxEvent::NotificationDismissed { .. } => "NotificationDismissed",
        }
        .to_owned()
    }

    fn event_version(&self) -> String {
        "1".to_owned()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InboxError {
    #[error("Notification not found")]
    NotYours,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Inbox {
    pub dismissed: BTreeSet<Uuid>,
}

impl Aggregate for Inbox {
    const TYPE: &'static str = "inbox";
    type Command = InboxCommand;
    type Event = InboxEvent;
    type Error = InboxError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &cqrs_es::event_sink::EventSink<Self>,
    ) -> Result<(), Self::Error> {
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
                for id in new {
                    sink.write(InboxEvent::NotificationDismissed { owner, id }, self)
                        .await;
                }
                Ok(())
            }
        }
    }

    fn apply(&mut self, event: Self::Event) {
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
