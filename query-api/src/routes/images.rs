//! `GET /api/images/{size}/{key}`: the served photo variants. Each (size, key) names bytes that
//! never change, so answers are cacheable forever and the ETag is derived from the name alone.

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::{PhotoKey, PhotoSize};
use platform::http::ApiError;
use platform::storage::variant_path;

use crate::state::QueryState;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `GET /api/images/{size}/{key}`.
#[utoipa::path(get, path = "/api/images/{size}/{key}", tag = "images",
    params(
        ("size" = String, Path, description = "thumbnail (≤ 400 px), medium (≤ 1024), large (≤ 2048) or original"),
        ("key" = String, Path, description = "The photo's key (32 hex digits)")),
    responses(
        (status = 200, description = "A JPEG without GPS or camera metadata", content_type = "image/jpeg"),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 404, description = "No such image (or its variants are still being made)", body = platform::http::ErrorBody)))]
pub async fn get_image(
    State(state): State<QueryState>,
    Path((size, key)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let key = key.strip_suffix(".jpg").unwrap_or(&key);
    let (Some(size), Some(key)) = (PhotoSize::parse(&size), PhotoKey::parse(key)) else {
        return Err(ApiError::NotFound("Image not found".into()));
    };
    let etag = format!("\"{}-{}\"", size.as_str(), key);
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let Some(bytes) = state
        .storage
        .get(&variant_path(key, size))
        .await
        .map_err(ApiError::internal)?
    else {
        return Err(ApiError::NotFound("Image not found".into()));
    };
    let mut headers = HeaderMap::new();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, v);
    }
    if matches {
        return Ok((StatusCode::NOT_MODIFIED, headers).into_response());
    }
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/jpeg"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    Ok((StatusCode::OK, headers, bytes).into_response())
}
