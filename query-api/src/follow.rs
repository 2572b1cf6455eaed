//! How in-process read models (the geo model, the search index) keep up: run `sync` at once,
//! then again after every projector commit (`LISTEN plinth_projections`) or at least every
//! second, in case a notification was missed. Each model's `sync` reads what changed after its
//! own position, so extra runs are cheap and missed ones are caught up.

use platform::position::PROJECTION_CHANNEL;
use sqlx::postgres::PgListener;
use sqlx::PgPool;
use std::future::Future;
use std::time::Duration;

/// Fallback interval between syncs.
pub const RESYNC: Duration = Duration::from_secs(1);

/// Runs until the pool is closed; `sync`'s outcome goes to `report` (an error does not stop the
/// loop: the read model may simply not exist yet).
pub async fn follow<S, F, R>(pool: &PgPool, what: &str, mut sync: S, mut report: R)
where
    S: FnMut() -> F,
    F: Future<Output = anyhow::Result<()>>,
    R: FnMut(Result<(), String>),
{
    let mut listener = loop {
        if pool.is_closed() {
            return;
        }
        match PgListener::connect_with(pool).await {
            Ok(mut l) => {
                if l.listen(PROJECTION_CHANNEL).await.is_ok() {
                    break l;
                }
            }
            Err(e) => tracing::warn!(error = ?e, "{what} cannot listen yet"),
        }
        tokio::time::sleep(RESYNC).await;
    };
    loop {
        match sync().await {
            Ok(()) => report(Ok(())),
            Err(e) => {
                tracing::debug!(error = ?e, "{what} sync failed");
                report(Err(format!("{e:#}")));
            }
        }
        if let Ok(Err(e)) = tokio::time::timeout(RESYNC, listener.recv()).await {
            if pool.is_closed() {
                // Shutting down: the listener holds a pooled connection, and closing the pool
                // waits for it.
                return;
            }
            // Connection lost: don't spin.
            tracing::debug!(error = ?e, "{what} listener failed");
            tokio::time::sleep(RESYNC).await;
        }
    }
}
