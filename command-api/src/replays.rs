//! Replays started by an admin: one read model or all rebuilt from the event store (see
//! `projectors::replay`) in the background, with progress while it runs and, afterwards, the
//! events replayed, the time taken and which tables differ from before (row count and a
//! checksum of their rows). The job is kept in `rm.replay_jobs` (`projectors::replay_jobs`), so
//! any process answers `GET /api/admin/replay` and one replay runs at a time over all of them.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::Utc;
use projectors::replay_jobs::{self, ReplayJob, ReplayResult, TableCheck};
use sqlx::PgPool;
use uuid::Uuid;

/// Tables a replay changes by design, and why, in the words the admin page shows.
const BOOKKEEPING: &[(&str, &str)] = &[(
    "search_meta",
    "Expected: a replay starts a new generation of the search index",
)];

/// How often the running job is written to `rm.replay_jobs`.
const FLUSH_EVERY: Duration = Duration::from_millis(500);

#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("No read model named '{0}'")]
    Unknown(String),
    #[error("A replay is running; wait for it to finish")]
    Running,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// Starts replays; the jobs themselves are in `rm.replay_jobs`.
#[derive(Clone)]
pub struct Replays {
    pool: PgPool,
}

/// One running job: its own connections, and the job as it stands, written to
/// `rm.replay_jobs` every [`FLUSH_EVERY`].
#[derive(Clone)]
struct Worker {
    pool: PgPool,
    job: Arc<Mutex<ReplayJob>>,
}

impl Replays {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
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
            state: domain::ReplayJobState::Running,
            current: None,
            events_done: 0,
            events_total: events.saturating_mul(i64::try_from(list.len()).unwrap_or(1)),
            results: Vec::new(),
            error: None,
            differences: 0,
        };
        replay_jobs::fail_abandoned(&self.pool).await?;
        if !replay_jobs::insert(&self.pool, &job).await? {
            return Err(ReplayError::Running);
        }
        let running = Arc::new(Mutex::new(job.clone()));
        let (failed, on_failure) = (self.pool.clone(), job.clone());
        tracing::warn!(job = %job.id, %admin, projectors = ?job.projectors, "replay started by an admin");
        // The replay's future is not `Send` (sqlx's executor bounds), so it runs on a thread of
        // its own, with its own runtime and connections.
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
                        // Nothing can run or write here: the next start finds it abandoned.
                        tracing::error!(job = %on_failure.id, error = %e, "replay: no runtime");
                        return;
                    }
                };
                runtime.block_on(async move {
                    let pool = sqlx::postgres::PgPoolOptions::new()
                        .max_connections(2)
                        .connect_with(options)
                        .await;
                    let worker = Worker {
                        pool: pool.as_ref().map_or(failed, Clone::clone),
                        job: running,
                    };
                    match pool {
                        Ok(_) => {
                            tokio::join!(worker.clone().run(list), worker.flush_until_finished());
                        }
                        Err(e) => {
                            worker.fail("database", &e.to_string());
                            worker.flush().await;
                        }
                    }
                });
            })
            .map_err(|e| ReplayError::Store(sqlx::Error::Io(e)))?;
        Ok(job)
    }
}

impl Worker {
    fn update(&self, f: impl FnOnce(&mut ReplayJob)) {
        if let Ok(mut job) = self.job.lock() {
            f(&mut job);
        }
    }

    fn snapshot(&self) -> Option<ReplayJob> {
        self.job.lock().ok().map(|j| j.clone())
    }

    /// Writes the job as it stands (an error is logged: the next write retries).
    async fn flush(&self) {
        if let Some(job) = self.snapshot() {
            if let Err(e) = replay_jobs::save(&self.pool, &job).await {
                tracing::warn!(job = %job.id, error = %e, "replay: could not record progress");
            }
        }
    }

    /// Writes the job every [`FLUSH_EVERY`] while it runs, and once more when it ends.
    async fn flush_until_finished(self) {
        loop {
            tokio::time::sleep(FLUSH_EVERY).await;
            self.flush().await;
            if self
                .snapshot()
                .is_none_or(|j| j.state != domain::ReplayJobState::Running)
            {
                return;
            }
        }
    }

    fn fail(&self, what: &str, error: &str) {
        self.update(|j| {
            j.state = domain::ReplayJobState::Failed;
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
                            .filter(|t| !t.same && t.expected.is_none())
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
            j.state = domain::ReplayJobState::Done;
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
            before.push(replay_jobs::table_check(&self.pool, t).await?);
        }
        let report = projectors::replay::replay(&self.pool, p, |n| {
            self.update(|j| j.events_done = done_before + n);
        })
        .await?;
        let mut checks = Vec::with_capacity(tables.len());
        for (t, (rows_before, sum_before)) in tables.into_iter().zip(before) {
            let (rows_after, sum_after) = replay_jobs::table_check(&self.pool, t).await?;
            let same = sum_before == sum_after;
            checks.push(TableCheck {
                table: t.to_owned(),
                rows_before,
                rows_after,
                same,
                expected: BOOKKEEPING
                    .iter()
                    .find(|(table, _)| !same && *table == t)
                    .map(|(_, why)| (*why).to_owned()),
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
