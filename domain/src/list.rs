//! The `List` aggregate: artworks a person saved under a name — their own lists, and the three
//! system lists every identity has (Loved, Visited, Want to see), which cannot be renamed or
//! deleted. A list belongs to an identity (an account, or an anonymous identity whose lists its
//! account keeps once it claims it); private lists are seen by their owner only.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::ids::{ActorId, ArtworkId, ListId, PLINTH_NAMESPACE};
use crate::text::clean_line;

/// Longest list name.
pub const MAX_LIST_NAME_CHARS: usize = 100;
/// Most artworks one list holds.
pub const MAX_LIST_ITEMS: usize = 1000;
/// Most artworks one removal names.
pub const MAX_BULK_REMOVE: usize = 100;

impl ListId {
    pub fn new() -> Self {
        Self(Uuid::now_v7())
    }

    /// The id of `owner`'s system list `kind`: the same every time, so the list exists for
    /// every identity without being created first.
    pub fn system(owner: ActorId, kind: ListKind) -> Self {
        Self(Uuid::new_v5(
            &PLINTH_NAMESPACE,
            format!("list:{}:{}", owner.0, kind.as_str()).as_bytes(),
        ))
    }
}

impl Default for ListId {
    fn default() -> Self {
        Self::new()
    }
}

words! {
    /// What a list is: someone's own, or one of the system lists.
    pub enum ListKind {
        Custom = "custom",
        Loved = "loved",
        Visited = "visited",
        WantToSee = "want_to_see",
    }
}

impl ListKind {
    pub const SYSTEM: [ListKind; 3] = [ListKind::Loved, ListKind::Visited, ListKind::WantToSee];

    /// A system list's name, as people see it.
    pub fn system_name(&self) -> Option<&'static str> {
        match self {
            ListKind::Custom => None,
            ListKind::Loved => Some("Loved"),
            ListKind::Visited => Some("Visited"),
            ListKind::WantToSee => Some("Want to see"),
        }
    }
}

/// A list's name: trimmed, inner whitespace collapsed, 1 to [`MAX_LIST_NAME_CHARS`] characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ListName(String);

impl ListName {
    pub fn parse(s: &str) -> Result<Self, ListError> {
        let v = clean_line(s);
        if v.is_empty() {
            return Err(ListError::NameRequired);
        }
        if v.chars().count() > MAX_LIST_NAME_CHARS {
            return Err(ListError::NameTooLong);
        }
        Ok(Self(v))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

checked!(ListName(String), ListError, |s: String| Self::parse(&s));

#[derive(Debug, Clone, PartialEq)]
pub enum ListCommand {
    /// Create `owner`'s own list.
    Create {
        owner: ActorId,
        name: ListName,
        public: bool,
    },
    /// `identities`: every identity the caller speaks for; the owner must be among them (as
    /// for every command below). A system list comes into being with its first item.
    AddItem {
        identities: Vec<ActorId>,
        artwork_id: ArtworkId,
        /// For a system list that does not exist yet: whose it is and which.
        system: Option<(ActorId, ListKind)>,
    },
    RemoveItems {
        identities: Vec<ActorId>,
        artwork_ids: Vec<ArtworkId>,
    },
    Rename {
        identities: Vec<ActorId>,
        name: ListName,
    },
    SetVisibility {
        identities: Vec<ActorId>,
        public: bool,
    },
    Delete {
        identities: Vec<ActorId>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ListEvent {
    ListCreated {
        owner: ActorId,
        kind: ListKind,
        name: ListName,
        public: bool,
    },
    ItemAdded {
        artwork_id: ArtworkId,
    },
    ItemsRemoved {
        artwork_ids: Vec<ArtworkId>,
    },
    ListRenamed {
        name: ListName,
    },
    VisibilityChanged {
        public: bool,
    },
    ListDeleted,
}

event_types!(ListEvent: ListCreated, ItemAdded, ItemsRemoved, ListRenamed, VisibilityChanged,
    ListDeleted);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListError {
    #[error("A list name is required")]
    NameRequired,
    #[error("A list name must be at most {MAX_LIST_NAME_CHARS} characters")]
    NameTooLong,
    #[error("List not found")]
    NotFound,
    #[error("This list already exists")]
    AlreadyExists,
    #[error("Only its owner can change a list")]
    NotOwner,
    #[error("{0} cannot be renamed or deleted")]
    SystemList(&'static str),
    #[error("A list holds at most {MAX_LIST_ITEMS} artworks")]
    Full,
    #[error("Name at least one artwork to remove")]
    NothingToRemove,
    #[error("At most {MAX_BULK_REMOVE} artworks can be removed at once")]
    TooManyToRemove,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
/// Kept as a snapshot (`es.snapshots`): a field added later must read as its default.
#[serde(default)]
pub struct List {
    pub owner: Option<ActorId>,
    pub kind: Option<ListKind>,
    pub name: Option<ListName>,
    pub public: bool,
    pub items: BTreeSet<ArtworkId>,
    pub deleted: bool,
}

aggregate!(List, "list", ListCommand => ListEvent, ListError);

impl List {
    fn exists(&self) -> bool {
        self.owner.is_some() && !self.deleted
    }

    /// The list, if it exists and `identities` include its owner.
    fn owned_by(&self, identities: &[ActorId]) -> Result<(), ListError> {
        match self.owner {
            Some(owner) if !self.deleted => {
                if identities.contains(&owner) {
                    Ok(())
                } else {
                    Err(ListError::NotOwner)
                }
            }
            _ => Err(ListError::NotFound),
        }
    }

    /// Refuses a change only people's own lists allow.
    fn custom(&self) -> Result<(), ListError> {
        match self.kind.and_then(|k| k.system_name()) {
            Some(name) => Err(ListError::SystemList(name)),
            None => Ok(()),
        }
    }

    /// The events `command` records (none when it was done already), or why it is refused.
    fn decide(&self, command: ListCommand) -> Result<Vec<ListEvent>, ListError> {
        Ok(match command {
            ListCommand::Create {
                owner,
                name,
                public,
            } => {
                if self.owner.is_some() {
                    return Err(ListError::AlreadyExists);
                }
                vec![ListEvent::ListCreated {
                    owner,
                    kind: ListKind::Custom,
                    name,
                    public,
                }]
            }
            ListCommand::AddItem {
                identities,
                artwork_id,
                system,
            } => {
                let mut events = Vec::new();
                match (self.exists(), system) {
                    (false, Some((owner, kind))) if kind != ListKind::Custom => {
                        if !identities.contains(&owner) {
                            return Err(ListError::NotOwner);
                        }
                        events.push(ListEvent::ListCreated {
                            owner,
                            kind,
                            name: ListName(kind.system_name().unwrap_or_default().to_owned()),
                            public: false,
                        });
                    }
                    _ => self.owned_by(&identities)?,
                }
                if self.items.contains(&artwork_id) {
                    return Ok(events);
                }
                if self.items.len() >= MAX_LIST_ITEMS {
                    return Err(ListError::Full);
                }
                events.push(ListEvent::ItemAdded { artwork_id });
                events
            }
            ListCommand::RemoveItems {
                identities,
                artwork_ids,
            } => {
                self.owned_by(&identities)?;
                if artwork_ids.is_empty() {
                    return Err(ListError::NothingToRemove);
                }
                if artwork_ids.len() > MAX_BULK_REMOVE {
                    return Err(ListError::TooManyToRemove);
                }
                let mut held: Vec<ArtworkId> = artwork_ids
                    .into_iter()
                    .filter(|a| self.items.contains(a))
                    .collect();
                held.sort();
                held.dedup();
                if held.is_empty() {
                    return Ok(Vec::new());
                }
                vec![ListEvent::ItemsRemoved { artwork_ids: held }]
            }
            ListCommand::Rename { identities, name } => {
                self.owned_by(&identities)?;
                self.custom()?;
                if self.name.as_ref() == Some(&name) {
                    return Ok(Vec::new());
                }
                vec![ListEvent::ListRenamed { name }]
            }
            ListCommand::SetVisibility { identities, public } => {
                self.owned_by(&identities)?;
                if self.public == public {
                    return Ok(Vec::new());
                }
                vec![ListEvent::VisibilityChanged { public }]
            }
            ListCommand::Delete { identities } => {
                self.owned_by(&identities)?;
                self.custom()?;
                vec![ListEvent::ListDeleted]
            }
        })
    }

    fn evolve(&mut self, event: ListEvent) {
        match event {
            ListEvent::ListCreated {
                owner,
                kind,
                name,
                public,
            } => {
                self.owner = Some(owner);
                self.kind = Some(kind);
                self.name = Some(name);
                self.public = public;
            }
            ListEvent::ItemAdded { artwork_id } => {
                self.items.insert(artwork_id);
            }
            ListEvent::ItemsRemoved { artwork_ids } => {
                for a in artwork_ids {
                    self.items.remove(&a);
                }
            }
            ListEvent::ListRenamed { name } => self.name = Some(name),
            ListEvent::VisibilityChanged { public } => self.public = public,
            ListEvent::ListDeleted => self.deleted = true,
        }
    }
}

#[cfg(test)]
#[path = "list_tests.rs"]
mod tests;
