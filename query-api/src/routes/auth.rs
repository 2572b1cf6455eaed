//! `GET /api/auth/status`: who the caller is. A caller without a valid token gets a new
//! anonymous one in `X-User-Token` (DESIGN §5); the token is never stored.

use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use platform::auth::{UserToken, USER_TOKEN_HEADER};
use platform::http::{ok, ApiError};
use serde::Serialize;
use uuid::Uuid;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AuthStatus {
    pub is_authenticated: bool,
    pub is_anonymous: bool,
    pub user_token: String,
    pub user: AuthUser,
    pub is_moderator: bool,
    pub can_review: bool,
    pub is_admin: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AuthUser {
    pub uuid: Uuid,
    pub email: Option<String>,
    pub created_at: Option<String>,
}

/// `GET /api/auth/status`.
#[utoipa::path(get, path = "/api/auth/status", tag = "auth",
    params(("X-User-Token" = Option<String>, Header, description = "The caller's token, if any")),
    responses((status = 200, description = "A new token is returned in X-User-Token when none was sent", body = platform::http::Envelope<AuthStatus>)))]
pub async fn auth_status(headers: HeaderMap) -> Result<Response, ApiError> {
    let presented = headers
        .get(USER_TOKEN_HEADER)
        .and_then(|v| v.to_str().ok())
        .and_then(UserToken::parse);
    let (token, minted) = match presented {
        Some(t) => (t, false),
        None => (UserToken::generate(), true),
    };
    let body = AuthStatus {
        is_authenticated: false,
        is_anonymous: true,
        user_token: token.expose().to_owned(),
        user: AuthUser {
            uuid: token.anonymous_id(),
            email: None,
            created_at: None,
        },
        is_moderator: false,
        can_review: false,
        is_admin: false,
    };
    let mut resp = ok(body).into_response();
    if minted {
        let v = HeaderValue::from_str(token.expose()).map_err(ApiError::internal)?;
        resp.headers_mut().insert(USER_TOKEN_HEADER, v);
    }
    resp.headers_mut()
        .insert("cache-control", HeaderValue::from_static("no-store"));
    Ok(resp)
}
