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
