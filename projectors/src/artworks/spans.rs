//! The artwork's stretches on the map as it was (`artwork_spans`): after an event that can move,
//! rename, retype, hide or show an artwork has applied to its row, the open stretch is closed
//! if the row no longer matches it, and a new one opened if the row is approved. New rows open
//! theirs as they are inserted (see `NewRows::insert`).

use platform::eventlog::EventEnvelope;
use sqlx::PgConnection;
use uuid::Uuid;

/// Brings artwork `id`'s stretches in line with its row after event `e`.
pub(super) async fn follow(db: &mut PgConnection, id: Uuid, e: &EventEnvelope) -> sqlx::Result<()> {
    sqlx::query!(
        "WITH cur AS (
             SELECT id, status, lat, lon, location, title, artwork_type
               FROM artworks WHERE id = $1),
         open AS (
             SELECT lat, lon, title, artwork_type FROM artwork_spans
              WHERE artwork_id = $1 AND until_pos IS NULL),
         closed AS (
             UPDATE artwork_spans s SET until_tx = $2, until_pos = $3, until_at = $4
               FROM cur
              WHERE s.artwork_id = $1 AND s.until_pos IS NULL
                AND (cur.status <> 'approved'
                     OR (s.lat, s.lon, s.title, s.artwork_type)
                        IS DISTINCT FROM (cur.lat, cur.lon, cur.title, cur.artwork_type))
             RETURNING s.artwork_id)
         INSERT INTO artwork_spans (artwork_id, since_tx, since_pos, since_at, lat, lon,
             location, title, artwork_type)
         SELECT cur.id, $2, $3, $4, cur.lat, cur.lon, cur.location, cur.title, cur.artwork_type
           FROM cur
          WHERE cur.status = 'approved'
            AND (EXISTS (SELECT 1 FROM closed) OR NOT EXISTS (SELECT 1 FROM open))
         ON CONFLICT DO NOTHING",
        id,
        e.tx_id,
        e.position,
        e.recorded_at
    )
    .execute(db)
    .await?;
    Ok(())
}
