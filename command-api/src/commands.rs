//! Executing commands: a cqrs-es framework for the command's aggregate type over the Postgres
//! event store. Each call answers with the position of the aggregate's last event, for
//! `X-Event-Position`.
//!
//! The aggregates whose streams grow without bound by toggling (a list's add/remove, an
//! account's preferences) are loaded from a snapshot in `es.snapshots`, written every
//! [`SNAPSHOT_EVERY`] events, plus the events after it, so no command replays thousands of
//! events. A snapshot is the aggregate's serde form: a change to `List`'s or `Account`'s fields
//! must keep old snapshots readable (both are `#[serde(default)]`, so an added field is), or
//! delete that type's rows from `es.snapshots` in its migration — cqrs-es answers a snapshot it
//! cannot read with a conflict at the next snapshot.

use std::future::Future;

use cqrs_es::event_sink::EventSink;
use cqrs_es::persist::PersistedEventStore;
use cqrs_es::{Aggregate, AggregateError, DomainEvent, EventStore};
use domain::{Account, EventMetadata, List};
use platform::eventlog;
use platform::position::EventPosition;
use postgres_es::{PostgresCqrs, PostgresEventRepository};
use sqlx::PgPool;

pub const EVENTS_TABLE: &str = "es.events";
pub const SNAPSHOTS_TABLE: &str = "es.snapshots";

#[derive(Debug, thiserror::Error)]
pub enum CommandError<E: std::error::Error> {
    /// A business rule refused the command.
    #[error(transparent)]
    Rejected(E),
    /// Another writer changed the aggregate first; nothing was written.
    #[error("the record was changed by someone else; reload and try again")]
    Conflict,
    #[error("event store failure: {0}")]
    Store(String),
}

/// `From<sqlx::Error>` for use case errors whose `Store(anyhow::Error)` variant holds what the
/// database failed with, so `?` reads straight through a query.
macro_rules! sqlx_is_store {
    ($($error:ident),+) => {$(
        impl From<sqlx::Error> for $error {
            fn from(e: sqlx::Error) -> Self {
                Self::Store(e.into())
            }
        }
    )+};
}
pub(crate) use sqlx_is_store;

/// `From<CommandError<$rule>>` for a use case error that keeps the aggregate's refusal as
/// `Rule`, a write that met another as `Conflict` and a store failure as `Store`.
macro_rules! command_error_into {
    ($error:ident: $rule:ty) => {
        impl From<crate::commands::CommandError<$rule>> for $error {
            fn from(e: crate::commands::CommandError<$rule>) -> Self {
                match e {
                    crate::commands::CommandError::Rejected(e) => Self::Rule(e),
                    crate::commands::CommandError::Conflict => Self::Conflict,
                    crate::commands::CommandError::Store(s) => Self::Store(anyhow::anyhow!(s)),
                }
            }
        }
    };
}
pub(crate) use command_error_into;

impl<E: std::error::Error> From<AggregateError<E>> for CommandError<E> {
    fn from(e: AggregateError<E>) -> Self {
        match e {
            AggregateError::UserError(e) => CommandError::Rejected(e),
            AggregateError::AggregateConflict => CommandError::Conflict,
            other => CommandError::Store(other.to_string()),
        }
    }
}

fn repository(pool: &PgPool) -> PostgresEventRepository {
    PostgresEventRepository::new(pool.clone()).with_tables(EVENTS_TABLE, SNAPSHOTS_TABLE)
}

/// Events between two snapshots of a [`snapshotted`] aggregate: a command on one replays at most
/// this many events after loading its snapshot.
pub const SNAPSHOT_EVERY: usize = 100;

/// Whether aggregates of type `A` are loaded from snapshots.
pub fn snapshotted<A: Aggregate>() -> bool {
    [List::TYPE, Account::TYPE].contains(&A::TYPE)
}

fn store<A: Aggregate>(pool: &PgPool) -> PersistedEventStore<PostgresEventRepository, A> {
    if snapshotted::<A>() {
        PersistedEventStore::new_snapshot_store(repository(pool), SNAPSHOT_EVERY)
    } else {
        PersistedEventStore::new_event_store(repository(pool))
    }
}

fn framework<A: Aggregate<Services = ()>>(pool: &PgPool) -> PostgresCqrs<A> {
    cqrs_es::CqrsFramework::new(store(pool), vec![], ())
}

/// What [`Commands::decide`] did: the aggregate's state after the new events, and the
/// sequence of its last event.
#[derive(Debug)]
pub struct Decision<A> {
    pub state: A,
    pub sequence: i64,
}

/// Executes commands on every aggregate type over one pool: a command's aggregate is loaded
/// (from a snapshot where [`snapshotted`]), has it decide, and its events are committed.
#[derive(Clone)]
pub struct Commands {
    pool: PgPool,
}

impl Commands {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Loads aggregate `id` once, lets `choose` pick the command from its state (or refuse
    /// with the use case's own error), has the aggregate handle it and commits what it emitted.
    /// The state after those events comes back, so the caller needs no second load; the
    /// aggregate's own rules (already decided, not the author …) are applied by `handle` alone.
    pub async fn decide<A, X, F, Fut>(
        &self,
        id: &str,
        metadata: &EventMetadata,
        choose: F,
    ) -> Result<Decision<A>, X>
    where
        A: Aggregate<Services = ()> + Clone,
        X: From<CommandError<A::Error>>,
        F: FnOnce(A) -> Fut,
        Fut: Future<Output = Result<(A, A::Command), X>>,
    {
        let store = store::<A>(&self.pool);
        let mut context = store.load_aggregate(id).await.map_err(CommandError::from)?;
        let (state, command) = choose(std::mem::take(&mut context.aggregate)).await?;
        context.aggregate = state;
        let sink = EventSink::default();
        context
            .aggregate
            .handle(command, &(), &sink)
            .await
            .map_err(CommandError::Rejected)?;
        let events = sink.collect().await;
        let state = context.aggregate.clone();
        let sequence = context.current_sequence + events.len();
        store
            .commit(events, context, metadata.to_map())
            .await
            .map_err(CommandError::from)?;
        Ok(Decision {
            state,
            sequence: i64::try_from(sequence).unwrap_or(i64::MAX),
        })
    }

    /// Has a new aggregate `id` handle `command` and writes its events in `tx`, which the caller
    /// commits: a creation decided in one transaction with what the caller read under a lock
    /// there (a cap on how many one person has, say). The rows are the ones cqrs-es writes;
    /// an `id` that already has events is a conflict.
    pub async fn create_in<A>(
        tx: &mut sqlx::PgConnection,
        id: &str,
        command: A::Command,
        metadata: &EventMetadata,
    ) -> Result<(), CommandError<A::Error>>
    where
        A: Aggregate<Services = ()>,
    {
        let mut aggregate = A::default();
        let sink = EventSink::default();
        aggregate
            .handle(command, &(), &sink)
            .await
            .map_err(CommandError::Rejected)?;
        let store_error = |e: &dyn std::fmt::Display| CommandError::Store(e.to_string());
        let meta = serde_json::to_value(metadata.to_map()).map_err(|e| store_error(&e))?;
        for (sequence, event) in (1_i64..).zip(sink.collect().await) {
            let payload = serde_json::to_value(&event).map_err(|e| store_error(&e))?;
            let written = sqlx::query(&format!(
                "INSERT INTO {EVENTS_TABLE} (aggregate_type, aggregate_id, sequence, event_type, \
                 event_version, payload, metadata) VALUES ($1, $2, $3, $4, $5, $6, $7)"
            ))
            .bind(A::TYPE)
            .bind(id)
            .bind(sequence)
            .bind(event.event_type())
            .bind(event.event_version())
            .bind(payload)
            .bind(&meta)
            .execute(&mut *tx)
            .await;
            match written {
                Ok(_) => {}
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    return Err(CommandError::Conflict)
                }
                Err(e) => return Err(store_error(&e)),
            }
        }
        Ok(())
    }

    /// Aggregate `id` as its events make it (the default state when it has none), and the
    /// sequence of its last event.
    pub async fn state<A>(&self, id: &str) -> Result<(A, i64), CommandError<A::Error>>
    where
        A: Aggregate<Services = ()>,
    {
        let store = store::<A>(&self.pool);
        let context = store.load_aggregate(id).await?;
        let sequence = i64::try_from(context.current_sequence).unwrap_or(i64::MAX);
        Ok((context.aggregate, sequence))
    }

    /// The position of aggregate `id`'s last event, for `X-Event-Position`.
    pub async fn position<A: Aggregate>(&self, id: &str) -> anyhow::Result<Option<EventPosition>> {
        Ok(eventlog::last_position_of(&self.pool, A::TYPE, id).await?)
    }

    async fn position_of<A: Aggregate, E: std::error::Error>(
        &self,
        id: &str,
    ) -> Result<Option<EventPosition>, CommandError<E>> {
        eventlog::last_position_of(&self.pool, A::TYPE, id)
            .await
            .map_err(|e| CommandError::Store(e.to_string()))
    }

    /// Has aggregate `id` of type `A` handle `command` and writes the events it decided; answers
    /// with the position of its last event.
    #[tracing::instrument(skip(self, command, metadata), fields(aggregate.kind = A::TYPE, aggregate.id = %id))]
    pub async fn execute<A: Aggregate<Services = ()>>(
        &self,
        id: &str,
        command: A::Command,
        metadata: &EventMetadata,
    ) -> Result<Option<EventPosition>, CommandError<A::Error>> {
        self.execute_unanswered::<A>(id, command, metadata).await?;
        self.position_of::<A, _>(id).await
    }

    /// As [`Commands::execute`], without reading the position back: for a caller that answers
    /// with a later event's position.
    pub async fn execute_unanswered<A: Aggregate<Services = ()>>(
        &self,
        id: &str,
        command: A::Command,
        metadata: &EventMetadata,
    ) -> Result<(), CommandError<A::Error>> {
        framework::<A>(&self.pool)
            .execute_with_metadata(id, command, metadata.to_map())
            .await?;
        Ok(())
    }
}
