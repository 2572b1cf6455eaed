//! `inbox`'s given/when/then tests.

use super::*;
use cqrs_es::test::TestFramework;

type Harness = TestFramework<Inbox>;

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
async fn a_notification_is_dismissed_once() {
    let dismissed = InboxEvent::NotificationDismissed {
        owner: me(),
        id: Uuid::from_u128(9),
    };
    Harness::with(())
        .given_no_previous_events()
        .when_async(dismiss(vec![me()]))
        .await
        .then_expect_events(vec![dismissed.clone()]);
    Harness::with(())
        .given(vec![dismissed])
        .when_async(dismiss(vec![me()]))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn someone_elses_notification_cannot_be_dismissed() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(dismiss(vec![ActorId(Uuid::from_u128(2))]))
        .await
        .then_expect_error(InboxError::NotYours);
}

#[tokio::test]
async fn several_notifications_are_seen_at_once_each_once() {
    let seen = InboxCommand::Dismiss {
        owner: me(),
        identities: vec![me()],
        ids: [9, 7, 8, 7].map(Uuid::from_u128).to_vec(),
    };
    Harness::with(())
        .given(vec![dismissed(8)])
        .when_async(seen)
        .await
        .then_expect_events(vec![dismissed(7), dismissed(9)]);
}
