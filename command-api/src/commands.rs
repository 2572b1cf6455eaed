//! Executing commands: one cqrs-es framework per aggregate over the Postgres event store. Each
//! call answers with the position of the aggregate's last event, for `X-Event-Position`.

use cqrs_es::persist::PersistedEventStore;
use cqrs_es::{Aggregate, AggregateError};
use domain::{
    Account, AccountCommand, Artist, ArtistCommand, Artwork, ArtworkCommand, EventMetadata,
    Submission, SubmissionCommand,
};
use platform::eventlog;
use platform::http::ApiError;
use platform::position::EventPosition;
use postgres_es::{PostgresCqrs, PostgresEventRepository};
use sqlx::PgPool;
use std::sync::Arc;

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

impl<E: std::error::Error> From<AggregateError<E>> for CommandError<E> {
    fn from(e: AggregateError<E>) -> Self {
        match e {
            AggregateError::UserError(e) => CommandError::Rejected(e),
            AggregateError::AggregateConflict => CommandError::Conflict,
            other => CommandError::Store(other.to_string()),
        }
    }
}

impl<E: std::error::Error> From<CommandError<E>> for ApiError {
    fn from(e: CommandError<E>) -> Self {
        match e {
            CommandError::Rejected(e) => ApiError::Validation {
                message: e.to_string(),
                field: None,
            },
            CommandError::Conflict => ApiError::Conflict(e.to_string()),
            CommandError::Store(s) => ApiError::Internal(anyhow::anyhow!(s)),
        }
    }
}

fn framework<A: Aggregate<Services = ()>>(pool: &PgPool) -> PostgresCqrs<A> {
    let repo =
        PostgresEventRepository::new(pool.clone()).with_tables(EVENTS_TABLE, SNAPSHOTS_TABLE);
    cqrs_es::CqrsFramework::new(PersistedEventStore::new_event_store(repo), vec![], ())
}

#[derive(Clone)]
pub struct Commands {
    pool: PgPool,
    artworks: Arc<PostgresCqrs<Artwork>>,
    artists: Arc<PostgresCqrs<Artist>>,
    accounts: Arc<PostgresCqrs<Account>>,
    submissions: Arc<PostgresCqrs<Submission>>,
}

impl Commands {
    pub fn new(pool: PgPool) -> Self {
        Self {
            artworks: Arc::new(framework(&pool)),
            artists: Arc::new(framework(&pool)),
            accounts: Arc::new(framework(&pool)),
            submissions: Arc::new(framework(&pool)),
            pool,
        }
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    async fn position_of<A: Aggregate, E: std::error::Error>(
        &self,
        id: &str,
    ) -> Result<Option<EventPosition>, CommandError<E>> {
        eventlog::last_position_of(&self.pool, A::TYPE, id)
            .await
            .map_err(|e| CommandError::Store(e.to_string()))
    }

    #[tracing::instrument(skip(self, command, metadata), fields(artwork.id = %id))]
    pub async fn artwork(
        &self,
        id: &str,
        command: ArtworkCommand,
        metadata: &EventMetadata,
    ) -> Result<Option<EventPosition>, CommandError<domain::ArtworkError>> {
        self.artworks
            .execute_with_metadata(id, command, metadata.to_map())
            .await?;
        self.position_of::<Artwork, _>(id).await
    }

    #[tracing::instrument(skip(self, command, metadata), fields(artist.id = %id))]
    pub async fn artist(
        &self,
        id: &str,
        command: ArtistCommand,
        metadata: &EventMetadata,
    ) -> Result<Option<EventPosition>, CommandError<domain::ArtistError>> {
        self.artists
            .execute_with_metadata(id, command, metadata.to_map())
            .await?;
        self.position_of::<Artist, _>(id).await
    }

    #[tracing::instrument(skip(self, command, metadata), fields(account.id = %id))]
    pub async fn account(
        &self,
        id: &str,
        command: AccountCommand,
        metadata: &EventMetadata,
    ) -> Result<Option<EventPosition>, CommandError<domain::AccountError>> {
        self.accounts
            .execute_with_metadata(id, command, metadata.to_map())
            .await?;
        self.position_of::<Account, _>(id).await
    }

    #[tracing::instrument(skip(self, command, metadata), fields(submission.id = %id))]
    pub async fn submission(
        &self,
        id: &str,
        command: SubmissionCommand,
        metadata: &EventMetadata,
    ) -> Result<Option<EventPosition>, CommandError<domain::SubmissionError>> {
        self.submissions
            .execute_with_metadata(id, command, metadata.to_map())
            .await?;
        self.position_of::<Submission, _>(id).await
    }

    /// An aggregate's current state and last sequence, folded from its stored events; `None`
    /// when it has none.
    pub async fn load<A: Aggregate>(&self, id: &str) -> anyhow::Result<Option<(A, i64)>> {
        let rows: Vec<(i64, serde_json::Value)> = sqlx::query_as(&format!(
            "SELECT sequence, payload FROM {EVENTS_TABLE}
              WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence"
        ))
        .bind(A::TYPE)
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let Some(last) = rows.last().map(|r| r.0) else {
            return Ok(None);
        };
        let mut aggregate = A::default();
        for (_, payload) in rows {
            aggregate.apply(serde_json::from_value(payload)?);
        }
        Ok(Some((aggregate, last)))
    }
}
