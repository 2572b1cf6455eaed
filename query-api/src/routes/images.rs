//! `GET /api/images/{size}/{key}`: the served photo variants. Each (size, key) names bytes that
//! never change, so the ETag is derived from the name alone.
//!
//! A photo an artwork shows is public: served to anyone at its plain URL and cacheable forever.
//! Any other photo (in review, or of a rejected submission) is served only at a signed URL from
//! an answer for its author or a moderator (`?expires=…&sig=…`, see `media::images`), with
//! private caching until the URL expires; its plain URL is a 404, as an unknown key is.

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::{PhotoKey, PhotoSize};
use media::images::Signature;
use platform::http::{ApiError, Query};
use platform::storage::variant_path;
use serde::Deserialize;

use crate::state::QueryState;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ImageParams {
    /// With `sig`: when a signed URL ends (Unix seconds).
    expires: Option<i64>,
    /// With `expires`: the signature of a photo that is not public.
    sig: Option<String>,
}

/// Whether an artwork shows the photo (the artworks read model's photo lists, GIN-indexed).
async fn is_public(state: &QueryState, key: PhotoKey) -> Result<bool, sqlx::Error> {
    projectors::artworks::read::shows_photo(&state.pool, &key.to_string()).await
}

/// `GET /api/images/{size}/{key}`.
#[utoipa::path(get, path = "/api/images/{size}/{key}", tag = "images",
    params(
        ("size" = String, Path, description = "thumbnail (≤ 400 px), medium (≤ 1024), large (≤ 2048) or original"),
        ("key" = String, Path, description = "The photo's key (32 hex digits)"),
        ImageParams),
    responses(
        (status = 200, description = "A JPEG without GPS or camera metadata", content_type = "image/jpeg"),
        (status = 304, description = "Not modified (If-None-Match)"),
        (status = 403, description = "A signed URL whose time is over", body = platform::http::ErrorBody),
        (status = 404, description = "No such image, not public and not signed, or its variants are still being made", body = platform::http::ErrorBody)))]
pub async fn get_image(
    State(state): State<QueryState>,
    Path((size, key)): Path<(String, String)>,
    Query(params): Query<ImageParams>,
    request_headers: HeaderMap,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::NotFound("Image not found".into());
    let key = key.strip_suffix(".jpg").unwrap_or(&key);
    let (Some(size), Some(key)) = (PhotoSize::parse(&size), PhotoKey::parse(key)) else {
        return Err(not_found());
    };
    let cache_control = match (params.expires, params.sig.as_deref()) {
        (Some(expires), Some(sig)) => {
            let signer = state.image_signing.get(&state.pool).await?;
            match signer.check(size, &key.to_string(), expires, sig, chrono::Utc::now()) {
                Signature::Valid { max_age } => format!("private, max-age={max_age}"),
                Signature::Expired => {
                    return Err(ApiError::Forbidden(
                        "This image link has expired; reload the page for a new one".into(),
                    ))
                }
                Signature::Invalid => return Err(not_found()),
            }
        }
        (None, None) if is_public(&state, key).await? => IMMUTABLE.to_owned(),
        _ => return Err(not_found()),
    };
    let etag = format!("\"{}-{}\"", size.as_str(), key);
    let mut headers = HeaderMap::new();
    if let Ok(v) = HeaderValue::from_str(&cache_control) {
        headers.insert(header::CACHE_CONTROL, v);
    }
    if let Ok(v) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, v);
    }
    let tags: Vec<&str> = request_headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(',').map(str::trim).collect())
        .unwrap_or_default();
    // The bytes under a name never change: a client holding them needs no read of storage.
    if tags.contains(&etag.as_str()) {
        return Ok((StatusCode::NOT_MODIFIED, headers).into_response());
    }
    let Some(bytes) = state
        .storage
        .get(&variant_path(key, size))
        .await
        .map_err(ApiError::internal)?
    else {
        return Err(not_found());
    };
    if tags.contains(&"*") {
        return Ok((StatusCode::NOT_MODIFIED, headers).into_response());
    }
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/jpeg"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    Ok((StatusCode::OK, headers, bytes).into_response())
}
