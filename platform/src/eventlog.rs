//! Reading the event store in the relay's order. Only rows written by transactions that have
//! ended are read (`tx_id < pg_snapshot_xmin(pg_current_snapshot())`): that set is final, so a
//! reader that checkpoints the last (tx_id, position) it saw never skips a late committer.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{PgExecutor, Row};

use crate::position::EventPosition;

/// One stored event as it travels on the bus and reaches projectors.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventEnvelope {
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub event_type: String,
    pub event_version: String,
    pub payload: serde_json::Value,
    pub metadata: serde_json::Value,
    pub position: i64,
    pub tx_id: i64,
    pub recorded_at: DateTime<Utc>,
}

impl EventEnvelope {
    pub fn event_position(&self) -> EventPosition {
        EventPosition::new(self.tx_id, self.position)
    }

    /// The JetStream de-duplication id: unique per stored event, stable across re-publishes.
    pub fn msg_id(&self) -> String {
        format!(
            "{}/{}/{}",
            self.aggregate_type, self.aggregate_id, self.sequence
        )
    }
}

const SELECT_COLUMNS: &str = "aggregate_type, aggregate_id, sequence, event_type, event_version, \
     payload, metadata, global_position, tx_id, recorded_at";

fn from_row(row: &sqlx::postgres::PgRow) -> Result<EventEnvelope, sqlx::Error> {
    Ok(EventEnvelope {
        aggregate_type: row.try_get("aggregate_type")?,
        aggregate_id: row.try_get("aggregate_id")?,
        sequence: row.try_get("sequence")?,
        event_type: row.try_get("event_type")?,
        event_version: row.try_get("event_version")?,
        payload: row.try_get("payload")?,
        metadata: row.try_get("metadata")?,
        position: row.try_get("global_position")?,
        tx_id: row.try_get("tx_id")?,
        recorded_at: row.try_get("recorded_at")?,
    })
}

/// Up to `limit` final events after `after`, in relay order.
pub async fn read_after<'e>(
    db: impl PgExecutor<'e>,
    after: EventPosition,
    limit: i64,
) -> Result<Vec<EventEnvelope>, sqlx::Error> {
    let sql = select(
        "WHERE (tx_id, global_position) > ($1, $2) \
           AND tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint \
         ORDER BY tx_id, global_position LIMIT $3",
    );
    let q = sqlx::query(&sql).bind(after.tx).bind(after.pos).bind(limit);
    q.fetch_all(db).await?.iter().map(from_row).collect()
}

/// `SELECT` of every envelope column from the store, then `rest`.
fn select(rest: &str) -> String {
    format!("SELECT {SELECT_COLUMNS} FROM es.events {rest}")
}

/// Every event of one aggregate, in its own order (an aggregate's history; `sequence` orders it).
pub async fn stream_of<'e>(
    db: impl PgExecutor<'e>,
    aggregate_type: &str,
    aggregate_id: &str,
) -> Result<Vec<EventEnvelope>, sqlx::Error> {
    let sql = select("WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence");
    let q = sqlx::query(&sql).bind(aggregate_type).bind(aggregate_id);
    q.fetch_all(db).await?.iter().map(from_row).collect()
}

/// The position of the last event of one aggregate, if it has any.
pub async fn last_position_of<'e>(
    db: impl PgExecutor<'e>,
    aggregate_type: &str,
    aggregate_id: &str,
) -> Result<Option<EventPosition>, sqlx::Error> {
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT tx_id, global_position FROM es.events \
         WHERE aggregate_type = $1 AND aggregate_id = $2 \
         ORDER BY sequence DESC LIMIT 1",
    )
    .bind(aggregate_type)
    .bind(aggregate_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(tx, pos)| EventPosition::new(tx, pos)))
}

/// The highest position in the store (final or not), for lag reports.
pub async fn head<'e>(db: impl PgExecutor<'e>) -> Result<EventPosition, sqlx::Error> {
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT tx_id, global_position FROM es.events ORDER BY tx_id DESC, global_position DESC LIMIT 1",
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map_or(EventPosition::ZERO, |(tx, pos)| EventPosition::new(tx, pos)))
}
