//! `GET /api/artists`, `GET /api/artists/{id}` (also "as of" a moment),
//! `GET /api/artists/{id}/history`.

use axum::extract::State;
use axum::response::Response;
use platform::http::{ok, ApiError, MinPosition, PathId, Query};
use projectors::artists::read::ArtistOrder;
use projectors::artworks::read::ArtistArtwork;
use projectors::{artists, artworks};
use serde::Serialize;
use std::collections::HashMap;
use uuid::Uuid;

use super::history::history_route;
use super::params::{page_and_limit, ListPage, Pagination};
use super::respond::{consistent, with_consistency};
use crate::state::QueryState;

const READS: &[&str] = &["artists", "artworks"];
pub const MAX_SEARCH_CHARS: usize = 100;

pub use projectors::artists::read::ArtistDto;

fn parse_sort(raw: Option<&str>) -> Result<ArtistOrder, ApiError> {
    match raw.map(str::trim) {
        None | Some("") | Some("updated_desc") => Ok(ArtistOrder::UpdatedDesc),
        Some("name_asc") => Ok(ArtistOrder::NameAsc),
        Some("created_desc") => Ok(ArtistOrder::CreatedDesc),
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
        ("search" = Option<String>, Query, description = "Case-insensitive part of the name or of an alias, at most 100 characters"),
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
    let order = parse_sort(get("sort"))?;
    let search = get("search").map(str::trim).filter(|s| !s.is_empty());
    if search.is_some_and(|s| s.chars().count() > MAX_SEARCH_CHARS) {
        return Err(ApiError::validation(
            "search",
            format!("search must be at most {MAX_SEARCH_CHARS} characters"),
        ));
    }
    let caught_up = consistent(&state, min, READS).await;
    let pattern = search.map(like_pattern);

    let total = artists::read::count(&state.pool, pattern.as_deref()).await?;
    let pagination = Pagination::new(page, limit, total);
    let artists = artists::read::page(
        &state.pool,
        pattern.as_deref(),
        order,
        i64::from(limit),
        pagination.offset(),
    )
    .await?;
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

/// Most artworks listed on an artist's page.
const MAX_ARTIST_ARTWORKS: i64 = 500;

fn not_found(id: Uuid) -> ApiError {
    ApiError::NotFound(format!("Artist with ID {id} not found"))
}

/// `GET /api/artists/{id}?as_of`: the artist and their approved artworks, by title; with
/// `as_of`, the artist's fields as they were then (rebuilt from its events; the artworks and
/// their count are today's).
#[utoipa::path(get, path = "/api/artists/{id}", tag = "artists",
    params(
        ("id" = Uuid, Path, description = "Artist id"),
        ("as_of" = Option<String>, Query, description = "A position (<transaction>-<position>, as history entries give) or an RFC 3339 time: the artist as it was then"),
    ),
    responses(
        (status = 200, body = platform::http::Envelope<ArtistDetail>),
        (status = 400, body = platform::http::ErrorBody),
        (status = 404, description = "Artist with ID {id} not found", body = platform::http::ErrorBody),
    ))]
pub async fn get_artist(
    State(state): State<QueryState>,
    PathId(id): PathId,
    Query(q): Query<HashMap<String, String>>,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let caught_up = consistent(&state, min, READS).await;
    let artist = match q.get("as_of") {
        Some(raw) => {
            let at = super::history::parse_as_of(raw)?;
            artists::history::as_of(&state.pool, id, at)
                .await
                .map_err(ApiError::internal)?
        }
        None => artists::read::by_id(&state.pool, id).await?,
    }
    .ok_or_else(|| not_found(id))?;
    let artworks = artworks::read::credited_to(&state.pool, id, MAX_ARTIST_ARTWORKS).await?;
    Ok(with_consistency(
        ok(ArtistDetail { artist, artworks }),
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

history_route! {
    /// `GET /api/artists/{id}/history?page&limit`: every change to the artist, newest first: who
    /// (display names only), when, which submission's approval made it, and each field's value
    /// before and after.
    artist_history "/api/artists/{id}/history", "artists", "Artist id",
        "Artist with ID {id} not found" => ArtistHistory, artists::history::history, not_found
}
