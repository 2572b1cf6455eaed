//! Appending the first events of brand-new aggregates in bulk, for synthetic benchmark data.
//! The rows are exactly what cqrs-es would write (same payload and metadata serialisation,
//! sequence 1), so everything downstream treats them alike. An aggregate that already has a
//! first event is left as it is, so re-running a seed with the same ids adds nothing.

use cqrs_es::{Aggregate, DomainEvent};
use domain::EventMetadata;
use sqlx::PgPool;

/// Writes `(aggregate id, first event)` pairs in one statement; returns how many were new.
pub async fn append_new<A: Aggregate>(
    pool: &PgPool,
    items: &[(String, A::Event)],
    metadata: &EventMetadata,
) -> anyhow::Result<u64> {
    if items.is_empty() {
        return Ok(0);
    }
    let meta = serde_json::to_value(metadata.to_map())?;
    let mut ids = Vec::with_capacity(items.len());
    let mut types = Vec::with_capacity(items.len());
    let mut versions = Vec::with_capacity(items.len());
    let mut payloads = Vec::with_capacity(items.len());
    for (id, event) in items {
        ids.push(id.clone());
        types.push(event.event_type());
        versions.push(event.event_version());
        payloads.push(serde_json::to_value(event)?);
    }
    let done = sqlx::query(&format!(
        "INSERT INTO {} (aggregate_type, aggregate_id, sequence, event_type, event_version, \
         payload, metadata) \
         SELECT $1, u.id, 1, u.event_type, u.event_version, u.payload, $6 \
         FROM UNNEST($2::text[], $3::text[], $4::text[], $5::jsonb[]) \
           AS u(id, event_type, event_version, payload) \
         ON CONFLICT (aggregate_type, aggregate_id, sequence) DO NOTHING",
        crate::commands::EVENTS_TABLE
    ))
    .bind(A::TYPE)
    .bind(&ids)
    .bind(&types)
    .bind(&versions)
    .bind(&payloads)
    .bind(&meta)
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}
