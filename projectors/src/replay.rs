//! `plinth replay`: rebuild a projector's read model from the event store into a fresh schema,
//! then swap it in. The swap holds the projector's checkpoint row lock, catches up to the end
//! of the store, and sets the checkpoint, so the live consumer resumes exactly after it.

use platform::eventlog;
use platform::position::EventPosition;
use sqlx::PgPool;
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
    let started = Instant::now();
    // One rebuild of a read model at a time over every process (`plinth replay` and the admin
    // page alike): two would build and swap the same schema under each other.
    let lock = format!("replay:{}", p.name());
    let Some(_building) = platform::db::Exclusive::try_take(pool, &lock).await? else {
        anyhow::bail!(
            "a replay of {} is already running (another `plinth replay` or the admin page)",
            p.name()
        );
    };
    prepare(pool, p).await?;
    let schema = format!("rm_replay_{}", p.name());
    sqlx::raw_sql(&format!(
        "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema};"
    ))
    .execute(pool)
    .await?;
    run_schema_file(pool, &schema, p.tables_sql()).await?;

    let mut position = EventPosition::ZERO;
    let mut count = 0u64;
    loop {
        let events = eventlog::read_after(pool, position, PAGE).await?;
        let Some(last) = events.last().map(|e| e.event_position()) else {
            break;
        };
        let mut tx = pool.begin().await?;
        in_schema(&mut tx, &schema).await?;
        p.apply(&mut tx, &events).await?;
        tx.commit().await?;
        position = last;
        count += events.len() as u64;
        progress(count);
    }

    run_schema_file(pool, &schema, p.indexes_sql()).await?;
    for table in p.tables() {
        sqlx::raw_sql(&format!("ANALYZE {schema}.{table}"))
            .execute(pool)
            .await?;
    }

    // Swap: block the live consumer on its checkpoint row, apply whatever arrived meanwhile,
    // replace the live tables and move the checkpoint to where the rebuild ended.
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
    progress(count);
    Ok(ReplayReport {
        projector: p.name(),
        events: count,
        position,
        seconds: started.elapsed().as_secs_f64(),
    })
}
