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

impl Limit {
    /// At most `max` an hour: the window of nearly every limit here.
    pub const fn per_hour(max: i64) -> Self {
        Self {
            max,
            window: Duration::from_secs(60 * 60),
        }
    }
}

/// Counts one attempt against `limit` in `bucket`; `Err(seconds)` when the budget is spent,
/// with the time until the oldest counted attempt leaves the window. A refused attempt is not
/// counted, so waiting the given time always works.
pub async fn hit(
    pool: &PgPool,
    bucket: &str,
    limit: Limit,
) -> Result<Result<(), u64>, sqlx::Error> {
    Ok(reserve(pool, bucket, limit).await?.map(|_| ()))
}

/// A write's hourly budget, one per identity and one per client (an IPv4 address or an IPv6
/// /64), counted in the buckets `<name>:id:<identity>` and `<name>:ip:<client>`.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub name: &'static str,
    pub per_identity: Limit,
    pub per_client: Limit,
}

impl Budget {
    pub const fn hourly(name: &'static str, per_identity: i64, per_client: i64) -> Self {
        Self {
            name,
            per_identity: Limit::per_hour(per_identity),
            per_client: Limit::per_hour(per_client),
        }
    }

    /// Counts one write against the identity's budget, then the client's; the first spent one
    /// refuses with its wait (a write the client's budget refuses stays counted for the
    /// identity: judging it cost what it cost).
    pub async fn admit(
        &self,
        pool: &PgPool,
        identity: impl std::fmt::Display,
        client: impl std::fmt::Display,
    ) -> Result<Result<(), u64>, sqlx::Error> {
        let identity_bucket = format!("{}:id:{identity}", self.name);
        if let Err(wait) = hit(pool, &identity_bucket, self.per_identity).await? {
            return Ok(Err(wait));
        }
        hit(pool, &format!("{}:ip:{client}", self.name), self.per_client).await
    }
}

/// One attempt counted by [`reserve`], which [`release`] can take back.
#[derive(Debug, Clone)]
pub struct Reservation {
    bucket: String,
    at: DateTime<Utc>,
}

/// As [`hit`], and the attempt counted comes back, for limits on failures: the attempt is
/// counted and decided in one locked step *before* it is judged, so a burst of requests in
/// flight at once can never be judged more often than the limit allows; one that turns out
/// not to be a failure is then [`release`]d. (Checking first and recording the failure after
/// lets every request of a burst pass the check before any failure is recorded.)
pub async fn reserve(
    pool: &PgPool,
    bucket: &str,
    limit: Limit,
) -> Result<Result<Reservation, u64>, sqlx::Error> {
    let window_secs = limit.window.as_secs_f64();
    let _queued = crate::db::queued(bucket).await;
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
    let at: DateTime<Utc> =
        sqlx::query_scalar("INSERT INTO auth.rate_events (bucket) VALUES ($1) RETURNING at")
            .bind(bucket)
            .fetch_one(&mut *tx)
            .await?;
    tx.commit().await?;
    Ok(Ok(Reservation {
        bucket: bucket.to_owned(),
        at,
    }))
}

/// Takes back an attempt [`reserve`] counted (one row of its bucket and time: rows of the same
/// bucket and time are the same to every limit).
pub async fn release(pool: &PgPool, reservation: &Reservation) -> Result<(), sqlx::Error> {
    sqlx::query(
        "DELETE FROM auth.rate_events WHERE ctid = (
             SELECT ctid FROM auth.rate_events WHERE bucket = $1 AND at = $2 LIMIT 1)",
    )
    .bind(&reservation.bucket)
    .bind(reservation.at)
    .execute(pool)
    .await?;
    Ok(())
}

/// Seconds until the oldest counted attempt leaves the window (at least 1).
fn wait_for(oldest: Option<DateTime<Utc>>, limit: Limit) -> u64 {
    oldest.map_or(limit.window.as_secs(), |o| {
        let free_at = o + chrono::Duration::from_std(limit.window).unwrap_or_default();
        (free_at - Utc::now()).num_seconds().max(1) as u64
    })
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
