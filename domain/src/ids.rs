//! Aggregate identifiers. Imported records get name-based (v5) ids so a second import of the same
//! record addresses the same aggregate; everything else gets time-ordered (v7) ids.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Namespace for Plinth's name-based ids (a fixed random v4, never to change).
pub const PLINTH_NAMESPACE: Uuid = Uuid::from_u128(0x7c1f_3b0e_5a2d_4c86_9e41_d2b7_0a6f_58c3);

/// A uuid with a meaning: serialised as the bare uuid, shown and parsed as one.
macro_rules! uuid_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub Uuid);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = uuid::Error;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Uuid::parse_str(s).map(Self)
            }
        }
    };
}

/// An aggregate's id type, with new (v7) and import (v5) ids.
macro_rules! id_type {
    ($name:ident, $kind:literal) => {
        uuid_type!($name);

        impl $name {
            pub fn new() -> Self {
                Self(Uuid::now_v7())
            }

            /// The id of the record `source_id` of dataset `dataset`: the same every time.
            pub fn for_import(dataset: &str, source_id: &str) -> Self {
                Self(Uuid::new_v5(
                    &PLINTH_NAMESPACE,
                    format!("{}:{}:{}", $kind, dataset, source_id).as_bytes(),
                ))
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }
    };
}

id_type!(ArtworkId, "artwork");
id_type!(ArtistId, "artist");
id_type!(SubmissionId, "submission");

uuid_type!(
    /// Whoever acted: a signed-in account, or an anonymous identity (a device's token).
    ActorId
);
uuid_type!(
    /// A signed-in account (the Account aggregate's id).
    AccountId
);
uuid_type!(
    /// A list's id: time-ordered for people's own lists, name-based for system lists (see
    /// `crate::list`).
    ListId
);

impl From<AccountId> for ActorId {
    fn from(a: AccountId) -> Self {
        ActorId(a.0)
    }
}

impl ArtistId {
    /// The id of an artist first named in a submission: the same for the same name, ignoring
    /// case and spacing, so approvals naming one new artist meet in one record.
    pub fn for_name(name: &str) -> Self {
        let key = name
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
        Self(Uuid::new_v5(
            &PLINTH_NAMESPACE,
            format!("artist:named:{key}").as_bytes(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn import_ids_are_stable_and_distinct_per_kind_and_dataset() {
        assert_eq!(
            ArtworkId::for_import("vancouver", "27"),
            ArtworkId::for_import("vancouver", "27")
        );
        assert_ne!(
            ArtworkId::for_import("vancouver", "27").0,
            ArtistId::for_import("vancouver", "27").0
        );
        assert_ne!(
            ArtworkId::for_import("vancouver", "27"),
            ArtworkId::for_import("cambridge-ma", "27")
        );
    }
}
