//! The map as it was: the approved artworks within a circle as they stood at a moment (a time or
//! a position in the event store), from their stretches in `rm.artwork_spans`, each with what
//! has changed since; and the two layers beside it, what was added since and what has left the
//! map since.

use domain::ArtworkType;
use platform::db::enum_value;
use serde::Serialize;

use super::{ArtworkMinimalDto, Circle};
use crate::artworks::history::AsOf;

/// What has happened to a marker of the map as it was, by today's map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SinceChange {
    /// Not on the map then, on it now.
    Added,
    /// On the map then, not now (removed, or merged into another).
    Removed,
    Moved,
    Renamed,
    Retyped,
}

/// Which of the past map's layers to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PastLayer {
    /// Every artwork on the map at the moment.
    AsOf,
    /// Those on the map at the moment that are not on it now.
    RemovedSince,
    /// Those on the map now that were not on it at the moment.
    AddedSince,
}

/// A marker of the map as it was: the artwork's place, title and type then.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct PastMarker {
    #[serde(flatten)]
    pub marker: ArtworkMinimalDto,
    /// What differs on today's map; empty when it stands as it did.
    pub changed_since: Vec<SinceChange>,
}

/// The moment as the queries take it: a time, or a (transaction, position) pair.
fn moment(at: AsOf) -> (Option<chrono::DateTime<chrono::Utc>>, i64, i64) {
    match at {
        AsOf::Time(t) => (Some(t), 0, 0),
        AsOf::Position(p) => (None, p.tx, p.pos),
    }
}

/// The markers of `layer` within `c` at `at`, nearest first (ties by id), at most `limit`.
pub async fn past_within(
    pool: &sqlx::PgPool,
    c: Circle,
    at: AsOf,
    layer: PastLayer,
    limit: i64,
) -> Result<Vec<PastMarker>, sqlx::Error> {
    let (time, tx, pos) = moment(at);
    let [b1, b2] = c.pg_boxes();
    // A stretch covers the moment when it began at or before it and ended after it (or not yet).
    let rows = sqlx::query!(
        r#"WITH here AS (
               SELECT s.artwork_id AS id, s.title, s.artwork_type, s.lat, s.lon,
                      true AS then_, a.status = 'approved' AS now_,
                      a.lat AS now_lat, a.lon AS now_lon, a.title AS now_title,
                      a.artwork_type AS now_type
                 FROM rm.artwork_spans s JOIN rm.artworks a ON a.id = s.artwork_id
                WHERE $8 <> 'added'
                  AND (s.location <@ $5::box OR s.location <@ $6::box)
                  AND CASE WHEN $9::timestamptz IS NOT NULL
                           THEN s.since_at <= $9 AND (s.until_at IS NULL OR s.until_at > $9)
                           ELSE (s.since_tx, s.since_pos) <= ($10, $11)
                                AND (s.until_tx IS NULL
                                     OR (s.until_tx, s.until_pos) > ($10, $11)) END
               UNION ALL
               SELECT a.id, a.title, a.artwork_type, a.lat, a.lon, false, true,
                      a.lat, a.lon, a.title, a.artwork_type
                 FROM rm.artworks a
                WHERE $8 = 'added' AND a.status = 'approved'
                  AND (a.location <@ $5::box OR a.location <@ $6::box)
                  AND NOT EXISTS (
                      SELECT 1 FROM rm.artwork_spans s
                       WHERE s.artwork_id = a.id
                         AND CASE WHEN $9::timestamptz IS NOT NULL
                                  THEN s.since_at <= $9
                                       AND (s.until_at IS NULL OR s.until_at > $9)
                                  ELSE (s.since_tx, s.since_pos) <= ($10, $11)
                                       AND (s.until_tx IS NULL
                                            OR (s.until_tx, s.until_pos) > ($10, $11)) END))
           SELECT h.id AS "id!", h.title AS "title!", h.artwork_type AS "artwork_type!",
                  h.lat AS "lat!", h.lon AS "lon!", h.then_ AS "then!", h.now_ AS "now!",
                  h.now_lat AS "now_lat!", h.now_lon AS "now_lon!", h.now_title AS "now_title!",
                  h.now_type AS "now_type!", d.m AS "distance_m!"
             FROM here h
             CROSS JOIN LATERAL (SELECT 2 * $3::float8 * asin(least(1, sqrt(
                  power(sin(radians(h.lat - $1) / 2), 2) +
                  cos(radians($1)) * cos(radians(h.lat)) * power(sin(radians(h.lon - $2) / 2), 2)
                ))) AS m) d
            WHERE d.m <= $4 AND ($8 <> 'removed' OR NOT h.now_)
            ORDER BY d.m, h.id
            LIMIT $7"#,
        c.lat,
        c.lon,
        c.earth_radius_m,
        c.radius_m,
        b1,
        b2,
        limit,
        match layer {
            PastLayer::AsOf => "as_of",
            PastLayer::RemovedSince => "removed",
            PastLayer::AddedSince => "added",
        },
        time,
        tx,
        pos
    )
    .fetch_all(pool)
    .await?;
    rows.into_iter()
        .map(|r| {
            let changed_since = if !r.then {
                vec![SinceChange::Added]
            } else if !r.now {
                vec![SinceChange::Removed]
            } else {
                [
                    (r.now_lat != r.lat || r.now_lon != r.lon, SinceChange::Moved),
                    (r.now_title != r.title, SinceChange::Renamed),
                    (r.now_type != r.artwork_type, SinceChange::Retyped),
                ]
                .into_iter()
                .filter_map(|(differs, change)| differs.then_some(change))
                .collect()
            };
            Ok(PastMarker {
                marker: ArtworkMinimalDto {
                    artwork_type: enum_value("artwork_type", &r.artwork_type, ArtworkType::parse)?,
                    id: r.id,
                    title: r.title,
                    lat: r.lat,
                    lon: r.lon,
                    distance_m: r.distance_m,
                },
                changed_since,
            })
        })
        .collect()
}

/// A stretch of an artwork's time on the map that has ended.
#[derive(Debug, Clone)]
pub struct EndedRow {
    pub artwork_id: uuid::Uuid,
    pub lat: f64,
    pub lon: f64,
    pub title: String,
    pub artwork_type: String,
    pub since_tx: i64,
    pub since_pos: i64,
    pub since_at: chrono::DateTime<chrono::Utc>,
    pub until_tx: i64,
    pub until_pos: i64,
    pub until_at: chrono::DateTime<chrono::Utc>,
}

/// The stretches that ended after `from`, in the caller's snapshot (for the in-memory map as it
/// was: an ended stretch never changes again).
pub async fn ended_after(
    db: &mut sqlx::PgConnection,
    from: platform::position::EventPosition,
) -> Result<Vec<EndedRow>, sqlx::Error> {
    sqlx::query_as!(
        EndedRow,
        r#"SELECT artwork_id, lat, lon, title, artwork_type, since_tx, since_pos, since_at,
                  until_tx AS "until_tx!", until_pos AS "until_pos!", until_at AS "until_at!"
             FROM rm.artwork_spans
            WHERE until_pos IS NOT NULL AND (until_tx, until_pos) > ($1, $2)"#,
        from.tx,
        from.pos
    )
    .fetch_all(db)
    .await
}

/// When the map as it was begins: the start of the earliest stretch (none before any artwork).
pub async fn first_moment(
    pool: &sqlx::PgPool,
) -> Result<Option<chrono::DateTime<chrono::Utc>>, sqlx::Error> {
    sqlx::query_scalar!("SELECT min(since_at) FROM rm.artwork_spans")
        .fetch_one(pool)
        .await
}
