//! `inbox`'s given/when/then tests, a table of named cases.

use super::*;
use crate::testing::check_all;

type Case = crate::testing::Case<Inbox>;

fn me() -> ActorId {
    ActorId(Uuid::from_u128(1))
}

fn dismiss(identities: Vec<ActorId>) -> InboxCommand {
    InboxCommand::Dismiss {
        owner: me(),
        identities,
        ids: vec![Uuid::from_u128(9)],
    }
}

fn dismissed(n: u128) -> InboxEvent {
    InboxEvent::NotificationDismissed {
        owner: me(),
        id: Uuid::from_u128(n),
    }
}

#[tokio::test]
async fn dismissing_notifications() {
    check_all([
        Case {
            name: "a notification is dismissed",
            given: vec![],
            when: dismiss(vec![me()]),
            then: Ok(vec![dismissed(9)]),
        },
        Case {
            name: "a notification is dismissed once",
            given: vec![dismissed(9)],
            when: dismiss(vec![me()]),
            then: Ok(vec![]),
        },
        Case {
            name: "someone else's notification cannot be dismissed",
            given: vec![],
            when: dismiss(vec![ActorId(Uuid::from_u128(2))]),
            then: Err(InboxError::NotYours),
        },
        Case {
            name: "several notifications are seen at once, each once",
            given: vec![dismissed(8)],
            when: InboxCommand::Dismiss {
                owner: me(),
                identities: vec![me()],
                ids: [9, 7, 8, 7].map(Uuid::from_u128).to_vec(),
            },
            then: Ok(vec![dismissed(7), dismissed(9)]),
        },
    ])
    .await;
}
