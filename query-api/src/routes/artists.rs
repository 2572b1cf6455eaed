//! `GET /api/artists`, `GET /api/artists/{id}`.

use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, Utc};
use domain::ArtworkType;
use platform::http::{ok, ApiError, MinPosition, PathId, Query};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::Row;
use std::collections::HashMap;
use uuid::Uuid;

use super::params::{page_and_limit, ListPage, Pagination};
use super::respond::{consistent, with_consistency};
use crate::state::QueryState;

const READS: &[&str] = &["artists", "artworks"];
pub const MAX_SEARCH_CHARS: usize = 100;

#[derive(Debug, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct ArtistDto {
    pub id: Uuid,
    pub name: String,
    pub biography: Option<String>,
    pub country: Option<String>,
    pub website: Option<String>,
    #[schema(value_type = Option<super::artworks::Provenance>)]
    pub provenance: Option<Value>,
    pub artwork_count: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "a.id, a.name, a.biography, a.country, a.website, a.provenance, \
    a.created_at, a.updated_at, \
    (SELECT count(*) FROM rm.artworks w WHERE w.artist_ids @> ARRAY[a.id] AND w.status = 'approved') AS artwork_count";

fn from_row(row: &sqlx::postgres::PgRow) -> Result<ArtistDto, sqlx::Error> {
    Ok(ArtistDto {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        biography: row.try_get("biography")?,
        country: row.try_get("country")?,
        website: row.try_get("website")?,
        provenance: row.try_get("provenance")?,
        artwork_count: row.try_get("artwork_count")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
    })
}

fn order_by(raw: Option<&str>) -> Result<&'static str, ApiError> {
    match raw.map(str::trim) {
        None | Some("") | Some("updated_desc") => Ok("a.updated_at DESC, a.id"),
        Some("name_asc") => Ok("lower(a.name), a.id"),
        Some("created_desc") => Ok("a.created_at DESC, a.id"),
        Some(_) => Err(ApiError::validation(
            "sort",
            "sort must be one of updated_desc, name_asc, created_desc",
        )),
    }
}

/// `%`, `_` and `\` in a search are literal characters, not patterns.
fn like_pattern(term: &str) -> String {
    let mut p = String::with_capacity(term.len() + 2);
    p.push('%');
    for c in term.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            p.push('\\');
        }
        p.push(c);
    }
    p.push('%');
    p
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ArtistPage {
    pub artists: Vec<ArtistDto>,
    pub pagination: Pagination,
}

/// `GET /api/artists?page&limit&sort&search` (`_cb`, a cache buster, is ignored).
#[utoipa::path(get, path = "/api/artists", tag = "artists",
    params(
        ListPage,
        ("sort" = Option<String>, Query, description = "updated_desc (default), name_asc or created_desc"),
        ("search" = Option<String>, Query, description = "Case-insensitive part of the name, at most 100 characters"),
    ),
    responses(
        (status = 200, body = platform::http::Envelope<ArtistPage>),
        (status = 400, body = platform::http::ErrorBody),
    ))]
pub async fn list_artists(
    State(state): State<QueryState>,
    Query(q): Query<HashMap<String, String>>,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let get = |k: &str| q.get(k).map(String::as_str);
    let (page, limit) = page_and_limit(get)?;
    let order = order_by(get("sort"))?;
    let search = get("search").map(str::trim).filter(|s| !s.is_empty());
    if search.is_some_and(|s| s.chars().count() > MAX_SEARCH_CHARS) {
        return Err(ApiError::validation(
            "search",
            format!("search must be at most {MAX_SEARCH_CHARS} characters"),
        ));
    }
    let caught_up = consistent(&state, min, READS).await;
    let pattern = search.map(like_pattern);

    let total: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM rm.artists a WHERE $1::text IS NULL OR lower(a.name) LIKE $1",
    )
    .bind(&pattern)
    .fetch_one(&state.pool)
    .await?;
    let pagination = Pagination::new(page, limit, total);
    // The page is chosen first, so the per-artist count runs for its rows only.
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM (SELECT * FROM rm.artists a \
            WHERE $1::text IS NULL OR lower(a.name) LIKE $1 \
            ORDER BY {order} LIMIT $2 OFFSET $3) a \
         ORDER BY {order}"
    ))
    .bind(&pattern)
    .bind(i64::from(limit))
    .bind(pagination.offset())
    .fetch_all(&state.pool)
    .await?;
    let artists = rows.iter().map(from_row).collect::<Result<Vec<_>, _>>()?;
    Ok(with_consistency(
        ok(ArtistPage {
            artists,
            pagination,
        }),
        caught_up,
    ))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ArtistDetail {
    #[serde(flatten)]
    pub artist: ArtistDto,
    pub artworks: Vec<ArtistArtwork>,
}

#[derive(Debug, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct ArtistArtwork {
    pub id: Uuid,
    pub title: String,
    pub artwork_type: ArtworkType,
    pub lat: f64,
    pub lon: f64,
}

/// Most artworks listed on an artist's page.
const MAX_ARTIST_ARTWORKS: i64 = 500;

/// `GET /api/artists/{id}`: the artist and their approved artworks, by title.
#[utoipa::path(get, path = "/api/artists/{id}", tag = "artists",
    params(("id" = Uuid, Path, description = "Artist id")),
    responses(
        (status = 200, body = platform::http::Envelope<ArtistDetail>),
        (status = 400, body = platform::http::ErrorBody),
        (status = 404, body = platform::http::ErrorBody),
    ))]
pub async fn get_artist(
    State(state): State<QueryState>,
    PathId(id): PathId,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let caught_up = consistent(&state, min, READS).await;
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM rm.artists a WHERE a.id = $1"
    ))
    .bind(id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| ApiError::NotFound(format!("Artist with ID {id} not found")))?;
    let artworks = sqlx::query(
        "SELECT id, title, artwork_type, lat, lon FROM rm.artworks \
         WHERE artist_ids @> ARRAY[$1]::uuid[] AND status = 'approved' \
         ORDER BY lower(title), id LIMIT $2",
    )
    .bind(id)
    .bind(MAX_ARTIST_ARTWORKS)
    .fetch_all(&state.pool)
    .await?
    .iter()
    .map(|r| {
        Ok(ArtistArtwork {
            id: r.try_get("id")?,
            title: r.try_get("title")?,
            artwork_type: platform::db::enum_column(r, "artwork_type", ArtworkType::parse)?,
            lat: r.try_get("lat")?,
            lon: r.try_get("lon")?,
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(with_consistency(
        ok(ArtistDetail {
            artist: from_row(&row)?,
            artworks,
        }),
        caught_up,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_wildcards_are_escaped() {
        assert_eq!(like_pattern("Ab"), "%ab%");
        assert_eq!(like_pattern("100%_\\"), "%100\\%\\_\\\\%");
    }
}
