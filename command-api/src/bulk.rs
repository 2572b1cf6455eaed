//! Writing many aggregates at once. [`append_new`] appends the first events of brand-new
//! aggregates, for synthetic benchmark data; [`decide_many`] has many aggregates each decide
//! a command, as [`Commands`](crate::Commands) does one at a time, and [`Decided::write`]
//! writes what they decided in one statement (the importer's path). The rows are exactly what cqrs-es would
//! write (same payload and metadata serialisation), so everything downstream treats them alike.

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use domain::EventMetadata;
use sqlx::PgPool;
use std::collections::HashMap;

use crate::commands::{CommandError, EVENTS_TABLE};

/// Writes `(aggregate id, first event)` pairs in one statement; returns how many were new. An
/// aggregate that already has a first event is left as it is, so re-running a seed with the
/// same ids adds nothing.
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
        EVENTS_TABLE
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

/// What one command of [`handle_many`] did.
#[derive(Debug)]
pub enum Handled<E> {
    /// The aggregate took it: how many events it had before, and how many it wrote (none when
    /// the command changed nothing).
    Took { before: usize, written: usize },
    /// The aggregate refused it; nothing was written for it.
    Refused(E),
}

/// Every aggregate of `ids` as its events make it (the default state when it has none), with
/// how many events it has: one read for all of them.
pub async fn load_many<A: Aggregate>(
    pool: &PgPool,
    ids: &[String],
) -> Result<HashMap<String, (A, usize)>, CommandError<A::Error>> {
    let store_error = |e: &dyn std::fmt::Display| CommandError::Store(e.to_string());
    let rows: Vec<(String, serde_json::Value)> = sqlx::query_as(&format!(
        "SELECT aggregate_id, payload FROM {EVENTS_TABLE} \
          WHERE aggregate_type = $1 AND aggregate_id = ANY($2) \
          ORDER BY aggregate_id, sequence"
    ))
    .bind(A::TYPE)
    .bind(ids)
    .fetch_all(pool)
    .await
    .map_err(|e| store_error(&e))?;
    let mut states: HashMap<String, (A, usize)> = HashMap::with_capacity(ids.len());
    for (id, payload) in rows {
        let event: A::Event = serde_json::from_value(payload).map_err(|e| store_error(&e))?;
        let (state, n) = states.entry(id).or_default();
        state.apply(event);
        *n += 1;
    }
    for id in ids {
        states.entry(id.clone()).or_default();
    }
    Ok(states)
}

/// Events aggregates decided in [`decide_many`], not written yet.
#[derive(Debug, Default)]
pub struct Decided {
    aggregate_type: &'static str,
    ids: Vec<String>,
    sequences: Vec<i64>,
    types: Vec<String>,
    versions: Vec<String>,
    payloads: Vec<serde_json::Value>,
}

/// Has each aggregate of `items` handle its command, each decided by the aggregate on the
/// state the event store holds (one read for all): what each did, and the events to write
/// with [`Decided::write`] (a dry run drops them). The ids must be distinct.
pub async fn decide_many<A: Aggregate<Services = ()>>(
    pool: &PgPool,
    items: Vec<(String, A::Command)>,
) -> Result<(Vec<Handled<A::Error>>, Decided), CommandError<A::Error>> {
    let store_error = |e: &dyn std::fmt::Display| CommandError::Store(e.to_string());
    let ids: Vec<String> = items.iter().map(|(id, _)| id.clone()).collect();
    let mut states = load_many::<A>(pool, &ids).await?;
    let mut handled = Vec::with_capacity(items.len());
    let mut decided = Decided {
        aggregate_type: A::TYPE,
        ..Decided::default()
    };
    for (id, command) in items {
        let (mut state, before) = states.remove(&id).unwrap_or_default();
        let sink = EventSink::default();
        if let Err(refused) = state.handle(command, &(), &sink).await {
            handled.push(Handled::Refused(refused));
            continue;
        }
        let events = sink.collect().await;
        let written = events.len();
        for (sequence, event) in (i64::try_from(before).unwrap_or(i64::MAX) + 1..).zip(events) {
            decided.ids.push(id.clone());
            decided.sequences.push(sequence);
            decided.types.push(event.event_type());
            decided.versions.push(event.event_version());
            decided
                .payloads
                .push(serde_json::to_value(&event).map_err(|e| store_error(&e))?);
        }
        handled.push(Handled::Took { before, written });
    }
    Ok((handled, decided))
}

impl Decided {
    /// Writes every event in one statement: one commit (and one wake-up of the relay) for
    /// the lot, where a command each would cost a commit each. Either every event is written
    /// or, when another writer added to one of the aggregates since they were read, none is
    /// ([`CommandError::Conflict`]: decide again).
    pub async fn write<E: std::error::Error>(
        self,
        pool: &PgPool,
        metadata: &EventMetadata,
    ) -> Result<usize, CommandError<E>> {
        let store_error = |e: &dyn std::fmt::Display| CommandError::Store(e.to_string());
        if self.ids.is_empty() {
            return Ok(0);
        }
        let meta = serde_json::to_value(metadata.to_map()).map_err(|e| store_error(&e))?;
        let written = sqlx::query(&format!(
            "INSERT INTO {EVENTS_TABLE} (aggregate_type, aggregate_id, sequence, event_type, \
             event_version, payload, metadata) \
             SELECT $1, u.id, u.seq, u.event_type, u.event_version, u.payload, $7 \
             FROM UNNEST($2::text[], $3::int8[], $4::text[], $5::text[], $6::jsonb[]) \
               AS u(id, seq, event_type, event_version, payload)"
        ))
        .bind(self.aggregate_type)
        .bind(&self.ids)
        .bind(&self.sequences)
        .bind(&self.types)
        .bind(&self.versions)
        .bind(&self.payloads)
        .bind(&meta)
        .execute(pool)
        .await;
        match written {
            Ok(done) => Ok(usize::try_from(done.rows_affected()).unwrap_or(usize::MAX)),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(CommandError::Conflict),
            Err(e) => Err(store_error(&e)),
        }
    }
}
