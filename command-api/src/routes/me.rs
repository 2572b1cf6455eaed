//! The caller's own account: profile name, preferences, and marking notifications seen.

use axum::extract::State;
use axum::response::Response;
use platform::http::{ApiError, ClientIp, Envelope, PathId};
use platform::identity::SignedIn;
use projectors::accounts::read::{profile as load_profile, Profile};
use serde::{Deserialize, Serialize};

use super::{sender, written, Body, CommandState};
use crate::accounts::{preferences, profile_name};

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
        (status = 409, description = "'That profile name is already taken'", body = platform::http::ErrorBody),
        (status = 429, description = "More than 20 names an hour for the account, or 100 for the client", body = platform::http::ErrorBody),
        SignedIn))]
pub async fn update_profile(
    State(s): State<CommandState>,
    SignedIn(caller): SignedIn,
    ip: ClientIp,
    Body(body): Body<ProfileUpdate>,
) -> Result<Response, ApiError> {
    caller.require_account()?;
    let sender = sender(&caller, &ip);
    let (name, position) =
        profile_name::run(&s.accounts, &sender, body.profile_name.as_deref()).await?;
    // The read model may not have the new name yet: answer with the name just recorded.
    let mut profile = load_profile(s.accounts.pool(), &caller).await?;
    profile.profile_name = Some(name.as_str().to_owned());
    Ok(written(profile, position))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PreferencesAnswer {
    #[schema(value_type = std::collections::BTreeMap<String, projectors::accounts::read::PreferenceValueDoc>)]
    pub preferences: serde_json::Value,
}

/// `PUT /api/me/preferences`: replaces the caller's preferences with the body, a flat object.
#[utoipa::path(put, path = "/api/me/preferences", tag = "me",
    request_body(content = Object, description = "At most 32 keys of [a-z0-9_]{1,40}; values are strings (≤ 200 characters), numbers or booleans"),
    responses(
        (status = 200, description = "The stored preferences", body = Envelope<PreferencesAnswer>),
        (status = 400, description = "A key or value breaks a rule", body = platform::http::ErrorBody),
        (status = 429, description = "Too many preference changes from this account or address; see Retry-After", body = platform::http::ErrorBody),
        SignedIn))]
pub async fn put_preferences(
    State(s): State<CommandState>,
    SignedIn(caller): SignedIn,
    ip: ClientIp,
    Body(body): Body<serde_json::Value>,
) -> Result<Response, ApiError> {
    caller.require_account()?;
    let (prefs, position) = preferences::run(&s.accounts, &sender(&caller, &ip), body).await?;
    let preferences = serde_json::to_value(&prefs).map_err(ApiError::internal)?;
    Ok(written(PreferencesAnswer { preferences }, position))
}

/// `POST /api/me/notifications/{id}/dismiss`: marks a notification as seen.
#[utoipa::path(post, path = "/api/me/notifications/{id}/dismiss", tag = "me",
    params(("id" = uuid::Uuid, Path)),
    responses(
        (status = 200, description = "Seen (again: no change)", body = Envelope<Dismissed>),
        (status = 404, description = "'Notification not found' (also someone else's)", body = platform::http::ErrorBody),
        SignedIn))]
pub async fn dismiss_notification(
    State(s): State<CommandState>,
    SignedIn(caller): SignedIn,
    ip: ClientIp,
    PathId(id): PathId,
) -> Result<Response, ApiError> {
    caller.require_account()?;
    let sender = sender(&caller, &ip);
    let position = crate::notifications::dismiss::run(&s.commands, &sender, &[id]).await?;
    Ok(written(
        Dismissed {
            id,
            is_dismissed: true,
        },
        position,
    ))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SeenRequest {
    /// 1 to 100 of the caller's notifications (a page the person has seen).
    pub ids: Vec<uuid::Uuid>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Seen {
    pub ids: Vec<uuid::Uuid>,
    pub is_dismissed: bool,
}

/// `POST /api/me/notifications/read`: marks every notification a page showed as seen, at once:
/// all of them or, when one is not the caller's, none.
#[utoipa::path(post, path = "/api/me/notifications/read", tag = "me",
    request_body = SeenRequest,
    responses(
        (status = 200, description = "Seen (those seen before: no change)", body = Envelope<Seen>),
        (status = 400, description = "No ids, or more than 100", body = platform::http::ErrorBody),
        (status = 404, description = "'Notification not found': one is not the caller's", body = platform::http::ErrorBody),
        SignedIn))]
pub async fn read_notifications(
    State(s): State<CommandState>,
    SignedIn(caller): SignedIn,
    ip: ClientIp,
    Body(body): Body<SeenRequest>,
) -> Result<Response, ApiError> {
    caller.require_account()?;
    let sender = sender(&caller, &ip);
    let position = crate::notifications::dismiss::run(&s.commands, &sender, &body.ids).await?;
    Ok(written(
        Seen {
            ids: body.ids,
            is_dismissed: true,
        },
        position,
    ))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Dismissed {
    pub id: uuid::Uuid,
    pub is_dismissed: bool,
}

/// `POST /api/me/notifications/{id}/read`: the same as dismissing (SPEC §4: one state).
#[utoipa::path(post, path = "/api/me/notifications/{id}/read", tag = "me",
    params(("id" = uuid::Uuid, Path)),
    responses(
        (status = 200, description = "Seen (again: no change)", body = Envelope<Dismissed>),
        (status = 404, description = "'Notification not found' (also someone else's)", body = platform::http::ErrorBody),
        SignedIn))]
pub async fn read_notification(
    state: State<CommandState>,
    SignedIn(caller): SignedIn,
    ip: ClientIp,
    id: PathId,
) -> Result<Response, ApiError> {
    dismiss_notification(state, SignedIn(caller), ip, id).await
}
