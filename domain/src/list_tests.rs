//! `list`'s given/when/then tests.

use super::*;
use cqrs_es::test::TestFramework;

type Harness = TestFramework<List>;

fn owner() -> ActorId {
    ActorId(Uuid::from_u128(1))
}

fn stranger() -> ActorId {
    ActorId(Uuid::from_u128(2))
}

fn art(n: u128) -> ArtworkId {
    ArtworkId(Uuid::from_u128(100 + n))
}

fn name(s: &str) -> ListName {
    ListName::parse(s).unwrap()
}

fn created() -> ListEvent {
    ListEvent::ListCreated {
        owner: owner(),
        kind: ListKind::Custom,
        name: name("Murals"),
        public: false,
    }
}

fn loved() -> ListEvent {
    ListEvent::ListCreated {
        owner: owner(),
        kind: ListKind::Loved,
        name: name("Loved"),
        public: false,
    }
}

fn add(artwork: ArtworkId) -> ListCommand {
    ListCommand::AddItem {
        identities: vec![owner()],
        artwork_id: artwork,
        system: None,
    }
}

#[test]
fn names_are_trimmed_required_and_bounded() {
    assert_eq!(name("  Walk   one ").as_str(), "Walk one");
    assert_eq!(ListName::parse("  "), Err(ListError::NameRequired));
    assert_eq!(
        ListName::parse(&"x".repeat(101)),
        Err(ListError::NameTooLong)
    );
    assert!(ListName::parse(&"é".repeat(100)).is_ok());
}

#[test]
fn system_list_ids_are_the_same_for_the_same_owner_and_kind() {
    assert_eq!(
        ListId::system(owner(), ListKind::Loved),
        ListId::system(owner(), ListKind::Loved)
    );
    assert_ne!(
        ListId::system(owner(), ListKind::Loved),
        ListId::system(owner(), ListKind::Visited)
    );
    assert_ne!(
        ListId::system(owner(), ListKind::Loved),
        ListId::system(stranger(), ListKind::Loved)
    );
}

#[tokio::test]
async fn creating_a_list_records_it_private_by_default() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(ListCommand::Create {
            owner: owner(),
            name: name("Murals"),
            public: false,
        })
        .await
        .then_expect_events(vec![created()]);
}

#[tokio::test]
async fn creating_a_list_twice_is_refused() {
    Harness::with(())
        .given(vec![created()])
        .when_async(ListCommand::Create {
            owner: owner(),
            name: name("Murals"),
            public: true,
        })
        .await
        .then_expect_error(ListError::AlreadyExists);
}

#[tokio::test]
async fn adding_an_artwork_records_it_once() {
    Harness::with(())
        .given(vec![created()])
        .when_async(add(art(1)))
        .await
        .then_expect_events(vec![ListEvent::ItemAdded { artwork_id: art(1) }]);
    Harness::with(())
        .given(vec![created(), ListEvent::ItemAdded { artwork_id: art(1) }])
        .when_async(add(art(1)))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn a_system_list_comes_into_being_with_its_first_artwork() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(ListCommand::AddItem {
            identities: vec![owner()],
            artwork_id: art(1),
            system: Some((owner(), ListKind::Loved)),
        })
        .await
        .then_expect_events(vec![loved(), ListEvent::ItemAdded { artwork_id: art(1) }]);
}

#[tokio::test]
async fn someone_else_cannot_add_to_a_list() {
    Harness::with(())
        .given(vec![created()])
        .when_async(ListCommand::AddItem {
            identities: vec![stranger()],
            artwork_id: art(1),
            system: None,
        })
        .await
        .then_expect_error(ListError::NotOwner);
    Harness::with(())
        .given_no_previous_events()
        .when_async(ListCommand::AddItem {
            identities: vec![stranger()],
            artwork_id: art(1),
            system: Some((owner(), ListKind::Loved)),
        })
        .await
        .then_expect_error(ListError::NotOwner);
}

#[tokio::test]
async fn adding_to_a_missing_list_is_refused() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(add(art(1)))
        .await
        .then_expect_error(ListError::NotFound);
}

#[tokio::test]
async fn a_full_list_takes_no_more() {
    let mut given = vec![created()];
    given.extend((0..MAX_LIST_ITEMS as u128).map(|n| ListEvent::ItemAdded { artwork_id: art(n) }));
    Harness::with(())
        .given(given)
        .when_async(add(art(5000)))
        .await
        .then_expect_error(ListError::Full);
}

#[tokio::test]
async fn removing_records_only_what_the_list_held() {
    Harness::with(())
        .given(vec![
            created(),
            ListEvent::ItemAdded { artwork_id: art(2) },
            ListEvent::ItemAdded { artwork_id: art(1) },
        ])
        .when_async(ListCommand::RemoveItems {
            identities: vec![owner()],
            artwork_ids: vec![art(2), art(9), art(1), art(2)],
        })
        .await
        .then_expect_events(vec![ListEvent::ItemsRemoved {
            artwork_ids: vec![art(1), art(2)],
        }]);
}

#[tokio::test]
async fn removing_nothing_or_too_many_is_refused() {
    Harness::with(())
        .given(vec![created()])
        .when_async(ListCommand::RemoveItems {
            identities: vec![owner()],
            artwork_ids: vec![],
        })
        .await
        .then_expect_error(ListError::NothingToRemove);
    Harness::with(())
        .given(vec![created()])
        .when_async(ListCommand::RemoveItems {
            identities: vec![owner()],
            artwork_ids: (0..=MAX_BULK_REMOVE as u128).map(art).collect(),
        })
        .await
        .then_expect_error(ListError::TooManyToRemove);
}

#[tokio::test]
async fn an_own_list_is_renamed_made_public_and_deleted() {
    Harness::with(())
        .given(vec![created()])
        .when_async(ListCommand::Rename {
            identities: vec![owner()],
            name: name("Best murals"),
        })
        .await
        .then_expect_events(vec![ListEvent::ListRenamed {
            name: name("Best murals"),
        }]);
    Harness::with(())
        .given(vec![created()])
        .when_async(ListCommand::SetVisibility {
            identities: vec![owner()],
            public: true,
        })
        .await
        .then_expect_events(vec![ListEvent::VisibilityChanged { public: true }]);
    Harness::with(())
        .given(vec![created()])
        .when_async(ListCommand::Delete {
            identities: vec![owner()],
        })
        .await
        .then_expect_events(vec![ListEvent::ListDeleted]);
}

#[tokio::test]
async fn a_system_list_cannot_be_renamed_or_deleted() {
    Harness::with(())
        .given(vec![loved()])
        .when_async(ListCommand::Rename {
            identities: vec![owner()],
            name: name("Favourites"),
        })
        .await
        .then_expect_error(ListError::SystemList("Loved"));
    Harness::with(())
        .given(vec![loved()])
        .when_async(ListCommand::Delete {
            identities: vec![owner()],
        })
        .await
        .then_expect_error(ListError::SystemList("Loved"));
}

#[tokio::test]
async fn a_deleted_list_is_gone() {
    Harness::with(())
        .given(vec![created(), ListEvent::ListDeleted])
        .when_async(add(art(1)))
        .await
        .then_expect_error(ListError::NotFound);
}
