//! Running a projector: one JetStream durable consumer named after it; each batch of messages is
//! applied in one Postgres transaction together with the projector's checkpoint, then acked.
//! Messages at or below the checkpoint are acked and skipped, so redelivery is harmless.
//!
//! Kept in one file on purpose: consuming, ordering by the event store, healing from the store and
//! poison handling are one state machine around the checkpoint row.

use async_nats::jetstream::{self, consumer::pull, AckKind};
use async_trait::async_trait;
use futures::StreamExt;
use platform::bus::BusConfig;
use platform::eventlog::EventEnvelope;
use platform::position::EventPosition;
use sqlx::{PgConnection, PgPool};
use std::sync::Arc;
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

/// Pause before looking again when a batch could not continue the checkpoint.
const GAP_WAIT: Duration = Duration::from_millis(50);

/// The schema live read models are in.
pub const LIVE_SCHEMA: &str = "rm";
pub use platform::position::PROJECTION_CHANNEL;

#[derive(Debug, Clone)]
pub struct ProjectorOptions {
    pub batch: usize,
    /// How long JetStream waits for an ack before redelivering.
    pub ack_wait: Duration,
    /// Failures of one batch in a row before the projector stops as poisoned.
    pub max_failures: u32,
    pub backoff: Duration,
    /// Longest pause between retries of a transient failure.
    pub max_backoff: Duration,
    /// How long the projector waits on JetStream for an event the store has before it reads it
    /// from the store instead (a purged or lost stream, an unpublished event).
    pub heal_after: Duration,
    /// How often a stopped projector looks for an admin's restart request.
    pub restart_poll: Duration,
}

impl Default for ProjectorOptions {
    fn default() -> Self {
        Self {
            batch: 500,
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
    async fn consumer(
        &self,
        p: &dyn Projector,
    ) -> anyhow::Result<jetstream::consumer::Consumer<pull::Config>> {
        let stream = platform::bus::ensure_stream(&self.js, &self.bus).await?;
        let config = pull::Config {
            durable_name: Some(p.name().to_owned()),
            // Unfiltered on purpose: see `Projector::apply`.
            ack_policy: jetstream::consumer::AckPolicy::Explicit,
            ack_wait: self.options.ack_wait,
            max_ack_pending: 20_000,
            deliver_policy: jetstream::consumer::DeliverPolicy::All,
            ..Default::default()
        };
        Ok(stream.get_or_create_consumer(p.name(), config).await?)
    }

    /// Runs `p` for the life of the task: transient failures (database or NATS away) are
    /// retried forever with backoff, shown as degraded meanwhile; a poison event stops it until
    /// an admin asks for a restart (`POST /api/admin/projectors/{name}/restart`).
    pub async fn supervise(&self, p: Arc<dyn Projector>) {
        let mut backoff = self.options.backoff;
        loop {
            let started = tokio::time::Instant::now();
            let e = match self.run(p.clone()).await {
                Ok(()) => return,
                Err(e) => e,
            };
            if let Some(poisoned) = e.downcast_ref::<Poisoned>() {
                tracing::error!(projector = p.name(), event = %poisoned.event, error = %poisoned.cause, "projector stopped");
                self.wait_for_restart(p.name(), &poisoned.event).await;
                backoff = self.options.backoff;
                continue;
            }
            tracing::warn!(projector = p.name(), error = %format!("{e:#}"), "projector interrupted; retrying");
            record_error(&self.pool, p.name(), &format!("{e:#}")).await;
            if started.elapsed() > self.options.max_backoff * 3 {
                backoff = self.options.backoff;
            }
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(self.options.max_backoff);
        }
    }

    /// Marks the projector stopped at `event`, then waits until an admin asks for a restart.
    async fn wait_for_restart(&self, name: &str, event: &str) {
        let mut tick = tokio::time::interval(self.options.restart_poll);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut marked = false;
        loop {
            tick.tick().await;
            if !marked {
                marked = sqlx::query(
                    "UPDATE rm.projector_checkpoints
                        SET stopped_at = clock_timestamp(), stopped_event = $2 WHERE name = $1",
                )
                .bind(name)
                .bind(event)
                .execute(&self.pool)
                .await
                .is_ok();
                continue;
            }
            let asked: Result<Option<bool>, _> = sqlx::query_scalar(
                "SELECT restart_requested_at > stopped_at FROM rm.projector_checkpoints
                  WHERE name = $1",
            )
            .bind(name)
            .fetch_one(&self.pool)
            .await;
            if let Ok(Some(true)) = asked {
                tracing::info!(projector = name, "restarting on request");
                return;
            }
        }
    }

    /// Runs until the task is dropped; returns [`Poisoned`] when an event stops the projector,
    /// or the transient error that interrupted it.
    pub async fn run(&self, p: Arc<dyn Projector>) -> anyhow::Result<()> {
        prepare(&self.pool, p.as_ref()).await?;
        // Running (again): whatever stopped it is for this run to find again.
        sqlx::query(
            "UPDATE rm.projector_checkpoints SET stopped_at = NULL, stopped_event = NULL
              WHERE name = $1",
        )
        .bind(p.name())
        .execute(&self.pool)
        .await?;
        let consumer = self.consumer(p.as_ref()).await?;
        // Failures in a row that a retry did not get past; while `isolate`, one event at a time,
        // so the one that fails is known.
        let mut failures = 0u32;
        let mut isolate = false;
        let mut stalled_since: Option<tokio::time::Instant> = None;
        loop {
            // Take what is ready; when nothing is, block on one message so an idle projector
            // reacts at once instead of waiting for a batch to fill.
            let mut batch = collect(
                consumer
                    .fetch()
                    .max_messages(self.options.batch)
                    .messages()
                    .await?,
            )
            .await?;
            if batch.is_empty() {
                batch = collect(
                    consumer
                        .batch()
                        .max_messages(1)
                        .expires(Duration::from_secs(5))
                        .messages()
                        .await?,
                )
                .await?;
                if batch.is_empty() {
                    self.heal_if_stalled(p.as_ref(), &mut stalled_since).await?;
                    continue;
                }
            }
            let envelopes: Result<Vec<EventEnvelope>, _> = batch
                .iter()
                .map(|m| serde_json::from_slice::<EventEnvelope>(&m.payload))
                .collect();
            let limit = if isolate { 1 } else { usize::MAX };
            let result = match &envelopes {
                Ok(envelopes) => self.apply_batch_limited(p.as_ref(), envelopes, limit).await,
                Err(e) => Err(anyhow::anyhow!("undecodable message: {e}")),
            };
            match result {
                Ok(handled) => {
                    let mut waiting = 0;
                    for (m, done) in batch.iter().zip(&handled) {
                        if *done {
                            m.ack().await.map_err(|e| anyhow::anyhow!(e))?;
                        } else {
                            waiting += 1;
                            // Not next in order: hand it back and take it again later.
                            let _ = m.ack_with(AckKind::Nak(None)).await;
                        }
                    }
                    if waiting == batch.len() {
                        // Nothing here could be applied: an earlier message is still out (held
                        // by a previous instance until its ack wait ends) or lost.
                        stalled_since.get_or_insert_with(tokio::time::Instant::now);
                        self.heal_if_stalled(p.as_ref(), &mut stalled_since).await?;
                        tokio::time::sleep(GAP_WAIT).await;
                    } else {
                        stalled_since = None;
                        failures = 0;
                        isolate = false;
                    }
                }
                Err(e) => {
                    // Nak without delay, so the redelivery is served before newer messages,
                    // and back off here instead.
                    for m in &batch {
                        let _ = m.ack_with(AckKind::Nak(None)).await;
                    }
                    if is_transient(&e) {
                        return Err(e);
                    }
                    tracing::warn!(projector = p.name(), failures, error = %format!("{e:#}"), "projection failed");
                    record_error(&self.pool, p.name(), &format!("{e:#}")).await;
                    if !isolate {
                        // Find the event: retry one at a time from the checkpoint.
                        isolate = true;
                        continue;
                    }
                    failures += 1;
                    if failures >= self.options.max_failures {
                        let cp = checkpoint(&self.pool, p.name()).await?;
                        let event = envelopes
                            .iter()
                            .flatten()
                            .filter(|e| e.event_position() > cp)
                            .min_by_key(|e| e.event_position())
                            .map_or_else(|| "an undecodable message".to_owned(), describe);
                        return Err(anyhow::Error::new(Poisoned {
                            projector: p.name(),
                            event,
                            cause: format!("{e:#}"),
                        }));
                    }
                    tokio::time::sleep(self.options.backoff * 2u32.pow(failures.min(6))).await;
                }
            }
        }
    }

    /// When the projector has waited on JetStream for `heal_after` while the event store holds
    /// final events past its checkpoint (a purged or lost stream, a relay that is behind), it
    /// applies them from the store; the messages, if they ever come, are then skipped.
    async fn heal_if_stalled(
        &self,
        p: &dyn Projector,
        stalled_since: &mut Option<tokio::time::Instant>,
    ) -> anyhow::Result<()> {
        let since = *stalled_since.get_or_insert_with(tokio::time::Instant::now);
        if since.elapsed() < self.options.heal_after {
            return Ok(());
        }
        let mut healed = 0usize;
        loop {
            let cp = checkpoint(&self.pool, p.name()).await?;
            let missing = platform::eventlog::read_after(
                &self.pool,
                cp,
                i64::try_from(self.options.batch).unwrap_or(500),
            )
            .await?;
            if missing.is_empty() {
                break;
            }
            let handled = self.apply_batch(p, &missing).await?;
            let applied = handled.iter().filter(|d| **d).count();
            healed += applied;
            if applied == 0 {
                break;
            }
        }
        if healed > 0 {
            tracing::warn!(
                projector = p.name(),
                events = healed,
                "JetStream lacked events the store has: applied them from the store"
            );
        }
        *stalled_since = Some(tokio::time::Instant::now());
        Ok(())
    }

    /// Applies, in one transaction with the checkpoint, the events of `events` that continue the
    /// checkpoint without a gap, and says for each event whether it is done (applied, or at or
    /// below the checkpoint). JetStream redelivers a dead consumer's unacknowledged messages
    /// only after its ack wait, possibly after newer ones: the event store, not arrival order,
    /// decides what comes next.
    pub async fn apply_batch(
        &self,
        p: &dyn Projector,
        events: &[EventEnvelope],
    ) -> anyhow::Result<Vec<bool>> {
        self.apply_batch_limited(p, events, usize::MAX).await
    }

    /// [`Self::apply_batch`], applying at most `limit` events.
    pub async fn apply_batch_limited(
        &self,
        p: &dyn Projector,
        events: &[EventEnvelope],
        limit: usize,
    ) -> anyhow::Result<Vec<bool>> {
        let mut tx = self.pool.begin().await?;
        // The row lock also orders us against a replay swapping tables in.
        let (cp_tx, cp_pos): (i64, i64) = sqlx::query_as(
            "SELECT tx_id, position FROM rm.projector_checkpoints WHERE name = $1 FOR UPDATE",
        )
        .bind(p.name())
        .fetch_one(&mut *tx)
        .await?;
        let cp = EventPosition::new(cp_tx, cp_pos);
        let mut fresh: Vec<&EventEnvelope> =
            events.iter().filter(|e| e.event_position() > cp).collect();
        fresh.sort_by_key(|e| e.event_position());
        fresh.dedup_by_key(|e| e.event_position());
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
            .iter()
            .zip(&expected)
            .take_while(|(e, (t, pos))| e.event_position() == EventPosition::new(*t, *pos))
            .count()
            .min(limit);
        let apply: Vec<EventEnvelope> = fresh[..contiguous].iter().map(|e| (*e).clone()).collect();
        let done_to = apply.last().map_or(cp, EventEnvelope::event_position);
        let handled = events
            .iter()
            .map(|e| e.event_position() <= done_to)
            .collect();
        if apply.is_empty() {
            return Ok(handled);
        }
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
        Ok(handled)
    }
}

async fn collect<S, E>(mut messages: S) -> anyhow::Result<Vec<jetstream::Message>>
where
    S: futures::Stream<Item = Result<jetstream::Message, E>> + Unpin,
    E: std::fmt::Display,
{
    let mut out = Vec::new();
    while let Some(m) = messages.next().await {
        out.push(m.map_err(|e| anyhow::anyhow!("fetching messages: {e}"))?);
    }
    Ok(out)
}

async fn record_error(pool: &PgPool, name: &str, error: &str) {
    let error: String = error.chars().take(2000).collect();
    if let Err(e) = sqlx::query(
        "UPDATE rm.projector_checkpoints SET last_error = $2, last_error_at = now() WHERE name = $1",
    )
    .bind(name)
    .bind(error)
    .execute(pool)
    .await
    {
        tracing::warn!(projector = name, error = ?e, "could not record projector error");
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
