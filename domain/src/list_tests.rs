//! `list`'s given/when/then tests, a table of named cases per command.

use super::*;
use crate::testing::check_all;

type Case = crate::testing::Case<List>;

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
    add_as(owner(), artwork, None)
}

/// `who` adds `artwork` to this list, or to the system list it names (created on first use).
fn add_as(who: ActorId, artwork: ArtworkId, system: Option<(ActorId, ListKind)>) -> ListCommand {
    ListCommand::AddItem {
        identities: vec![who],
        artwork_id: artwork,
        system,
    }
}

fn added(n: u128) -> ListEvent {
    ListEvent::ItemAdded { artwork_id: art(n) }
}

fn remove(artwork_ids: Vec<ArtworkId>) -> ListCommand {
    ListCommand::RemoveItems {
        identities: vec![owner()],
        artwork_ids,
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
async fn creating_and_filling_a_list() {
    let create = |public| ListCommand::Create {
        owner: owner(),
        name: name("Murals"),
        public,
    };
    let mut full = vec![created()];
    full.extend((0..MAX_LIST_ITEMS as u128).map(added));
    let loved_list = Some((owner(), ListKind::Loved));
    check_all([
        Case {
            name: "creating a list records it private by default",
            given: vec![],
            when: create(false),
            then: Ok(vec![created()]),
        },
        Case {
            name: "creating a list twice is refused",
            given: vec![created()],
            when: create(true),
            then: Err(ListError::AlreadyExists),
        },
        Case {
            name: "adding an artwork records it",
            given: vec![created()],
            when: add(art(1)),
            then: Ok(vec![added(1)]),
        },
        Case {
            name: "adding an artwork records it once",
            given: vec![created(), added(1)],
            when: add(art(1)),
            then: Ok(vec![]),
        },
        Case {
            name: "a system list comes into being with its first artwork",
            given: vec![],
            when: add_as(owner(), art(1), loved_list),
            then: Ok(vec![loved(), added(1)]),
        },
        Case {
            name: "someone else cannot add to a list",
            given: vec![created()],
            when: add_as(stranger(), art(1), None),
            then: Err(ListError::NotOwner),
        },
        Case {
            name: "someone else cannot add to another's system list",
            given: vec![],
            when: add_as(stranger(), art(1), loved_list),
            then: Err(ListError::NotOwner),
        },
        Case {
            name: "adding to a missing list is refused",
            given: vec![],
            when: add(art(1)),
            then: Err(ListError::NotFound),
        },
        Case {
            name: "a full list takes no more",
            given: full,
            when: add(art(5000)),
            then: Err(ListError::Full),
        },
        Case {
            name: "a deleted list is gone",
            given: vec![created(), ListEvent::ListDeleted],
            when: add(art(1)),
            then: Err(ListError::NotFound),
        },
    ])
    .await;
}

#[tokio::test]
async fn removing_from_a_list() {
    check_all([
        Case {
            name: "removing records only what the list held",
            given: vec![created(), added(2), added(1)],
            when: remove(vec![art(2), art(9), art(1), art(2)]),
            then: Ok(vec![ListEvent::ItemsRemoved {
                artwork_ids: vec![art(1), art(2)],
            }]),
        },
        Case {
            name: "removing nothing is refused",
            given: vec![created()],
            when: remove(vec![]),
            then: Err(ListError::NothingToRemove),
        },
        Case {
            name: "removing too many is refused",
            given: vec![created()],
            when: remove((0..=MAX_BULK_REMOVE as u128).map(art).collect()),
            then: Err(ListError::TooManyToRemove),
        },
    ])
    .await;
}

#[tokio::test]
async fn renaming_publishing_and_deleting() {
    let rename = |to| ListCommand::Rename {
        identities: vec![owner()],
        name: name(to),
    };
    let delete = || ListCommand::Delete {
        identities: vec![owner()],
    };
    check_all([
        Case {
            name: "an own list is renamed",
            given: vec![created()],
            when: rename("Best murals"),
            then: Ok(vec![ListEvent::ListRenamed {
                name: name("Best murals"),
            }]),
        },
        Case {
            name: "an own list is made public",
            given: vec![created()],
            when: ListCommand::SetVisibility {
                identities: vec![owner()],
                public: true,
            },
            then: Ok(vec![ListEvent::VisibilityChanged { public: true }]),
        },
        Case {
            name: "an own list is deleted",
            given: vec![created()],
            when: delete(),
            then: Ok(vec![ListEvent::ListDeleted]),
        },
        Case {
            name: "a system list cannot be renamed",
            given: vec![loved()],
            when: rename("Favourites"),
            then: Err(ListError::SystemList("Loved")),
        },
        Case {
            name: "a system list cannot be deleted",
            given: vec![loved()],
            when: delete(),
            then: Err(ListError::SystemList("Loved")),
        },
    ])
    .await;
}
