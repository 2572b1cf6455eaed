//! `words!`: a closed set of names the API, the events and the read models share (a status, a
//! kind, a role), declared once with the text of each. It gives the enum (serialized as those
//! texts, documented in the OpenAPI document with the `openapi` feature), `ALL`, `as_str`,
//! `parse` (exact text) and `Display`. The texts are matched as `tt`, not `literal`: a `literal`
//! fragment reaches a derive wrapped in an invisible group, which utoipa does not read, so the
//! OpenAPI document would name the variants instead of their texts.

/// Declares a word enum: `words! { /// doc  pub enum Name { Variant = "text", … } }`.
macro_rules! words {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:tt ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $text)] $variant ),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The text this value is written as.
            pub const fn as_str(&self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// The value written as `s` exactly.
            pub fn parse(s: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.as_str() == s)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

words! {
    /// What kind of record a stream of events is about (`es.events.aggregate_type`): what the
    /// audit log filters and links by.
    pub enum EntityType {
        Artwork = "artwork",
        Artist = "artist",
        Submission = "submission",
        Account = "account",
        List = "list",
        Badge = "badge",
        BadgeAwards = "badge_awards",
        Feedback = "feedback",
        Inbox = "inbox",
        ImportRun = "import_run",
    }
}

words! {
    /// What an edit proposal changes: an artwork's fields, or an artist's (a new artist's too).
    pub enum EditSubject {
        Artwork = "artwork",
        Artist = "artist",
    }
}

words! {
    /// Where a rebuild of read models started by an admin stands.
    pub enum ReplayJobState {
        Running = "running",
        Done = "done",
        Failed = "failed",
    }
}
