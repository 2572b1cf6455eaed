//! Artworks within a circle, nearest first, from the GiST index; and what changed after a
//! position, for the in-memory map.

use domain::{ArtworkStatus, ArtworkType};
use media::images::PhotoDto;
use platform::db::enum_value;
use platform::position::EventPosition;
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

/// The artworks of one status (`'approved'` or `'removed'`, each with its own partial index)
/// within a circle, nearest first.
macro_rules! within {
    ($status:tt, $pool:expr, $c:expr, $limit:expr) => {{
        let c = $c;
        let [b1, b2] = c.boxes;
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
            AND (a.location <@ box(point($5, $6), point($7, $8))
              OR a.location <@ box(point($9, $10), point($11, $12)))
            AND d.m <= $4
          ORDER BY d.m, a.id
          LIMIT $13"
            ],
            c.lat,
            c.lon,
            c.earth_radius_m,
            c.radius_m,
            b1.1,
            b1.0,
            b1.3,
            b1.2,
            b2.1,
            b2.0,
            b2.3,
            b2.2,
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

/// What a map pin needs of an artwork.
#[derive(Debug, Clone)]
pub struct PinRow {
    pub id: Uuid,
    pub title: String,
    pub artwork_type: String,
    pub lat: f64,
    pub lon: f64,
    /// The position of the row's last event (what the row's other readers check it by).
    pub last_pos: i64,
    pub approved: bool,
}

/// Rows whose last event is after `from`, in the caller's snapshot (for the in-memory geo
/// model).
pub async fn changed_after(
    db: &mut PgConnection,
    from: EventPosition,
) -> Result<Vec<PinRow>, sqlx::Error> {
    sqlx::query_as!(
        PinRow,
        r#"SELECT id, lat, lon, title, artwork_type, last_pos, status = 'approved' AS "approved!"
             FROM rm.artworks WHERE (last_tx, last_pos) > ($1, $2)"#,
        from.tx,
        from.pos
    )
    .fetch_all(db)
    .await
}
