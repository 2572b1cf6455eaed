//! `plinth replay`: rebuild read models from the event store into fresh schemas, then swap them
//! in. One pass over the store feeds every read model being rebuilt (each page of events is read
//! once and applied to each model in its own transaction, side by side); each model's indexes
//! are built once, after its rows. The swap holds the projector's checkpoint row lock, catches
//! up to the end of the store, and sets the checkpoint, so the live lane resumes exactly after
//! it.

use futures::future::try_join_all;
use platform::eventlog::{self, EventEnvelope};
use platform::position::EventPosition;
use sqlx::PgPool;
use std::sync::Arc;
use std::time::Instant;

use crate::runtime::{in_schema, prepare, run_schema_file, Projector, LIVE_SCHEMA};

/// Events read from the store per round trip and applied per transaction.
const PAGE: i64 = 5_000;

#[derive(Debug, Clone, PartialEq)]
pub struct ReplayReport {
    pub projector: &'static str,
    pub events: u64,
    pub position: EventPosition,
    pub seconds: f64,
}

/// Rebuilds `p` and swaps the result in. `progress` is called with the running event count.
pub async fn replay(
    pool: &PgPool,
    p: &dyn Projector,
    mut progress: impl FnMut(u64),
) -> anyhow::Result<ReplayReport> {
    let mut reports = replay_all(pool, &[p], |done, _| progress(done)).await?;
    Ok(reports.remove(0))
}

/// How many events the store holds: what a full replay reads, for its progress.
pub async fn events_in_store(pool: &PgPool) -> anyhow::Result<u64> {
    let n: i64 = sqlx::query_scalar("SELECT count(*) FROM es.events")
        .fetch_one(pool)
        .await?;
    Ok(u64::try_from(n)?)
}

/// Rebuilds every read model of `projectors` from one pass over the store and swaps each in.
/// `progress` is called with the events read so far and the store's count when the pass began.
/// Refused at once, building nothing, when any of them is being rebuilt elsewhere.
pub async fn replay_all(
    pool: &PgPool,
    projectors: &[&dyn Projector],
    mut progress: impl FnMut(u64, u64),
) -> anyhow::Result<Vec<ReplayReport>> {
    let started = Instant::now();
    // One rebuild of a read model at a time over every process (`plinth replay` and the admin
    // page alike): two would build and swap the same schema under each other.
    let mut held = Vec::with_capacity(projectors.len());
    for p in projectors {
        let lock = format!("replay:{}", p.name());
        let Some(building) = platform::db::Exclusive::try_take(pool, &lock).await? else {
            anyhow::bail!(
                "a replay of {} is already running (another `plinth replay` or the admin page)",
                p.name()
            );
        };
        held.push(building);
    }
    let total = events_in_store(pool).await?;
    for p in projectors {
        prepare(pool, *p).await?;
        let schema = schema_of(*p);
        sqlx::raw_sql(&format!(
            "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema};"
        ))
        .execute(pool)
        .await?;
        run_schema_file(pool, &schema, p.tables_sql()).await?;
    }

    let mut position = EventPosition::ZERO;
    let mut count = 0u64;
    progress(count, total);
    loop {
        let events = eventlog::read_after(pool, position, PAGE).await?;
        let Some(last) = events.last().map(|e| e.event_position()) else {
            break;
        };
        try_join_all(projectors.iter().map(|p| apply_page(pool, *p, &events))).await?;
        position = last;
        count += events.len() as u64;
        progress(count, total.max(count));
    }

    try_join_all(projectors.iter().map(|p| index(pool, *p))).await?;
    let mut reports = Vec::with_capacity(projectors.len());
    for p in projectors {
        reports.push(swap(pool, *p, position, count, started).await?);
    }
    drop(held);
    Ok(reports)
}

/// The schema a read model is rebuilt in.
fn schema_of(p: &dyn Projector) -> String {
    format!("rm_replay_{}", p.name())
}

async fn apply_page(
    pool: &PgPool,
    p: &dyn Projector,
    events: &[EventEnvelope],
) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    in_schema(&mut tx, &schema_of(p)).await?;
    p.apply(&mut tx, events).await?;
    tx.commit().await?;
    Ok(())
}

/// Builds the rebuilt tables' indexes, once, and their statistics.
async fn index(pool: &PgPool, p: &dyn Projector) -> anyhow::Result<()> {
    let schema = schema_of(p);
    run_schema_file(pool, &schema, p.indexes_sql()).await?;
    for table in p.tables() {
        sqlx::raw_sql(&format!("ANALYZE {schema}.{table}"))
            .execute(pool)
            .await?;
    }
    Ok(())
}

/// Swaps a rebuilt read model in: blocks the live lane on its checkpoint row, applies whatever
/// arrived since the pass ended, replaces the live tables and moves the checkpoint to where the
/// rebuild ended.
async fn swap(
    pool: &PgPool,
    p: &dyn Projector,
    mut position: EventPosition,
    mut count: u64,
    started: Instant,
) -> anyhow::Result<ReplayReport> {
    let schema = schema_of(p);
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT 1 FROM rm.projector_checkpoints WHERE name = $1 FOR UPDATE")
        .bind(p.name())
        .execute(&mut *tx)
        .await?;
    in_schema(&mut tx, &schema).await?;
    loop {
        let events = eventlog::read_after(&mut *tx, position, PAGE).await?;
        let Some(last) = events.last().map(|e| e.event_position()) else {
            break;
        };
        p.apply(&mut tx, &events).await?;
        position = last;
        count += events.len() as u64;
    }
    for table in p.tables() {
        sqlx::raw_sql(&format!(
            "DROP TABLE IF EXISTS {LIVE_SCHEMA}.{table} CASCADE; \
             ALTER TABLE {schema}.{table} SET SCHEMA {LIVE_SCHEMA};"
        ))
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(
        "UPDATE rm.projector_checkpoints SET tx_id = $2, position = $3, applied = $4, \
         last_error = NULL, last_error_at = NULL, updated_at = now() WHERE name = $1",
    )
    .bind(p.name())
    .bind(position.tx)
    .bind(position.pos)
    .bind(count as i64)
    .execute(&mut *tx)
    .await?;
    crate::runtime::announce(&mut tx, p.name()).await?;
    sqlx::raw_sql(&format!("DROP SCHEMA {schema} CASCADE"))
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(ReplayReport {
        projector: p.name(),
        events: count,
        position,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Keeps `Arc`-held projectors usable where a slice of references is asked for.
pub fn as_refs(projectors: &[Arc<dyn Projector>]) -> Vec<&dyn Projector> {
    projectors.iter().map(|p| p.as_ref()).collect()
}
