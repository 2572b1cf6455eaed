//! The city as it was: `GET /api/artworks/nearby?as_of=…` (the map at a moment, and the layers
//! added and removed since) and `GET /api/artworks/timeline` (how far back it goes).

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use platform::http::{ok, ApiError, MinPosition};
use projectors::artworks;
use projectors::artworks::read::PastLayer;
use serde::Serialize;

use super::artworks::{nearby_answer, nearby_body, READS};
use super::respond::{consistent, with_consistency, GeoTag};
use crate::encoded::json_response;
use crate::state::QueryState;

/// The span of time the map as it was can show.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Timeline {
    /// When the earliest artwork came onto the map (null before any did).
    pub first_at: Option<chrono::DateTime<chrono::Utc>>,
    pub now: chrono::DateTime<chrono::Utc>,
}

/// `GET /api/artworks/timeline`: from when to when the map's time slider can go.
#[utoipa::path(get, path = "/api/artworks/timeline", tag = "artworks",
    responses((status = 200, body = platform::http::Envelope<Timeline>)))]
pub async fn timeline(State(state): State<QueryState>) -> Result<Response, ApiError> {
    let first_at = artworks::read::first_moment(&state.pool).await?;
    let now = chrono::Utc::now();
    Ok(ok(Timeline { first_at, now }).into_response())
}

/// Nearby as the map stood at `at` (`status`: that map, what has left it since, or what was
/// added since): from the geo model once it is loaded, before that from the artworks'
/// stretches in PostgreSQL.
pub(super) async fn nearby_past(
    state: &QueryState,
    (min, headers): (Option<MinPosition>, &HeaderMap),
    at: projectors::artworks::history::AsOf,
    status: Option<&str>,
    (lat, lon, radius, limit): (f64, f64, u32, u32),
) -> Result<Response, ApiError> {
    let layer = match status.map(str::trim) {
        None | Some("") | Some("approved") => PastLayer::AsOf,
        Some("removed") => PastLayer::RemovedSince,
        Some("added") => PastLayer::AddedSince,
        Some(_) => {
            return Err(ApiError::validation(
                "status",
                "status must be approved, removed or added",
            ))
        }
    };
    if state.geo.is_ready() {
        // From the in-memory model: today's map and the stretches that have ended.
        let caught_up = match min {
            Some(MinPosition(p)) => state.geo.wait_for(p).await,
            None => true,
        };
        let tag = GeoTag::now(state);
        if tag.matches(headers) {
            return Ok(with_consistency(tag.not_modified(), caught_up));
        }
        let q = crate::geo::PastQuery {
            here: (lat, lon),
            radius_m: f64::from(radius),
            then: at,
            layer,
            limit: limit as usize,
        };
        let body = state
            .geo
            .past_with(&q, |hits| {
                serde_json::to_vec(&ok(nearby_answer(hits.to_vec(), lat, lon, radius, limit)).0)
            })
            .map_err(|e| ApiError::Internal(e.into()))?;
        return Ok(with_consistency(tag.on(json_response(body)), caught_up));
    }
    let caught_up = consistent(state, min, &READS[..1]).await;
    let circle = crate::geo::circle(lat, lon, f64::from(radius));
    let markers =
        artworks::read::past_within(&state.pool, circle, at, layer, i64::from(limit)).await?;
    Ok(with_consistency(
        nearby_body(markers, lat, lon, radius, limit),
        caught_up,
    ))
}
