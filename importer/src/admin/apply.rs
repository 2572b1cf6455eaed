//! A dry run or the import of an upload with the mapping as the admin edited it, answered as
//! a stream of progress lines ending with the report.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use command_api::routes::Body;
use platform::http::{ApiError, PathId};
use platform::identity::Admin;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use uuid::Uuid;

use super::state::{internal, no_store, unreadable, ImportState};
use super::upload::{stored, temporary_copy, UploadMeta};
use crate::mapping::Mapping;
use crate::run::{import_parsed, read_mapped, FileReport, ImportOptions, Progress};

/// Outcomes a report lists (rejects and likely duplicates first).
const MAX_OUTCOMES: usize = 5_000;

/// A dry run's or an import's body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ImportRequest {
    pub mapping: Mapping,
}

/// One record's outcome.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OutcomeDto {
    pub source_id: String,
    pub title: String,
    /// `new`, `linked`, `changed`, `unchanged` or `rejected`.
    pub outcome: String,
    /// Why it was rejected, or what artwork a new one is or likely is.
    pub reason: String,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
}

/// What a dry run would do, or what an import did.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportReportDto {
    pub file: String,
    pub dataset: String,
    pub dry_run: bool,
    pub records_read: usize,
    pub artworks_new: usize,
    /// New records that were artworks Plinth had from elsewhere: linked to them, not added.
    pub artworks_linked: usize,
    pub artworks_changed: usize,
    pub artworks_unchanged: usize,
    pub artists_new: usize,
    pub artists_unchanged: usize,
    /// Artists Plinth had from another source or a contributor, credited instead of made again.
    pub artists_linked: usize,
    pub rejected: usize,
    pub rejects_by_reason: BTreeMap<String, usize>,
    pub likely_duplicates: usize,
    /// Source ids of the dataset's artworks the file no longer has (put to the moderators).
    pub gone: Vec<String>,
    pub dropped_tags: usize,
    /// Rejected and likely duplicate records first, then the rest, at most 5,000.
    pub outcomes: Vec<OutcomeDto>,
    pub outcomes_total: usize,
    /// The `ImportRun` recording the import (none for a dry run).
    pub run_id: Option<Uuid>,
}

impl ImportReportDto {
    fn of(r: &FileReport, dry_run: bool) -> Self {
        let mut outcomes: Vec<&crate::run::Outcome> = r.outcomes.iter().collect();
        // Rejects, then likely duplicates, then the rest; each in file order.
        outcomes.sort_by_key(|o| match (o.outcome, o.reason.is_empty()) {
            ("rejected", _) => 0,
            (_, false) => 1,
            _ => 2,
        });
        let file = Path::new(&r.file)
            .file_name()
            .map_or_else(|| r.file.clone(), |n| n.to_string_lossy().into_owned());
        Self {
            file,
            dataset: r.dataset.clone(),
            dry_run,
            records_read: r.records_read,
            artworks_new: r.artworks_created,
            artworks_linked: r.artworks_linked,
            artworks_changed: r.artworks_changed,
            artworks_unchanged: r.artworks_unchanged,
            artists_new: r.artists_created,
            artists_unchanged: r.artists_unchanged,
            artists_linked: r.artists_linked,
            rejected: r.rejected,
            rejects_by_reason: r.rejects_by_reason(),
            likely_duplicates: r.likely_duplicates,
            gone: r.gone.iter().take(MAX_OUTCOMES).cloned().collect(),
            dropped_tags: r.tags_dropped,
            outcomes_total: r.outcomes_total,
            outcomes: outcomes
                .into_iter()
                .take(MAX_OUTCOMES)
                .map(|o| OutcomeDto {
                    source_id: o.source_id.clone(),
                    title: o.title.clone(),
                    outcome: o.outcome.to_owned(),
                    reason: o.reason.clone(),
                    lat: o.point.map(|p| p.0),
                    lon: o.point.map(|p| p.1),
                })
                .collect(),
            run_id: r.run_id,
        }
    }
}

/// One line of a dry run's or an import's answer (`application/x-ndjson`): progress lines, then
/// the report or an error.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ImportLine {
    Progress {
        /// What is being sent, e.g. "montreal artworks".
        step: String,
        done: usize,
        total: usize,
    },
    Report(Box<ImportReportDto>),
    Error {
        message: String,
    },
}

/// What a dry run and an import answer.
#[derive(utoipa::IntoResponses)]
#[expect(dead_code, reason = "only the OpenAPI document reads it")]
enum RunAnswers {
    /// Progress lines, then the report (or an error), one JSON object per line.
    #[response(status = 200, content_type = "application/x-ndjson")]
    Lines(ImportLine),
    /// A mapping that cannot be used (the message says why).
    #[response(status = 400)]
    Refused(platform::http::ErrorBody),
    /// Not signed in.
    #[response(status = 401)]
    Anonymous(platform::http::ErrorBody),
    /// Not an admin.
    #[response(status = 403)]
    NotAdmin(platform::http::ErrorBody),
    /// No such upload.
    #[response(status = 404)]
    NoUpload(platform::http::ErrorBody),
    /// Another dry run or import is running.
    #[response(status = 409)]
    Busy(platform::http::ErrorBody),
}

/// A route that runs the upload `{id}` with the mapping of its body through [`run`]: the same
/// guard, body and answers, and only whether it writes told apart.
macro_rules! run_route {
    ($(#[doc = $doc:tt])* $name:ident, $path:tt, dry_run: $dry_run:literal) => {
        $(#[doc = $doc])*
        #[utoipa::path(post, path = $path, tag = "admin",
            params(("id" = Uuid, Path, description = "The upload's id")),
            request_body = ImportRequest,
            responses(RunAnswers))]
        pub async fn $name(
            State(s): State<ImportState>,
            Admin(caller): Admin,
            PathId(id): PathId,
            Body(body): Body<ImportRequest>,
        ) -> Result<Response, ApiError> {
            run(s, caller, id, body.mapping, $dry_run).await
        }
    };
}

run_route! {
    /// `POST /api/admin/imports/{id}/dry-run`: what importing the upload with `mapping` would do,
    /// writing nothing; progress lines, then the report.
    dry_run, "/api/admin/imports/{id}/dry-run", dry_run: true
}

run_route! {
    /// `POST /api/admin/imports/{id}/apply`: imports the upload with `mapping` through the
    /// aggregates' commands and records the run; progress lines, then the report. The import goes
    /// on to its end if the browser goes away.
    apply, "/api/admin/imports/{id}/apply", dry_run: false
}

async fn run(
    s: ImportState,
    caller: platform::identity::Caller,
    id: Uuid,
    mapping: Mapping,
    dry_run: bool,
) -> Result<Response, ApiError> {
    mapping
        .check()
        .map_err(|m| ApiError::validation("mapping", m))?;
    let permit = s.running.clone().try_acquire_owned().map_err(|_| {
        ApiError::Conflict("Another dry run or import is running; try again when it ends".into())
    })?;
    let (file_key, meta_key) = stored(id);
    let storage = &s.storage;
    let upload = |key: String| async move {
        storage
            .get(&key)
            .await
            .map_err(internal)?
            .ok_or_else(|| ApiError::NotFound(format!("No upload {id}; upload the file again")))
    };
    let meta: UploadMeta = serde_json::from_slice(&upload(meta_key).await?).map_err(internal)?;
    let bytes = upload(file_key).await?;
    let name = meta.file_name.clone();
    let parsed = tokio::task::spawn_blocking(move || {
        let copy = temporary_copy(&bytes, &name)?;
        // The import reads the copy again as it goes, so it lives as long as the import.
        let path = copy.path().to_owned();
        read_mapped(name, &path, mapping)
            .map(|p| p.holding(copy))
            .map_err(unreadable)
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))??;

    let (tx, rx) = tokio::sync::mpsc::channel::<String>(64);
    let told = tx.clone();
    let progress: Progress = Arc::new(move |step: &str, done, total| {
        // A slow reader misses some progress lines, never the report.
        let line = ImportLine::Progress {
            step: step.to_owned(),
            done,
            total,
        };
        let _ = told.try_send(line_of(&line));
    });
    let options = ImportOptions {
        dry_run,
        run_by: Some(caller.metadata()),
        progress: Some(progress),
        ..Default::default()
    };
    let commands = s.commands.clone();
    tokio::spawn(async move {
        let line = match import_parsed(&commands, vec![parsed], &options, false).await {
            Ok(reports) => match reports.first() {
                Some(r) => ImportLine::Report(Box::new(ImportReportDto::of(r, dry_run))),
                None => ImportLine::Error {
                    message: "Nothing was read".into(),
                },
            },
            Err(e) => {
                tracing::warn!(error = %format!("{e:#}"), "import from the browser failed");
                ImportLine::Error {
                    message: format!("{e:#}"),
                }
            }
        };
        drop(permit);
        let _ = tx.send(line_of(&line)).await;
    });
    // Fused: a layer (compression) may poll the body again after its end.
    let lines = futures::StreamExt::fuse(futures::stream::unfold(rx, |mut rx| async move {
        rx.recv()
            .await
            .map(|line| (Ok::<_, std::convert::Infallible>(line), rx))
    }));
    let mut response = axum::body::Body::from_stream(lines).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/x-ndjson"),
    );
    Ok(no_store(response))
}

fn line_of(line: &ImportLine) -> String {
    serde_json::to_string(line).unwrap_or_default() + "\n"
}
