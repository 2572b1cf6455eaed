//! Saved lists: the caller's lists, one list's artworks (a private list is seen by its owner
//! only: 404 to anyone else), and how often an artwork is saved to each system list.

use std::collections::HashMap;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use platform::http::{ApiError, MinPosition, PathId, Query};
use platform::identity::Caller;
use projectors::artworks::read::ArtworkDto;
use projectors::lists::read::{self as lists, ListSummary, SavedCount};
use serde::Serialize;
use uuid::Uuid;

use crate::routes::params::{int_param, Pagination, DEFAULT_PAGE, MAX_PAGE};
use crate::routes::respond::{consistent, private, private_ok};
use crate::state::QueryState;

const READS: &[&str] = &["lists", "accounts", "artworks"];
/// SPEC §9: list details are read 50 at a time.
pub const LIST_LIMIT: u32 = 50;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MyLists {
    /// Loved, Visited and Want to see first, then the caller's own lists, oldest first.
    pub lists: Vec<ListSummary>,
}

/// `GET /api/me/lists`: the caller's lists (signed in or not).
#[utoipa::path(get, path = "/api/me/lists", tag = "lists",
    responses((status = 200, body = platform::http::Envelope<MyLists>)))]
pub async fn my_lists(
    State(state): State<QueryState>,
    caller: Caller,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let caught_up = consistent(&state, min, READS).await;
    let identities = projectors::accounts::read::identities(&state.pool, &caller).await?;
    let lists = lists::mine(&state.pool, caller.actor(), &identities).await?;
    Ok(caller.respond(private_ok(MyLists { lists }, caught_up)))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ListDetails {
    pub list: ListSummary,
    /// Most recently saved first.
    pub items: Vec<ArtworkDto>,
    pub pagination: Pagination,
}

/// `GET /api/lists/{id}?page&limit`: a list and a page of its artworks (`limit` 1–50, default 50).
#[utoipa::path(get, path = "/api/lists/{id}", tag = "lists",
    params(
        ("id" = Uuid, Path),
        ("page" = Option<u32>, Query, description = "1 to 10000 (default 1)"),
        ("limit" = Option<u32>, Query, description = "1 to 50 (default 50)"),
    ),
    responses(
        (status = 200, body = platform::http::Envelope<ListDetails>),
        (status = 400, body = platform::http::ErrorBody),
        (status = 404, description = "'List not found' (also a private list of someone else's)", body = platform::http::ErrorBody)))]
pub async fn get_list(
    State(state): State<QueryState>,
    caller: Caller,
    PathId(id): PathId,
    Query(q): Query<HashMap<String, String>>,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let get = |k: &str| q.get(k).map(String::as_str);
    let page = int_param("page", get("page"), DEFAULT_PAGE, 1, MAX_PAGE)?;
    let limit = int_param("limit", get("limit"), LIST_LIMIT, 1, LIST_LIMIT)?;
    let caught_up = consistent(&state, min, READS).await;
    let pool = &state.pool;
    let (mut list, members) = visible(&state, &caller, id).await?;
    let offset = i64::from(page - 1) * i64::from(limit);
    let (ids, total) = lists::items(pool, &members, i64::from(limit), offset).await?;
    list.item_count = total;
    let mut found = projectors::artworks::read::by_ids(pool, &ids).await?;
    // In the list's order (most recently saved first).
    found.sort_by_key(|a| ids.iter().position(|i| *i == a.id));
    let details = ListDetails {
        list,
        items: found,
        pagination: Pagination::new(page, limit, total),
    };
    Ok(caller.respond(private_ok(details, caught_up)))
}

/// List `id` as the caller may see it, and the lists whose items it shows (for the caller's
/// own system list, each of their identities' of that kind); 404 when not theirs and private.
async fn visible(
    state: &QueryState,
    caller: &Caller,
    id: Uuid,
) -> Result<(ListSummary, Vec<Uuid>), ApiError> {
    let pool = &state.pool;
    let identities = projectors::accounts::read::identities(pool, caller).await?;
    let not_found = || ApiError::NotFound("List not found".into());
    Ok(match lists::system_kind(id, &identities) {
        // The caller's own system list: what any of their identities saved there.
        Some((_, kind)) => {
            let mine = lists::mine(pool, caller.actor(), &identities).await?;
            let mut summary = mine
                .into_iter()
                .find(|l| l.kind == kind)
                .ok_or_else(not_found)?;
            summary.id = id;
            (summary, lists::system_lists(pool, &identities, kind).await?)
        }
        None => {
            let row = lists::list(pool, id).await?.ok_or_else(not_found)?;
            let owned = identities.iter().any(|i| i.0 == row.owner);
            if !row.public && !owned {
                return Err(not_found());
            }
            let summary = ListSummary {
                id,
                name: row.name,
                kind: row.kind,
                public: row.public,
                item_count: 0,
                owned,
                created_at: Some(row.created_at),
                updated_at: Some(row.updated_at),
            };
            (summary, vec![id])
        }
    })
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SavedCounts {
    /// Loved, Visited and Want to see.
    pub lists: Vec<SavedCount>,
    /// The caller's own lists that hold the artwork.
    pub in_lists: Vec<Uuid>,
}

/// `GET /api/artworks/{id}/saved`: for the one-tap toggles, how many people saved the artwork to
/// each system list and whether the caller did, and which of the caller's own lists hold it.
#[utoipa::path(get, path = "/api/artworks/{id}/saved", tag = "lists",
    params(("id" = Uuid, Path)),
    responses((status = 200, body = platform::http::Envelope<SavedCounts>)))]
pub async fn saved_counts(
    State(state): State<QueryState>,
    caller: Caller,
    PathId(id): PathId,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let caught_up = consistent(&state, min, READS).await;
    let pool = &state.pool;
    let identities = projectors::accounts::read::identities(pool, &caller).await?;
    let counts = lists::saved_counts(pool, id, caller.actor(), &identities).await?;
    let in_lists = lists::own_holding(pool, &identities, id).await?;
    Ok(caller.respond(private_ok(
        SavedCounts {
            lists: counts,
            in_lists,
        },
        caught_up,
    )))
}

/// One stop of a walking tour.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TourStop {
    pub id: Uuid,
    pub title: String,
    pub lat: f64,
    pub lon: f64,
    /// Metres walked from the previous stop (or the start).
    pub leg_m: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Tour {
    pub list: ListSummary,
    /// Where it starts, when `start` was given.
    pub start: Option<[f64; 2]>,
    /// In walking order.
    pub stops: Vec<TourStop>,
    /// The whole walk, in metres.
    pub distance_m: f64,
}

/// `start=lat,lon`, checked.
fn start_param(raw: Option<&str>) -> Result<Option<domain::tour::Point>, ApiError> {
    let Some(raw) = raw.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    let bad = || ApiError::validation("start", "start must be lat,lon");
    let (lat, lon) = raw.split_once(',').ok_or_else(bad)?;
    let (lat, lon): (f64, f64) = (
        lat.trim().parse().map_err(|_| bad())?,
        lon.trim().parse().map_err(|_| bad())?,
    );
    domain::Location::parse(lat, lon).map_err(|e| ApiError::validation("start", e.to_string()))?;
    Ok(Some(domain::tour::Point { lat, lon }))
}

async fn tour_of(
    state: &QueryState,
    caller: &Caller,
    id: Uuid,
    start: Option<domain::tour::Point>,
) -> Result<Tour, ApiError> {
    let (mut list, members) = visible(state, caller, id).await?;
    let (ids, total) = lists::items(
        &state.pool,
        &members,
        domain::list::MAX_LIST_ITEMS as i64,
        0,
    )
    .await?;
    list.item_count = total;
    let artworks = projectors::artworks::read::tour_stops(&state.pool, &ids).await?;
    let points: Vec<domain::tour::Point> = artworks
        .iter()
        .map(|a| domain::tour::Point {
            lat: a.lat,
            lon: a.lon,
        })
        .collect();
    let walk = crate::tours::Tours::shared()
        .walk(id, start, points.clone())
        .await
        .map_err(|_| ApiError::Busy {
            retry_after_secs: crate::tours::BUSY_RETRY_AFTER_SECS,
            message:
                "Too many walking tours are being worked out right now. Try again in a few seconds."
                    .into(),
        })?;
    // The order is the rounded start's; the legs are measured from the start as given.
    let mut at = start;
    let mut distance_m = 0.0;
    let stops = walk
        .order
        .iter()
        .map(|&i| {
            let a = &artworks[i];
            let leg_m = at.map_or(0.0, |p| {
                domain::geo::haversine_m(p.lat, p.lon, a.lat, a.lon)
            });
            distance_m += leg_m;
            at = Some(points[i]);
            TourStop {
                id: a.id,
                title: a.title.clone(),
                lat: a.lat,
                lon: a.lon,
                leg_m,
            }
        })
        .collect();
    Ok(Tour {
        list,
        start: start.map(|p| [p.lat, p.lon]),
        stops,
        distance_m,
    })
}

/// Text safe inside XML.
fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The tour as GPX 1.1: the stops as waypoints and the walk as a route.
fn gpx(tour: &Tour) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Plinth\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n",
    );
    out.push_str(&format!(
        "  <metadata><name>{}</name></metadata>\n",
        xml(&tour.list.name)
    ));
    for s in &tour.stops {
        out.push_str(&format!(
            "  <wpt lat=\"{}\" lon=\"{}\"><name>{}</name></wpt>\n",
            s.lat,
            s.lon,
            xml(&s.title)
        ));
    }
    out.push_str(&format!("  <rte><name>{}</name>\n", xml(&tour.list.name)));
    if let Some([lat, lon]) = tour.start {
        out.push_str(&format!(
            "    <rtept lat=\"{lat}\" lon=\"{lon}\"><name>Start</name></rtept>\n"
        ));
    }
    for s in &tour.stops {
        out.push_str(&format!(
            "    <rtept lat=\"{}\" lon=\"{}\"><name>{}</name></rtept>\n",
            s.lat,
            s.lon,
            xml(&s.title)
        ));
    }
    out.push_str("  </rte>\n</gpx>\n");
    out
}

fn gpx_response(tour: &Tour) -> Response {
    let filename: String = tour
        .list
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    (
        [
            (
                axum::http::header::CONTENT_TYPE,
                "application/gpx+xml".to_owned(),
            ),
            (
                axum::http::header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}.gpx\""),
            ),
        ],
        gpx(tour),
    )
        .into_response()
}

/// `GET /api/lists/{id}/tour?start=lat,lon`: the list's artworks in a short walking order
/// (nearest neighbour, then 2-opt up to 300 stops; worked out off the request path, a few at
/// once per process, and kept for the same stops and start to about 10 m) with the distance;
/// GPX with `Accept: application/gpx+xml`.
#[utoipa::path(get, path = "/api/lists/{id}/tour", tag = "lists",
    params(
        ("id" = Uuid, Path),
        ("start" = Option<String>, Query, description = "Where the walk starts: lat,lon"),
    ),
    responses(
        (status = 200, body = platform::http::Envelope<Tour>, description = "JSON, or GPX 1.1 for Accept: application/gpx+xml"),
        (status = 400, description = "'start must be lat,lon'", body = platform::http::ErrorBody),
        (status = 404, description = "'List not found'", body = platform::http::ErrorBody),
        (status = 503, description = "Too many tours are being worked out; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn list_tour(
    State(state): State<QueryState>,
    caller: Caller,
    PathId(id): PathId,
    Query(q): Query<HashMap<String, String>>,
    headers: axum::http::HeaderMap,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let start = start_param(q.get("start").map(String::as_str))?;
    let caught_up = consistent(&state, min, READS).await;
    let tour = tour_of(&state, &caller, id, start).await?;
    let wants_gpx = headers
        .get(axum::http::header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/gpx+xml"));
    if wants_gpx {
        return Ok(caller.respond(private(gpx_response(&tour))));
    }
    Ok(caller.respond(private_ok(tour, caught_up)))
}

/// `GET /api/lists/{id}/tour.gpx?start=lat,lon`: the tour as a GPX download.
#[utoipa::path(get, path = "/api/lists/{id}/tour.gpx", tag = "lists",
    params(
        ("id" = Uuid, Path),
        ("start" = Option<String>, Query, description = "Where the walk starts: lat,lon"),
    ),
    responses(
        (status = 200, description = "GPX 1.1", content_type = "application/gpx+xml", body = String),
        (status = 404, description = "'List not found'", body = platform::http::ErrorBody),
        (status = 503, description = "Too many tours are being worked out; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn list_tour_gpx(
    State(state): State<QueryState>,
    caller: Caller,
    PathId(id): PathId,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let start = start_param(q.get("start").map(String::as_str))?;
    let tour = tour_of(&state, &caller, id, start).await?;
    Ok(caller.respond(private(gpx_response(&tour))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(crate::fuzz_config(2_000))]

        /// Any `start` text is a point or a 400 naming `start`, never a panic.
        #[test]
        fn any_start_is_a_point_or_a_validation_error(
            raw in "\\PC*|[-+ .,0-9eEinfaN]{0,30}"
        ) {
            match start_param(Some(&raw)) {
                Ok(Some(p)) => prop_assert!(domain::Location::parse(p.lat, p.lon).is_ok()),
                Ok(None) => prop_assert!(raw.trim().is_empty()),
                Err(e) => prop_assert_eq!(e.code(), "VALIDATION_ERROR"),
            }
        }

        /// A point written as `lat,lon` reads back as the same point.
        #[test]
        fn a_start_point_reads_back_as_itself(lat in -90.0..=90.0f64, lon in -180.0..=180.0f64) {
            let written = format!("{lat},{lon}");
            let p = start_param(Some(&written)).ok().flatten();
            prop_assert_eq!(p.map(|p| (p.lat, p.lon)), Some((lat, lon)));
        }

        /// Out of range or not finite: refused.
        #[test]
        fn a_start_off_the_globe_is_refused(
            lat in prop_oneof![90.000_001..1e300f64, Just(f64::NAN), Just(f64::INFINITY)],
            lon in -180.0..=180.0f64,
        ) {
            let (first, second) = (format!("{lat},{lon}"), format!("{lon},{lat}"));
            prop_assert!(start_param(Some(&first)).is_err());
            prop_assert!(start_param(Some(&second)).is_err());
        }
    }
}
