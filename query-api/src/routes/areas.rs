//! The areas a person can finish (issue 33): `GET /api/areas` (the areas in a view and how many
//! artworks each holds, for everyone) and `GET /api/me/areas` (the same with what the signed-in
//! caller has seen of each, or, without a view, every area they have begun).

use std::collections::HashMap;

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use platform::http::{ok, ApiError, MinPosition, Query};
use platform::identity::SignedIn;
use projectors::areas::read::{self as areas, AreaDto, AreaFile};
use serde::Serialize;

use super::params::view_params;
use super::respond::{consistent, private_ok, MinPositionHeader};
use crate::state::QueryState;

/// What the answers read (for `X-Min-Position`).
const READS: &[&str] = &["areas", "artworks", "submissions", "accounts"];
/// Areas change with approvals: a view's answer may be kept a minute.
const CACHE: &str = "public, max-age=60";

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AreaList {
    /// The boundary file the areas come from (its attribution is shown with them); absent when
    /// areas are grid cells of about a kilometre.
    pub file: Option<AreaFile>,
    /// A boundary file's areas in the view by name; grid cells holding artworks, south to north.
    pub areas: Vec<AreaDto>,
    /// The view covers too many grid cells to list: zoom in.
    pub too_wide: bool,
}

/// `GET /api/areas?north&south&east&west`.
#[utoipa::path(get, path = "/api/areas", tag = "artworks",
    params(
        ("north" = f64, Query), ("south" = f64, Query), ("east" = f64, Query), ("west" = f64, Query),
    ),
    responses(
        (status = 200, description = "The areas in the view, cacheable for a minute", body = platform::http::Envelope<AreaList>),
        (status = 400, body = platform::http::ErrorBody),
    ))]
pub async fn areas_in_view(
    State(state): State<QueryState>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let view = view_params(|k| q.get(k).map(String::as_str))?;
    let source = areas::source(&state.pool).await?;
    let found = areas::in_view(&state.pool, &source, view, None).await?;
    let mut r = ok(list(source, found)).into_response();
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(CACHE));
    Ok(r)
}

/// `GET /api/me/areas[?north&south&east&west]`.
#[utoipa::path(get, path = "/api/me/areas", tag = "me",
    params(
        ("north" = Option<f64>, Query), ("south" = Option<f64>, Query),
        ("east" = Option<f64>, Query), ("west" = Option<f64>, Query),
        MinPositionHeader,
    ),
    responses(
        (status = 200, description = "With a view: its areas and what the caller saw of each. Without: every area the caller has seen an artwork in, finished first, then by the share seen", body = platform::http::Envelope<AreaList>),
        (status = 400, body = platform::http::ErrorBody),
        SignedIn))]
pub async fn my_areas(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Query(q): Query<HashMap<String, String>>,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let account = caller.require_account()?.account_id;
    let view = match q
        .keys()
        .any(|k| ["north", "south", "east", "west"].contains(&k.as_str()))
    {
        true => Some(view_params(|k| q.get(k).map(String::as_str))?),
        false => None,
    };
    let caught_up = consistent(&state, min, READS).await;
    let source = areas::source(&state.pool).await?;
    let found = match view {
        Some(view) => areas::in_view(&state.pool, &source, view, Some(account)).await?,
        None => Some(areas::progress(&state.pool, &source, account).await?),
    };
    Ok(private_ok(list(source, found), caught_up))
}

fn list(source: areas::Source, found: Option<Vec<AreaDto>>) -> AreaList {
    AreaList {
        file: source.file().cloned(),
        too_wide: found.is_none(),
        areas: found.unwrap_or_default(),
    }
}
