//! How read answers are finished, shared by every resource's routes: waiting for
//! read-your-writes (`X-Min-Position`) and marking an answer that could not wait as stale,
//! checking the caller as of that position, and keeping answers about the caller out of shared
//! caches.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::ActorId;
use platform::http::{ok, ApiError, MinPosition};
use platform::identity::{AccountSession, Caller};
use serde::Serialize;

use crate::state::QueryState;

/// The `X-Min-Position` header, for the OpenAPI document of the routes that name it (the
/// handlers read it as [`MinPosition`]).
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
#[expect(
    dead_code,
    reason = "describes the header in the OpenAPI document only"
)]
pub struct MinPositionHeader {
    /// Wait until this position is applied
    #[param(rename = "X-Min-Position")]
    min_position: Option<String>,
}

/// Waits for read-your-writes and marks the response when the wait ran out.
pub async fn consistent(state: &QueryState, min: Option<MinPosition>, reads: &[&str]) -> bool {
    match min {
        Some(MinPosition(p)) => state.positions.wait_for(reads, p).await,
        None => true,
    }
}

/// Waits for `X-Min-Position` in the read models `reads` (with `accounts` among them), then
/// checks the caller as of that position with `check` (`Caller::require_moderator`, …), so a
/// grant the client has seen is in force: 401 anonymous, 403 without what `check` asks for.
pub async fn checked_after(
    state: &QueryState,
    caller: Caller,
    min: Option<MinPosition>,
    reads: &[&str],
    check: impl FnOnce(&Caller) -> Result<&AccountSession, ApiError>,
) -> Result<(Caller, bool), ApiError> {
    caller.require_account()?;
    let waited = min.is_some();
    let caught_up = consistent(state, min, reads).await;
    let caller = caller.refreshed(&state.pool, waited).await?;
    check(&caller)?;
    Ok((caller, caught_up))
}

/// The caller's identities (its own and the anonymous ones its account claimed), read once the
/// read models `reads` have passed `min`, and whether they had.
pub async fn identities_after(
    state: &QueryState,
    caller: &Caller,
    min: Option<MinPosition>,
    reads: &[&str],
) -> Result<(Vec<ActorId>, bool), ApiError> {
    let caught_up = consistent(state, min, reads).await;
    let ids = projectors::accounts::read::identities(&state.pool, caller).await?;
    Ok((ids, caught_up))
}

/// An answer to `caller` (with the token it was just given, if any): `data` in the envelope,
/// marked stale when the wait ran out and kept out of shared caches.
pub fn caller_ok<T: Serialize>(caller: &Caller, data: T, caught_up: bool) -> Response {
    private(caller.respond(with_consistency(ok(data), caught_up)))
}

/// An answer about the caller: `data` in the envelope, marked stale when the wait ran out and
/// kept out of shared caches.
pub fn private_ok<T: Serialize>(data: T, caught_up: bool) -> Response {
    private(with_consistency(ok(data), caught_up))
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

/// The entity tag of an answer that depends only on its URL and the geo model's state (the
/// map's markers, today or as it was): the model's position, read before the model is.
/// A client that sends it back in `If-None-Match` while the model has not moved gets 304 and
/// costs no walk; the answer is `no-cache`, so browsers ask again each time, with the tag.
/// (A position always makes a valid header value; were it not to, the answer goes untagged.)
pub struct GeoTag(Option<HeaderValue>);

impl GeoTag {
    pub fn now(state: &QueryState) -> Self {
        let at = state.geo.position();
        GeoTag(HeaderValue::from_str(&format!("W/\"geo-{at}\"")).ok())
    }

    /// Whether `If-None-Match` names this tag (weakly compared, as a GET's is) or `*`.
    pub fn matches(&self, headers: &HeaderMap) -> bool {
        let Some(mine) = self.0.as_ref().and_then(|v| v.to_str().ok()) else {
            return false;
        };
        let opaque = |t: &str| t.trim().trim_start_matches("W/").to_owned();
        let mine = opaque(mine);
        headers
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|t| t.trim() == "*" || opaque(t) == mine)
    }

    /// 304 Not Modified, with the tag.
    pub fn not_modified(self) -> Response {
        self.on(StatusCode::NOT_MODIFIED.into_response())
    }

    /// The answer with its tag.
    pub fn on(self, mut r: Response) -> Response {
        if let Some(tag) = self.0 {
            let h = r.headers_mut();
            h.insert(header::ETAG, tag);
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(s: &'static str) -> GeoTag {
        GeoTag(Some(HeaderValue::from_static(s)))
    }

    fn asking(values: &[&'static str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(header::IF_NONE_MATCH, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn a_tag_matches_itself_weakly_in_any_list_and_the_star() {
        let t = tag("W/\"geo-5-12\"");
        assert!(t.matches(&asking(&["W/\"geo-5-12\""])));
        assert!(t.matches(&asking(&["\"geo-5-12\""])));
        assert!(t.matches(&asking(&["W/\"geo-1-2\", W/\"geo-5-12\""])));
        assert!(t.matches(&asking(&["W/\"x\"", "W/\"geo-5-12\""])));
        assert!(t.matches(&asking(&["*"])));
        assert!(!t.matches(&asking(&["W/\"geo-5-13\""])));
        assert!(!t.matches(&asking(&[])));
    }

    #[test]
    fn not_modified_carries_the_tag_and_no_body() {
        let r = tag("W/\"geo-1-1\"").not_modified();
        assert_eq!(r.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(r.headers()[header::ETAG], "W/\"geo-1-1\"");
        assert_eq!(r.headers()[header::CACHE_CONTROL], "no-cache");
    }
}
