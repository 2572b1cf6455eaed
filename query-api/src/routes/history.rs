//! `GET /api/artworks/{id}/history`, `GET /api/artworks/{id}?as_of=` and
//! `GET /api/artworks/{id}/contributors`: an artwork's changes, its state at any moment and who
//! made it what it is, rebuilt from its events (`projectors::artworks::{history, credit}`).

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use platform::http::{ok, ApiError, PathId, Query};
use projectors::artworks::credit::{self, Credits};
use projectors::artworks::history::{self, AsOf, HistoryEntry};
use serde::Serialize;
use std::collections::HashMap;
use uuid::Uuid;

use super::artworks::ArtworkDetailDto;
use super::params::{page_and_limit, ListPage, Pagination};
use crate::state::QueryState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ArtworkHistory {
    /// Newest first.
    pub entries: Vec<HistoryEntry>,
    pub pagination: Pagination,
}

fn not_found(id: Uuid) -> ApiError {
    ApiError::NotFound(format!("Artwork with ID {id} not found"))
}

/// `GET /api/artworks/{id}/history?page&limit`: every change to the artwork, newest first: who
/// (display names only), when, which submission's approval made it, and each field's value
/// before and after.
#[utoipa::path(get, path = "/api/artworks/{id}/history", tag = "artworks",
    params(("id" = Uuid, Path, description = "Artwork id"), ListPage),
    responses(
        (status = 200, body = platform::http::Envelope<ArtworkHistory>),
        (status = 400, body = platform::http::ErrorBody),
        (status = 404, description = "Artwork with ID {id} not found", body = platform::http::ErrorBody),
    ))]
pub async fn artwork_history(
    State(state): State<QueryState>,
    PathId(id): PathId,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let (page, limit) = page_and_limit(|k| q.get(k).map(String::as_str))?;
    let offset = (page as usize - 1) * limit as usize;
    let (entries, total) = history::history(&state.pool, id, limit as usize, offset)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| not_found(id))?;
    Ok(ok(ArtworkHistory {
        entries,
        pagination: Pagination::new(page, limit, total as i64),
    })
    .into_response())
}

/// `GET /api/artworks/{id}/contributors`: for each field, who contributed its current value and
/// whose approval made it current; who sent each approved batch of photos still shown; everyone
/// credited, most first. Display names only.
#[utoipa::path(get, path = "/api/artworks/{id}/contributors", tag = "artworks",
    params(("id" = Uuid, Path, description = "Artwork id")),
    responses(
        (status = 200, body = platform::http::Envelope<Credits>),
        (status = 404, description = "Artwork with ID {id} not found", body = platform::http::ErrorBody),
    ))]
pub async fn artwork_contributors(
    State(state): State<QueryState>,
    PathId(id): PathId,
) -> Result<Response, ApiError> {
    let credits = credit::credits(&state.pool, id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| not_found(id))?;
    Ok(ok(credits).into_response())
}

/// The `as_of` parameter: a position (`<transaction>-<position>`, as history entries give) or an
/// RFC 3339 time.
pub fn parse_as_of(raw: &str) -> Result<AsOf, ApiError> {
    AsOf::parse(raw).ok_or_else(|| {
        ApiError::validation(
            "as_of",
            "as_of must be a position like 123-456 or an RFC 3339 time like 2026-01-31T12:00:00Z",
        )
    })
}

/// The artwork and its logbook as they were at `at`.
pub async fn artwork_as_of(
    state: &QueryState,
    id: Uuid,
    at: AsOf,
    logbook: usize,
) -> Result<ArtworkDetailDto, ApiError> {
    let (artwork, logbook) = history::as_of(&state.pool, id, at, logbook)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| not_found(id))?;
    Ok(ArtworkDetailDto { artwork, logbook })
}
