//! Every write route, top to bottom, and their handlers. Each resolves its caller on the server
//! (`Caller`) and answers with `X-Event-Position` when it wrote events.

use axum::extract::{FromRef, State};
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use axum::routing::{patch, post, put};
use axum::{Json, Router};
use platform::auth::USER_TOKEN_HEADER;
use platform::http::{ok, with_position, ApiError, ClientIp, Envelope};
use platform::identity::{load_profile, Caller, Profile};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use crate::accounts::{
    Accounts, LogoutAnswer, MagicLinkAnswer, MagicLinkRequest, VerifyAnswer, VerifyRequest,
};

#[derive(Clone)]
pub struct CommandState {
    pub accounts: Accounts,
}

impl FromRef<CommandState> for PgPool {
    fn from_ref(s: &CommandState) -> PgPool {
        s.accounts.pool().clone()
    }
}

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/auth/request-magic-link", post(request_magic_link))
        .route("/auth/verify-magic-link", post(verify_magic_link))
        .route("/auth/logout", post(logout))
        .route("/me/profile", patch(update_profile))
        .route("/me/preferences", put(put_preferences))
        .with_state(state)
}

/// A JSON body whose rejection uses the error envelope.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        Json::<T>::from_request(req, state)
            .await
            .map(|Json(v)| Body(v))
            .map_err(|e| ApiError::Validation {
                message: e.body_text(),
                field: None,
            })
    }
}

fn no_store(mut r: Response) -> Response {
    r.headers_mut()
        .insert("cache-control", HeaderValue::from_static("no-store"));
    r
}

/// `POST /api/auth/request-magic-link`.
#[utoipa::path(post, path = "/api/auth/request-magic-link", tag = "auth",
    request_body = MagicLinkRequest,
    responses(
        (status = 200, description = "A link and code were mailed; `is_signup` never reveals whether the address has an account", body = Envelope<MagicLinkAnswer>),
        (status = 400, description = "'Email address is required' or 'Please enter a valid email address'", body = platform::http::ErrorBody),
        (status = 429, description = "Too many requests for this address or from this client; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn request_magic_link(
    State(s): State<CommandState>,
    caller: Caller,
    ip: ClientIp,
    Body(body): Body<MagicLinkRequest>,
) -> Result<Response, ApiError> {
    let answer = s
        .accounts
        .request_link(body.email.as_deref(), ip, &caller)
        .await?;
    Ok(no_store(caller.respond(ok(answer))))
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
    State(s): State<CommandState>,
    caller: Caller,
    ip: ClientIp,
    Body(body): Body<VerifyRequest>,
) -> Result<Response, ApiError> {
    let v = s.accounts.verify(&body, ip, &caller).await?;
    let mut r = with_position(ok(v.answer), v.position);
    let token = HeaderValue::from_str(v.session.expose()).map_err(ApiError::internal)?;
    r.headers_mut().insert(USER_TOKEN_HEADER, token);
    Ok(no_store(r))
}

/// `POST /api/auth/logout`.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth",
    responses((status = 200, description = "The session is revoked; a new anonymous token is in the body and X-User-Token", body = Envelope<LogoutAnswer>)))]
pub async fn logout(State(s): State<CommandState>, caller: Caller) -> Result<Response, ApiError> {
    let answer = s.accounts.logout(&caller).await?;
    let token = HeaderValue::from_str(&answer.new_user_token).map_err(ApiError::internal)?;
    let mut r = ok(answer).into_response();
    r.headers_mut().insert(USER_TOKEN_HEADER, token);
    Ok(no_store(r))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ProfileUpdate {
    pub profile_name: Option<String>,
}

/// `PATCH /api/me/profile`.
#[utoipa::path(patch, path = "/api/me/profile", tag = "me",
    request_body = ProfileUpdate,
    responses(
        (status = 200, description = "The updated profile", body = Envelope<Profile>),
        (status = 400, description = "The name breaks a rule (the message says which)", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 409, description = "'That profile name is already taken'", body = platform::http::ErrorBody)))]
pub async fn update_profile(
    State(s): State<CommandState>,
    caller: Caller,
    Body(body): Body<ProfileUpdate>,
) -> Result<Response, ApiError> {
    caller.require_account()?;
    let (name, position) = s
        .accounts
        .set_profile_name(&caller, body.profile_name.as_deref())
        .await?;
    // The read model may not have the new name yet: answer with the name just recorded.
    let mut profile = load_profile(s.accounts.pool(), &caller).await?;
    profile.profile_name = Some(name.as_str().to_owned());
    Ok(no_store(with_position(ok(profile), position)))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PreferencesAnswer {
    #[schema(value_type = std::collections::BTreeMap<String, platform::identity::PreferenceValueDoc>)]
    pub preferences: serde_json::Value,
}

/// `PUT /api/me/preferences`: replaces the caller's preferences with the body, a flat object.
#[utoipa::path(put, path = "/api/me/preferences", tag = "me",
    request_body(content = Object, description = "At most 32 keys of [a-z0-9_]{1,40}; values are strings (≤ 200 characters), numbers or booleans"),
    responses(
        (status = 200, description = "The stored preferences", body = Envelope<PreferencesAnswer>),
        (status = 400, description = "A key or value breaks a rule", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody)))]
pub async fn put_preferences(
    State(s): State<CommandState>,
    caller: Caller,
    Body(body): Body<serde_json::Value>,
) -> Result<Response, ApiError> {
    caller.require_account()?;
    let (prefs, position) = s.accounts.set_preferences(&caller, body).await?;
    let preferences = serde_json::to_value(&prefs).map_err(ApiError::internal)?;
    Ok(no_store(with_position(
        ok(PreferencesAnswer { preferences }),
        position,
    )))
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(
    request_magic_link,
    verify_magic_link,
    logout,
    update_profile,
    put_preferences
))]
pub struct CommandApiDoc;
