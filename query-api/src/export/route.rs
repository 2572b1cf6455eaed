//! `GET /api/export/artworks.{geojson,csv,osm}?bbox&updated_since`: the export as a download,
//! streamed. A few run at once per process ([`PERMITS`]); more are told to come back.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock};

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use futures::StreamExt;
use platform::http::{ApiError, Query};
use projectors::artworks::read::ExportFilter;
use tokio::sync::Semaphore;

use super::{Export, Format};
use crate::routes::params::float_param;
use crate::state::QueryState;

/// Exports streamed at once by one process: each holds a database connection a batch at a time
/// and a client's bandwidth for minutes.
pub const PERMITS: usize = 4;
/// Seconds a client told 503 is asked to wait.
pub const BUSY_RETRY_AFTER_SECS: u64 = 30;

static GATE: LazyLock<Arc<Semaphore>> = LazyLock::new(|| Arc::new(Semaphore::new(PERMITS)));

/// `bbox=west,south,east,north` in degrees (west > east crosses the antimeridian).
pub fn parse_bbox(raw: Option<&str>) -> Result<Option<[f64; 4]>, ApiError> {
    let Some(raw) = raw.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    let bad = || {
        ApiError::validation(
            "bbox",
            "bbox must be west,south,east,north in degrees, south below north",
        )
    };
    let parts: Vec<&str> = raw.split(',').collect();
    let [w, s, e, n] = parts[..] else {
        return Err(bad());
    };
    let lon = |v| float_param("bbox", Some(v), -180.0, 180.0).map_err(|_| bad());
    let lat = |v| float_param("bbox", Some(v), -90.0, 90.0).map_err(|_| bad());
    let b = [lon(w)?, lat(s)?, lon(e)?, lat(n)?].map(|v| v.unwrap_or_default());
    if b[1] > b[3] {
        return Err(bad());
    }
    Ok(Some(b))
}

fn updated_since(raw: Option<&str>) -> Result<Option<DateTime<Utc>>, ApiError> {
    let Some(raw) = raw.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    DateTime::parse_from_rfc3339(raw)
        .map(|t| Some(t.with_timezone(&Utc)))
        .map_err(|_| {
            ApiError::validation(
                "updated_since",
                "updated_since must be an RFC 3339 time, e.g. 2026-01-31T00:00:00Z",
            )
        })
}

/// `GET /api/export/{file}`: every approved artwork (or those in `bbox`, changed after
/// `updated_since`), with each record's licence and attribution.
#[utoipa::path(get, path = "/api/export/{file}", tag = "export",
    params(
        ("file" = String, Path, description = "artworks.geojson, artworks.csv or artworks.osm (OpenStreetMap XML: tourism=artwork nodes)"),
        ("bbox" = Option<String>, Query, description = "west,south,east,north in degrees"),
        ("updated_since" = Option<String>, Query, description = "Only artworks changed after this RFC 3339 time"),
    ),
    responses(
        (status = 200, description = "The artworks, streamed (GeoJSON FeatureCollection, CSV with a header row, or OSM XML)"),
        (status = 400, description = "A bad bbox or updated_since", body = platform::http::ErrorBody),
        (status = 404, description = "No such export", body = platform::http::ErrorBody),
        (status = 503, description = "Too many exports are running; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn export_artworks(
    State(state): State<QueryState>,
    Path(file): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let format = file
        .strip_prefix("artworks.")
        .and_then(Format::from_extension)
        .ok_or_else(|| ApiError::NotFound(format!("No export named '{file}'")))?;
    let get = |k: &str| q.get(k).map(String::as_str);
    let filter = ExportFilter {
        bbox: parse_bbox(get("bbox"))?,
        updated_since: updated_since(get("updated_since"))?,
    };
    let permit = GATE
        .clone()
        .try_acquire_owned()
        .map_err(|_| ApiError::Busy {
            retry_after_secs: BUSY_RETRY_AFTER_SECS,
            message: "Too many exports are running; try again shortly".into(),
        })?;
    let export = Export {
        pool: state.pool.clone(),
        filter,
        format,
        base: state.public_url.trim_end_matches('/').to_owned(),
        terms: state.data_terms.clone(),
    };
    // The permit goes with the stream: released when the last byte is sent or the client leaves.
    let body = export.stream().map(move |chunk| {
        let _held = &permit;
        chunk.map_err(|e| {
            tracing::warn!(error = %e, "export cut short: the read model did not answer");
            std::io::Error::other("export cut short")
        })
    });
    let disposition = format!("attachment; filename=\"artworks.{}\"", format.extension());
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static(format.content_type()),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition).map_err(ApiError::internal)?,
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=300"),
            ),
        ],
        Body::from_stream(body),
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_and_times_are_checked() {
        assert_eq!(parse_bbox(None).unwrap(), None);
        assert_eq!(
            parse_bbox(Some("-123.2,49.2,-123.0,49.3")).unwrap(),
            Some([-123.2, 49.2, -123.0, 49.3])
        );
        assert_eq!(
            parse_bbox(Some("170,-10,-170,10")).unwrap(),
            Some([170.0, -10.0, -170.0, 10.0])
        );
        for bad in ["1,2,3", "a,b,c,d", "0,10,1,5", "0,0,200,1", "0,-91,1,1"] {
            assert!(parse_bbox(Some(bad)).is_err(), "{bad}");
        }
        assert!(updated_since(Some("2026-01-31T00:00:00Z"))
            .unwrap()
            .is_some());
        assert!(updated_since(Some("yesterday")).is_err());
    }
}
