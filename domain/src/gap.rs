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
    /// Another approved artwork nearby looks like the same one ([`likely_same`]): a report to
    /// the moderators, who merge.
    Duplicate,
}

/// Whether two approved artworks `distance_m` apart, titled `a` and `b`, are likely one artwork
/// recorded twice: within the duplicate check's radius, with titles at least as alike as the
/// import's "same title", and not both untitled (two can stand side by side).
pub fn likely_same(distance_m: f64, a: &str, b: &str) -> bool {
    use crate::similarity::{title_similarity, DUPLICATE_RADIUS_M, SAME_TITLE};
    let untitled = |t: &str| {
        let t = t.trim().to_lowercase();
        t.is_empty() || t == "untitled" || t == "sans titre"
    };
    distance_m <= DUPLICATE_RADIUS_M
        && !(untitled(a) || untitled(b))
        && title_similarity(a, b) >= SAME_TITLE
}

impl Gap {
    /// Every gap an artwork's own row tells, in the order its tasks are listed (a
    /// [`Gap::Duplicate`] is found between rows, and comes last).
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
            Gap::Duplicate => "duplicate",
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
    fn likely_the_same_artwork_is_near_with_a_title_alike_and_not_untitled() {
        assert!(likely_same(12.0, "Digital Orca", "The Digital Orca"));
        assert!(likely_same(
            99.0,
            "Gate to the North-West Passage",
            "Gate to the Northwest Passage"
        ));
        assert!(
            !likely_same(120.0, "Digital Orca", "Digital Orca"),
            "too far"
        );
        assert!(
            !likely_same(5.0, "Digital Orca", "Brush With Illumination"),
            "other titles"
        );
        assert!(
            !likely_same(2.0, "Untitled", "untitled"),
            "untitled works side by side"
        );
        assert!(!likely_same(2.0, "", ""));
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
