//! `GET /api/artists`, `GET /api/artists/{id}` (also "as of" a moment),
//! `GET /api/artists/{id}/history`: the subject routes over the artists' reads.

use axum::extract::State;
use axum::response::Response;
use platform::http::{ok, ApiError, MinPosition, PathId, Query};
use projectors::artists::read::ArtistOrder;
use projectors::artworks::read::ArtistArtwork;
use projectors::{artists, artworks};
use serde::Serialize;
use std::collections::HashMap;
use uuid::Uuid;

use super::params::{choice_param, page_and_limit, ListPage, Pagination};
use super::respond::{consistent, with_consistency};
use super::subject::{subject_routes, Page, ReadRequest};
use crate::state::QueryState;

const READS: &[&str] = &["artists", "artworks"];
pub const MAX_SEARCH_CHARS: usize = 100;

pub use projectors::artists::read::ArtistDto;

/// The list's `sort`, the default first.
const ORDERS: &[(&str, ArtistOrder)] = &[
    ("updated_desc", ArtistOrder::UpdatedDesc),
    ("name_asc", ArtistOrder::NameAsc),
    ("created_desc", ArtistOrder::CreatedDesc),
];

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

/// A page of the artists, those whose name or an alias holds `search` when given.
async fn artist_page(r: ReadRequest<'_>, p: Page<ArtistOrder>) -> Result<Response, ApiError> {
    let search = r.get("search").map(str::trim).filter(|s| !s.is_empty());
    if search.is_some_and(|s| s.chars().count() > MAX_SEARCH_CHARS) {
        return Err(ApiError::validation(
            "search",
            format!("search must be at most {MAX_SEARCH_CHARS} characters"),
        ));
    }
    let caught_up = consistent(r.state, r.min, READS).await;
    let pattern = search.map(like_pattern);

    let pool = &r.state.pool;
    let total = artists::read::count(pool, pattern.as_deref()).await?;
    let pagination = Pagination::new(p.page, p.limit, total);
    let (limit, offset) = (i64::from(p.limit), pagination.offset());
    let artists = artists::read::page(pool, pattern.as_deref(), p.order, limit, offset).await?;
    Ok(with_consistency(
        ok(ArtistPage {
            artists,
            pagination,
        }),
        caught_up,
    ))
}

/// The artist (as it was at `as_of`, when given) and their approved artworks.
async fn artist_at(r: ReadRequest<'_>, id: Uuid) -> Result<Response, ApiError> {
    let as_of = r.get("as_of");
    let caught_up = consistent(r.state, r.min, READS).await;
    let pool = &r.state.pool;
    let artist = match as_of {
        Some(raw) => {
            let at = super::history::parse_as_of(raw)?;
            artists::history::as_of(pool, id, at)
                .await
                .map_err(ApiError::internal)?
        }
        None => artists::read::by_id(pool, id).await?,
    }
    .ok_or_else(|| not_found(id))?;
    let artworks = artworks::read::credited_to(pool, id, MAX_ARTIST_ARTWORKS).await?;
    Ok(with_consistency(
        ok(ArtistDetail { artist, artworks }),
        caught_up,
    ))
}

subject_routes! {
    "artists", "Artist id", "Artist with ID {id} not found", not_found;
    /// `GET /api/artists?page&limit&sort&search` (`_cb`, a cache buster, is ignored).
    list_artists "/api/artists" => ArtistPage, artist_page, ORDERS, params(
        ("sort" = Option<String>, Query, description = "updated_desc (default), name_asc or created_desc"),
        ("search" = Option<String>, Query, description = "Case-insensitive part of the name or of an alias, at most 100 characters"),
    );
    /// `GET /api/artists/{id}?as_of`: the artist and their approved artworks, by title; with
    /// `as_of`, the artist's fields as they were then (rebuilt from its events; the artworks and
    /// their count are today's).
    get_artist "/api/artists/{id}" => ArtistDetail, artist_at,
        as_of "A position (<transaction>-<position>, as history entries give) or an RFC 3339 time: the artist as it was then";
    /// `GET /api/artists/{id}/history?page&limit`: every change to the artist, newest first: who
    /// (display names only), when, which submission's approval made it, and each field's value
    /// before and after.
    artist_history "/api/artists/{id}/history" => ArtistHistory, domain::EditSubject::Artist;
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
