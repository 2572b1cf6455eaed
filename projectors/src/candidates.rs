//! The duplicate check's candidates: approved artworks within `domain::similarity`'s radius of
//! a point, scored by distance, title and type, best first. Read from `rm.artworks` with its
//! GiST index; used by the logbook receipt (command side) and the review detail (query side).

use domain::similarity::{duplicate_score, DUPLICATE_RADIUS_M};
use domain::ArtworkType;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

use media::images::{image_url, PhotoDto};

/// Most candidates an answer lists.
pub const MAX_CANDIDATES: i64 = 10;

/// A known artwork that may be the one a submission shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NearbyCandidate {
    pub id: Uuid,
    pub title: String,
    pub artwork_type: ArtworkType,
    pub lat: f64,
    pub lon: f64,
    pub distance_m: f64,
    /// 0 to 1: how likely this is the same artwork.
    pub similarity: f64,
    pub thumbnail_url: Option<String>,
    /// Its credited artists' names (for an import's comparison; not part of the answer).
    #[serde(skip)]
    pub artists: Vec<String>,
}

/// Approved artworks within 100 m of (`lat`, `lon`), best match first; with `other_than`, only
/// those not imported from that dataset (an import's own records are distinct by their ids).
pub async fn duplicate_candidates(
    pool: &PgPool,
    lat: f64,
    lon: f64,
    title: Option<&str>,
    artwork_type: Option<ArtworkType>,
    exclude: Option<Uuid>,
    other_than: Option<&str>,
) -> Result<Vec<NearbyCandidate>, sqlx::Error> {
    // A cos(lat)-scaled box for the index, then the exact great-circle distance.
    let dlat = DUPLICATE_RADIUS_M / 111_320.0;
    let dlon = dlat / lat.to_radians().cos().abs().max(0.01);
    let rows = sqlx::query!(
        r#"SELECT id, title, artwork_type, lat, lon,
                2 * 6371000 * asin(sqrt(
                    power(sin(radians(lat - $1) / 2), 2)
                    + cos(radians($1)) * cos(radians(lat)) * power(sin(radians(lon - $2) / 2), 2)
                )) AS "d!",
                photos,
                ARRAY(SELECT ar.name FROM rm.artists ar
                       WHERE ar.id = ANY(rm.artworks.artist_ids) ORDER BY ar.name) AS "artists!"
           FROM rm.artworks
          WHERE status = 'approved'
            AND location <@ box(point($2 - $4, $1 - $3), point($2 + $4, $1 + $3))
            AND id IS DISTINCT FROM $6
            AND ($7::text IS NULL OR provenance ->> 'dataset' IS DISTINCT FROM $7)
          ORDER BY location <-> point($2, $1)
          LIMIT $5"#,
        lat,
        lon,
        dlat,
        dlon,
        MAX_CANDIDATES * 4,
        exclude,
        other_than
    )
    .fetch_all(pool)
    .await?;
    let mut out: Vec<NearbyCandidate> = Vec::with_capacity(rows.len());
    for r in rows {
        if r.d > DUPLICATE_RADIUS_M {
            continue;
        }
        let kind = platform::db::enum_value("artwork_type", &r.artwork_type, ArtworkType::parse)?;
        out.push(NearbyCandidate {
            similarity: duplicate_score(r.d, title, &r.title, artwork_type == Some(kind)),
            thumbnail_url: PhotoDto::list(&r.photos, false)
                .first()
                .map(|p| image_url(domain::PhotoSize::Thumbnail, &p.key)),
            id: r.id,
            title: r.title,
            artwork_type: kind,
            lat: r.lat,
            lon: r.lon,
            distance_m: (r.d * 10.0).round() / 10.0,
            artists: r.artists,
        });
    }
    out.sort_by(|a, b| {
        b.similarity
            .total_cmp(&a.similarity)
            .then(a.distance_m.total_cmp(&b.distance_m))
    });
    out.truncate(MAX_CANDIDATES as usize);
    Ok(out)
}
