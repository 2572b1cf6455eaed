//! PostgreSQL pool and migrations.

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{ConnectOptions, PgPool};
use std::str::FromStr;
use std::time::Duration;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Opens a pool. Statement logging is off: request values must not reach the logs.
pub async fn connect(url: &str, max_connections: u32) -> Result<PgPool, sqlx::Error> {
    let options = PgConnectOptions::from_str(url)?
        .application_name("plinth")
        .disable_statement_logging();
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(options)
        .await
}

pub async fn migrate(pool: &PgPool) -> Result<(), sqlx::migrate::MigrateError> {
    MIGRATOR.run(pool).await
}

/// `name`, read from `column`, as the domain enum `parse` makes of it; a name the enum does not
/// know is a decode error naming the column.
pub fn enum_value<T>(
    column: &str,
    name: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<T, sqlx::Error> {
    parse(name).ok_or_else(|| sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: format!("unknown value {name:?}").into(),
    })
}

/// [`enum_value`] for a nullable column.
pub fn optional_enum_value<T>(
    column: &str,
    name: Option<String>,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, sqlx::Error> {
    name.map(|n| enum_value(column, &n, parse)).transpose()
}

/// An exclusive right to a named decision across every process of the deployment, held until
/// dropped: a transaction holding `pg_advisory_xact_lock`, so the lock goes with the
/// transaction's end however the holder ends (a dropped future's transaction is rolled back).
/// For rules that span aggregates (the last admin, a merge of two artworks), which no single
/// aggregate's optimistic lock can protect.
pub struct Exclusive {
    _held: sqlx::Transaction<'static, sqlx::Postgres>,
}

impl Exclusive {
    /// Waits for and takes the lock named `name`.
    pub async fn take(pool: &PgPool, name: &str) -> Result<Self, sqlx::Error> {
        let mut tx = pool.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 11))")
            .bind(name)
            .execute(&mut *tx)
            .await?;
        Ok(Self { _held: tx })
    }

    /// Takes the lock named `name` if nobody holds it; `None` at once otherwise.
    pub async fn try_take(pool: &PgPool, name: &str) -> Result<Option<Self>, sqlx::Error> {
        let mut tx = pool.begin().await?;
        let taken: bool =
            sqlx::query_scalar("SELECT pg_try_advisory_xact_lock(hashtextextended($1, 11))")
                .bind(name)
                .fetch_one(&mut *tx)
                .await?;
        Ok(taken.then_some(Self { _held: tx }))
    }
}

/// Stripes of the in-process queues of [`queued`].
const QUEUES: usize = 64;

static QUEUE_STRIPES: std::sync::LazyLock<Vec<tokio::sync::Mutex<()>>> =
    std::sync::LazyLock::new(|| (0..QUEUES).map(|_| tokio::sync::Mutex::new(())).collect());

/// Waits in this process's queue for `key` (one of [`QUEUES`] stripes) before the caller waits
/// on a database lock of that key: a burst on one key then waits here holding nothing, instead
/// of each request holding a pool connection while the database lock serialises them (which
/// starves the pool: "pool timed out"). Hold the guard until the database lock is released.
pub async fn queued(key: &str) -> tokio::sync::MutexGuard<'static, ()> {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    let hash = BuildHasherDefault::<DefaultHasher>::default().hash_one(key);
    QUEUE_STRIPES[(hash % QUEUES as u64) as usize].lock().await
}

/// Whether the database answers.
pub async fn ping(pool: &PgPool) -> Result<(), sqlx::Error> {
    sqlx::query_scalar!(r#"SELECT 1 AS "one!""#)
        .fetch_one(pool)
        .await
        .map(drop)
}

/// A transaction holding the relay back.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct OpenTransaction {
    /// Its server process, for `pg_terminate_backend` when it must go.
    pub pid: i32,
    pub age_secs: f64,
    /// `active`, `idle in transaction`, …
    pub state: Option<String>,
}

/// The oldest transaction in this database holding a transaction id, if it is at least
/// `min_age_secs` old (none when the database does not answer).
pub async fn oldest_open_transaction(pool: &PgPool, min_age_secs: f64) -> Option<OpenTransaction> {
    sqlx::query_as!(
        OpenTransaction,
        r#"SELECT pid AS "pid!", extract(epoch FROM clock_timestamp() - xact_start)::float8 AS "age_secs!",
                  state
             FROM pg_stat_activity
            WHERE datname = current_database()
              AND backend_xid IS NOT NULL AND xact_start IS NOT NULL
            ORDER BY xact_start LIMIT 1"#
    )
    .fetch_optional(pool)
    .await
    .ok()
    .flatten()
    .filter(|t| t.age_secs >= min_age_secs)
}
