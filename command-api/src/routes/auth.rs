//! Sign-in: magic links (request, inspect, verify) and sign-out.

use crate::actor::Device;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use platform::auth::USER_TOKEN_HEADER;
use platform::http::{ok, with_position, ApiError, Envelope};
use platform::language::Language;

use super::{no_store, Body, Write};
use crate::accounts::{
    inspect, logout, request_link, verify, InspectAnswer, InspectRequest, LogoutAnswer,
    MagicLinkAnswer, MagicLinkRequest, VerifyAnswer, VerifyRequest,
};

/// `POST /api/auth/request-magic-link`.
#[utoipa::path(post, path = "/api/auth/request-magic-link", tag = "auth",
    request_body = MagicLinkRequest,
    params(("Accept-Language" = Option<String>, Header, description = "The mail's and the message's language: French when French ranks first among the languages this site speaks (en, fr), else English")),
    responses(
        (status = 200, description = "A link and code were mailed; `is_signup` never reveals whether the address has an account", body = Envelope<MagicLinkAnswer>),
        (status = 400, description = "'Email address is required' or 'Please enter a valid email address'", body = platform::http::ErrorBody),
        (status = 429, description = "Too many requests for this address or from this client; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn request_magic_link(
    w: Write<Device>,
    language: Language,
    Body(body): Body<MagicLinkRequest>,
) -> Result<Response, ApiError> {
    let answer =
        request_link::run(&w.state.accounts, &w.actor, body.email.as_deref(), language).await?;
    Ok(no_store(w.caller.respond(ok(answer))))
}

/// `POST /api/auth/magic-link/inspect`.
#[utoipa::path(post, path = "/api/auth/magic-link/inspect", tag = "auth",
    request_body = InspectRequest,
    responses(
        (status = 200, description = "Whom the link signs in as and what this device's anonymous identity could bring along; nothing changes", body = Envelope<InspectAnswer>),
        (status = 400, description = "INVALID_TOKEN 'Failed to verify magic link': unknown, used or expired", body = platform::http::ErrorBody),
        (status = 429, description = "Too many failed attempts from this client", body = platform::http::ErrorBody)))]
pub async fn inspect_magic_link(
    w: Write<Device>,
    Body(body): Body<InspectRequest>,
) -> Result<Response, ApiError> {
    let answer = inspect::run(&w.state.accounts, &w.actor, &body).await?;
    Ok(no_store(w.caller.respond(ok(answer))))
}

/// `POST /api/auth/verify-magic-link`.
#[utoipa::path(post, path = "/api/auth/verify-magic-link", tag = "auth",
    request_body = VerifyRequest,
    responses(
        (status = 200, description = "Signed in; the new session token is in X-User-Token", body = Envelope<VerifyAnswer>,
            headers(("X-User-Token" = String, description = "The session token"), ("X-Event-Position" = String))),
        (status = 400, description = "INVALID_TOKEN 'Failed to verify magic link': unknown, used, expired or wrong", body = platform::http::ErrorBody),
        (status = 429, description = "Too many attempts from this client", body = platform::http::ErrorBody)))]
pub async fn verify_magic_link(
    w: Write<Device>,
    Body(body): Body<VerifyRequest>,
) -> Result<Response, ApiError> {
    let v = verify::run(&w.state.accounts, &w.actor, &body).await?;
    let mut r = with_position(ok(v.answer), v.position);
    let token = HeaderValue::from_str(v.session.expose()).map_err(ApiError::internal)?;
    r.headers_mut().insert(USER_TOKEN_HEADER, token);
    Ok(no_store(r))
}

/// `POST /api/auth/logout`.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth",
    responses((status = 200, description = "The session is revoked; a new anonymous token is in the body and X-User-Token", body = Envelope<LogoutAnswer>)))]
pub async fn logout(w: Write<Device>) -> Result<Response, ApiError> {
    let answer = logout::run(&w.state.accounts, &w.actor).await?;
    let token = HeaderValue::from_str(&answer.new_user_token).map_err(ApiError::internal)?;
    let mut r = ok(answer).into_response();
    r.headers_mut().insert(USER_TOKEN_HEADER, token);
    Ok(no_store(r))
}
