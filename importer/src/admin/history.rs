//! The import runs recorded so far (`GET /api/admin/imports`), from the event store, newest
//! first, a page at a time.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use platform::eventlog::{self, ImportRunRow};
use platform::http::{ok, ApiError, Envelope, Query};
use platform::identity::Admin;
use platform::position::EventPosition;
use serde::{Deserialize, Serialize};
use sqlx::types::chrono::{DateTime, Utc};

use uuid::Uuid;

use super::state::{internal, no_store, ImportState};

/* ---- Earlier runs ---- */

/// Runs listed per page by default, and at most.
const RUNS_LIMIT: i64 = 20;

const MAX_RUNS_LIMIT: i64 = 100;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct RunsQuery {
    /// 1 to 100 (default 20).
    pub limit: Option<String>,
    /// The page after: the `next` of the page before (`<tx>-<pos>`).
    pub before: Option<String>,
}

/// One recorded import run.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportRunDto {
    /// The `ImportRun`'s id (give it as `previous_run` to read a newer file with its mapping).
    pub run_id: Uuid,
    pub recorded_at: DateTime<Utc>,
    /// Who ran it, as people are shown; null for the command line.
    pub run_by: Option<String>,
    /// The file's name (no directory).
    pub file: String,
    /// The dataset's key.
    pub dataset: String,
    pub dataset_name: String,
    pub licence: String,
    pub attribution: String,
    pub source_url: String,
    pub records_read: u64,
    pub artworks_new: u64,
    /// New records that were artworks Plinth had from elsewhere, linked to them.
    pub artworks_linked: u64,
    pub artworks_changed: u64,
    pub artworks_unchanged: u64,
    pub artists_new: u64,
    pub artists_unchanged: u64,
    /// Artists Plinth had from another source or a contributor, credited instead of made again.
    pub artists_linked: u64,
    pub rejected: u64,
    pub likely_duplicates: u64,
    /// Artworks of the dataset the file no longer had.
    pub gone: u64,
    /// Whether the run's mapping is stored (none for a built-in dataset).
    pub has_mapping: bool,
}

/// A page of recorded import runs, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportRunPage {
    pub runs: Vec<ImportRunDto>,
    pub limit: i64,
    /// `before` for the next page; null on the last.
    pub next: Option<String>,
}

impl ImportRunDto {
    fn of(row: ImportRunRow, names: &projectors::accounts::read::Names) -> Result<Self, ApiError> {
        let run_by = row
            .actor_id
            .as_deref()
            .and_then(|a| Uuid::parse_str(a).ok())
            .map(|a| names.name(a));
        let run_id = Uuid::parse_str(&row.id).map_err(|e| {
            internal(format!(
                "import run {:?} has no UUID for an id: {e}",
                row.id
            ))
        })?;
        let r = row.record;
        Ok(Self {
            run_id,
            recorded_at: row.recorded_at,
            run_by,
            file: r.file,
            dataset: r.dataset,
            dataset_name: r.dataset_name,
            licence: r.licence,
            attribution: r.attribution,
            source_url: r.source_url,
            records_read: r.records_read,
            artworks_new: r.artworks_new,
            artworks_linked: r.artworks_linked,
            artworks_changed: r.artworks_changed,
            artworks_unchanged: r.artworks_unchanged,
            artists_new: r.artists_new,
            artists_unchanged: r.artists_unchanged,
            artists_linked: r.artists_linked,
            rejected: r.rejected,
            likely_duplicates: r.likely_duplicates,
            gone: r.gone,
            has_mapping: r.mapping.is_some(),
        })
    }
}

fn runs_limit(raw: Option<&str>) -> Result<i64, ApiError> {
    let Some(raw) = raw.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(RUNS_LIMIT);
    };
    raw.parse::<i64>()
        .ok()
        .filter(|n| (1..=MAX_RUNS_LIMIT).contains(n))
        .ok_or_else(|| ApiError::validation("limit", "limit must be a whole number from 1 to 100"))
}

fn runs_before(raw: Option<&str>) -> Result<Option<EventPosition>, ApiError> {
    raw.map(str::trim)
        .filter(|v| !v.is_empty())
        .map(|v| {
            v.parse::<EventPosition>()
                .map_err(|e| ApiError::validation("before", e.to_string()))
        })
        .transpose()
}

/// `GET /api/admin/imports?limit&before`: the import runs recorded so far, newest first, each
/// with its source, its counts and whether its mapping is kept (admins).
#[utoipa::path(get, path = "/api/admin/imports", tag = "admin",
    params(RunsQuery),
    responses(
        (status = 200, description = "A page of runs, newest first", body = Envelope<ImportRunPage>),
        (status = 400, description = "A limit or a cursor that cannot be read", body = platform::http::ErrorBody),
        Admin))]
pub async fn list_runs(
    State(s): State<ImportState>,
    Admin(_caller): Admin,
    Query(q): Query<RunsQuery>,
) -> Result<Response, ApiError> {
    let limit = runs_limit(q.limit.as_deref())?;
    let before = runs_before(q.before.as_deref())?;
    let pool = s.commands.pool();
    let mut rows = eventlog::import_runs(pool, before, limit + 1)
        .await
        .map_err(internal)?;
    let next = if rows.len() > usize::try_from(limit).unwrap_or(usize::MAX) {
        rows.truncate(rows.len() - 1);
        rows.last().map(|r| r.position.to_string())
    } else {
        None
    };
    let ids: Vec<Uuid> = rows
        .iter()
        .filter_map(|r| Uuid::parse_str(r.actor_id.as_deref()?).ok())
        .collect();
    let names = projectors::accounts::read::Names::of(pool, &ids)
        .await
        .map_err(internal)?;
    let runs = rows
        .into_iter()
        .map(|r| ImportRunDto::of(r, &names))
        .collect::<Result<_, _>>()?;
    Ok(no_store(
        ok(ImportRunPage { runs, limit, next }).into_response(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_runs_limit_and_cursor_are_read_or_refused() {
        assert_eq!(runs_limit(None).ok(), Some(RUNS_LIMIT));
        assert_eq!(runs_limit(Some("100")).ok(), Some(100));
        assert!(runs_limit(Some("101")).is_err());
        assert!(runs_limit(Some("0")).is_err());
        assert_eq!(
            runs_before(Some("12-34")).ok(),
            Some(Some(EventPosition::new(12, 34)))
        );
        assert!(runs_before(Some("x")).is_err());
        assert_eq!(runs_before(Some(" ")).ok(), Some(None));
    }
}
