//! What a projector is and how one batch of events reaches its read model: applied in one
//! Postgres transaction together with the projector's checkpoint, only the events that continue
//! the checkpoint in the event store's order (so a batch that repeats or skips is harmless).
//! How batches arrive — one feed for every projector, each supervised on its own — is
//! [`crate::feed`].

use async_nats::jetstream;
use async_trait::async_trait;
use platform::bus::BusConfig;
use platform::eventlog::EventEnvelope;
use platform::position::EventPosition;
use sqlx::{PgConnection, PgPool};
use std::time::Duration;

/// A read model builder. Implementations must be deterministic functions of the events they are
/// given (timestamps come from the events), so a replay yields the same rows as the live run.
#[async_trait]
pub trait Projector: Send + Sync + 'static {
    /// Its name, tables and schema files.
    fn model(&self) -> &'static ReadModel;

    /// Stable: the durable consumer's name and the checkpoint row's key.
    fn name(&self) -> &'static str {
        self.model().name
    }

    /// Its tables, as its schema file creates them (used to swap a replay in).
    fn tables(&self) -> &'static [&'static str] {
        self.model().tables
    }

    /// Its schema file: see [`ReadModel::tables_sql`].
    fn tables_sql(&self) -> &'static str {
        self.model().tables_sql
    }

    /// Its indexes: see [`ReadModel::indexes_sql`].
    fn indexes_sql(&self) -> &'static str {
        self.model().indexes_sql
    }

    /// Applies events in relay order, in the caller's transaction, whose search path starts with
    /// the schema being built (`rm` live, a fresh one during a replay): its SQL names tables
    /// unqualified. It is given every event (and skips those it does not read), so its checkpoint
    /// passes every position and a read can wait on it for any client's write.
    async fn apply(&self, db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()>;
}

/// What a read model is made of, besides its projector's code.
#[derive(Debug)]
pub struct ReadModel {
    /// Stable: the durable consumer's name and the checkpoint row's key.
    pub name: &'static str,
    /// Its tables, as `tables_sql` creates them (used to swap a replay in).
    pub tables: &'static [&'static str],
    /// Its schema file (`<model>/tables.sql`): idempotent DDL with unqualified names, run with
    /// the target schema first on the search path.
    pub tables_sql: &'static str,
    /// Its indexes (`<model>/indexes.sql`), idempotent and unqualified like the tables. Separate
    /// so a replay can load rows first and index once, which is several times faster than
    /// indexing row by row.
    pub indexes_sql: &'static str,
}

/// Puts `schema` first on the search path until the transaction ends, so a projector's
/// unqualified table names mean that schema's tables.
pub async fn in_schema(db: &mut PgConnection, schema: &str) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT set_config('search_path', $1, true)")
        .bind(format!("{schema}, public"))
        .execute(db)
        .await?;
    Ok(())
}

/// Runs one of a read model's schema files in `schema` (an internal name, `rm` or a replay's
/// schema). One simple-protocol batch is one transaction, so `SET LOCAL` holds for the file.
pub async fn run_schema_file(pool: &PgPool, schema: &str, sql: &str) -> anyhow::Result<()> {
    sqlx::raw_sql(&format!(
        "SET LOCAL search_path TO {schema}, public;\n{sql}"
    ))
    .execute(pool)
    .await?;
    Ok(())
}

/// One event's projection failed `max_failures` times in a row, alone in its batch, with an
/// error a retry does not get past: the projector stops at it (others go on) and says so in
/// `rm.projector_checkpoints`, naming the event, until an admin restarts it or the process
/// restarts.
#[derive(Debug, thiserror::Error)]
#[error("projector {projector} stopped at {event}: {cause}")]
pub struct Poisoned {
    pub projector: &'static str,
    /// `Type/id#sequence at tx:position`.
    pub event: String,
    pub cause: String,
}

/// Is this an error a retry can get past — the database or NATS unreachable or restarting, a
/// serialization failure or deadlock, a pool timeout — rather than one the same events
/// reproduce?
pub fn is_transient(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        if let Some(db) = cause.downcast_ref::<sqlx::Error>() {
            return match db {
                sqlx::Error::Io(_)
                | sqlx::Error::Tls(_)
                | sqlx::Error::Protocol(_)
                | sqlx::Error::PoolTimedOut
                | sqlx::Error::PoolClosed
                | sqlx::Error::WorkerCrashed => true,
                sqlx::Error::Database(d) => d.code().is_some_and(|c| {
                    // Connection exceptions, serialization failure, deadlock, insufficient
                    // resources, operator intervention (shutdown, crash recovery), lock timeout.
                    c.starts_with("08")
                        || c == "40001"
                        || c == "40P01"
                        || c.starts_with("53")
                        || c.starts_with("57P")
                        || c == "55P03"
                }),
                _ => false,
            };
        }
        cause.downcast_ref::<std::io::Error>().is_some()
    })
}

/// How an event is named in a stopped projector's report.
pub fn describe(e: &EventEnvelope) -> String {
    format!(
        "{}/{}#{} at {}",
        e.aggregate_type,
        e.aggregate_id,
        e.sequence,
        e.event_position()
    )
}

/// The schema live read models are in.
pub const LIVE_SCHEMA: &str = "rm";
pub use platform::position::PROJECTION_CHANNEL;

#[derive(Debug, Clone)]
pub struct ProjectorOptions {
    /// Events taken from the feed, or read from the store, per transaction.
    pub batch: usize,
    /// How long JetStream waits for an ack before redelivering.
    pub ack_wait: Duration,
    /// Failures of one batch in a row before the projector stops as poisoned.
    pub max_failures: u32,
    pub backoff: Duration,
    /// Longest pause between retries of a transient failure.
    pub max_backoff: Duration,
    /// How long a projector waits on the feed before it looks in the event store itself (a
    /// purged or lost stream, a relay that is behind).
    pub heal_after: Duration,
    /// How often a stopped projector looks for an admin's restart request.
    pub restart_poll: Duration,
}

impl Default for ProjectorOptions {
    fn default() -> Self {
        Self {
            batch: 2_000,
            ack_wait: Duration::from_secs(10),
            max_failures: 5,
            backoff: Duration::from_millis(200),
            max_backoff: Duration::from_secs(10),
            heal_after: Duration::from_secs(15),
            restart_poll: Duration::from_secs(2),
        }
    }
}

#[derive(Clone)]
pub struct ProjectorRuntime {
    pub pool: PgPool,
    pub js: jetstream::Context,
    pub bus: BusConfig,
    pub options: ProjectorOptions,
}

/// Serialises DDL on the live read models across processes: concurrent `CREATE TABLE IF NOT
/// EXISTS` of one name can fail in PostgreSQL (a unique violation on the type catalogue).
const DDL_LOCK: i64 = 0x706c_696e_7468_0001;

/// Creates the projector's live tables and checkpoint row if missing.
pub async fn prepare(pool: &PgPool, p: &dyn Projector) -> anyhow::Result<()> {
    // The lock lives on a connection of its own, detached from the pool: if this future is
    // dropped half-way, closing the connection releases the lock.
    let mut lock = pool.acquire().await?.detach();
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(DDL_LOCK)
        .execute(&mut lock)
        .await?;
    let result = create(pool, p).await;
    let _ = sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(DDL_LOCK)
        .execute(&mut lock)
        .await;
    let _ = sqlx::Connection::close(lock).await;
    result
}

async fn create(pool: &PgPool, p: &dyn Projector) -> anyhow::Result<()> {
    run_schema_file(pool, LIVE_SCHEMA, p.tables_sql()).await?;
    run_schema_file(pool, LIVE_SCHEMA, p.indexes_sql()).await?;
    sqlx::query("INSERT INTO rm.projector_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING")
        .bind(p.name())
        .execute(pool)
        .await?;
    Ok(())
}

pub async fn checkpoint(pool: &PgPool, name: &str) -> Result<EventPosition, sqlx::Error> {
    let row: Option<(i64, i64)> =
        sqlx::query_as("SELECT tx_id, position FROM rm.projector_checkpoints WHERE name = $1")
            .bind(name)
            .fetch_optional(pool)
            .await?;
    Ok(row.map_or(EventPosition::ZERO, |(tx, pos)| EventPosition::new(tx, pos)))
}

impl ProjectorRuntime {
    /// Applies, in one transaction with the checkpoint, at most `limit` of the events of
    /// `events` that continue the checkpoint without a gap, and answers the checkpoint after it:
    /// every event at or below it is done (applied now, or before). JetStream may deliver an
    /// event twice, or a newer one before an older one that a dead consumer held: the event
    /// store, not arrival order, decides what comes next.
    pub async fn apply_batch(
        &self,
        p: &dyn Projector,
        events: &[EventEnvelope],
        limit: usize,
    ) -> anyhow::Result<EventPosition> {
        let mut tx = self.pool.begin().await?;
        // The row lock also orders us against a replay swapping tables in.
        let (cp_tx, cp_pos): (i64, i64) = sqlx::query_as(
            "SELECT tx_id, position FROM rm.projector_checkpoints WHERE name = $1 FOR UPDATE",
        )
        .bind(p.name())
        .fetch_one(&mut *tx)
        .await?;
        let cp = EventPosition::new(cp_tx, cp_pos);
        let fresh = Fresh::after(cp, events);
        if fresh.is_empty() {
            return Ok(cp);
        }
        // What must come next, in the relay's order.
        let expected: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT tx_id, global_position FROM es.events \
             WHERE (tx_id, global_position) > ($1, $2) \
             ORDER BY tx_id, global_position LIMIT $3",
        )
        .bind(cp.tx)
        .bind(cp.pos)
        .bind(fresh.len() as i64)
        .fetch_all(&mut *tx)
        .await?;
        let contiguous = fresh
            .positions()
            .zip(&expected)
            .take_while(|(e, (t, pos))| *e == EventPosition::new(*t, *pos))
            .count()
            .min(limit);
        if contiguous == 0 {
            return Ok(cp);
        }
        let apply = fresh.first(contiguous);
        let done_to = apply.last().map_or(cp, EventEnvelope::event_position);
        in_schema(&mut tx, LIVE_SCHEMA).await?;
        p.apply(&mut tx, &apply).await?;
        sqlx::query(
            "UPDATE rm.projector_checkpoints SET tx_id = $2, position = $3, \
             applied = applied + $4, last_error = NULL, last_error_at = NULL, updated_at = now() \
             WHERE name = $1",
        )
        .bind(p.name())
        .bind(done_to.tx)
        .bind(done_to.pos)
        .bind(apply.len() as i64)
        .execute(&mut *tx)
        .await?;
        announce(&mut tx, p.name()).await?;
        tx.commit().await?;
        Ok(done_to)
    }
}

/// The events of a batch after a checkpoint, in the store's order, each once. A batch as the
/// relay published it is already that: a slice of it, with nothing copied; redeliveries and
/// duplicates are sorted into a copy.
enum Fresh<'a> {
    Slice(&'a [EventEnvelope]),
    Sorted(Vec<&'a EventEnvelope>),
}

impl<'a> Fresh<'a> {
    fn after(cp: EventPosition, events: &'a [EventEnvelope]) -> Self {
        let start = events
            .iter()
            .position(|e| e.event_position() > cp)
            .unwrap_or(events.len());
        let rest = &events[start..];
        if rest
            .windows(2)
            .all(|w| w[0].event_position() < w[1].event_position())
        {
            return Fresh::Slice(rest);
        }
        let mut sorted: Vec<&EventEnvelope> =
            events.iter().filter(|e| e.event_position() > cp).collect();
        sorted.sort_by_key(|e| e.event_position());
        sorted.dedup_by_key(|e| e.event_position());
        Fresh::Sorted(sorted)
    }

    fn len(&self) -> usize {
        match self {
            Fresh::Slice(s) => s.len(),
            Fresh::Sorted(v) => v.len(),
        }
    }

    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn positions(&self) -> Box<dyn Iterator<Item = EventPosition> + '_> {
        match self {
            Fresh::Slice(s) => Box::new(s.iter().map(EventEnvelope::event_position)),
            Fresh::Sorted(v) => Box::new(v.iter().map(|e| e.event_position())),
        }
    }

    /// The first `n`, as the slice a projector applies.
    fn first(&self, n: usize) -> std::borrow::Cow<'a, [EventEnvelope]> {
        match self {
            Fresh::Slice(s) => std::borrow::Cow::Borrowed(&s[..n]),
            Fresh::Sorted(v) => {
                std::borrow::Cow::Owned(v[..n].iter().map(|e| (*e).clone()).collect())
            }
        }
    }
}

/// Tells the processes waiting on [`PROJECTION_CHANNEL`] that projector `name` moved, when the
/// transaction commits.
pub(crate) async fn announce(db: &mut PgConnection, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(PROJECTION_CHANNEL)
        .bind(name)
        .execute(db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(tx: i64, pos: i64) -> EventEnvelope {
        EventEnvelope {
            aggregate_type: "artwork".into(),
            aggregate_id: "a".into(),
            sequence: pos,
            event_type: "ArtworkImported".into(),
            event_version: "1".into(),
            payload: serde_json::Value::Null,
            metadata: serde_json::Value::Null,
            position: pos,
            tx_id: tx,
            recorded_at: chrono::DateTime::UNIX_EPOCH,
        }
    }

    fn positions(f: &Fresh<'_>) -> Vec<(i64, i64)> {
        f.positions().map(|p| (p.tx, p.pos)).collect()
    }

    #[test]
    fn a_batch_in_order_is_taken_as_it_is_from_the_checkpoint_on() {
        let batch = [at(1, 1), at(1, 2), at(2, 3), at(2, 4)];
        let fresh = Fresh::after(EventPosition::new(1, 2), &batch);
        assert!(matches!(fresh, Fresh::Slice(_)));
        assert_eq!(positions(&fresh), [(2, 3), (2, 4)]);
        assert_eq!(fresh.first(1).len(), 1);
        assert!(Fresh::after(EventPosition::new(2, 4), &batch).is_empty());
    }

    #[test]
    fn redeliveries_and_duplicates_are_put_in_order_once() {
        let batch = [at(2, 4), at(1, 1), at(2, 3), at(2, 4), at(3, 5)];
        let fresh = Fresh::after(EventPosition::new(1, 1), &batch);
        assert!(matches!(fresh, Fresh::Sorted(_)));
        assert_eq!(positions(&fresh), [(2, 3), (2, 4), (3, 5)]);
        assert_eq!(
            fresh
                .first(2)
                .iter()
                .map(|e| e.position)
                .collect::<Vec<_>>(),
            [3, 4]
        );
    }
}
