//! `GET /api/tasks/nearby`: "Help nearby", the quick tasks around a place: what the approved
//! artworks nearest to it still lack (a photo or a newer one, an artist, a type, a year, a look
//! at one reported missing), nearest first. A gap a pending contribution already answers is not
//! offered.

use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, Utc};
use platform::http::{ok, ApiError, MinPosition, Query};
use projectors::artworks::read::{self as artworks, Gap};
use serde::Serialize;
use std::collections::HashMap;
use uuid::Uuid;

use super::params::{near_params, NearBounds, PlaceParams};
use super::respond::{consistent, with_consistency, MinPositionHeader};
use crate::state::QueryState;

/// The tasks' `radius` (metres) and `limit`: their defaults and largest.
const TASKS_NEARBY: NearBounds = NearBounds {
    radius: (1_000, 5_000),
    limit: (50, 200),
};
/// Most artworks looked at for gaps, nearest first.
const ARTWORKS_LOOKED_AT: usize = 2_000;

/// Read models this endpoint reads (for `X-Min-Position`): the artworks, the pending
/// contributions that hide a gap and the reports that an artwork is missing.
const READS: &[&str] = &["artworks", "submissions", "feedback"];

/// One quick task: an artwork and the one thing it lacks.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TaskDto {
    pub artwork_id: Uuid,
    pub title: String,
    pub gap: Gap,
    pub lat: f64,
    pub lon: f64,
    pub distance_m: f64,
    /// A `duplicate` task's other artwork: the one this may be.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other: Option<OtherArtwork>,
}

/// The artwork a `duplicate` task's artwork may be.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OtherArtwork {
    pub artwork_id: Uuid,
    pub title: String,
    /// Metres between the two.
    pub distance_m: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TasksNearby {
    /// Nearest artwork first; an artwork's gaps in the order missing, photo, old photo, artist,
    /// type, year, duplicate.
    pub tasks: Vec<TaskDto>,
    pub lat: f64,
    pub lon: f64,
    pub radius: u32,
    pub limit: u32,
}

/// An approved artwork near the place: what, where, and how far.
struct Near {
    id: Uuid,
    title: String,
    lat: f64,
    lon: f64,
    distance_m: f64,
}

/// `GET /api/tasks/nearby?lat&lon&radius&limit`: the gaps of the approved artworks within
/// `radius` metres, nearest first, at most `limit` tasks.
#[utoipa::path(get, path = "/api/tasks/nearby", tag = "tasks",
    params(
        PlaceParams,
        ("radius" = Option<u32>, Query, description = "Metres, 1 to 5000 (default 1000)"),
        ("limit" = Option<u32>, Query, description = "Tasks, 1 to 200 (default 50)"),
        MinPositionHeader,
    ),
    responses(
        (status = 200, body = platform::http::Envelope<TasksNearby>),
        (status = 400, body = platform::http::ErrorBody),
    ))]
pub async fn tasks_nearby(
    State(state): State<QueryState>,
    Query(q): Query<HashMap<String, String>>,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let get = |k: &str| q.get(k).map(String::as_str);
    let (lat, lon, radius, limit) = near_params(get, TASKS_NEARBY)?;
    // The geo model picks the artworks, the read models say what they lack: both caught up.
    let geo_caught_up = match &min {
        Some(MinPosition(p)) if state.geo.is_ready() => state.geo.wait_for(*p).await,
        _ => true,
    };
    let caught_up = consistent(&state, min, READS).await && geo_caught_up;

    let near = nearest(&state, lat, lon, f64::from(radius)).await?;
    let ids: Vec<Uuid> = near.iter().map(|n| n.id).collect();
    let mut open: HashMap<Uuid, artworks::Gaps> =
        artworks::gaps_of(&state.pool, &ids, old_before(Utc::now()))
            .await?
            .into_iter()
            .map(|g| (g.id, g))
            .collect();
    let mut twins = twins(&near);
    let reported = projectors::feedback::read::open_comments_about(&state.pool, &ids).await?;
    twins.retain(|id, other| {
        !reported.iter().any(|(about, note)| {
            (about == id && note.contains(&other.artwork_id.to_string()))
                || (*about == other.artwork_id && note.contains(&id.to_string()))
        })
    });
    let tasks = near
        .iter()
        .flat_map(|n| {
            let gaps = open.remove(&n.id).map(|g| g.gaps).unwrap_or_default();
            let twin = twins.remove(&n.id);
            let task = move |gap, other| TaskDto {
                artwork_id: n.id,
                title: n.title.clone(),
                gap,
                lat: n.lat,
                lon: n.lon,
                distance_m: n.distance_m,
                other,
            };
            let gaps = gaps.into_iter().map(move |gap| (gap, None));
            gaps.chain(twin.map(|t| (Gap::Duplicate, Some(t))))
                .map(move |(gap, other)| task(gap, other))
        })
        .take(limit as usize)
        .collect();
    let answer = TasksNearby {
        tasks,
        lat,
        lon,
        radius,
        limit,
    };
    Ok(with_consistency(ok(answer), caught_up))
}

/// A photo taken before this is old (`Gap::OldPhoto`).
fn old_before(now: DateTime<Utc>) -> DateTime<Utc> {
    now.checked_sub_months(chrono::Months::new(
        12 * domain::gap::OLD_PHOTO_YEARS.unsigned_abs(),
    ))
    .unwrap_or(now)
}

/// The likely duplicates among `near` (`domain::gap::likely_same`), each pair once: on the
/// artwork nearer the place, the other one.
fn twins(near: &[Near]) -> HashMap<Uuid, OtherArtwork> {
    use domain::geo::haversine_m;
    use domain::similarity::DUPLICATE_RADIUS_M;
    // A degree of latitude is at least this long: pairs further apart north–south are skipped
    // before the exact distance.
    const METRES_PER_DEGREE: f64 = 110_574.0;
    near.iter()
        .enumerate()
        .filter_map(|(i, a)| {
            near[i + 1..].iter().find_map(|b| {
                if (b.lat - a.lat).abs() * METRES_PER_DEGREE > DUPLICATE_RADIUS_M {
                    return None;
                }
                let distance_m = haversine_m(a.lat, a.lon, b.lat, b.lon);
                domain::gap::likely_same(distance_m, &a.title, &b.title).then(|| {
                    let title = b.title.clone();
                    (
                        a.id,
                        OtherArtwork {
                            artwork_id: b.id,
                            title,
                            distance_m,
                        },
                    )
                })
            })
        })
        .collect()
}

/// The approved artworks within the circle, nearest first: from the geo model, or from
/// PostgreSQL while it loads.
async fn nearest(
    state: &QueryState,
    lat: f64,
    lon: f64,
    radius_m: f64,
) -> Result<Vec<Near>, ApiError> {
    if state.geo.is_ready() {
        return Ok(state
            .geo
            .nearby_with(lat, lon, radius_m, ARTWORKS_LOOKED_AT, |hits| {
                hits.iter()
                    .map(|&(it, d)| Near {
                        id: it.id,
                        title: it.title.to_string(),
                        lat: it.lat,
                        lon: it.lon,
                        distance_m: d,
                    })
                    .collect()
            }));
    }
    let circle = crate::geo::circle(lat, lon, radius_m);
    let found =
        artworks::approved_within(&state.pool, circle, ARTWORKS_LOOKED_AT as i64, false).await?;
    Ok(found
        .into_iter()
        .map(|a| Near {
            id: a.id,
            title: a.title,
            lat: a.lat,
            lon: a.lon,
            distance_m: a.distance_m.unwrap_or_default(),
        })
        .collect())
}
