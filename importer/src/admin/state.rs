//! What the Import tab's calls share: the state, the size cap and their answers' helpers.

use axum::extract::FromRef;
use axum::http::header;
use axum::response::Response;
use command_api::Commands;
use platform::http::ApiError;
use platform::storage::Storage;
use sqlx::PgPool;
use std::sync::Arc;

/// The largest file the browser may upload.
pub const MAX_IMPORT_BYTES: usize = 100 * 1024 * 1024;

#[derive(Clone)]
pub struct ImportState {
    pub commands: Commands,
    pub storage: Arc<Storage>,
    /// One dry run or import at a time: each is a long run of commands.
    pub running: Arc<tokio::sync::Semaphore>,
}

impl ImportState {
    pub fn new(commands: Commands, storage: Arc<Storage>) -> Self {
        Self {
            commands,
            storage,
            running: Arc::new(tokio::sync::Semaphore::new(1)),
        }
    }
}

impl FromRef<ImportState> for PgPool {
    fn from_ref(s: &ImportState) -> PgPool {
        s.commands.pool().clone()
    }
}

pub(super) fn unreadable(e: impl std::fmt::Display) -> ApiError {
    ApiError::validation("file", e.to_string())
}

pub(super) fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("{e}"))
}

pub(super) fn no_store(mut r: Response) -> Response {
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    r
}
