//! Reading the event store in the relay's order. Only rows written by transactions that have
//! ended are read (`tx_id < pg_snapshot_xmin(pg_current_snapshot())`): that set is final, so a
//! reader that checkpoints the last (tx_id, position) it saw never skips a late committer.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgExecutor;

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

    /// The payload as its event type, read from the stored JSON in place (no copy of it).
    pub fn decode<T: serde::de::DeserializeOwned>(&self) -> serde_json::Result<T> {
        T::deserialize(&self.payload)
    }

    /// The JetStream de-duplication id: unique per stored event, stable across re-publishes.
    pub fn msg_id(&self) -> String {
        format!(
            "{}/{}/{}",
            self.aggregate_type, self.aggregate_id, self.sequence
        )
    }
}

/// Up to `limit` final events after `after`, in relay order.
pub async fn read_after<'e>(
    db: impl PgExecutor<'e>,
    after: EventPosition,
    limit: i64,
) -> Result<Vec<EventEnvelope>, sqlx::Error> {
    sqlx::query_as!(
        EventEnvelope,
        r#"SELECT aggregate_type, aggregate_id, sequence, event_type, event_version, payload,
                  metadata, global_position AS "position!", tx_id, recorded_at
             FROM es.events
            WHERE (tx_id, global_position) > ($1, $2)
              AND tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
            ORDER BY tx_id, global_position LIMIT $3"#,
        after.tx,
        after.pos,
        limit
    )
    .fetch_all(db)
    .await
}

/// Every event of one aggregate, in its own order (an aggregate's history; `sequence` orders it).
pub async fn stream_of<'e>(
    db: impl PgExecutor<'e>,
    aggregate_type: &str,
    aggregate_id: &str,
) -> Result<Vec<EventEnvelope>, sqlx::Error> {
    sqlx::query_as!(
        EventEnvelope,
        r#"SELECT aggregate_type, aggregate_id, sequence, event_type, event_version, payload,
                  metadata, global_position AS "position!", tx_id, recorded_at
             FROM es.events
            WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence"#,
        aggregate_type,
        aggregate_id
    )
    .fetch_all(db)
    .await
}

/// Which events an audit page shows: each part that is set narrows it. Notifications seen
/// (`inbox`) are never shown.
#[derive(Debug, Default, Clone)]
pub struct AuditFilter {
    pub aggregate_type: Option<String>,
    /// `metadata.actor_id`: an account, an anonymous identity, or `system`.
    pub actor: Option<String>,
    /// Any of these event types.
    pub event_types: Option<Vec<String>>,
    /// This event type.
    pub event_type: Option<String>,
    /// Recorded at or after.
    pub from: Option<DateTime<Utc>>,
    /// Recorded before.
    pub until: Option<DateTime<Utc>>,
    /// At or before this position (a first page's head, so later pages stay stable).
    pub as_of: EventPosition,
}

/// How many events match `filter`, and the `limit` of them after skipping `offset`, newest
/// first.
pub async fn audit_page(
    db: &sqlx::PgPool,
    filter: &AuditFilter,
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<EventEnvelope>), sqlx::Error> {
    let f = filter;
    let total = sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM es.events
            WHERE aggregate_type <> 'inbox'
              AND ($1::text IS NULL OR aggregate_type = $1)
              AND ($2::text IS NULL OR metadata->>'actor_id' = $2)
              AND ($3::text[] IS NULL OR event_type = ANY($3))
              AND ($4::text IS NULL OR event_type = $4)
              AND ($5::timestamptz IS NULL OR recorded_at >= $5)
              AND ($6::timestamptz IS NULL OR recorded_at < $6)
              AND (tx_id, global_position) <= ($7, $8)"#,
        f.aggregate_type,
        f.actor,
        f.event_types.as_deref(),
        f.event_type,
        f.from,
        f.until,
        f.as_of.tx,
        f.as_of.pos
    )
    .fetch_one(db)
    .await?;
    let events = sqlx::query_as!(
        EventEnvelope,
        r#"SELECT aggregate_type, aggregate_id, sequence, event_type, event_version, payload,
                  metadata, global_position AS "position!", tx_id, recorded_at
             FROM es.events
            WHERE aggregate_type <> 'inbox'
              AND ($1::text IS NULL OR aggregate_type = $1)
              AND ($2::text IS NULL OR metadata->>'actor_id' = $2)
              AND ($3::text[] IS NULL OR event_type = ANY($3))
              AND ($4::text IS NULL OR event_type = $4)
              AND ($5::timestamptz IS NULL OR recorded_at >= $5)
              AND ($6::timestamptz IS NULL OR recorded_at < $6)
              AND (tx_id, global_position) <= ($7, $8)
            ORDER BY tx_id DESC, global_position DESC LIMIT $9 OFFSET $10"#,
        f.aggregate_type,
        f.actor,
        f.event_types.as_deref(),
        f.event_type,
        f.from,
        f.until,
        f.as_of.tx,
        f.as_of.pos,
        limit,
        offset
    )
    .fetch_all(db)
    .await?;
    Ok((total, events))
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

/// How many events are stored after `p`, counted up to `cap`.
pub async fn count_after<'e>(
    db: impl PgExecutor<'e>,
    p: EventPosition,
    cap: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM (SELECT 1 FROM es.events
            WHERE (tx_id, global_position) > ($1, $2) LIMIT $3) t"#,
        p.tx,
        p.pos,
        cap
    )
    .fetch_one(db)
    .await
}

/// Where the relay named `name` stands, and how many events it has published.
pub async fn relay_checkpoint<'e>(
    db: impl PgExecutor<'e>,
    name: &str,
) -> Result<Option<(EventPosition, i64)>, sqlx::Error> {
    Ok(sqlx::query!(
        "SELECT tx_id, position, published FROM es.relay_checkpoints WHERE name = $1",
        name
    )
    .fetch_optional(db)
    .await?
    .map(|r| (EventPosition::new(r.tx_id, r.position), r.published)))
}

/// One recorded import run (`ImportRun`'s `ImportRunRecorded`), as the store holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportRunRow {
    /// The run's id (its aggregate id).
    pub id: String,
    pub position: EventPosition,
    pub recorded_at: DateTime<Utc>,
    /// `metadata.actor_id`: the admin who ran it from the web, `system` from the command line.
    pub actor_id: Option<String>,
    pub record: domain::ImportRunRecord,
}

/// Up to `limit` recorded import runs before `before` (all when none), newest first (relay
/// order, descending). A payload that does not read as an `ImportRunRecorded` is an error: the
/// stored name never changes, so it means a corrupt row.
pub async fn import_runs<'e>(
    db: impl PgExecutor<'e>,
    before: Option<EventPosition>,
    limit: i64,
) -> Result<Vec<ImportRunRow>, sqlx::Error> {
    let before = before.unwrap_or(EventPosition::new(i64::MAX, i64::MAX));
    let rows = sqlx::query!(
        r#"SELECT aggregate_id, payload, metadata->>'actor_id' AS actor_id,
                  global_position AS "position!", tx_id, recorded_at
             FROM es.events
            WHERE aggregate_type = 'import_run' AND event_type = 'ImportRunRecorded'
              AND (tx_id, global_position) < ($1, $2)
            ORDER BY tx_id DESC, global_position DESC LIMIT $3"#,
        before.tx,
        before.pos,
        limit
    )
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|r| {
            let domain::ImportRunEvent::ImportRunRecorded(record) =
                serde_json::from_value(r.payload).map_err(|e| sqlx::Error::Decode(e.into()))?;
            Ok(ImportRunRow {
                id: r.aggregate_id,
                position: EventPosition::new(r.tx_id, r.position),
                recorded_at: r.recorded_at,
                actor_id: r.actor_id,
                record: *record,
            })
        })
        .collect()
}

/// The newest `limit` events of `aggregate_type` whose type is one of `event_types`, newest
/// first (a public feed of changes).
pub async fn newest_of<'e>(
    db: impl PgExecutor<'e>,
    aggregate_type: &str,
    event_types: &[&str],
    limit: i64,
) -> Result<Vec<EventEnvelope>, sqlx::Error> {
    let types: Vec<String> = event_types.iter().map(|t| (*t).to_owned()).collect();
    sqlx::query_as!(
        EventEnvelope,
        r#"SELECT aggregate_type, aggregate_id, sequence, event_type, event_version, payload,
                  metadata, global_position AS "position!", tx_id, recorded_at
             FROM es.events
            WHERE aggregate_type = $1 AND event_type = ANY($2)
            ORDER BY tx_id DESC, global_position DESC LIMIT $3"#,
        aggregate_type,
        &types,
        limit
    )
    .fetch_all(db)
    .await
}
