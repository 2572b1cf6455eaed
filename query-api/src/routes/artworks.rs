//! `GET /api/artworks/nearby`, and the subject routes over the artworks' reads:
//! `GET /api/artworks`, `GET /api/artworks/{id}` (also "as of" a moment) and
//! `GET /api/artworks/{id}/history`.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use domain::ArtworkType;
use platform::http::{ok, ApiError, MinPosition, PathId, Query};
use projectors::artworks;
use projectors::artworks::read::{ArtworkFilter, ArtworkOrder, Place, RowKey};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use uuid::Uuid;

use super::params::{
    bool_param, choice_param, near_params, page_and_limit, ListPage, NearBounds, Pagination,
    PlaceParams,
};
use super::respond::{consistent, with_consistency, GeoTag, MinPositionHeader};
use super::subject::{subject_routes, Page, ReadRequest};
use crate::encoded::{envelope, json_response, write_with_distance, Object};
use crate::state::QueryState;

/// Nearby's `radius` (metres) and `limit`: their defaults and largest.
const NEARBY: NearBounds = NearBounds {
    radius: (500, 50_000),
    limit: (250, 1_000),
};

/// Read models these endpoints read (for `X-Min-Position`).
pub(super) const READS: &[&str] = &["artworks", "artists"];

pub use projectors::artworks::read::{ArtistRef, ArtworkDto, ArtworkMinimalDto, LogbookEntryDto};

/// One nearby result, in the shape `minimal` asked for (documentation of the two shapes).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum NearbyItem {
    Minimal(ArtworkMinimalDto),
    Full(Box<ArtworkDto>),
    Past(projectors::artworks::read::PastMarker),
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NearbyResponse<T> {
    pub artworks: Vec<T>,
    pub total: usize,
    pub search_center: Center,
    pub search_radius: u32,
    pub limit: u32,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Center {
    pub lat: f64,
    pub lon: f64,
}

pub(super) fn nearby_answer<T>(
    artworks: Vec<T>,
    lat: f64,
    lon: f64,
    radius: u32,
    limit: u32,
) -> NearbyResponse<T> {
    NearbyResponse {
        total: artworks.len(),
        artworks,
        search_center: Center { lat, lon },
        search_radius: radius,
        limit,
    }
}

pub(super) fn nearby_body<T: Serialize>(
    artworks: Vec<T>,
    lat: f64,
    lon: f64,
    radius: u32,
    limit: u32,
) -> Response {
    ok(nearby_answer(artworks, lat, lon, radius, limit)).into_response()
}

/// A marker of the geo model and its distance, written as an [`ArtworkMinimalDto`] (the same
/// fields in the same order: a test holds them equal) without copying the model's item.
struct Marker<'a>(&'a crate::geo::Item, f64);

impl Serialize for Marker<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let Marker(it, distance) = self;
        let mut m = s.serialize_struct("ArtworkMinimalDto", 6)?;
        m.serialize_field("id", &it.id)?;
        m.serialize_field("title", &*it.title)?;
        m.serialize_field("artwork_type", &it.artwork_type)?;
        m.serialize_field("lat", &it.lat)?;
        m.serialize_field("lon", &it.lon)?;
        m.serialize_field("distance_m", distance)?;
        m.end()
    }
}

/// `GET /api/artworks/nearby?lat&lon&radius&limit&minimal`: approved artworks within `radius`
/// metres (great-circle), nearest first.
#[utoipa::path(get, path = "/api/artworks/nearby", tag = "artworks",
    params(
        PlaceParams,
        ("radius" = Option<u32>, Query, description = "Metres, 1 to 50000 (default 500)"),
        ("limit" = Option<u32>, Query, description = "1 to 1000 (default 250)"),
        ("minimal" = Option<bool>, Query, description = "Only what a map marker needs"),
        ("status" = Option<String>, Query, description = "approved (default), or removed: the map's removed layer; with as_of also added (on the map now, not then), and removed means removed since"),
        ("as_of" = Option<String>, Query, description = "The map as it stood then: a date (2026-01-31, its end), an RFC 3339 time or a position (123-456); answers are PastMarker"),
        MinPositionHeader,
        ("If-None-Match" = Option<String>, Header, description = "The ETag of an earlier answer (minimal markers, and the map as it was, carry one: the geo model's position)"),
    ),
    responses(
        (status = 200, description = "Nearest first; items are ArtworkMinimalDto when minimal=true, ArtworkDto otherwise, PastMarker with as_of", body = platform::http::Envelope<NearbyResponse<NearbyItem>>),
        (status = 304, description = "Not modified: If-None-Match named the ETag the answer has now"),
        (status = 400, body = platform::http::ErrorBody),
    ))]
pub async fn nearby_artworks(
    State(state): State<QueryState>,
    Query(q): Query<HashMap<String, String>>,
    min: Option<MinPosition>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let get = |k: &str| q.get(k).map(String::as_str);
    let (lat, lon, radius, limit) = near_params(get, NEARBY)?;
    let minimal = bool_param("minimal", get("minimal"))?;
    if let Some(raw) = get("as_of").filter(|s| !s.trim().is_empty()) {
        let at = super::history::parse_as_of(raw)?;
        let place = (lat, lon, radius, limit);
        return super::past::nearby_past(&state, (min, &headers), at, get("status"), place).await;
    }
    let removed = match get("status").map(str::trim) {
        None | Some("") | Some("approved") => false,
        Some("removed") => true,
        Some(_) => {
            return Err(ApiError::validation(
                "status",
                "status must be approved or removed",
            ))
        }
    };
    if !removed && state.geo.is_ready() {
        let caught_up = match &min {
            Some(MinPosition(p)) => {
                let geo = state.geo.wait_for(*p).await;
                geo && (minimal || state.positions.wait_for(&READS[1..], *p).await)
            }
            None => true,
        };
        let resp = if minimal {
            let tag = GeoTag::now(&state);
            if tag.matches(&headers) {
                return Ok(with_consistency(tag.not_modified(), caught_up));
            }
            // Written from the model as it stands: no marker is copied on the way.
            let body = state
                .geo
                .nearby_with(lat, lon, f64::from(radius), limit as usize, |hits| {
                    let markers: Vec<Marker> = hits.iter().map(|&(it, d)| Marker(it, d)).collect();
                    serde_json::to_vec(&ok(nearby_answer(markers, lat, lon, radius, limit)).0)
                })
                .map_err(|e| ApiError::Internal(e.into()))?;
            tag.on(json_response(body))
        } else {
            // The artists model's position before the artworks are read: an entry read
            // earlier than this names its artists as they were then.
            let artists = state.positions.of(READS[1]);
            let (keys, distances): (Vec<RowKey>, Vec<f64>) =
                state
                    .geo
                    .nearby_with(lat, lon, f64::from(radius), limit as usize, |hits| {
                        hits.iter()
                            .map(|&(it, d)| {
                                let key = RowKey {
                                    id: it.id,
                                    last_pos: it.last_pos,
                                };
                                (key, d)
                            })
                            .unzip()
                    });
            let found = state.encoded.approved(&state.pool, &keys, artists).await?;
            let artworks = found
                .iter()
                .zip(distances)
                .filter_map(|(json, d)| json.as_deref().map(|j| (j, d)));
            json_response(envelope(&nearby_data(artworks, lat, lon, radius, limit)))
        };
        return Ok(with_consistency(resp, caught_up));
    }
    nearby_sql(&state, min, lat, lon, radius, limit, minimal, removed).await
}

/// Nearby straight from PostgreSQL: while the geo model is still loading, and for the removed
/// layer (the geo model holds approved artworks only).
#[expect(
    clippy::too_many_arguments,
    reason = "one argument per query parameter of the route"
)]
async fn nearby_sql(
    state: &QueryState,
    min: Option<MinPosition>,
    lat: f64,
    lon: f64,
    radius: u32,
    limit: u32,
    minimal: bool,
    removed: bool,
) -> Result<Response, ApiError> {
    let caught_up = consistent(state, min, if minimal { &READS[..1] } else { READS }).await;

    let circle = crate::geo::circle(lat, lon, f64::from(radius));
    let artworks = if removed {
        artworks::read::removed_within(&state.pool, circle, i64::from(limit), !minimal).await?
    } else {
        artworks::read::approved_within(&state.pool, circle, i64::from(limit), !minimal).await?
    };
    let resp = if minimal {
        let artworks: Vec<ArtworkMinimalDto> = artworks
            .into_iter()
            .map(|a| ArtworkMinimalDto {
                distance_m: a.distance_m.unwrap_or_default(),
                id: a.id,
                title: a.title,
                artwork_type: a.artwork_type,
                lat: a.lat,
                lon: a.lon,
            })
            .collect();
        nearby_body(artworks, lat, lon, radius, limit)
    } else {
        nearby_body(artworks, lat, lon, radius, limit)
    };
    Ok(with_consistency(resp, caught_up))
}

/// The `sort` of the artwork list, the default first.
const ORDERS: &[(&str, ArtworkOrder)] = &[
    ("updated_desc", ArtworkOrder::UpdatedDesc),
    ("title_asc", ArtworkOrder::TitleAsc),
    ("created_desc", ArtworkOrder::CreatedDesc),
];

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ArtworkPage {
    pub artworks: Vec<ArtworkDto>,
    pub pagination: Pagination,
}

/// The filter of the artwork list: `type`, `has_photo`, and a place (`city`, and `area` within
/// it, as `GET /api/places` names them). A place the registry does not hold matches nothing.
async fn parse_filter(
    state: &QueryState,
    q: &HashMap<String, String>,
) -> Result<ArtworkFilter, ApiError> {
    let text = |k: &str| q.get(k).map(|v| v.trim()).filter(|v| !v.is_empty());
    let artwork_type = match text("type") {
        None => None,
        Some(t) => Some(ArtworkType::parse(&t.to_ascii_lowercase()).ok_or_else(|| {
            ApiError::validation(
                "type",
                format!(
                    "type must be one of: {}",
                    ArtworkType::ALL.map(|t| t.as_str()).join(", ")
                ),
            )
        })?),
    };
    let with_photo = bool_param("has_photo", q.get("has_photo").map(String::as_str))?;
    let place = match (text("city"), text("area")) {
        (None, None) => None,
        (None, Some(_)) => {
            return Err(ApiError::validation(
                "area",
                "an area is chosen within a city: give city too",
            ))
        }
        (Some(city), area) => {
            let places = state
                .places
                .get(|| artworks::read::places(&state.pool))
                .await?;
            Some(
                places
                    .iter()
                    .find(|p| p.city == city && p.area.as_deref() == area)
                    .cloned()
                    // Unknown: a box off the globe, which no artwork is in.
                    .unwrap_or_else(|| Place {
                        city: city.to_owned(),
                        area: area.map(str::to_owned),
                        artworks: 0,
                        north: 1000.0,
                        south: 1000.0,
                        east: 1000.0,
                        west: 1000.0,
                    }),
            )
        }
    };
    Ok(ArtworkFilter {
        artwork_type,
        with_photo,
        place,
    })
}

/// A page of the approved artworks the filter keeps, written from the encoded artworks.
async fn artwork_page(r: ReadRequest<'_>, p: Page<ArtworkOrder>) -> Result<Response, ApiError> {
    let filter = parse_filter(r.state, r.q).await?;
    let state = r.state;
    let caught_up = consistent(state, r.min, READS).await;

    let total = artworks::read::approved_total(&state.pool, &filter).await?;
    let pagination = Pagination::new(p.page, p.limit, total);
    let artists = state.positions.of(READS[1]);
    let (limit, offset) = (i64::from(p.limit), pagination.offset());
    let keys = artworks::read::approved_page(&state.pool, p.order, &filter, limit, offset).await?;
    let found = state.encoded.approved(&state.pool, &keys, artists).await?;
    let artworks = found.iter().flatten().map(|j| &j[..]);
    Ok(with_consistency(
        json_response(envelope(&page_data(artworks, &pagination))),
        caught_up,
    ))
}

pub(super) fn not_found(id: Uuid) -> ApiError {
    ApiError::NotFound(format!("Artwork with ID {id} not found"))
}

/// The artwork with its logbook; with `as_of`, as it was then (not waiting for `min`).
async fn artwork_at(r: ReadRequest<'_>, id: Uuid) -> Result<Response, ApiError> {
    let state = r.state;
    if let Some(raw) = r.get("as_of") {
        let at = super::history::parse_as_of(raw)?;
        let detail =
            super::history::artwork_as_of(state, id, at, LOGBOOK_ON_DETAIL as usize).await?;
        return Ok(ok(detail).into_response());
    }
    let caught_up = consistent(state, r.min, READS).await;
    let artwork = artworks::read::public_by_id(&state.pool, id)
        .await?
        .ok_or_else(|| not_found(id))?;
    let logbook = artworks::read::logbook(&state.pool, id, LOGBOOK_ON_DETAIL).await?;
    let also_from = artworks::read::merged_sources(&state.pool, id).await?;
    Ok(with_consistency(
        ok(ArtworkDetailDto {
            artwork,
            logbook,
            also_from,
        }),
        caught_up,
    ))
}

/// Logbook entries the detail shows (the newest).
const LOGBOOK_ON_DETAIL: i64 = 50;

/// An artwork with its logbook, for its detail page.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ArtworkDetailDto {
    #[serde(flatten)]
    pub artwork: ArtworkDto,
    /// Approved visits, newest first (at most 50).
    pub logbook: Vec<LogbookEntryDto>,
    /// The sources of records merged into it (another dataset's record of the same artwork,
    /// linked by an import), besides its own `provenance`; empty for an `as_of` view.
    #[schema(value_type = Vec<domain::Provenance>)]
    pub also_from: Vec<serde_json::Value>,
}

subject_routes! {
    "artworks", "Artwork id", "Artwork with ID {id} not found", not_found;
    /// `GET /api/artworks?page&limit&sort&type&has_photo&city&area`: approved artworks, a page at
    /// a time, all of them or those of a type, with a photo, in a place.
    list_artworks "/api/artworks" => ArtworkPage, artwork_page, ORDERS, params(
        ("sort" = Option<String>, Query, description = "updated_desc (default), title_asc or created_desc"),
        ("type" = Option<String>, Query, description = "Only artworks of this type"),
        ("has_photo" = Option<bool>, Query, description = "Only artworks with a photo"),
        ("city" = Option<String>, Query, description = "Only artworks in this city (a name from GET /api/places)"),
        ("area" = Option<String>, Query, description = "Only artworks in this area of the city (needs city)"),
    );
    /// `GET /api/artworks/{id}?as_of`: one artwork, approved or removed (pending ones are not
    /// public); with `as_of`, as it was then, rebuilt from its events.
    get_artwork "/api/artworks/{id}" => ArtworkDetailDto, artwork_at,
        as_of "A position (<transaction>-<position>, as history entries give) or an RFC 3339 time: the artwork as it was then";
    /// `GET /api/artworks/{id}/history?page&limit`: every change to the artwork, newest first: who
    /// (display names only), when, which submission's approval made it, and each field's value
    /// before and after.
    artwork_history "/api/artworks/{id}/history" => ArtworkHistory, domain::EditSubject::Artwork;
}

/// A nearby answer's `data` written from encoded artworks and their distances, as
/// [`NearbyResponse`] writes it.
fn nearby_data<'a>(
    artworks: impl Iterator<Item = (&'a [u8], f64)>,
    lat: f64,
    lon: f64,
    radius: u32,
    limit: u32,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(4096);
    let mut data = Object::new(&mut out);
    let total = data.array("artworks", artworks, write_with_distance);
    data.field("total", &total)
        .field("search_center", &Center { lat, lon })
        .field("search_radius", &radius)
        .field("limit", &limit)
        .end();
    out
}

/// A list page's `data` written from encoded artworks, as [`ArtworkPage`] writes it.
fn page_data<'a>(artworks: impl Iterator<Item = &'a [u8]>, pagination: &Pagination) -> Vec<u8> {
    let mut out = Vec::with_capacity(4096);
    let mut data = Object::new(&mut out);
    data.array("artworks", artworks, |out, json| {
        out.extend_from_slice(json)
    });
    data.field("pagination", pagination).end();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marker_is_written_as_the_minimal_shape_is() {
        let item = crate::geo::Item {
            id: Uuid::from_u128(7),
            lat: 49.2827,
            lon: -123.1207,
            title: "Girl in a \"Wetsuit\" — ü".into(),
            artwork_type: ArtworkType::Sculpture,
            last_pos: 0,
            since: crate::geo::Moment::NEVER,
        };
        let dto = ArtworkMinimalDto {
            id: item.id,
            title: item.title.to_string(),
            artwork_type: item.artwork_type,
            lat: item.lat,
            lon: item.lon,
            distance_m: 12.345_678,
        };
        assert_eq!(
            serde_json::to_string(&Marker(&item, 12.345_678)).unwrap(),
            serde_json::to_string(&dto).unwrap()
        );
    }

    fn artwork(n: u128, title: &str) -> ArtworkDto {
        let at = "2026-11-30T12:00:00.123Z".parse().unwrap();
        ArtworkDto {
            id: Uuid::from_u128(n),
            title: title.to_owned(),
            description: Some("On the \"quay\"\n".to_owned()),
            artwork_type: ArtworkType::Mural,
            status: domain::ArtworkStatus::Approved,
            lat: 49.2827,
            lon: -123.120_7,
            tags: serde_json::json!({"material": "bronze", "year": "1984"}),
            artists: vec![ArtistRef {
                id: Uuid::from_u128(9),
                name: "Élise".to_owned(),
            }],
            photos: Vec::new(),
            main_photo: None,
            hidden_photos: Vec::new(),
            provenance: None,
            created_at: at,
            updated_at: at,
            merged_into: None,
            distance_m: None,
        }
    }

    #[test]
    fn nearby_and_list_answers_are_written_from_encoded_artworks_as_serde_writes_them() {
        let dtos = [artwork(1, "Girl in a Wetsuit"), artwork(2, "Ü — \u{1F600}")];
        let encoded: Vec<Vec<u8>> = dtos
            .iter()
            .map(|a| serde_json::to_vec(a).unwrap())
            .collect();
        let distances = [12.345_678, 499.999_999_9];

        let written = nearby_data(
            encoded.iter().map(Vec::as_slice).zip(distances),
            49.28,
            -123.12,
            500,
            250,
        );
        let with_distances: Vec<ArtworkDto> = dtos
            .iter()
            .zip(distances)
            .map(|(a, d)| ArtworkDto {
                distance_m: Some(d),
                ..a.clone()
            })
            .collect();
        let expected = nearby_answer(with_distances, 49.28, -123.12, 500, 250);
        assert_eq!(
            String::from_utf8(written).unwrap(),
            serde_json::to_string(&expected).unwrap()
        );

        let pagination = Pagination::new(2, 30, 95);
        let written = page_data(encoded.iter().map(Vec::as_slice), &pagination);
        let expected = ArtworkPage {
            artworks: dtos.to_vec(),
            pagination,
        };
        assert_eq!(
            String::from_utf8(written).unwrap(),
            serde_json::to_string(&expected).unwrap()
        );
        let empty = nearby_data(std::iter::empty(), 0.0, 0.0, 1, 1);
        assert_eq!(
            String::from_utf8(empty).unwrap(),
            serde_json::to_string(&nearby_answer(Vec::<ArtworkDto>::new(), 0.0, 0.0, 1, 1))
                .unwrap()
        );
    }
}
