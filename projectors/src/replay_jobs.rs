//! Replays started by an admin, as every process sees them: the job, its progress while it runs
//! and its result afterwards, kept in `rm.replay_jobs` (the process running a job writes it; any
//! process reads it).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use uuid::Uuid;

/// A running job not written for this long was left by a process that stopped.
pub const ABANDONED_AFTER_SECONDS: i64 = 120;

/// A table's rows before and after.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TableCheck {
    pub table: String,
    pub rows_before: i64,
    pub rows_after: i64,
    /// Same rows, byte for byte (a checksum over every row's text).
    pub same: bool,
    /// For a table that differs by design (not counted among the job's differences): why.
    #[serde(default)]
    pub expected: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ReplayResult {
    pub projector: String,
    pub events: u64,
    pub seconds: f64,
    pub tables: Vec<TableCheck>,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ReplayJob {
    pub id: Uuid,
    /// The read models asked for, in order.
    pub projectors: Vec<String>,
    pub requested_by: Uuid,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub state: domain::ReplayJobState,
    /// The read model being rebuilt.
    pub current: Option<String>,
    /// Events applied so far, over every read model of the job.
    pub events_done: u64,
    /// Events in the store when it started, times the read models asked for.
    pub events_total: i64,
    pub results: Vec<ReplayResult>,
    pub error: Option<String>,
    /// Tables that differ after the replay (writes that arrived meanwhile also count; the
    /// search index generation, which every replay of `search` moves on, does not).
    pub differences: usize,
}

/// The running or the last replay, if any.
pub async fn latest(pool: &PgPool) -> Result<Option<ReplayJob>, sqlx::Error> {
    let job: Option<sqlx::types::Json<ReplayJob>> =
        sqlx::query_scalar("SELECT job FROM rm.replay_jobs ORDER BY started_at DESC LIMIT 1")
            .fetch_optional(pool)
            .await?;
    Ok(job.map(|j| j.0))
}

/// Marks running jobs that no process has written for [`ABANDONED_AFTER_SECONDS`] as failed.
pub async fn fail_abandoned(pool: &PgPool) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE rm.replay_jobs
            SET state = 'failed',
                job = job || jsonb_build_object(
                    'state', 'failed',
                    'finished_at', to_jsonb(now()),
                    'error', 'abandoned: the process running it stopped'),
                updated_at = now()
          WHERE state = 'running' AND updated_at < now() - make_interval(secs => $1)",
    )
    .bind(ABANDONED_AFTER_SECONDS as f64)
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

/// Records a new running job; `false` when another job is running.
pub async fn insert(pool: &PgPool, job: &ReplayJob) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO rm.replay_jobs (id, requested_by, started_at, state, job)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING",
    )
    .bind(job.id)
    .bind(job.requested_by)
    .bind(job.started_at)
    .bind(job.state.as_str())
    .bind(sqlx::types::Json(job))
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Writes a job's progress or result (and so shows its process is alive).
pub async fn save(pool: &PgPool, job: &ReplayJob) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE rm.replay_jobs SET state = $2, job = $3, updated_at = now() WHERE id = $1")
        .bind(job.id)
        .bind(job.state.as_str())
        .bind(sqlx::types::Json(job))
        .execute(pool)
        .await?;
    Ok(())
}

/// What the replay calls answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReplayState {
    /// The running or last replay, if any.
    pub job: Option<ReplayJob>,
}

/// Row count and checksum of one read-model table, to tell what a replay changed. `table`
/// comes from the projectors' own static lists (`Projector::tables`), never from a request.
pub async fn table_check(pool: &PgPool, table: &str) -> Result<(i64, String), sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT count(*), md5(coalesce(string_agg(h, '' ORDER BY h), ''))
           FROM (SELECT md5(t::text) AS h FROM rm.{table} t) x"
    ))
    .fetch_one(pool)
    .await
}
