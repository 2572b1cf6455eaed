//! `GET /api/artworks/{id}/history` and `GET /api/artworks/{id}?as_of=`: an artwork's changes and
//! its state at any moment, rebuilt from its events (`projectors::artworks::history`).

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use platform::http::{ok, ApiError, PathId, Query};
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
