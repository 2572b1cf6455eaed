//! How in-process read models (the geo model, the search index) keep up: run `sync` at once,
//! then again after every projector commit (`LISTEN plinth_projections`) or at least every
//! second, in case a notification was missed. Each model's `sync` reads what changed after its
//! own position, so extra runs are cheap and missed ones are caught up.

use platform::position::{EventPosition, PROJECTION_CHANNEL};
use sqlx::postgres::PgListener;
use sqlx::{PgPool, Postgres, Transaction};
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

/// Opens a read-only repeatable-read snapshot and reads `projector`'s checkpoint in it: every
/// read-model row the transaction then reads reflects exactly the events up to that position.
/// `None` when the projector has not registered yet.
pub async fn snapshot(
    pool: &PgPool,
    projector: &str,
) -> anyhow::Result<Option<(Transaction<'static, Postgres>, EventPosition)>> {
    let mut tx = pool.begin().await?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        .execute(&mut *tx)
        .await?;
    let cp = projectors::checkpoints::of(&mut tx, projector).await?;
    Ok(cp.map(|p| (tx, p)))
}
