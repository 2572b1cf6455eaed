//! Reading the projectors' checkpoints (`rm.projector_checkpoints`) for the read side's waits
//! and status, and an admin's restart request: the only SQL on that table outside the runtime.

use platform::position::EventPosition;
use sqlx::{PgConnection, PgPool};
use std::collections::HashMap;

/// Every projector's checkpoint, by name.
pub async fn all(pool: &PgPool) -> Result<HashMap<String, EventPosition>, sqlx::Error> {
    Ok(
        sqlx::query!("SELECT name, tx_id, position FROM rm.projector_checkpoints")
            .fetch_all(pool)
            .await?
            .into_iter()
            .map(|r| (r.name, EventPosition::new(r.tx_id, r.position)))
            .collect(),
    )
}

/// Opens a read-only repeatable-read snapshot and reads `projector`'s checkpoint in it: every
/// read-model row the transaction then reads reflects exactly the events up to that position.
/// `None` when the projector has not registered yet.
pub async fn snapshot(
    pool: &PgPool,
    projector: &str,
) -> Result<Option<(sqlx::Transaction<'static, sqlx::Postgres>, EventPosition)>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query!("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        .execute(&mut *tx)
        .await?;
    let cp = of(&mut tx, projector).await?;
    Ok(cp.map(|p| (tx, p)))
}

/// One projector's checkpoint in the caller's transaction; `None` before it registers.
pub async fn of(db: &mut PgConnection, name: &str) -> Result<Option<EventPosition>, sqlx::Error> {
    Ok(sqlx::query!(
        "SELECT tx_id, position FROM rm.projector_checkpoints WHERE name = $1",
        name
    )
    .fetch_optional(db)
    .await?
    .map(|r| EventPosition::new(r.tx_id, r.position)))
}

/// A projector's progress and health, as the status page shows it.
#[derive(Debug, Clone)]
pub struct CheckpointRow {
    pub name: String,
    pub tx_id: i64,
    pub position: i64,
    pub applied: i64,
    pub last_error: Option<String>,
    pub stopped: bool,
    pub stopped_event: Option<String>,
}

/// Every projector's row, by name.
pub async fn statuses(pool: &PgPool) -> Result<Vec<CheckpointRow>, sqlx::Error> {
    sqlx::query_as!(
        CheckpointRow,
        r#"SELECT name, tx_id, position, applied, last_error,
                  stopped_at IS NOT NULL AS "stopped!", stopped_event
             FROM rm.projector_checkpoints ORDER BY name"#
    )
    .fetch_all(pool)
    .await
}

/// What a restart request found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RestartRequest {
    NoSuchProjector,
    NotStopped,
    /// Requested; the projector had stopped at this event.
    Requested {
        stopped_event: Option<String>,
    },
}

/// Asks a stopped projector to start again (it polls for the request).
pub async fn request_restart(pool: &PgPool, name: &str) -> Result<RestartRequest, sqlx::Error> {
    let row = sqlx::query!(
        r#"UPDATE rm.projector_checkpoints
              SET restart_requested_at = CASE WHEN stopped_at IS NULL THEN restart_requested_at
                                              ELSE clock_timestamp() END
            WHERE name = $1
            RETURNING stopped_at IS NOT NULL AS "stopped!", stopped_event"#,
        name
    )
    .fetch_optional(pool)
    .await?;
    Ok(match row {
        None => RestartRequest::NoSuchProjector,
        Some(r) if !r.stopped => RestartRequest::NotStopped,
        Some(r) => RestartRequest::Requested {
            stopped_event: r.stopped_event,
        },
    })
}
