//! The caller's own account: profile name and preferences.

use axum::extract::State;
use axum::response::Response;
use platform::http::{ok, with_position, ApiError, Envelope};
use platform::identity::Caller;
use projectors::accounts::read::{profile as load_profile, Profile};
use serde::{Deserialize, Serialize};

use super::{no_store, Body, CommandState};

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
    #[schema(value_type = std::collections::BTreeMap<String, projectors::accounts::read::PreferenceValueDoc>)]
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
