//! Housekeeping: rows no check looks at any more are deleted on a timer — rate-limit counts
//! older than a day, sign-in links a day past their expiry, idempotency answers past their
//! keeping time.

use sqlx::PgPool;
use std::time::Duration;

/// Deletes what no check looks at any more; answers the rows deleted.
pub async fn prune(pool: &PgPool) -> Result<u64, sqlx::Error> {
    let links =
        sqlx::query("DELETE FROM auth.link_tokens WHERE expires_at < now() - interval '1 day'")
            .execute(pool)
            .await?
            .rows_affected();
    let answers = crate::routes::idempotency::prune(pool).await?;
    Ok(links + answers + platform::ratelimit::prune(pool).await?)
}

/// Prunes every `every` for the life of the process (a failure is logged and retried at the
/// next tick).
pub fn spawn(pool: PgPool, every: Duration) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            match prune(&pool).await {
                Ok(n) => tracing::debug!(rows = n, "pruned rate-limit counts and old links"),
                Err(e) => tracing::warn!(error = %e, "pruning rate-limit counts failed"),
            }
        }
    })
}
