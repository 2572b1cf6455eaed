//! How read answers are finished, shared by every resource's routes: waiting for
//! read-your-writes (`X-Min-Position`) and marking an answer that could not wait as stale,
//! checking the caller as of that position, and keeping answers about the caller out of shared
//! caches.

use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use domain::ActorId;
use platform::http::{ok, ApiError, MinPosition};
use platform::identity::{AccountSession, Caller};
use serde::Serialize;

use crate::state::QueryState;

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
