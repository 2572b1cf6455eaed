//! `POST /api/admin/imports`: an uploaded file, read, kept, and a mapping proposed for it.

use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use command_api::Commands;
use platform::http::{ok, ApiError, Envelope, Query};
use platform::identity::Admin;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use uuid::Uuid;

use super::columns::{column_values, ColumnValues};
use super::state::{internal, no_store, unreadable, ImportState, MAX_IMPORT_BYTES};
use crate::mapping::{self, Mapping};
use crate::source::{self, Format};

/// Records shown as a sample beside the proposed mapping.
const SAMPLE_RECORDS: usize = 5;

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

/// Where an upload and its name are kept until it is imported.
pub(super) fn stored(id: Uuid) -> (String, String) {
    (
        format!("imports/{id}/file"),
        format!("imports/{id}/meta.json"),
    )
}

#[derive(Serialize, Deserialize)]
pub(super) struct UploadMeta {
    pub(super) file_name: String,
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
pub(super) fn temporary_copy(
    bytes: &[u8],
    file_name: &str,
) -> Result<tempfile::NamedTempFile, ApiError> {
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

/// `POST /api/admin/imports`: an admin uploads a file (`file`, at most 100 MiB); it is read
/// and a mapping proposed (or the one of `previous_run`), with a sample and the notes.
#[utoipa::path(post, path = "/api/admin/imports", tag = "admin",
    params(UploadQuery),
    request_body(content_type = "multipart/form-data", description = "`file`: the open-data file (CSV, GeoJSON, JSON, Overpass JSON or OSM XML)"),
    responses(
        (status = 201, description = "Read, with a mapping to start from", body = Envelope<ImportPreview>),
        (status = 400, description = "No file, or a file that cannot be read (the message says why)", body = platform::http::ErrorBody),
        (status = 404, description = "No earlier run with a mapping of that id", body = platform::http::ErrorBody),
        (status = 413, description = "Larger than 100 MiB", body = platform::http::ErrorBody),
        Admin))]
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
}
