//! The tag schema (`domain::tags`) as forms need it: which details an artwork can have, what
//! each is called, where it belongs, and what values it takes, so a form offers the vocabulary
//! the server checks instead of free text the server then refuses.

use axum::http::header;
use axum::response::{IntoResponse, Response};
use domain::provenance::MAX_URL_CHARS;
use domain::tags::{TagCategory, TagKind, MAX_FREE_VALUE_CHARS, MAX_YEAR, SCHEMA};
use platform::http::ok;
use serde::Serialize;

/// The schema changes only with a release: browsers and proxies may keep it for an hour.
const CACHE: &str = "public, max-age=3600";

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TagSchema {
    /// Every category, in the order forms show them (`other` holds free details).
    pub categories: Vec<TagCategoryDto>,
    /// The known details, in schema order.
    pub tags: Vec<TagDefinitionDto>,
    /// A free detail's name: 1 to 50 lowercase letters, digits, `_` or `:`, starting with a letter.
    pub free_key_pattern: &'static str,
    /// The longest value of a free detail, in characters.
    pub free_value_max: usize,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TagCategoryDto {
    pub id: &'static str,
    pub label: &'static str,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TagDefinitionDto {
    pub key: &'static str,
    pub label: &'static str,
    /// A category's `id`.
    pub category: &'static str,
    pub kind: TagKindDto,
}

/// What values a detail takes.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TagKindDto {
    /// One of `values`.
    Enum { values: Vec<&'static str> },
    /// Text of at most `max` characters.
    Text { max: usize },
    /// A decimal number from `min` to `max`.
    Number { min: f64, max: f64 },
    /// A four-digit year from `min` to `max`.
    Year { min: i32, max: i32 },
    /// An http or https URL of at most `max` characters.
    Url { max: usize },
    /// A Wikidata item id such as Q12345.
    WikidataId,
}

impl From<TagKind> for TagKindDto {
    fn from(kind: TagKind) -> Self {
        match kind {
            TagKind::Enum(values) => TagKindDto::Enum {
                values: values.to_vec(),
            },
            TagKind::Text { max } => TagKindDto::Text { max },
            TagKind::Number { min, max } => TagKindDto::Number { min, max },
            TagKind::Year => TagKindDto::Year {
                min: 1000,
                max: MAX_YEAR,
            },
            TagKind::Url => TagKindDto::Url { max: MAX_URL_CHARS },
            TagKind::WikidataId => TagKindDto::WikidataId,
        }
    }
}

/// The schema, built from the domain's.
pub fn schema() -> TagSchema {
    TagSchema {
        categories: TagCategory::ALL
            .iter()
            .map(|c| TagCategoryDto {
                id: c.id(),
                label: c.label(),
            })
            .collect(),
        tags: SCHEMA
            .iter()
            .map(|d| TagDefinitionDto {
                key: d.key,
                label: d.label,
                category: d.category.id(),
                kind: d.kind.into(),
            })
            .collect(),
        free_key_pattern: "^[a-z][a-z0-9_:]{0,49}$",
        free_value_max: MAX_FREE_VALUE_CHARS,
    }
}

/// `GET /api/tags/schema`: the details an artwork can have and the values each takes.
#[utoipa::path(get, path = "/api/tags/schema", tag = "artworks",
    responses((status = 200, description = "The tag schema, cacheable for an hour", body = platform::http::Envelope<TagSchema>)))]
pub async fn tag_schema() -> Response {
    let mut r = ok(schema()).into_response();
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static(CACHE),
    );
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::tags::Tags;
    use std::collections::BTreeMap;

    fn accepts(key: &str, value: &str) -> bool {
        Tags::parse(BTreeMap::from([(key.to_owned(), value.to_owned())])).is_ok()
    }

    #[test]
    fn every_value_the_schema_offers_is_one_the_server_accepts() {
        let schema = schema();
        for tag in &schema.tags {
            let samples: Vec<String> = match &tag.kind {
                TagKindDto::Enum { values } => values.iter().map(|v| v.to_string()).collect(),
                TagKindDto::Text { max } => vec!["x".repeat(*max)],
                TagKindDto::Number { min, max } => vec![min.to_string(), max.to_string()],
                TagKindDto::Year { min, max } => vec![min.to_string(), max.to_string()],
                TagKindDto::Url { .. } => vec!["https://example.org/a".into()],
                TagKindDto::WikidataId => vec!["Q42".into()],
            };
            for v in samples {
                assert!(accepts(tag.key, &v), "{} = {v}", tag.key);
            }
        }
        assert!(!accepts("material", "steel"));
    }

    #[test]
    fn categories_are_named_as_they_serialise_and_every_tag_has_one() {
        let ids: Vec<&str> = schema().categories.iter().map(|c| c.id).collect();
        for c in TagCategory::ALL {
            assert_eq!(serde_json::to_value(c).unwrap(), c.id());
        }
        assert!(schema().tags.iter().all(|t| ids.contains(&t.category)));
    }
}
