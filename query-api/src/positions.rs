//! What each projector has applied, kept current from the projectors' commit notifications, so
//! a read can wait until the models it reads have passed a client's `X-Min-Position`.

use platform::position::{EventPosition, PROJECTION_CHANNEL};
use sqlx::postgres::PgListener;
use sqlx::PgPool;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// The longest a read waits for projectors to catch up (DESIGN §4).
pub const MAX_WAIT: Duration = Duration::from_secs(2);
/// Fallback refresh, in case a notification was lost with a dropped connection.
const REFRESH: Duration = Duration::from_secs(1);

#[derive(Clone)]
pub struct Positions {
    rx: watch::Receiver<HashMap<String, EventPosition>>,
    _task: Arc<tokio::task::JoinHandle<()>>,
}

async fn load(pool: &PgPool) -> Result<HashMap<String, EventPosition>, sqlx::Error> {
    projectors::checkpoints::all(pool).await
}

impl Positions {
    pub async fn start(pool: PgPool) -> Result<Self, sqlx::Error> {
        let (tx, rx) = watch::channel(load(&pool).await?);
        let mut listener = PgListener::connect_with(&pool).await?;
        listener.listen(PROJECTION_CHANNEL).await?;
        let task = tokio::spawn(async move {
            loop {
                // Either a projector committed or the refresh interval passed: reload (the table
                // has one small row per projector).
                if let Ok(Err(_)) = tokio::time::timeout(REFRESH, listener.recv()).await {
                    if pool.is_closed() {
                        // Shutting down: drop the listener, so closing the pool can finish.
                        return;
                    }
                    tokio::time::sleep(REFRESH).await;
                }
                match load(&pool).await {
                    Ok(map) => {
                        tx.send_if_modified(|cur| {
                            let changed = *cur != map;
                            *cur = map;
                            changed
                        });
                    }
                    Err(e) => {
                        tracing::warn!(error = ?e, "could not read projector checkpoints");
                        tokio::time::sleep(REFRESH).await;
                    }
                }
            }
        });
        Ok(Self {
            rx,
            _task: Arc::new(task),
        })
    }

    /// What `projector` has applied, as far as this process has heard (zero before that).
    pub fn of(&self, projector: &str) -> EventPosition {
        self.rx.borrow().get(projector).copied().unwrap_or_default()
    }

    /// Waits (at most [`MAX_WAIT`]) until every named projector has applied `min`. Returns
    /// whether they did.
    pub async fn wait_for(&self, projectors: &[&str], min: EventPosition) -> bool {
        let reached = |m: &HashMap<String, EventPosition>| {
            projectors
                .iter()
                .all(|p| m.get(*p).is_some_and(|pos| *pos >= min))
        };
        let mut rx = self.rx.clone();
        tokio::time::timeout(MAX_WAIT, rx.wait_for(reached))
            .await
            .is_ok_and(|r| r.is_ok())
    }
}
