//! Sliding-window rate limits kept in PostgreSQL, so every process of a deployment counts
//! against the same budget. One row per counted attempt in `auth.rate_events`; a bucket is a
//! string naming what is limited (`link:email:<hash>`, `link:ip:<ip>` …).

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use std::time::Duration;

#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub max: i64,
    pub window: Duration,
}

/// Counts one attempt against `limit` in `bucket`; `Err(seconds)` when the budget is spent,
/// with the time until the oldest counted attempt leaves the window. A refused attempt is not
/// counted, so waiting the given time always works.
pub async fn hit(
    pool: &PgPool,
    bucket: &str,
    limit: Limit,
) -> Result<Result<(), u64>, sqlx::Error> {
    let window_secs = limit.window.as_secs_f64();
    let mut tx = pool.begin().await?;
    // Serialise attempts on one bucket, so concurrent requests cannot both see room for one.
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7))")
        .bind(bucket)
        .execute(&mut *tx)
        .await?;
    let (count, oldest): (i64, Option<DateTime<Utc>>) = sqlx::query_as(
        "SELECT count(*), min(at) FROM auth.rate_events
          WHERE bucket = $1 AND at > now() - make_interval(secs => $2)",
    )
    .bind(bucket)
    .bind(window_secs)
    .fetch_one(&mut *tx)
    .await?;
    if count >= limit.max {
        tx.rollback().await?;
        return Ok(Err(wait_for(oldest, limit)));
    }
    sqlx::query("INSERT INTO auth.rate_events (bucket) VALUES ($1)")
        .bind(bucket)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Whether `bucket` still has room under `limit`, without counting anything; `Err(seconds)`
/// to wait otherwise. With [`record`], for limits on failures only.
pub async fn check(
    pool: &PgPool,
    bucket: &str,
    limit: Limit,
) -> Result<Result<(), u64>, sqlx::Error> {
    let (count, oldest): (i64, Option<DateTime<Utc>>) = sqlx::query_as(
        "SELECT count(*), min(at) FROM auth.rate_events
          WHERE bucket = $1 AND at > now() - make_interval(secs => $2)",
    )
    .bind(bucket)
    .bind(limit.window.as_secs_f64())
    .fetch_one(pool)
    .await?;
    if count < limit.max {
        return Ok(Ok(()));
    }
    Ok(Err(wait_for(oldest, limit)))
}

/// Seconds until the oldest counted attempt leaves the window (at least 1).
fn wait_for(oldest: Option<DateTime<Utc>>, limit: Limit) -> u64 {
    oldest.map_or(limit.window.as_secs(), |o| {
        let free_at = o + chrono::Duration::from_std(limit.window).unwrap_or_default();
        (free_at - Utc::now()).num_seconds().max(1) as u64
    })
}

/// Counts one event (a failure) in `bucket`.
pub async fn record(pool: &PgPool, bucket: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO auth.rate_events (bucket) VALUES ($1)")
        .bind(bucket)
        .execute(pool)
        .await?;
    Ok(())
}

/// Deletes attempts older than a day (no limit looks further back).
pub async fn prune(pool: &PgPool) -> Result<u64, sqlx::Error> {
    Ok(
        sqlx::query("DELETE FROM auth.rate_events WHERE at < now() - interval '1 day'")
            .execute(pool)
            .await?
            .rows_affected(),
    )
}
