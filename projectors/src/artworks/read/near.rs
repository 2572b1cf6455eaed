//! Artworks within a circle, nearest first, from the GiST index; and what changed after a
//! position, for the in-memory map.

use domain::{ArtworkStatus, ArtworkType};
use media::images::PhotoDto;
use platform::db::enum_value;
use platform::position::EventPosition;
use sqlx::postgres::types::PgBox;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{hydrate, ArtistRef, ArtworkDto};

/// What the map needs per marker.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, PartialEq, utoipa::ToSchema)]
pub struct ArtworkMinimalDto {
    pub id: Uuid,
    pub title: String,
    pub artwork_type: ArtworkType,
    pub lat: f64,
    pub lon: f64,
    pub distance_m: f64,
}

/// A circle on the sphere and the one or two latitude/longitude boxes `(south, west, north,
/// east)` that contain it (two when it crosses the antimeridian; pass the first twice
/// otherwise).
#[derive(Debug, Clone, Copy)]
pub struct Circle {
    pub lat: f64,
    pub lon: f64,
    pub radius_m: f64,
    pub earth_radius_m: f64,
    pub boxes: [(f64, f64, f64, f64); 2],
}

impl Circle {
    /// Its boxes as PostgreSQL's `box` (x the longitude, y the latitude).
    pub(super) fn pg_boxes(&self) -> [PgBox; 2] {
        self.boxes.map(|(south, west, north, east)| PgBox {
            upper_right_x: east,
            upper_right_y: north,
            lower_left_x: west,
            lower_left_y: south,
        })
    }
}

/// The artworks of one status (`'approved'` or `'removed'`, each with its own partial index)
/// within a circle, nearest first.
macro_rules! within {
    ($status:tt, $pool:expr, $c:expr, $limit:expr) => {{
        let c = $c;
        let [b1, b2] = c.pg_boxes();
        select_artworks!(
            r#"d.m AS "distance_m?""#,
            [
                "CROSS JOIN LATERAL (SELECT 2 * $3::float8 * asin(least(1, sqrt(
              power(sin(radians(a.lat - $1) / 2), 2) +
              cos(radians($1)) * cos(radians(a.lat)) * power(sin(radians(a.lon - $2) / 2), 2)
            ))) AS m) d
          WHERE a.status = "
                    + $status
                    + "
            AND (a.location <@ $5::box OR a.location <@ $6::box)
            AND d.m <= $4
          ORDER BY d.m, a.id
          LIMIT $7"
            ],
            c.lat,
            c.lon,
            c.earth_radius_m,
            c.radius_m,
            b1,
            b2,
            $limit
        )
        .fetch_all($pool)
        .await?
    }};
}

/// Approved artworks in `c`, nearest first (ties by id), at most `limit`. Candidates come from
/// the GiST index through the boxes; the haversine filter makes the answer exact. With
/// `name_artists` false the credits carry ids only, saving the names' query (map markers show no
/// artists).
pub async fn approved_within(
    pool: &PgPool,
    c: Circle,
    limit: i64,
    name_artists: bool,
) -> Result<Vec<ArtworkDto>, sqlx::Error> {
    named_if(pool, within!("'approved'", pool, c, limit), name_artists).await
}

/// Removed artworks within a circle, nearest first: the map's "removed" layer.
pub async fn removed_within(
    pool: &PgPool,
    c: Circle,
    limit: i64,
    name_artists: bool,
) -> Result<Vec<ArtworkDto>, sqlx::Error> {
    named_if(pool, within!("'removed'", pool, c, limit), name_artists).await
}

/// The artworks with their artists' names when `name_artists`, else as they are (credits by id).
async fn named_if(
    pool: &PgPool,
    artworks: Vec<ArtworkDto>,
    name_artists: bool,
) -> Result<Vec<ArtworkDto>, sqlx::Error> {
    if name_artists {
        hydrate(pool, artworks).await
    } else {
        Ok(artworks)
    }
}

/// What the in-memory map holds of an artwork: its pin, the position of its last event (what
/// the row's other readers check it by), and when its present stretch on the map began (none
/// when it has no open stretch).
#[derive(Debug, Clone)]
pub struct MapRow {
    pub id: Uuid,
    pub title: String,
    pub artwork_type: String,
    pub lat: f64,
    pub lon: f64,
    pub last_pos: i64,
    pub approved: bool,
    pub since_tx: Option<i64>,
    pub since_pos: Option<i64>,
    pub since_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// Rows whose last event is after `from`, with their open stretch, in the caller's snapshot
/// (for the in-memory geo model).
pub async fn changed_after(
    db: &mut PgConnection,
    from: EventPosition,
) -> Result<Vec<MapRow>, sqlx::Error> {
    sqlx::query_as!(
        MapRow,
        r#"SELECT a.id, a.lat, a.lon, a.title, a.artwork_type, a.last_pos,
                  a.status = 'approved' AS "approved!",
                  s.since_tx AS "since_tx?", s.since_pos AS "since_pos?", s.since_at AS "since_at?"
             FROM rm.artworks a
             LEFT JOIN rm.artwork_spans s ON s.artwork_id = a.id AND s.until_pos IS NULL
            WHERE (a.last_tx, a.last_pos) > ($1, $2)"#,
        from.tx,
        from.pos
    )
    .fetch_all(db)
    .await
}
