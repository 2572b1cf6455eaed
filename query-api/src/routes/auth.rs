//! `GET /api/auth/status`: who the caller is, resolved on the server (DESIGN §5). A caller
//! without a usable token — none, malformed, or a revoked or expired session — gets a new
//! anonymous one in `X-User-Token`; an anonymous token is never stored.

use axum::extract::State;
use axum::http::HeaderValue;
use axum::response::Response;
use chrono::{DateTime, Utc};
use platform::http::{ok, ApiError, MinPosition};
use platform::identity::Caller;
use serde::Serialize;
use uuid::Uuid;

use crate::routes::respond::{consistent, with_consistency};
use crate::state::QueryState;

const READS: &[&str] = &["accounts"];

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AuthStatus {
    pub is_authenticated: bool,
    pub is_anonymous: bool,
    /// The caller's token, echoed (or the one just minted).
    pub user_token: String,
    pub user: AuthUser,
    pub is_moderator: bool,
    pub can_review: bool,
    pub is_admin: bool,
    pub profile_name: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AuthUser {
    /// The account uuid when signed in, else the anonymous identity. Never a credential.
    pub uuid: Uuid,
    pub email: Option<String>,
    pub created_at: Option<DateTime<Utc>>,
}

/// `GET /api/auth/status`.
#[utoipa::path(get, path = "/api/auth/status", tag = "auth",
    params(("X-User-Token" = Option<String>, Header, description = "The caller's token, if any")),
    responses((status = 200, description = "A new token is returned in X-User-Token when none usable was sent", body = platform::http::Envelope<AuthStatus>)))]
pub async fn auth_status(
    State(state): State<QueryState>,
    caller: Caller,
    min: Option<MinPosition>,
) -> Result<Response, ApiError> {
    let waited = min.is_some();
    let caught_up = consistent(&state, min, READS).await;
    let caller = caller.refreshed(&state.pool, waited).await?;
    let profile_name: Option<String> = match caller.account() {
        Some(a) => projectors::accounts::read::profile_name(&state.pool, a.account_id).await?,
        None => None,
    };
    let body = AuthStatus {
        is_authenticated: caller.account().is_some(),
        is_anonymous: caller.account().is_none(),
        user_token: caller.token.expose().to_owned(),
        user: AuthUser {
            uuid: caller.actor_id(),
            email: caller.account().map(|a| a.email.clone()),
            created_at: caller.account().map(|a| a.created_at),
        },
        is_moderator: caller.is_moderator(),
        can_review: caller.is_moderator(),
        is_admin: caller.is_admin(),
        profile_name,
    };
    let mut resp = with_consistency(caller.respond(ok(body)), caught_up);
    resp.headers_mut()
        .insert("cache-control", HeaderValue::from_static("no-store"));
    Ok(resp)
}
