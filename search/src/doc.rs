//! Search documents: artworks and artists flattened for indexing, as the search projector builds
//! them from read models. Plain data with serde, so either backend can store and return them.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DocStatus {
    Pending,
    Approved,
    Removed,
}

impl DocStatus {
    pub const ALL: [DocStatus; 3] = [Self::Pending, Self::Approved, Self::Removed];

    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Removed => "removed",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DocKind {
    Artwork,
    Artist,
}

impl DocKind {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Artwork => "artwork",
            Self::Artist => "artist",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "artwork" => Some(Self::Artwork),
            "artist" => Some(Self::Artist),
            _ => None,
        }
    }
}

/// WGS 84 degrees.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GeoPoint {
    pub lat: f64,
    pub lon: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArtworkDoc {
    pub id: Uuid,
    pub title: String,
    pub description: Option<String>,
    /// The anchor schema's `artwork_type` value (`statue`, `mural`, …).
    pub artwork_type: String,
    pub status: DocStatus,
    /// Display names of the credited artists.
    pub artist_names: Vec<String>,
    /// Other names the credited artists go by.
    pub artist_aliases: Vec<String>,
    /// Anchor-schema tags, key → value (`material` → `bronze`).
    pub tags: BTreeMap<String, String>,
    /// Free text that should be findable but rank low: logbook notes, inscriptions.
    pub notes: Vec<String>,
    pub location: Option<GeoPoint>,
    pub updated_at: DateTime<Utc>,
    /// The aggregate's version (last applied sequence): newer replaces older, never the reverse.
    pub version: u64,
    /// Storage key of the lead photo's thumbnail.
    pub thumbnail: Option<String>,
    /// The city of the dataset it was imported from (none for a contribution).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
}

impl ArtworkDoc {
    /// Where it is, in words: its neighbourhood or borough and its city ("Downtown,
    /// Vancouver"), whichever it has.
    pub fn place(&self) -> Option<String> {
        let area = self
            .tags
            .get("neighbourhood")
            .or_else(|| self.tags.get("borough"));
        let words: Vec<&str> = [area, self.city.as_ref()]
            .into_iter()
            .flatten()
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .collect();
        (!words.is_empty()).then(|| words.join(", "))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArtistDoc {
    pub id: Uuid,
    pub name: String,
    pub aliases: Vec<String>,
    pub bio: Option<String>,
    pub status: DocStatus,
    pub updated_at: DateTime<Utc>,
    pub version: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SearchDoc {
    Artwork(ArtworkDoc),
    Artist(ArtistDoc),
}

/// Tag keys whose values make poor completions: identifiers, numbers, or duplicates of fields
/// that are suggested already (title, artist, type).
const UNSUGGESTED_TAG_KEYS: &[&str] = &[
    "tourism",
    "artwork_type",
    "name",
    "artist_name",
    "inscription",
    "height",
    "width",
    "year",
    "website",
    "wikidata_id",
];
/// Longer tag values are sentences, not things one types the start of.
const MAX_SUGGESTED_TAG_CHARS: usize = 60;

/// One phrase a doc offers to the suggester.
#[derive(Debug, Clone, PartialEq)]
pub struct SuggestionSource {
    pub kind: SuggestionKind,
    pub text: String,
    /// The doc to open when the phrase names it (a title, an artist's own name).
    pub id: Option<Uuid>,
}

impl SearchDoc {
    pub fn id(&self) -> Uuid {
        match self {
            Self::Artwork(a) => a.id,
            Self::Artist(a) => a.id,
        }
    }

    pub fn version(&self) -> u64 {
        match self {
            Self::Artwork(a) => a.version,
            Self::Artist(a) => a.version,
        }
    }

    pub fn kind(&self) -> DocKind {
        match self {
            Self::Artwork(_) => DocKind::Artwork,
            Self::Artist(_) => DocKind::Artist,
        }
    }

    pub fn status(&self) -> DocStatus {
        match self {
            Self::Artwork(a) => a.status,
            Self::Artist(a) => a.status,
        }
    }

    /// The artwork's title or the artist's name.
    pub fn title(&self) -> &str {
        match self {
            Self::Artwork(a) => &a.title,
            Self::Artist(a) => &a.name,
        }
    }

    pub fn updated_at(&self) -> DateTime<Utc> {
        match self {
            Self::Artwork(a) => a.updated_at,
            Self::Artist(a) => a.updated_at,
        }
    }

    pub fn location(&self) -> Option<GeoPoint> {
        match self {
            Self::Artwork(a) => a.location,
            Self::Artist(_) => None,
        }
    }

    /// Filter terms for tags: `key` (has the key) and `key:value`, both lowercase.
    pub(crate) fn tag_terms(&self) -> Vec<String> {
        let Self::Artwork(a) = self else {
            return Vec::new();
        };
        let mut out = Vec::with_capacity(a.tags.len() * 2);
        for (k, v) in &a.tags {
            let k = k.trim().to_lowercase();
            out.push(format!("{k}:{}", v.trim().to_lowercase()));
            out.push(k);
        }
        out
    }

    /// Tag values as searchable text (ranked between artists and description).
    pub(crate) fn tag_values(&self) -> Vec<String> {
        match self {
            Self::Artwork(a) => a.tags.values().cloned().collect(),
            Self::Artist(_) => Vec::new(),
        }
    }

    /// Tag values worth completing (`bronze`, `City of Vancouver`), without duplicates.
    pub(crate) fn suggestible_tag_values(&self) -> Vec<String> {
        let Self::Artwork(a) = self else {
            return Vec::new();
        };
        let mut out: Vec<String> = Vec::new();
        for (k, v) in &a.tags {
            let v = v.trim();
            if UNSUGGESTED_TAG_KEYS.contains(&k.as_str())
                || v.is_empty()
                || v.chars().count() > MAX_SUGGESTED_TAG_CHARS
                || v.contains("://")
                || v.parse::<f64>().is_ok()
            {
                continue;
            }
            if !out.iter().any(|o| o.eq_ignore_ascii_case(v)) {
                out.push(v.to_owned());
            }
        }
        out
    }

    /// Phrases this doc offers to suggestions. Only approved docs offer any: suggestions are
    /// what every visitor may see.
    pub fn suggestion_sources(&self) -> Vec<SuggestionSource> {
        if self.status() != DocStatus::Approved {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut push = |kind, text: &str, id| {
            if !text.trim().is_empty() {
                out.push(SuggestionSource {
                    kind,
                    text: text.trim().to_owned(),
                    id,
                });
            }
        };
        match self {
            Self::Artwork(a) => {
                push(SuggestionKind::Title, &a.title, Some(a.id));
                for name in a.artist_names.iter().chain(&a.artist_aliases) {
                    push(SuggestionKind::Artist, name, None);
                }
                push(SuggestionKind::Type, &a.artwork_type, None);
                for v in self.suggestible_tag_values() {
                    push(SuggestionKind::Tag, &v, None);
                }
            }
            Self::Artist(a) => {
                push(SuggestionKind::Artist, &a.name, Some(a.id));
                for alias in &a.aliases {
                    push(SuggestionKind::Artist, alias, Some(a.id));
                }
            }
        }
        out
    }
}

/// What a completion is: documents say which of their texts complete to what, queries rank
/// by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SuggestionKind {
    Title,
    Artist,
    Type,
    Tag,
}

impl SuggestionKind {
    /// Ties between equally good completions go to the kind a person more likely means.
    pub(crate) fn rank(&self) -> u8 {
        match self {
            Self::Title => 0,
            Self::Artist => 1,
            Self::Type => 2,
            Self::Tag => 3,
        }
    }

    pub(crate) fn code(&self) -> char {
        match self {
            Self::Title => 't',
            Self::Artist => 'a',
            Self::Type => 'y',
            Self::Tag => 'g',
        }
    }

    pub(crate) fn from_code(c: char) -> Option<Self> {
        match c {
            't' => Some(Self::Title),
            'a' => Some(Self::Artist),
            'y' => Some(Self::Type),
            'g' => Some(Self::Tag),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_artworks_place_is_its_area_and_its_city_whichever_it_has() {
        let place = |tags: &[(&str, &str)], city: Option<&str>| {
            let SearchDoc::Artwork(mut a) = artwork(tags, DocStatus::Approved) else {
                unreachable!()
            };
            a.city = city.map(str::to_owned);
            a.place()
        };
        assert_eq!(
            place(&[("neighbourhood", "Downtown")], Some("Vancouver")).as_deref(),
            Some("Downtown, Vancouver")
        );
        assert_eq!(
            place(&[("borough", "Brooklyn")], None).as_deref(),
            Some("Brooklyn")
        );
        assert_eq!(
            place(&[], Some("Cambridge, MA")).as_deref(),
            Some("Cambridge, MA")
        );
        assert_eq!(place(&[("neighbourhood", " ")], None), None);
    }

    fn artwork(tags: &[(&str, &str)], status: DocStatus) -> SearchDoc {
        SearchDoc::Artwork(ArtworkDoc {
            id: Uuid::from_u128(1),
            title: "Girl in a Wetsuit".into(),
            description: None,
            artwork_type: "statue".into(),
            status,
            artist_names: vec!["Elek Imredy".into()],
            artist_aliases: vec![],
            tags: tags
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            notes: vec![],
            location: None,
            updated_at: DateTime::UNIX_EPOCH,
            version: 1,
            thumbnail: None,
            city: None,
        })
    }

    #[test]
    fn tag_terms_hold_key_and_key_value_in_lowercase() {
        let doc = artwork(&[("material", "Bronze")], DocStatus::Approved);
        assert_eq!(doc.tag_terms(), ["material:bronze", "material"]);
    }

    #[test]
    fn only_approved_docs_offer_suggestions_and_noisy_tags_are_left_out() {
        let tags = [
            ("material", "bronze"),
            ("year", "1972"),
            ("website", "https://example.org/x"),
            ("operator", "Vancouver Park Board"),
        ];
        let kinds: Vec<_> = artwork(&tags, DocStatus::Approved)
            .suggestion_sources()
            .into_iter()
            .map(|s| (s.kind, s.text))
            .collect();
        assert_eq!(
            kinds,
            [
                (SuggestionKind::Title, "Girl in a Wetsuit".to_owned()),
                (SuggestionKind::Artist, "Elek Imredy".to_owned()),
                (SuggestionKind::Type, "statue".to_owned()),
                (SuggestionKind::Tag, "bronze".to_owned()),
                (SuggestionKind::Tag, "Vancouver Park Board".to_owned()),
            ]
        );
        assert!(artwork(&tags, DocStatus::Pending)
            .suggestion_sources()
            .is_empty());
    }

    #[test]
    fn docs_round_trip_through_json_with_a_kind_tag() {
        let doc = artwork(&[("material", "bronze")], DocStatus::Approved);
        let json = serde_json::to_value(&doc).ok();
        assert_eq!(
            json.as_ref().and_then(|j| j["kind"].as_str()),
            Some("artwork")
        );
        let back: Option<SearchDoc> = json.and_then(|j| serde_json::from_value(j).ok());
        assert_eq!(back, Some(doc));
    }
}
