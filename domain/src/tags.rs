//! Structured tags after the anchor's tag schema (v1.0.0): 15 known keys in five categories, each
//! with a type and rules, plus free keys for facts the schema has no slot for. Search's
//! `tag:key:value` tokens address these keys.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TagCategory {
    ArtworkClassification,
    PhysicalProperties,
    HistoricalInformation,
    LocationDetails,
    ReferenceData,
    /// Free keys outside the schema.
    Other,
}

impl TagCategory {
    /// Every category, in the order forms and pages show them.
    pub const ALL: [TagCategory; 6] = [
        ArtworkClassification,
        PhysicalProperties,
        HistoricalInformation,
        LocationDetails,
        ReferenceData,
        Other,
    ];

    /// Its name in the API (snake case, as it serialises).
    pub fn id(self) -> &'static str {
        match self {
            ArtworkClassification => "artwork_classification",
            PhysicalProperties => "physical_properties",
            HistoricalInformation => "historical_information",
            LocationDetails => "location_details",
            ReferenceData => "reference_data",
            Other => "other",
        }
    }

    /// What people call it.
    pub fn label(self) -> &'static str {
        match self {
            ArtworkClassification => "Classification",
            PhysicalProperties => "Physical properties",
            HistoricalInformation => "History",
            LocationDetails => "Location",
            ReferenceData => "References",
            Other => "Other details",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TagKind {
    Enum(&'static [&'static str]),
    Text {
        max: usize,
    },
    /// Decimal within an inclusive range.
    Number {
        min: f64,
        max: f64,
    },
    Year,
    Url,
    WikidataId,
}

#[derive(Debug, Clone, Copy)]
pub struct TagDefinition {
    pub key: &'static str,
    pub label: &'static str,
    pub category: TagCategory,
    pub kind: TagKind,
}

/// The names of [`crate::ArtworkType`], in its order.
pub const ARTWORK_TYPES: &[&str] = &{
    let all = crate::artwork_type::ArtworkType::ALL;
    let mut names = [""; crate::artwork_type::ArtworkType::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = all[i].as_str();
        i += 1;
    }
    names
};

pub const MATERIALS: &[&str] = &[
    "bronze", "stone", "metal", "concrete", "wood", "paint", "ceramic", "glass", "mixed", "other",
];

use TagCategory::*;
use TagKind::*;

pub const SCHEMA: &[TagDefinition] = &[
    TagDefinition {
        key: "tourism",
        label: "Tourism",
        category: ArtworkClassification,
        kind: Enum(&["artwork"]),
    },
    TagDefinition {
        key: "artwork_type",
        label: "Artwork type",
        category: ArtworkClassification,
        kind: Enum(ARTWORK_TYPES),
    },
    TagDefinition {
        key: "name",
        label: "Name",
        category: ArtworkClassification,
        kind: Text { max: 200 },
    },
    TagDefinition {
        key: "inscription",
        label: "Inscription",
        category: ArtworkClassification,
        kind: Text { max: 500 },
    },
    TagDefinition {
        key: "material",
        label: "Material",
        category: PhysicalProperties,
        kind: Enum(MATERIALS),
    },
    TagDefinition {
        key: "height",
        label: "Height (m)",
        category: PhysicalProperties,
        kind: Number {
            min: 0.1,
            max: 500.0,
        },
    },
    TagDefinition {
        key: "width",
        label: "Width (m)",
        category: PhysicalProperties,
        kind: Number {
            min: 0.1,
            max: 500.0,
        },
    },
    TagDefinition {
        key: "condition",
        label: "Condition",
        category: PhysicalProperties,
        kind: Enum(&["excellent", "good", "fair", "poor", "damaged"]),
    },
    TagDefinition {
        key: "artist_name",
        label: "Artist",
        category: HistoricalInformation,
        kind: Text { max: 200 },
    },
    TagDefinition {
        key: "year",
        label: "Year",
        category: HistoricalInformation,
        kind: Year,
    },
    TagDefinition {
        key: "heritage",
        label: "Heritage",
        category: HistoricalInformation,
        kind: Enum(&[
            "world_heritage",
            "national",
            "regional",
            "local",
            "listed",
            "none",
        ]),
    },
    TagDefinition {
        key: "access",
        label: "Access",
        category: LocationDetails,
        kind: Enum(&["yes", "no", "restricted", "private", "seasonal"]),
    },
    TagDefinition {
        key: "operator",
        label: "Operator",
        category: LocationDetails,
        kind: Text { max: 200 },
    },
    TagDefinition {
        key: "website",
        label: "Website",
        category: ReferenceData,
        kind: Url,
    },
    TagDefinition {
        key: "wikidata_id",
        label: "Wikidata",
        category: ReferenceData,
        kind: WikidataId,
    },
];

/// Limits on free keys and on the whole set.
pub const MAX_TAGS: usize = 50;
pub const MAX_KEY_CHARS: usize = 50;
pub const MAX_FREE_VALUE_CHARS: usize = 1_000;
/// The last year a work can be dated to; generous so the rule does not age.
pub const MAX_YEAR: i32 = 2100;

pub fn definition(key: &str) -> Option<&'static TagDefinition> {
    SCHEMA.iter().find(|d| d.key == key)
}

pub fn category_of(key: &str) -> TagCategory {
    definition(key).map_or(Other, |d| d.category)
}

/// What a person calls tag `key`: its label in the schema, else the key in quotes.
pub fn label_of(key: &str) -> String {
    definition(key).map_or_else(|| format!("Detail '{key}'"), |d| d.label.to_owned())
}

/// Why a tag is refused, worded with the tag's label ("Material must be one of: …").
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TagError {
    #[error(
        "Detail name '{0}' must be 1-50 lowercase letters, digits, '_' or ':', starting with a letter"
    )]
    BadKey(String),
    #[error("{} must be one of: {allowed}", label_of(.key))]
    NotInEnum { key: String, allowed: String },
    #[error("{} must be at most {max} characters", label_of(.key))]
    TooLong { key: String, max: usize },
    #[error("{} must be a number between {min} and {max}", label_of(.key))]
    BadNumber { key: String, min: f64, max: f64 },
    #[error("{} must be a four-digit year between 1000 and {MAX_YEAR}", label_of(.key))]
    BadYear { key: String },
    #[error("{} must be an http or https URL of at most 500 characters", label_of(.key))]
    BadUrl { key: String },
    #[error("{} must look like Q12345", label_of(.key))]
    BadWikidata { key: String },
    #[error("At most {MAX_TAGS} details")]
    TooMany,
}

impl TagError {
    /// The form field the error belongs to: `tag:<key>` for one tag's value, `tags` for the set.
    pub fn field(&self) -> String {
        match self {
            TagError::NotInEnum { key, .. }
            | TagError::TooLong { key, .. }
            | TagError::BadNumber { key, .. }
            | TagError::BadYear { key }
            | TagError::BadUrl { key }
            | TagError::BadWikidata { key } => format!("tag:{key}"),
            TagError::BadKey(_) | TagError::TooMany => "tags".to_owned(),
        }
    }
}

/// A validated tag set: keys checked, values normalised, empty values dropped.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    try_from = "BTreeMap<String, String>",
    into = "BTreeMap<String, String>"
)]
pub struct Tags(BTreeMap<String, String>);

impl Tags {
    pub fn parse(raw: BTreeMap<String, String>) -> Result<Self, TagError> {
        let mut out = BTreeMap::new();
        for (k, v) in raw {
            let v = crate::text::clean_line(&v);
            if v.is_empty() {
                continue;
            }
            let (k, v) = validate(&k, v)?;
            out.insert(k, v);
        }
        if out.len() > MAX_TAGS {
            return Err(TagError::TooMany);
        }
        Ok(Self(out))
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    /// One tag checked as [`Tags::parse`] checks it: its normalised key, and its normalised
    /// value (`None` for a blank one, which clears the key).
    pub fn check_one(key: &str, value: &str) -> Result<(String, Option<String>), TagError> {
        let v = crate::text::clean_line(value);
        if v.is_empty() {
            let key = key.trim().to_ascii_lowercase();
            return if valid_key(&key) {
                Ok((key, None))
            } else {
                Err(TagError::BadKey(key))
            };
        }
        validate(key, v).map(|(k, v)| (k, Some(v)))
    }

    /// This set with `key` set to `value` (or removed, for `None`); refused past [`MAX_TAGS`].
    /// `key` and `value` are already checked ([`Tags::check_one`]).
    pub fn with(&self, key: &str, value: Option<&str>) -> Result<Tags, TagError> {
        let mut out = self.0.clone();
        match value {
            Some(v) => {
                out.insert(key.to_owned(), v.to_owned());
            }
            None => {
                out.remove(key);
            }
        }
        if out.len() > MAX_TAGS {
            return Err(TagError::TooMany);
        }
        Ok(Self(out))
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

checked!(Tags(BTreeMap<String, String>), TagError, Self::parse);

fn valid_key(k: &str) -> bool {
    let mut chars = k.chars();
    k.len() <= MAX_KEY_CHARS
        && chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == ':')
}

fn validate(key: &str, value: String) -> Result<(String, String), TagError> {
    let key = key.trim().to_ascii_lowercase();
    if !valid_key(&key) {
        return Err(TagError::BadKey(key));
    }
    let Some(def) = definition(&key) else {
        if value.chars().count() > MAX_FREE_VALUE_CHARS {
            return Err(TagError::TooLong {
                key,
                max: MAX_FREE_VALUE_CHARS,
            });
        }
        return Ok((key, value));
    };
    let value = match def.kind {
        Enum(allowed) => {
            let v = value.to_lowercase();
            if !allowed.contains(&v.as_str()) {
                return Err(TagError::NotInEnum {
                    key,
                    allowed: allowed.join(", "),
                });
            }
            v
        }
        Text { max } => {
            if value.chars().count() > max {
                return Err(TagError::TooLong { key, max });
            }
            value
        }
        Number { min, max } => match value.parse::<f64>() {
            Ok(n) if n.is_finite() && (min..=max).contains(&n) => value,
            _ => return Err(TagError::BadNumber { key, min, max }),
        },
        Year => match value.parse::<i32>() {
            Ok(y) if value.len() == 4 && (1000..=MAX_YEAR).contains(&y) => value,
            _ => return Err(TagError::BadYear { key }),
        },
        Url => {
            if !crate::provenance::is_web_url(&value) {
                return Err(TagError::BadUrl { key });
            }
            value
        }
        WikidataId => {
            let ok = value.len() > 1
                && value.starts_with('Q')
                && value[1..].chars().all(|c| c.is_ascii_digit());
            if !ok {
                return Err(TagError::BadWikidata { key });
            }
            value
        }
    };
    Ok((key, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(pairs: &[(&str, &str)]) -> Result<Tags, TagError> {
        Tags::parse(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    #[test]
    fn known_keys_are_checked_by_type() {
        assert!(tags(&[("material", "Bronze")]).is_ok_and(|t| t.get("material") == Some("bronze")));
        assert!(matches!(
            tags(&[("material", "plutonium")]),
            Err(TagError::NotInEnum { .. })
        ));
        assert!(matches!(
            tags(&[("year", "ca. 1936")]),
            Err(TagError::BadYear { .. })
        ));
        assert!(tags(&[("year", "1936")]).is_ok());
        assert!(matches!(
            tags(&[("height", "-2")]),
            Err(TagError::BadNumber { .. })
        ));
        assert!(matches!(
            tags(&[("website", "javascript:alert(1)")]),
            Err(TagError::BadUrl { .. })
        ));
        assert!(matches!(
            tags(&[("wikidata_id", "q12")]),
            Err(TagError::BadWikidata { .. })
        ));
    }

    #[test]
    fn a_refused_tag_names_its_field_and_says_why_in_words() {
        let refused = tags(&[("material", "steel")]).unwrap_err();
        assert_eq!(refused.field(), "tag:material");
        assert_eq!(
            refused.to_string(),
            format!("Material must be one of: {}", MATERIALS.join(", "))
        );
        let long = "x".repeat(MAX_FREE_VALUE_CHARS + 1);
        let free = tags(&[("opening_hours", long.as_str())]).unwrap_err();
        assert_eq!(free.field(), "tag:opening_hours");
        assert!(free
            .to_string()
            .starts_with("Detail 'opening_hours' must be at most"));
        let bad_key = tags(&[("Opening Hours", "9-5")]).unwrap_err();
        assert_eq!(bad_key.field(), "tags");
    }

    #[test]
    fn free_keys_are_allowed_but_bounded_and_empty_values_dropped() {
        let t = tags(&[
            ("material_detail", "Stainless  steel, cedar"),
            ("site", "  "),
        ]);
        assert_eq!(
            t.as_ref().map(|t| t.get("material_detail")),
            Ok(Some("Stainless steel, cedar"))
        );
        assert_eq!(t.map(|t| t.get("site").is_none()), Ok(true));
        assert!(matches!(
            tags(&[("Bad Key", "x")]),
            Err(TagError::BadKey(_))
        ));
        assert!(matches!(
            tags(&[("note", &"x".repeat(1001))]),
            Err(TagError::TooLong { .. })
        ));
    }

    #[test]
    fn categories_follow_the_schema() {
        assert_eq!(category_of("material"), PhysicalProperties);
        assert_eq!(category_of("access"), LocationDetails);
        assert_eq!(category_of("neighbourhood"), Other);
    }
}
