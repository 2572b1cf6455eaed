//! Queries, results and suggestions: the backend-neutral half of the port. The free-text parser
//! lifts the anchor's `tag:key` / `tag:key:value` tokens into filters; limits are checked here
//! once so both backends refuse the same requests.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::doc::{DocKind, DocStatus, GeoPoint, SearchDoc, SuggestionKind};
use crate::text;

pub const MAX_TEXT_CHARS: usize = 200;
pub const MAX_PER_PAGE: u32 = 100;
pub const DEFAULT_PER_PAGE: u32 = 20;
pub const MAX_PAGE: u32 = 1000;
pub const DEFAULT_SUGGEST_LIMIT: usize = 5;
pub const MAX_SUGGEST_LIMIT: usize = 20;
pub const SNIPPET_CHARS: usize = 200;
/// Longest tag key a filter may name (the tag schema's limit).
const MAX_TAG_KEY_CHARS: usize = 50;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    #[error("the search text must be at most {MAX_TEXT_CHARS} characters")]
    TextTooLong,
    #[error("page must be between 1 and {MAX_PAGE}")]
    PageOutOfRange,
    #[error("per_page must be between 1 and {MAX_PER_PAGE}")]
    PerPageOutOfRange,
    #[error("limit must be between 1 and {MAX_SUGGEST_LIMIT}")]
    LimitOutOfRange,
    #[error("near must be a latitude in -90..=90 and a longitude in -180..=180")]
    BadPoint,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KindFilter {
    Artworks,
    Artists,
    #[default]
    All,
}

impl KindFilter {
    pub(crate) fn kind(&self) -> Option<DocKind> {
        match self {
            Self::Artworks => Some(DocKind::Artwork),
            Self::Artists => Some(DocKind::Artist),
            Self::All => None,
        }
    }
}

/// `tag:key` (the doc has the key) or `tag:key:value` (it has that value, case-insensitively).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TagFilter {
    pub key: String,
    pub value: Option<String>,
}

impl TagFilter {
    /// The filter term both backends index: `key` or `key:value`, lowercase.
    pub(crate) fn term(&self) -> String {
        match &self.value {
            Some(v) => format!("{}:{}", self.key, v.to_lowercase()),
            None => self.key.clone(),
        }
    }

    /// Parses one whitespace-free token; `None` when it is not a well-formed tag token, which
    /// then stays in the free text.
    fn parse_token(token: &str) -> Option<TagFilter> {
        let (head, rest) = token.split_once(':')?;
        if !head.eq_ignore_ascii_case("tag") {
            return None;
        }
        let (key, value) = match rest.split_once(':') {
            Some((k, v)) => (k, Some(v)),
            None => (rest, None),
        };
        let key = key.to_ascii_lowercase();
        let mut chars = key.chars();
        let valid = key.len() <= MAX_TAG_KEY_CHARS
            && chars.next().is_some_and(|c| c.is_ascii_lowercase())
            && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !valid {
            return None;
        }
        let value = value.map(str::trim).filter(|v| !v.is_empty());
        Some(TagFilter {
            key,
            value: value.map(str::to_owned),
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchQuery {
    /// Free text, tag tokens removed. Empty: browse (newest first, or nearest first with `near`).
    pub text: String,
    /// 1-based.
    pub page: u32,
    pub per_page: u32,
    /// `None` matches every status; the default shows approved docs only.
    pub status: Option<DocStatus>,
    pub kind: KindFilter,
    pub tags: Vec<TagFilter>,
    pub artwork_type: Option<String>,
    /// Rank by distance from this point, nearest first.
    pub near: Option<GeoPoint>,
}

impl Default for SearchQuery {
    fn default() -> Self {
        Self {
            text: String::new(),
            page: 1,
            per_page: DEFAULT_PER_PAGE,
            status: Some(DocStatus::Approved),
            kind: KindFilter::All,
            tags: Vec::new(),
            artwork_type: None,
            near: None,
        }
    }
}

impl SearchQuery {
    /// A default query for the text a person typed: `tag:key` and `tag:key:value` tokens (any
    /// case in `tag` and the key) become tag filters, the rest is the free text, whitespace
    /// collapsed.
    pub fn parse_text(q: &str) -> Result<Self, QueryError> {
        if q.chars().count() > MAX_TEXT_CHARS {
            return Err(QueryError::TextTooLong);
        }
        let mut words = Vec::new();
        let mut tags: Vec<TagFilter> = Vec::new();
        for token in q.split_whitespace() {
            match TagFilter::parse_token(token) {
                Some(tag) => {
                    if !tags.contains(&tag) {
                        tags.push(tag);
                    }
                }
                None => words.push(token),
            }
        }
        Ok(Self {
            text: words.join(" "),
            tags,
            ..Self::default()
        })
    }

    pub fn validate(&self) -> Result<(), QueryError> {
        if self.text.chars().count() > MAX_TEXT_CHARS {
            return Err(QueryError::TextTooLong);
        }
        if !(1..=MAX_PAGE).contains(&self.page) {
            return Err(QueryError::PageOutOfRange);
        }
        if !(1..=MAX_PER_PAGE).contains(&self.per_page) {
            return Err(QueryError::PerPageOutOfRange);
        }
        if let Some(p) = self.near {
            if !((-90.0..=90.0).contains(&p.lat) && (-180.0..=180.0).contains(&p.lon)) {
                return Err(QueryError::BadPoint);
            }
        }
        Ok(())
    }

    pub(crate) fn offset(&self) -> usize {
        (self.page.saturating_sub(1) as usize) * self.per_page as usize
    }

    /// The free text with surrounding whitespace removed.
    pub(crate) fn trimmed_text(&self) -> &str {
        self.text.trim()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchResults {
    /// Every match, not just this page.
    pub total: u64,
    pub page: u32,
    pub per_page: u32,
    pub hits: Vec<SearchHit>,
}

// One result, as `GET /api/search` answers it too: its doc comments are the descriptions of the
// OpenAPI schema `SearchResultDto`, so what is only for readers of this code is a plain comment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SearchResultDto)]
pub struct SearchHit {
    pub id: Uuid,
    /// `artwork` or `artist`.
    #[schema(value_type = String)]
    pub kind: DocKind,
    /// The artwork's title or the artist's name.
    pub title: String,
    pub artwork_type: Option<String>,
    #[schema(value_type = String)]
    pub status: DocStatus,
    /// At most 200 characters of the description or biography.
    pub description: Option<String>,
    pub artist_names: Vec<String>,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    // Metres from the query's `near` point.
    pub distance_m: Option<f64>,
    pub thumbnail: Option<String>,
    /// Where an artwork is, in words: its neighbourhood or borough and the city of its dataset
    /// ("Downtown, Vancouver"), whichever it has.
    pub place: Option<String>,
    // Backend relevance: comparable within one answer only. 0 when browsing.
    pub score: f32,
}

impl SearchHit {
    pub(crate) fn from_doc(doc: &SearchDoc, score: f32, near: Option<GeoPoint>) -> Self {
        let location = doc.location();
        let distance_m = match (near, location) {
            (Some(n), Some(l)) => Some(haversine_m(n, l)),
            _ => None,
        };
        let (artwork_type, description, artist_names, thumbnail, place) = match doc {
            SearchDoc::Artwork(a) => (
                Some(a.artwork_type.clone()),
                a.description.as_deref(),
                a.artist_names.clone(),
                a.thumbnail.clone(),
                a.place(),
            ),
            SearchDoc::Artist(a) => (None, a.bio.as_deref(), Vec::new(), None, None),
        };
        Self {
            id: doc.id(),
            kind: doc.kind(),
            title: doc.title().to_owned(),
            artwork_type,
            status: doc.status(),
            description: description
                .map(|d| text::snippet(d, SNIPPET_CHARS))
                .filter(|d| !d.is_empty()),
            artist_names,
            lat: location.map(|l| l.lat),
            lon: location.map(|l| l.lon),
            distance_m,
            thumbnail,
            place,
            score,
        }
    }
}

// One completion, as `GET /api/search/suggestions` answers it too (the OpenAPI schema
// `SuggestionDto`, described by the doc comments).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SuggestionDto)]
pub struct Suggestion {
    pub text: String,
    /// `title`, `artist`, `type` or `tag`.
    #[schema(value_type = String)]
    pub kind: SuggestionKind,
    /// The one artwork or artist the phrase names, when it names exactly one.
    pub id: Option<Uuid>,
}

/// A completion found by a backend, before ranking.
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    pub text: String,
    pub kind: SuggestionKind,
    pub id: Option<Uuid>,
    /// The prefix matched the phrase's first word (not a later one).
    pub at_start: bool,
    /// Docs offering the phrase (popularity).
    pub count: u64,
}

pub(crate) fn check_suggest_args(prefix: &str, limit: usize) -> Result<(), QueryError> {
    if !(1..=MAX_SUGGEST_LIMIT).contains(&limit) {
        return Err(QueryError::LimitOutOfRange);
    }
    if prefix.chars().count() > MAX_TEXT_CHARS {
        return Err(QueryError::TextTooLong);
    }
    Ok(())
}

/// Deduplicates by normalised text (the same phrase from several docs or kinds counts once) and
/// orders best first: prefix at the phrase's start, then kind (title, artist, type, tag), then
/// popularity, then shorter, then alphabetical. A merged phrase keeps an id only if every source
/// of its best kind that names a doc names the same one (two artworks called "Untitled" name
/// neither; an artist's own doc names them even where artworks merely credit the name).
pub(crate) fn rank_suggestions(candidates: Vec<Candidate>, limit: usize) -> Vec<Suggestion> {
    use std::collections::{HashMap, HashSet};
    let mut groups: HashMap<String, Vec<Candidate>> = HashMap::new();
    for c in candidates {
        let key = text::normalized_phrase(&c.text);
        if !key.is_empty() {
            groups.entry(key).or_default().push(c);
        }
    }
    let mut all: Vec<(String, Candidate)> = groups
        .into_iter()
        .filter_map(|(key, group)| {
            let count = group.iter().map(|c| c.count).sum();
            let best = group
                .iter()
                .min_by_key(|c| (!c.at_start, c.kind.rank()))?
                .clone();
            let ids: HashSet<Uuid> = group
                .iter()
                .filter(|c| c.kind == best.kind)
                .filter_map(|c| c.id)
                .collect();
            let id = if ids.len() == 1 {
                ids.into_iter().next()
            } else {
                None
            };
            Some((key, Candidate { count, id, ..best }))
        })
        .collect();
    all.sort_by(|(ka, a), (kb, b)| {
        (!a.at_start, a.kind.rank())
            .cmp(&(!b.at_start, b.kind.rank()))
            .then(b.count.cmp(&a.count))
            .then(ka.len().cmp(&kb.len()))
            .then(ka.cmp(kb))
    });
    all.into_iter()
        .take(limit)
        .map(|(_, c)| Suggestion {
            text: c.text,
            kind: c.kind,
            id: c.id,
        })
        .collect()
}

/// Great-circle distance in metres (mean Earth radius).
pub fn haversine_m(a: GeoPoint, b: GeoPoint) -> f64 {
    const EARTH_RADIUS_M: f64 = 6_371_008.8;
    let (la1, la2) = (a.lat.to_radians(), b.lat.to_radians());
    let dlat = la2 - la1;
    let dlon = (b.lon - a.lon).to_radians();
    let h = (dlat / 2.0).sin().powi(2) + la1.cos() * la2.cos() * (dlon / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_M * h.sqrt().min(1.0).asin()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(key: &str, value: Option<&str>) -> TagFilter {
        TagFilter {
            key: key.into(),
            value: value.map(Into::into),
        }
    }

    #[test]
    fn parse_text_lifts_tag_tokens_and_keeps_the_rest() {
        let q = SearchQuery::parse_text("  bronze  TAG:Material:Bronze horse tag:year ");
        assert_eq!(
            q.as_ref().map(|q| (q.text.as_str(), q.tags.clone())),
            Ok((
                "bronze horse",
                vec![tag("material", Some("Bronze")), tag("year", None)]
            ))
        );
        assert_eq!(
            q.map(|q| (q.status, q.kind, q.page, q.per_page)),
            Ok((
                Some(DocStatus::Approved),
                KindFilter::All,
                1,
                DEFAULT_PER_PAGE
            ))
        );
    }

    #[test]
    fn malformed_tag_tokens_stay_text_and_empty_values_mean_the_key() {
        let q = SearchQuery::parse_text("tag: tag:9x tag:bad-key tagged:x tag:material:");
        assert_eq!(
            q.map(|q| (q.text, q.tags)),
            Ok((
                "tag: tag:9x tag:bad-key tagged:x".to_owned(),
                vec![tag("material", None)]
            ))
        );
    }

    #[test]
    fn values_keep_their_colons() {
        let q = SearchQuery::parse_text("tag:website:https://example.org");
        assert_eq!(
            q.map(|q| q.tags),
            Ok(vec![tag("website", Some("https://example.org"))])
        );
    }

    #[test]
    fn limits_are_enforced() {
        assert_eq!(
            SearchQuery::parse_text(&"a".repeat(201)),
            Err(QueryError::TextTooLong)
        );
        assert!(SearchQuery::parse_text(&"é".repeat(200)).is_ok());
        let ok = SearchQuery::default();
        assert_eq!(ok.validate(), Ok(()));
        let bad = |f: fn(&mut SearchQuery)| {
            let mut q = SearchQuery::default();
            f(&mut q);
            q.validate()
        };
        assert_eq!(bad(|q| q.page = 0), Err(QueryError::PageOutOfRange));
        assert_eq!(bad(|q| q.page = 1001), Err(QueryError::PageOutOfRange));
        assert_eq!(bad(|q| q.per_page = 0), Err(QueryError::PerPageOutOfRange));
        assert_eq!(
            bad(|q| q.per_page = 101),
            Err(QueryError::PerPageOutOfRange)
        );
        assert_eq!(
            bad(|q| q.near = Some(GeoPoint {
                lat: 91.0,
                lon: 0.0
            })),
            Err(QueryError::BadPoint)
        );
        assert_eq!(bad(|q| q.page = 1000), Ok(()));
        assert_eq!(check_suggest_args("x", 0), Err(QueryError::LimitOutOfRange));
        assert_eq!(
            check_suggest_args("x", 21),
            Err(QueryError::LimitOutOfRange)
        );
        assert_eq!(check_suggest_args("x", 20), Ok(()));
    }

    #[test]
    fn tag_filter_terms_are_lowercase() {
        assert_eq!(tag("material", Some("Bronze")).term(), "material:bronze");
        assert_eq!(tag("material", None).term(), "material");
    }

    fn cand(text: &str, kind: SuggestionKind, id: Option<u128>, at_start: bool) -> Candidate {
        Candidate {
            text: text.into(),
            kind,
            id: id.map(Uuid::from_u128),
            at_start,
            count: 1,
        }
    }

    #[test]
    fn suggestions_are_deduplicated_and_ranked() {
        use SuggestionKind::*;
        let ranked = rank_suggestions(
            vec![
                cand("bronze", Tag, None, true),
                cand("Bronze", Tag, None, true),
                cand("BRONZE", Title, Some(7), true),
                cand("Horse in Bronze", Title, Some(8), false),
                cand("Bronx Mural", Title, Some(9), true),
                cand("Untitled", Title, Some(1), true),
                cand("untitled", Title, Some(2), true),
                cand("Douglas Coupland", Artist, None, true),
                cand("Douglas Coupland", Artist, Some(5), true),
            ],
            10,
        );
        let texts: Vec<_> = ranked
            .iter()
            .map(|s| (s.text.as_str(), s.kind, s.id))
            .collect();
        assert_eq!(
            texts,
            [
                // Three sources of "bronze" beat one of "Bronx Mural"; the title wins the kind.
                ("BRONZE", Title, Some(Uuid::from_u128(7))),
                // Two different artworks share the title: it names neither.
                ("Untitled", Title, None),
                ("Bronx Mural", Title, Some(Uuid::from_u128(9))),
                ("Douglas Coupland", Artist, Some(Uuid::from_u128(5))),
                ("Horse in Bronze", Title, Some(Uuid::from_u128(8))),
            ]
        );
        assert_eq!(rank_suggestions(vec![cand("a", Tag, None, true)], 0), []);
    }

    #[test]
    fn haversine_matches_a_known_distance() {
        // Vancouver City Hall to Science World: about 1.6 km.
        let d = haversine_m(
            GeoPoint {
                lat: 49.2606,
                lon: -123.1140,
            },
            GeoPoint {
                lat: 49.2734,
                lon: -123.1038,
            },
        );
        assert!((1500.0..1800.0).contains(&d), "{d}");
    }
}
