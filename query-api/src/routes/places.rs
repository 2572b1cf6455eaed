//! The places the registry covers: its cities and their neighbourhoods or boroughs, for a
//! visitor without a location to get somewhere (a place search and an area chooser).

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use platform::http::{ok, ApiError};
use projectors::artworks::read::{self as artworks, Place};
use serde::Serialize;

use crate::state::QueryState;

/// Places change with approvals, slowly: the answer is made at most every five minutes, and
/// browsers and proxies may keep it as long.
const CACHE: &str = "public, max-age=300";

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PlaceList {
    /// Cities by how many artworks they hold, each followed by its areas.
    pub places: Vec<Place>,
}

/// `GET /api/places`: every city with approved artworks and the areas within it.
#[utoipa::path(get, path = "/api/places", tag = "artworks",
    responses((status = 200, description = "Cities and their areas, cacheable for five minutes", body = platform::http::Envelope<PlaceList>)))]
pub async fn places(State(state): State<QueryState>) -> Result<Response, ApiError> {
    let places = state.places.get(|| artworks::places(&state.pool)).await?;
    let mut r = ok(PlaceList {
        places: places.as_ref().clone(),
    })
    .into_response();
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static(CACHE),
    );
    Ok(r)
}
