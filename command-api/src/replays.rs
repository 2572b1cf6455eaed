//! Replays started by an admin: one read model or all rebuilt from the event store (see
//! `projectors::replay`) in the background, with progress while it runs and, afterwards, the
//! events replayed, the time taken and which tables differ from before (row count and a
//! checksum of their rows). One replay at a time per process; the job lives in memory.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

/// Tables a replay changes by design: the search index generation it starts.
const BOOKKEEPING: &[&str] = &["search_meta"];

/// A table's rows before and after.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct TableCheck {
    pub table: String,
    pub rows_before: i64,
    pub rows_after: i64,
    /// Same rows, byte for byte (a checksum over every row's text).
    pub same: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ReplayResult {
    pub projector: String,
    pub events: u64,
    pub seconds: f64,
    pub tables: Vec<TableCheck>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ReplayJob {
    pub id: Uuid,
    /// The read models asked for, in order.
    pub projectors: Vec<String>,
    pub requested_by: Uuid,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// `running`, `done` or `failed`.
    pub state: String,
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

#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("No read model named '{0}'")]
    Unknown(String),
    #[error("A replay is running; wait for it to finish")]
    Running,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

#[derive(Clone)]
pub struct Replays {
    pool: PgPool,
    job: Arc<Mutex<Option<ReplayJob>>>,
}

/// Row count and checksum of one read-model table (names come from the projectors' own
/// static lists, never from the request).
async fn check(pool: &PgPool, table: &str) -> Result<(i64, String), sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT count(*), md5(coalesce(string_agg(h, '' ORDER BY h), ''))
           FROM (SELECT md5(t::text) AS h FROM rm.{table} t) x"
    ))
    .fetch_one(pool)
    .await
}

impl Replays {
    pub fn new(pool: PgPool) -> Self {
        Self {
            pool,
            job: Arc::default(),
        }
    }

    /// The current or last job.
    pub fn job(&self) -> Option<ReplayJob> {
        self.job.lock().ok().and_then(|j| j.clone())
    }

    fn update(&self, f: impl FnOnce(&mut ReplayJob)) {
        if let Ok(mut guard) = self.job.lock() {
            if let Some(job) = guard.as_mut() {
                f(job);
            }
        }
    }

    /// Starts rebuilding `projector` (all when `None`) and returns the job as it starts.
    pub async fn start(
        &self,
        admin: Uuid,
        projector: Option<&str>,
    ) -> Result<ReplayJob, ReplayError> {
        let list = match projector {
            Some(name) => {
                vec![projectors::by_name(name).ok_or_else(|| ReplayError::Unknown(name.into()))?]
            }
            None => projectors::all(),
        };
        let events: i64 = sqlx::query_scalar("SELECT count(*) FROM es.events")
            .fetch_one(&self.pool)
            .await?;
        let job = ReplayJob {
            id: Uuid::now_v7(),
            projectors: list.iter().map(|p| p.name().to_owned()).collect(),
            requested_by: admin,
            started_at: Utc::now(),
            finished_at: None,
            state: "running".into(),
            current: None,
            events_done: 0,
            events_total: events.saturating_mul(i64::try_from(list.len()).unwrap_or(1)),
            results: Vec::new(),
            error: None,
            differences: 0,
        };
        {
            let mut guard = self
                .job
                .lock()
                .map_err(|_| ReplayError::Store(sqlx::Error::PoolClosed))?;
            if guard.as_ref().is_some_and(|j| j.state == "running") {
                return Err(ReplayError::Running);
            }
            *guard = Some(job.clone());
        }
        tracing::warn!(job = %job.id, %admin, projectors = ?job.projectors, "replay started by an admin");
        // The replay's future is not `Send` (sqlx's executor bounds), so it runs on a thread of
        // its own, with its own runtime and connections.
        let this = self.clone();
        let options = (*self.pool.connect_options()).clone();
        std::thread::Builder::new()
            .name("admin-replay".into())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(r) => r,
                    Err(e) => {
                        this.fail("runtime", &e.to_string());
                        return;
                    }
                };
                runtime.block_on(async move {
                    match sqlx::postgres::PgPoolOptions::new()
                        .max_connections(2)
                        .connect_with(options)
                        .await
                    {
                        Ok(pool) => {
                            let worker = Replays {
                                pool,
                                job: this.job.clone(),
                            };
                            worker.run(list).await;
                        }
                        Err(e) => this.fail("database", &e.to_string()),
                    }
                });
            })
            .map_err(|e| ReplayError::Store(sqlx::Error::Io(e)))?;
        Ok(job)
    }

    fn fail(&self, what: &str, error: &str) {
        self.update(|j| {
            j.state = "failed".into();
            j.error = Some(format!("{what}: {error}"));
            j.finished_at = Some(Utc::now());
        });
    }

    async fn run(self, list: Vec<std::sync::Arc<dyn projectors::Projector>>) {
        let mut done_before = 0u64;
        for p in list {
            let name = p.name().to_owned();
            self.update(|j| j.current = Some(name.clone()));
            match self.one(p.as_ref(), done_before).await {
                Ok(result) => {
                    done_before += result.events;
                    self.update(|j| {
                        j.differences += result
                            .tables
                            .iter()
                            .filter(|t| !t.same && !BOOKKEEPING.contains(&t.table.as_str()))
                            .count();
                        j.events_done = done_before;
                        j.results.push(result);
                    });
                }
                Err(e) => {
                    tracing::error!(projector = %name, error = ?e, "replay failed");
                    self.fail(&name, &e.to_string());
                    return;
                }
            }
        }
        self.update(|j| {
            j.state = "done".into();
            j.current = None;
            j.finished_at = Some(Utc::now());
        });
    }

    /// Rebuilds one read model, comparing its tables before and after.
    async fn one(
        &self,
        p: &dyn projectors::Projector,
        done_before: u64,
    ) -> anyhow::Result<ReplayResult> {
        let tables: Vec<&'static str> = p.model().tables.to_vec();
        let mut before = Vec::with_capacity(tables.len());
        for t in &tables {
            before.push(check(&self.pool, t).await?);
        }
        let report = projectors::replay::replay(&self.pool, p, |n| {
            self.update(|j| j.events_done = done_before + n);
        })
        .await?;
        let mut checks = Vec::with_capacity(tables.len());
        for (t, (rows_before, sum_before)) in tables.into_iter().zip(before) {
            let (rows_after, sum_after) = check(&self.pool, t).await?;
            checks.push(TableCheck {
                table: t.to_owned(),
                rows_before,
                rows_after,
                same: sum_before == sum_after,
            });
        }
        Ok(ReplayResult {
            projector: p.name().to_owned(),
            events: report.events,
            seconds: report.seconds,
            tables: checks,
        })
    }
}
