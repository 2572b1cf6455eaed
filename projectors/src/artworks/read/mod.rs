//! Reading the `artworks` read model (`rm.artworks`, `rm.artwork_counts`, `rm.artwork_visits`):
//! the shapes readers answer with and the only queries they run on these tables, checked at
//! compile time.
//!
//! `near` answers within a circle (the map), `places` the cities and areas covered, `visits` a
//! person's logbook and a list's tour stops; the rest here is one artwork or a page of them.

use chrono::{DateTime, Utc};
use domain::{ArtworkStatus, ArtworkType};
use media::images::PhotoDto;
use platform::db::enum_value;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use std::collections::HashMap;
use uuid::Uuid;

/// `SELECT` of an [`ArtworkDto`] from `rm.artworks a`, with its `distance_m` expression and the
/// rest of the query. Credited artists come with their ids only: [`hydrate`] names them.
macro_rules! select_artworks {
    ($distance:literal, [$($rest:tt)+] $(, $arg:expr)*) => {
        sqlx::query!(
            "SELECT a.id, a.title, a.description, a.artwork_type, a.status, a.lat, a.lon, a.tags,
                    a.photos, a.provenance, a.created_at, a.updated_at, a.artist_ids,
                    a.merged_into, a.main_photo,
                    ARRAY(SELECT h ->> 'key' FROM jsonb_array_elements(a.hidden_photos) h
                           ORDER BY 1) AS \"hidden_photos!\", "
                + $distance
                + " FROM rm.artworks a "
                + $($rest)+
            $(, $arg)*
        )
        .try_map(|r| {
            Ok(ArtworkDto {
                artwork_type: enum_value("artwork_type", &r.artwork_type, ArtworkType::parse)?,
                status: enum_value("status", &r.status, ArtworkStatus::parse)?,
                photos: PhotoDto::list(&r.photos, false),
                main_photo: r.main_photo,
                hidden_photos: r.hidden_photos,
                artists: r
                    .artist_ids
                    .into_iter()
                    .map(|id| ArtistRef { id, name: String::new() })
                    .collect(),
                id: r.id,
                title: r.title,
                description: r.description,
                lat: r.lat,
                lon: r.lon,
                tags: r.tags,
                provenance: r.provenance,
                created_at: r.created_at,
                updated_at: r.updated_at,
                merged_into: r.merged_into,
                distance_m: r.distance_m,
            })
        })
    };
}

mod export;
mod gaps;
mod near;
mod past;
mod places;
mod visits;

pub use export::{export_batch, ExportFilter, ExportRow};
pub use gaps::{gaps_of, Gap, Gaps};
pub use near::{approved_within, changed_after, removed_within, ArtworkMinimalDto, Circle, MapRow};
pub use past::{
    ended_after, first_moment, past_within, EndedRow, PastLayer, PastMarker, SinceChange,
};
pub use places::{places, Place};
pub use visits::{logbook, tour_stops, LogbookEntryDto, TourStop};

/// The full shape of an artwork in lists, nearby and detail.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct ArtworkDto {
    pub id: Uuid,
    pub title: String,
    pub description: Option<String>,
    pub artwork_type: ArtworkType,
    pub status: ArtworkStatus,
    pub lat: f64,
    pub lon: f64,
    /// Tag key to value, after the anchor tag schema.
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub tags: Value,
    /// Credited artists in credit order.
    pub artists: Vec<ArtistRef>,
    /// Photos shown: the main photo first, then newest first, then those merges brought.
    pub photos: Vec<PhotoDto>,
    /// The key of the photo an edit made the main one.
    pub main_photo: Option<String>,
    /// Keys of the photos an edit hid, sorted (not served; named so an edit can show them
    /// again).
    pub hidden_photos: Vec<String>,
    #[schema(value_type = Option<domain::Provenance>)]
    pub provenance: Option<Value>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// For a duplicate merged into another artwork (status `merged`): that artwork.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merged_into: Option<Uuid>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance_m: Option<f64>,
}

/// An artist as credited on an artwork.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct ArtistRef {
    pub id: Uuid,
    pub name: String,
}

/// Names every credited artist, with one query for all artworks; credits of artists the read
/// model does not know (yet) are left out.
pub(super) async fn hydrate(
    pool: &PgPool,
    mut artworks: Vec<ArtworkDto>,
) -> Result<Vec<ArtworkDto>, sqlx::Error> {
    let mut wanted: Vec<Uuid> = artworks
        .iter()
        .flat_map(|a| a.artists.iter().map(|r| r.id))
        .collect();
    if wanted.is_empty() {
        return Ok(artworks);
    }
    wanted.sort_unstable();
    wanted.dedup();
    let names: HashMap<Uuid, String> = crate::artists::read::names(pool, &wanted).await?;
    for a in &mut artworks {
        a.artists.retain_mut(|r| match names.get(&r.id) {
            Some(name) => {
                r.name.clone_from(name);
                true
            }
            None => false,
        });
    }
    Ok(artworks)
}

/// Orders of the artwork list; each ends on the id, so pages never repeat or skip a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArtworkOrder {
    UpdatedDesc,
    TitleAsc,
    CreatedDesc,
}

/// What a page of approved artworks is narrowed to; the default narrows nothing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ArtworkFilter {
    pub artwork_type: Option<ArtworkType>,
    /// Only artworks with at least one photo shown.
    pub with_photo: bool,
    /// A city, or an area of it, as [`places`] finds it: within its box, not imported from
    /// another city's data, and in the area's neighbourhood or borough when it is an area.
    pub place: Option<Place>,
}

impl ArtworkFilter {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// The artwork a page row is, with the position of the row's last event: a reader takes the
/// artwork from memory when it holds it at that position (`query_api::encoded`), else by
/// [`by_ids`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowKey {
    pub id: Uuid,
    pub last_pos: i64,
}

/// A page of approved artworks, narrowed by `filter` (the default narrows nothing), as the keys
/// of its rows in order. Without a filter, a query of its own: its text is static, so PostgreSQL
/// caches its generic plan, where the filter's query is planned again at every execution (0.15 ms
/// at 100k, the list's 6–9%).
pub async fn approved_page(
    pool: &PgPool,
    order: ArtworkOrder,
    filter: &ArtworkFilter,
    limit: i64,
    offset: i64,
) -> Result<Vec<RowKey>, sqlx::Error> {
    let artwork_type = filter.artwork_type.map(|t| t.as_str());
    let place = filter.place.as_ref();
    let city = place.map(|p| p.city.as_str());
    let area = place.and_then(|p| p.area.as_deref());
    let [west, south, east, north] = place.map_or([0.0; 4], |p| [p.west, p.south, p.east, p.north]);
    // `$3` to `$10` are the filter, as in `approved_total`.
    macro_rules! ordered_by {
        ($order:literal) => {
            if filter.is_empty() {
                sqlx::query_as!(
                    RowKey,
                    "SELECT a.id, a.last_pos FROM rm.artworks a
                      WHERE a.status = 'approved' ORDER BY " + $order + " LIMIT $1 OFFSET $2",
                    limit,
                    offset
                )
                .fetch_all(pool)
                .await
            } else {
                sqlx::query_as!(
                    RowKey,
                    "SELECT a.id, a.last_pos FROM rm.artworks a
                      WHERE a.status = 'approved'
                       AND ($3::text IS NULL OR a.artwork_type = $3)
                       AND (NOT $4::bool OR a.photos <> '[]'::jsonb)
                       AND ($5::text IS NULL OR (
                             a.location <@ box(point($6, $7), point($8, $9))
                             AND coalesce(a.provenance ->> 'place', $5) = $5
                             AND ($10::text IS NULL
                                  OR coalesce(a.tags ->> 'neighbourhood', a.tags ->> 'borough') = $10)))
                     ORDER BY "
                        + $order
                        + " LIMIT $1 OFFSET $2",
                    limit,
                    offset,
                    artwork_type,
                    filter.with_photo,
                    city,
                    west,
                    south,
                    east,
                    north,
                    area
                )
                .fetch_all(pool)
                .await
            }
        };
    }
    match order {
        ArtworkOrder::UpdatedDesc => ordered_by!("a.updated_at DESC, a.id"),
        ArtworkOrder::TitleAsc => ordered_by!("lower(a.title), a.id"),
        ArtworkOrder::CreatedDesc => ordered_by!("a.created_at DESC, a.id"),
    }
}

/// How many approved artworks `filter` lets through: without a filter from the per-status
/// counts, with one by counting them.
pub async fn approved_total(pool: &PgPool, filter: &ArtworkFilter) -> Result<i64, sqlx::Error> {
    if filter.is_empty() {
        return approved_count(pool).await;
    }
    let place = filter.place.as_ref();
    let [west, south, east, north] = place.map_or([0.0; 4], |p| [p.west, p.south, p.east, p.north]);
    sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM rm.artworks a
            WHERE a.status = 'approved'
              AND ($1::text IS NULL OR a.artwork_type = $1)
              AND (NOT $2::bool OR a.photos <> '[]'::jsonb)
              AND ($3::text IS NULL OR (
                    a.location <@ box(point($4, $5), point($6, $7))
                    AND coalesce(a.provenance ->> 'place', $3) = $3
                    AND ($8::text IS NULL
                         OR coalesce(a.tags ->> 'neighbourhood', a.tags ->> 'borough') = $8)))"#,
        filter.artwork_type.map(|t| t.as_str()),
        filter.with_photo,
        place.map(|p| p.city.as_str()),
        west,
        south,
        east,
        north,
        place.and_then(|p| p.area.as_deref())
    )
    .fetch_one(pool)
    .await
}

/// How many artworks are approved (from the per-status counts, not a scan).
async fn approved_count(pool: &PgPool) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT coalesce(sum(n), 0)::int8 AS "n!" FROM rm.artwork_counts WHERE status = 'approved'"#
    )
    .fetch_one(pool)
    .await
}

/// These artworks, whatever their status, in no particular order. By primary key only: a status
/// predicate here steers the planner onto the partial GiST index and a scan of every approved
/// row.
pub async fn by_ids(pool: &PgPool, ids: &[Uuid]) -> Result<Vec<ArtworkDto>, sqlx::Error> {
    let artworks = select_artworks!(
        r#"NULL::float8 AS "distance_m""#,
        ["WHERE a.id = ANY($1)"],
        ids
    )
    .fetch_all(pool)
    .await?;
    hydrate(pool, artworks).await
}

/// An artwork's status (`None` when the read model does not have it).
pub async fn status_of(pool: &PgPool, id: Uuid) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("SELECT status FROM rm.artworks WHERE id = $1", id)
        .fetch_optional(pool)
        .await
}

/// One artwork the public may see (approved or removed; pending ones are not public).
pub async fn public_by_id(pool: &PgPool, id: Uuid) -> Result<Option<ArtworkDto>, sqlx::Error> {
    let artwork = select_artworks!(
        r#"NULL::float8 AS "distance_m""#,
        ["WHERE a.id = $1 AND a.status <> 'pending'"],
        id
    )
    .fetch_optional(pool)
    .await?;
    Ok(hydrate(pool, artwork.into_iter().collect()).await?.pop())
}

/// The sources of the duplicates merged into artwork `id` (an import links a record of another
/// dataset so), oldest merge first: the artwork's other provenances.
pub async fn merged_sources(pool: &PgPool, id: Uuid) -> Result<Vec<Value>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT provenance AS "provenance!" FROM rm.artworks
            WHERE merged_into = $1 AND provenance IS NOT NULL
            ORDER BY updated_at, id"#,
        id
    )
    .fetch_all(pool)
    .await
}

/// Whether an artwork shows the photo (its photo lists are GIN-indexed).
pub async fn shows_photo(pool: &PgPool, key: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM rm.artworks WHERE photos @> $1) AS "shown!""#,
        serde_json::json!([{ "key": key }])
    )
    .fetch_one(pool)
    .await
}

/// An artwork as an artist's page lists it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct ArtistArtwork {
    pub id: Uuid,
    pub title: String,
    pub artwork_type: ArtworkType,
    pub lat: f64,
    pub lon: f64,
}

/// The first `limit` approved artworks crediting `artist`, by title.
pub async fn credited_to(
    pool: &PgPool,
    artist: Uuid,
    limit: i64,
) -> Result<Vec<ArtistArtwork>, sqlx::Error> {
    let rows = sqlx::query!(
        "SELECT id, title, artwork_type, lat, lon FROM rm.artworks
          WHERE artist_ids @> ARRAY[$1]::uuid[] AND status = 'approved'
          ORDER BY lower(title), id LIMIT $2",
        artist,
        limit
    )
    .fetch_all(pool)
    .await?;
    rows.into_iter()
        .map(|r| {
            Ok(ArtistArtwork {
                artwork_type: enum_value("artwork_type", &r.artwork_type, ArtworkType::parse)?,
                id: r.id,
                title: r.title,
                lat: r.lat,
                lon: r.lon,
            })
        })
        .collect()
}

/// How many artworks are in each status that has any (approved, removed, merged, pending).
pub async fn by_status(
    pool: &PgPool,
) -> Result<std::collections::BTreeMap<String, i64>, sqlx::Error> {
    status_counts!(pool, "rm.artworks")
}
