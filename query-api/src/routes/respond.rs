//! How read answers are finished, shared by every resource's routes: waiting for
//! read-your-writes (`X-Min-Position`) and marking an answer that could not wait as stale, and
//! keeping answers about the caller out of shared caches.

use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use platform::http::MinPosition;

use crate::state::QueryState;

/// Waits for read-your-writes and marks the response when the wait ran out.
pub async fn consistent(state: &QueryState, min: Option<MinPosition>, reads: &[&str]) -> bool {
    match min {
        Some(MinPosition(p)) => state.positions.wait_for(reads, p).await,
        None => true,
    }
}

pub fn with_consistency(resp: impl IntoResponse, caught_up: bool) -> Response {
    let mut r = resp.into_response();
    if !caught_up {
        r.headers_mut().insert(
            "x-read-consistency",
            axum::http::HeaderValue::from_static("stale"),
        );
    }
    r
}

/// Marks an answer about the caller as not cacheable by shared caches.
pub fn private(mut r: Response) -> Response {
    r.headers_mut().insert(
        "cache-control",
        HeaderValue::from_static("private, no-store"),
    );
    r
}
