//! The admin's Import tab (`/api/admin/imports…`): upload a file and get a proposed mapping
//! (or an earlier run's), then a dry run or the import itself with the mapping as the admin
//! edited it, answered as a stream of progress lines ending with the report. Admins only,
//! checked before the body is read; one dry run or import at a time per process. The runs
//! recorded so far (`GET /api/admin/imports`) are read from the event store, newest first.
//!
//! These routes live in the importer rather than in `command-api` because the importer is
//! built on `command-api`'s `Commands` (the dependency points this way); `plinth`'s router
//! mounts them beside the write API.

use axum::extract::{DefaultBodyLimit, FromRef, Multipart, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use command_api::routes::Body;
use command_api::Commands;
use platform::eventlog::{self, ImportRunRow};
use platform::http::{ok, ApiError, Envelope, PathId, Query};
use platform::identity::Admin;
use platform::position::EventPosition;
use platform::storage::Storage;
use serde::{Deserialize, Serialize};
use sqlx::types::chrono::{DateTime, Utc};
use sqlx::PgPool;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Arc;
use uuid::Uuid;

use crate::mapping::{self, Mapping};
use crate::run::{import_parsed, read_mapped, FileReport, ImportOptions, Progress};
use crate::source::{self, Format};

/// The largest file the browser may upload.
pub const MAX_IMPORT_BYTES: usize = 100 * 1024 * 1024;
/// Records shown as a sample beside the proposed mapping.
const SAMPLE_RECORDS: usize = 5;
/// Outcomes a report lists (rejects and likely duplicates first).
const MAX_OUTCOMES: usize = 5_000;

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

pub fn router(state: ImportState) -> Router {
    Router::new()
        .route(
            "/admin/imports",
            get(list_runs)
                .post(upload)
                .layer(DefaultBodyLimit::max(MAX_IMPORT_BYTES + 64 * 1024)),
        )
        .route("/admin/imports/{id}/dry-run", post(dry_run))
        .route("/admin/imports/{id}/apply", post(apply))
        .with_state(state)
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(list_runs, upload, dry_run, apply),
    components(schemas(
        ImportLine,
        ImportReportDto,
        OutcomeDto,
        ImportRunDto,
        ImportRunPage,
        ColumnValues,
        ValueCount
    ))
)]
pub struct ImportApiDoc;

/// A file uploaded for import, read, with a mapping to start from.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportPreview {
    /// Names the upload in the dry run and the import.
    pub upload_id: Uuid,
    pub file_name: String,
    pub format: Format,
    /// `utf-8`, or `windows-1252` when some text was not UTF-8.
    pub encoding: String,
    /// Records read.
    pub records: usize,
    /// Rows the reader could not read at all.
    pub unreadable_rows: usize,
    /// Field names, in the order they first appear.
    pub columns: Vec<String>,
    /// The first records, field by field.
    pub sample: Vec<BTreeMap<String, String>>,
    /// What each column holds, by column name: its distinct values and the most frequent ones.
    pub column_values: BTreeMap<String, ColumnValues>,
    pub mapping: Mapping,
    /// Why each guess was made, by the mapping's key (`fields.title`).
    pub notes: BTreeMap<String, String>,
    /// What a person must decide (the licence, the place…).
    pub undecided: Vec<String>,
    /// The earlier run whose mapping this is, when one was asked for.
    pub from_run: Option<Uuid>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct UploadQuery {
    /// Read the file with the mapping of this earlier run (a newer file of the same source)
    /// instead of proposing one.
    pub previous_run: Option<Uuid>,
}

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

/* ---- What each column holds ---- */

/// Distinct values are counted up to this many per column; past it, "more" is flagged.
const MAX_DISTINCT: usize = 10_000;
/// The most frequent values listed per column.
const TOP_VALUES: usize = 20;
/// A value longer than this is counted but not listed (a description, not a category).
const MAX_LISTED_CHARS: usize = 200;

/// What one column of a file holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ColumnValues {
    /// Records with a value here (missing ones, blank, `NA`, `null`…, left out).
    pub filled: usize,
    /// Distinct values (trimmed, case kept), counted up to 10,000.
    pub distinct: usize,
    /// Whether there are more distinct values than `distinct` says.
    pub more: bool,
    /// The most frequent values, most frequent first (ties in the order first seen), at most
    /// 20. Values longer than 200 characters are counted, not listed. Once 10,000 distinct
    /// values are known a value first seen after that is not counted.
    pub top: Vec<ValueCount>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ValueCount {
    pub value: String,
    pub count: usize,
}

/// Counts one column's values as records go by, in bounded memory: at most `MAX_DISTINCT`
/// entries of a hash, a count and the text (only when it is short enough to be listed).
#[derive(Debug, Default)]
struct ValueCounter {
    filled: usize,
    more: bool,
    /// By the value's hash: (first seen, count, the text when listable).
    seen: HashMap<u64, (usize, usize, Option<Box<str>>)>,
}

impl ValueCounter {
    fn add(&mut self, value: &str) {
        if source::is_missing(value) {
            return;
        }
        let value = value.trim();
        self.filled += 1;
        let key = {
            use std::hash::{Hash, Hasher};
            let mut h = std::hash::DefaultHasher::new();
            value.hash(&mut h);
            h.finish()
        };
        let order = self.seen.len();
        if let Some(entry) = self.seen.get_mut(&key) {
            entry.1 += 1;
        } else if order < MAX_DISTINCT {
            let text = (value.chars().count() <= MAX_LISTED_CHARS).then(|| value.into());
            self.seen.insert(key, (order, 1, text));
        } else {
            self.more = true;
        }
    }

    fn finish(self) -> ColumnValues {
        let mut listed: Vec<(usize, usize, Box<str>)> = self
            .seen
            .values()
            .filter_map(|(order, count, text)| Some((*order, *count, text.clone()?)))
            .collect();
        listed.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        ColumnValues {
            filled: self.filled,
            distinct: self.seen.len(),
            more: self.more,
            top: listed
                .into_iter()
                .take(TOP_VALUES)
                .map(|(_, count, value)| ValueCount {
                    value: value.into(),
                    count,
                })
                .collect(),
        }
    }
}

/// Each column's values, counted in one pass over the records.
fn column_values(columns: &[String], records: &[source::Record]) -> BTreeMap<String, ColumnValues> {
    let mut counters: HashMap<&str, ValueCounter> = columns
        .iter()
        .map(|c| (c.as_str(), ValueCounter::default()))
        .collect();
    for r in records {
        for (name, value) in r.fields.iter() {
            if let Some(c) = counters.get_mut(name) {
                c.add(value);
            }
        }
    }
    counters
        .into_iter()
        .map(|(name, c)| (name.to_owned(), c.finish()))
        .collect()
}

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
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not an admin", body = platform::http::ErrorBody)))]
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

/// Where an upload and its name are kept until it is imported.
fn stored(id: Uuid) -> (String, String) {
    (
        format!("imports/{id}/file"),
        format!("imports/{id}/meta.json"),
    )
}

#[derive(Serialize, Deserialize)]
struct UploadMeta {
    file_name: String,
}

/// A file name as the person gave it, without any directory, at most 200 characters.
fn file_name_of(raw: Option<&str>) -> String {
    let raw = raw.unwrap_or("");
    let base = raw.rsplit(['/', '\\']).next().unwrap_or(raw).trim();
    let name: String = base.chars().filter(|c| !c.is_control()).take(200).collect();
    if name.is_empty() {
        "upload.csv".to_owned()
    } else {
        name
    }
}

/// The upload in a temporary file with its extension, which the readers go by.
fn temporary_copy(bytes: &[u8], file_name: &str) -> Result<tempfile::NamedTempFile, ApiError> {
    let ext: String = Path::new(file_name)
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .filter(|e| e.len() <= 10 && e.bytes().all(|b| b.is_ascii_alphanumeric()))
        .unwrap_or_default();
    let mut file = tempfile::Builder::new()
        .prefix("plinth-import-")
        .suffix(&if ext.is_empty() {
            ext
        } else {
            format!(".{ext}")
        })
        .tempfile()
        .map_err(|e| ApiError::Internal(e.into()))?;
    std::io::Write::write_all(&mut file, bytes).map_err(|e| ApiError::Internal(e.into()))?;
    Ok(file)
}

fn unreadable(e: impl std::fmt::Display) -> ApiError {
    ApiError::validation("file", e.to_string())
}

/// `POST /api/admin/imports`: an admin uploads a file (`file`, at most 100 MiB); it is read
/// and a mapping proposed (or the one of `previous_run`), with a sample and the notes.
#[utoipa::path(post, path = "/api/admin/imports", tag = "admin",
    params(UploadQuery),
    request_body(content_type = "multipart/form-data", description = "`file`: the open-data file (CSV, GeoJSON, JSON, Overpass JSON or OSM XML)"),
    responses(
        (status = 201, description = "Read, with a mapping to start from", body = Envelope<ImportPreview>),
        (status = 400, description = "No file, or a file that cannot be read (the message says why)", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not an admin", body = platform::http::ErrorBody),
        (status = 404, description = "No earlier run with a mapping of that id", body = platform::http::ErrorBody),
        (status = 413, description = "Larger than 100 MiB", body = platform::http::ErrorBody)))]
pub async fn upload(
    State(s): State<ImportState>,
    Admin(_caller): Admin,
    Query(q): Query<UploadQuery>,
    form: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<Response, ApiError> {
    let mut form = form.map_err(|e| {
        ApiError::validation(
            "file",
            format!("The form could not be read: {}", e.body_text()),
        )
    })?;
    let previous = match q.previous_run {
        Some(run) => Some((run, mapping_of_run(&s.commands, run).await?)),
        None => None,
    };
    let mut upload = None;
    while let Some(field) = form.next_field().await.map_err(|e| multipart(&e))? {
        if field.name() != Some("file") {
            continue;
        }
        let name = file_name_of(field.file_name());
        let bytes = read_capped(field).await?;
        upload = Some((name, bytes));
    }
    let Some((file_name, bytes)) = upload else {
        return Err(ApiError::validation("file", "Choose a file to import"));
    };
    if bytes.is_empty() {
        return Err(ApiError::validation("file", "The file is empty"));
    }
    let id = Uuid::now_v7();
    let (file_key, meta_key) = stored(id);
    let meta = serde_json::to_vec(&UploadMeta {
        file_name: file_name.clone(),
    })
    .map_err(|e| ApiError::Internal(e.into()))?;
    let name = file_name.clone();
    let preview = tokio::task::spawn_blocking(move || {
        let copy = temporary_copy(&bytes, &name)?;
        let options = previous
            .as_ref()
            .map_or_else(Default::default, |(_, m)| m.format.clone());
        let records = source::read(copy.path(), &options).map_err(unreadable)?;
        if records.records.is_empty() {
            return Err(ApiError::validation("file", "The file holds no records"));
        }
        let (mapping, notes, undecided, from_run) = match previous {
            Some((run, m)) => (m, BTreeMap::new(), Vec::new(), Some(run)),
            None => {
                let inferred = mapping::infer(Path::new(&name), &records);
                (inferred.mapping, inferred.notes, inferred.undecided, None)
            }
        };
        let sample = records
            .records
            .iter()
            .take(SAMPLE_RECORDS)
            .map(|r| {
                r.fields
                    .iter()
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect()
            })
            .collect();
        let column_values = column_values(&records.columns, &records.records);
        Ok::<_, ApiError>((
            bytes,
            ImportPreview {
                upload_id: id,
                file_name: name,
                format: records.format,
                encoding: records.encoding.to_owned(),
                records: records.records.len(),
                unreadable_rows: records.rejects.len(),
                columns: records.columns,
                sample,
                column_values,
                mapping,
                notes,
                undecided,
                from_run,
            },
        ))
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))?;
    let (bytes, preview) = preview?;
    s.storage.put(&file_key, bytes).await.map_err(internal)?;
    s.storage
        .put(&meta_key, meta.into())
        .await
        .map_err(internal)?;
    let answer = (StatusCode::CREATED, ok(preview)).into_response();
    Ok(no_store(answer))
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("{e}"))
}

fn multipart(e: &axum::extract::multipart::MultipartError) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else {
        ApiError::validation(
            "file",
            format!("The form could not be read: {}", e.body_text()),
        )
    }
}

fn too_large() -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The file is larger than {} MiB",
        MAX_IMPORT_BYTES / (1024 * 1024)
    ))
}

async fn read_capped(
    mut field: axum::extract::multipart::Field<'_>,
) -> Result<bytes::Bytes, ApiError> {
    let mut buf = bytes::BytesMut::new();
    while let Some(chunk) = field.chunk().await.map_err(|e| multipart(&e))? {
        if buf.len() + chunk.len() > MAX_IMPORT_BYTES {
            return Err(too_large());
        }
        buf.extend_from_slice(&chunk);
    }
    Ok(buf.freeze())
}

/// The mapping an earlier run recorded.
async fn mapping_of_run(commands: &Commands, run: Uuid) -> Result<Mapping, ApiError> {
    let (state, _) = commands
        .state::<domain::ImportRun>(&run.to_string())
        .await
        .map_err(internal)?;
    let text = state
        .recorded
        .and_then(|r| r.mapping)
        .ok_or_else(|| ApiError::NotFound(format!("No import run {run} with a mapping")))?;
    toml::from_str(&text).map_err(internal)
}

/// `POST /api/admin/imports/{id}/dry-run`: what importing the upload with `mapping` would do,
/// writing nothing; progress lines, then the report.
#[utoipa::path(post, path = "/api/admin/imports/{id}/dry-run", tag = "admin",
    params(("id" = Uuid, Path, description = "The upload's id")),
    request_body = ImportRequest,
    responses(RunAnswers))]
pub async fn dry_run(
    State(s): State<ImportState>,
    Admin(caller): Admin,
    PathId(id): PathId,
    Body(body): Body<ImportRequest>,
) -> Result<Response, ApiError> {
    run(s, caller, id, body.mapping, true).await
}

/// `POST /api/admin/imports/{id}/apply`: imports the upload with `mapping` through the
/// aggregates' commands and records the run; progress lines, then the report. The import goes
/// on to its end if the browser goes away.
#[utoipa::path(post, path = "/api/admin/imports/{id}/apply", tag = "admin",
    params(("id" = Uuid, Path, description = "The upload's id")),
    request_body = ImportRequest,
    responses(RunAnswers))]
pub async fn apply(
    State(s): State<ImportState>,
    Admin(caller): Admin,
    PathId(id): PathId,
    Body(body): Body<ImportRequest>,
) -> Result<Response, ApiError> {
    run(s, caller, id, body.mapping, false).await
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
    let missing = || ApiError::NotFound(format!("No upload {id}; upload the file again"));
    let meta = s
        .storage
        .get(&meta_key)
        .await
        .map_err(internal)?
        .ok_or_else(missing)?;
    let meta: UploadMeta = serde_json::from_slice(&meta).map_err(internal)?;
    let bytes = s
        .storage
        .get(&file_key)
        .await
        .map_err(internal)?
        .ok_or_else(missing)?;
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

fn no_store(mut r: Response) -> Response {
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_uploaded_name_loses_its_directories_and_control_characters() {
        assert_eq!(file_name_of(Some("C:\\data\\art.csv")), "art.csv");
        assert_eq!(file_name_of(Some("../../etc/passwd")), "passwd");
        assert_eq!(file_name_of(Some("a\u{0}b\n.csv")), "ab.csv");
        assert_eq!(file_name_of(None), "upload.csv");
        assert_eq!(file_name_of(Some(&"x".repeat(300))).len(), 200);
    }

    fn counted(values: &[&str]) -> ColumnValues {
        let mut c = ValueCounter::default();
        for v in values {
            c.add(v);
        }
        c.finish()
    }

    fn top(c: &ColumnValues) -> Vec<(&str, usize)> {
        c.top.iter().map(|v| (v.value.as_str(), v.count)).collect()
    }

    #[test]
    fn values_are_counted_trimmed_most_frequent_first_ties_in_the_order_seen() {
        let c = counted(&[
            "Murale",
            " Sculpture",
            "murale",
            "Sculpture ",
            "Fontaine",
            "Murale",
            "",
            "NA",
            "null",
        ]);
        assert_eq!(c.filled, 6);
        assert_eq!(c.distinct, 4);
        assert!(!c.more);
        assert_eq!(
            top(&c),
            [
                ("Murale", 2),
                ("Sculpture", 2),
                ("murale", 1),
                ("Fontaine", 1)
            ]
        );
    }

    #[test]
    fn only_the_twenty_most_frequent_values_are_listed() {
        let values: Vec<String> = (0..30).flat_map(|i| vec![format!("v{i}"); i + 1]).collect();
        let c = counted(&values.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(c.distinct, 30);
        assert_eq!(c.top.len(), TOP_VALUES);
        assert_eq!(top(&c)[0], ("v29", 30));
        assert_eq!(top(&c)[19], ("v10", 11));
    }

    #[test]
    fn distinct_values_are_counted_up_to_the_cap_and_more_is_flagged() {
        let mut c = ValueCounter::default();
        for i in 0..MAX_DISTINCT + 500 {
            c.add(&i.to_string());
        }
        // A value known before the cap keeps being counted.
        c.add("0");
        let c = c.finish();
        assert_eq!((c.distinct, c.more), (MAX_DISTINCT, true));
        assert_eq!(c.filled, MAX_DISTINCT + 501);
        assert_eq!(top(&c)[0], ("0", 2));
    }

    #[test]
    fn a_long_value_is_counted_but_not_listed() {
        let long = "x".repeat(MAX_LISTED_CHARS + 1);
        let c = counted(&[&long, &long, "short"]);
        assert_eq!(c.distinct, 2);
        assert_eq!(top(&c), [("short", 1)]);
    }

    #[test]
    fn each_column_is_counted_from_the_records_that_have_it() {
        let record = |pairs: &[(&str, &str)]| source::Record {
            row: 1,
            fields: pairs.iter().map(|(k, v)| (*k, *v)).collect(),
            geometry: None,
        };
        let records = [
            record(&[("Type", "Murale"), ("Titre", "A")]),
            record(&[("Type", "Murale")]),
            record(&[("Titre", "B"), ("Other", "x")]),
        ];
        let columns = ["Type".to_owned(), "Titre".to_owned()];
        let got = column_values(&columns, &records);
        assert_eq!(got.keys().collect::<Vec<_>>(), ["Titre", "Type"]);
        assert_eq!(top(&got["Type"]), [("Murale", 2)]);
        assert_eq!((got["Titre"].filled, got["Titre"].distinct), (2, 2));
    }

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
