//! What kind of artwork a record is, and whether visitors see it: values the `Artwork`, the
//! `Submission` that proposes one and the tag schema all use, so they live apart from each.

use serde::{Deserialize, Serialize};

/// The anchor tag schema's `artwork_type` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ArtworkType {
    Statue,
    Mural,
    Sculpture,
    Installation,
    Monument,
    Graffiti,
    Mosaic,
    Relief,
    Fountain,
    Other,
}

impl ArtworkType {
    pub const ALL: [ArtworkType; 10] = [
        Self::Statue,
        Self::Mural,
        Self::Sculpture,
        Self::Installation,
        Self::Monument,
        Self::Graffiti,
        Self::Mosaic,
        Self::Relief,
        Self::Fountain,
        Self::Other,
    ];

    pub const fn as_str(&self) -> &'static str {
        match self {
            Self::Statue => "statue",
            Self::Mural => "mural",
            Self::Sculpture => "sculpture",
            Self::Installation => "installation",
            Self::Monument => "monument",
            Self::Graffiti => "graffiti",
            Self::Mosaic => "mosaic",
            Self::Relief => "relief",
            Self::Fountain => "fountain",
            Self::Other => "other",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.as_str() == s)
    }
}

words! {
    /// Visibility of an artwork. Only `Approved` ones are shown to visitors; `Removed` keeps the
    /// record (and its history) for works that are gone.
    pub enum ArtworkStatus {
        Pending = "pending",
        Approved = "approved",
        Removed = "removed",
        /// A duplicate merged into another artwork: its id points there.
        Merged = "merged",
    }
}
