//! Gaps: what an approved artwork can lack that one quick contribution fills ("Help nearby"),
//! and which recorded changes filled one. A change fills a gap when the value it replaced (as
//! the artwork held it when the change was applied, not as the proposer saw it) was the empty
//! one and the new value is not.

use serde::{Deserialize, Serialize};

use crate::{ArtworkType, FieldEdit};

/// The tag whose absence is the `Year` gap.
pub const YEAR_TAG: &str = "year";
/// A newest photo older than this many years is the `OldPhoto` gap.
pub const OLD_PHOTO_YEARS: i32 = 5;

/// One thing an artwork lacks; each is answered by the smallest form for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Gap {
    /// No photo shown: a logbook visit with a photo answers it.
    Photo,
    /// Its newest photo is older than [`OLD_PHOTO_YEARS`]: a visit with a new photo.
    OldPhoto,
    /// Someone reported it missing: a visit with a photo says it is still there, a report of
    /// its own that it is gone (the moderators decide).
    Missing,
    /// No artist credited: an edit of its artists.
    Artist,
    /// Its type is `other`: an edit of its type.
    ArtworkType,
    /// No `year` tag: an edit of that tag.
    Year,
}

impl Gap {
    /// Every gap, in the order an artwork's tasks are listed.
    pub const ALL: [Gap; 6] = [
        Gap::Missing,
        Gap::Photo,
        Gap::OldPhoto,
        Gap::Artist,
        Gap::ArtworkType,
        Gap::Year,
    ];

    /// Its name on the wire and in the read models.
    pub fn as_str(self) -> &'static str {
        match self {
            Gap::Photo => "photo",
            Gap::OldPhoto => "old_photo",
            Gap::Missing => "missing",
            Gap::Artist => "artist",
            Gap::ArtworkType => "artwork_type",
            Gap::Year => "year",
        }
    }

    /// The gap an applied change filled, if any: artists where none was credited, a type where
    /// it was `other`, a year where there was none.
    pub fn filled_by(change: &FieldEdit) -> Option<Gap> {
        match change {
            FieldEdit::Artists { old, new } if old.is_empty() && !new.is_empty() => {
                Some(Gap::Artist)
            }
            FieldEdit::ArtworkType { old, new }
                if *old == ArtworkType::Other && *new != ArtworkType::Other =>
            {
                Some(Gap::ArtworkType)
            }
            FieldEdit::Tag { key, old, new }
                if key == YEAR_TAG && old.is_none() && new.is_some() =>
            {
                Some(Gap::Year)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ArtistId;
    use uuid::Uuid;

    fn tag(key: &str, old: Option<&str>, new: Option<&str>) -> FieldEdit {
        FieldEdit::Tag {
            key: key.into(),
            old: old.map(Into::into),
            new: new.map(Into::into),
        }
    }

    #[test]
    fn a_change_fills_a_gap_only_from_empty_to_set() {
        let artist = ArtistId(Uuid::now_v7());
        let cases = [
            (
                FieldEdit::Artists {
                    old: vec![],
                    new: vec![artist],
                },
                Some(Gap::Artist),
            ),
            (
                FieldEdit::Artists {
                    old: vec![artist],
                    new: vec![artist, ArtistId(Uuid::now_v7())],
                },
                None,
            ),
            (
                FieldEdit::Artists {
                    old: vec![artist],
                    new: vec![],
                },
                None,
            ),
            (
                FieldEdit::ArtworkType {
                    old: ArtworkType::Other,
                    new: ArtworkType::Mural,
                },
                Some(Gap::ArtworkType),
            ),
            (
                FieldEdit::ArtworkType {
                    old: ArtworkType::Mural,
                    new: ArtworkType::Other,
                },
                None,
            ),
            (
                FieldEdit::ArtworkType {
                    old: ArtworkType::Mural,
                    new: ArtworkType::Sculpture,
                },
                None,
            ),
            (tag("year", None, Some("1986")), Some(Gap::Year)),
            (tag("year", Some("1985"), Some("1986")), None),
            (tag("year", Some("1985"), None), None),
            (tag("material", None, Some("bronze")), None),
        ];
        for (change, gap) in cases {
            assert_eq!(Gap::filled_by(&change), gap, "{change:?}");
        }
    }

    #[test]
    fn names_are_the_wire_names() {
        for gap in Gap::ALL {
            assert_eq!(
                serde_json::to_value(gap).unwrap(),
                serde_json::Value::from(gap.as_str())
            );
        }
    }
}
