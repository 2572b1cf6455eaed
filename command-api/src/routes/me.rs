//! The caller's own account: profile name, preferences, and marking notifications seen.

use axum::response::Response;
use platform::http::{ApiError, Envelope, PathId};
use platform::identity::SignedIn;
use projectors::accounts::read::{profile as load_profile, Profile};
use serde::{Deserialize, Serialize};

use super::{written, Body, Write};
use crate::accounts::{preferences, profile_name};
use crate::actor::Sender;

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
    w: Write<Sender, SignedIn>,
    Body(body): Body<ProfileUpdate>,
) -> Result<Response, ApiError> {
    let (name, position) =
        profile_name::run(&w.state.accounts, &w.actor, body.profile_name.as_deref()).await?;
    // The read model may not have the new name yet: answer with the name just recorded.
    let mut profile = load_profile(w.state.accounts.pool(), &w.caller).await?;
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
    w: Write<Sender, SignedIn>,
    Body(body): Body<serde_json::Value>,
) -> Result<Response, ApiError> {
    let (prefs, position) = preferences::run(&w.state.accounts, &w.actor, body).await?;
    let preferences = serde_json::to_value(&prefs).map_err(ApiError::internal)?;
    Ok(written(PreferencesAnswer { preferences }, position))
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
    w: Write<Sender, SignedIn>,
    Body(body): Body<SeenRequest>,
) -> Result<Response, ApiError> {
    let position =
        crate::notifications::dismiss::run(&w.state.commands, &w.actor, &body.ids).await?;
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

/// The routes that mark notification `{id}` as seen, one state under two names.
macro_rules! seen_routes {
    ($($(#[doc = $doc:tt])* $path:literal, $name:ident;)+) => {$(
        $(#[doc = $doc])*
        #[utoipa::path(post, path = $path, tag = "me",
            params(("id" = uuid::Uuid, Path)),
            responses(
                (status = 200, description = "Seen (again: no change)", body = Envelope<Dismissed>),
                (status = 404, description = "'Notification not found' (also someone else's)", body = platform::http::ErrorBody),
                SignedIn))]
        pub async fn $name(
            w: Write<Sender, SignedIn>,
            PathId(id): PathId,
        ) -> Result<Response, ApiError> {
            let position =
                crate::notifications::dismiss::run(&w.state.commands, &w.actor, &[id]).await?;
            Ok(written(
                Dismissed {
                    id,
                    is_dismissed: true,
                },
                position,
            ))
        }
    )+};
}

seen_routes! {
    /// `POST /api/me/notifications/{id}/dismiss`: marks a notification as seen.
    "/api/me/notifications/{id}/dismiss", dismiss_notification;

    /// `POST /api/me/notifications/{id}/read`: the same as dismissing (SPEC §4: one state).
    "/api/me/notifications/{id}/read", read_notification;
}
