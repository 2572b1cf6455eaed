//! Every write route, one module per resource, and what their handlers share. Each handler
//! takes its caller as the actor its use case acts for (`Write<Actor, Guard>`, resolved on the
//! server before the body is read), calls one operation of the write side, and answers with
//! `X-Event-Position` when it wrote events.

mod admin;
mod artworks;
mod auth;
mod edits;
mod feedback;
pub mod idempotency;
mod lists;
mod me;
mod review;
mod submissions;
mod write;

use axum::extract::{DefaultBodyLimit, FromRef};
use axum::http::HeaderValue;
use axum::response::Response;
use axum::routing::{patch, post, put};
use axum::{Json, Router};
use domain::photo::{MAX_PHOTOS_PER_SUBMISSION, MAX_PHOTO_BYTES};
use platform::http::ApiError;
use sqlx::PgPool;

use crate::accounts::Accounts;
use crate::commands::Commands;
use crate::submissions::Submissions;
pub use write::Write;

/// The largest logbook post: ten full-size photos and the form's text.
pub const UPLOAD_BODY_LIMIT: usize = MAX_PHOTOS_PER_SUBMISSION * MAX_PHOTO_BYTES + 1024 * 1024;

#[derive(Clone)]
pub struct CommandState {
    pub accounts: Accounts,
    pub submissions: Submissions,
    /// The aggregates, for use cases that need nothing else.
    pub commands: Commands,
    pub replays: crate::replays::Replays,
}

impl FromRef<CommandState> for PgPool {
    fn from_ref(s: &CommandState) -> PgPool {
        s.accounts.pool().clone()
    }
}

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/auth/request-magic-link", post(auth::request_magic_link))
        .route("/auth/magic-link/inspect", post(auth::inspect_magic_link))
        .route("/auth/verify-magic-link", post(auth::verify_magic_link))
        .route("/auth/logout", post(auth::logout))
        .route("/me/profile", patch(me::update_profile))
        .route("/me/preferences", put(me::put_preferences))
        .route(
            "/me/notifications/{id}/dismiss",
            post(me::dismiss_notification),
        )
        .route("/me/notifications/{id}/read", post(me::read_notification))
        .route("/me/notifications/read", post(me::read_notifications))
        .route(
            "/logbook",
            post(submissions::post_logbook).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)),
        )
        .route(
            "/submissions/{id}/withdraw",
            post(submissions::withdraw_submission),
        )
        .route(
            "/submissions/{id}/photo-metadata/erase",
            post(submissions::erase_photo_metadata),
        )
        .route("/review/approve/{id}", post(review::approve_submission))
        .route("/review/reject/{id}", post(review::reject_submission))
        .route("/review/batch", put(review::review_batch))
        .route("/artwork/{id}/edit", post(edits::propose_edit))
        .route("/artwork/{id}/edit/validate", post(edits::validate_edit))
        .route(
            "/submissions/artwork-edit",
            post(edits::submit_artwork_edit),
        )
        .route(
            "/review/artwork-edits/{id}/approve",
            post(edits::approve_edit),
        )
        .route(
            "/review/artwork-edits/{id}/reject",
            post(edits::reject_edit),
        )
        .route("/artist/{id}/edit", post(edits::propose_artist_edit))
        .route(
            "/artist/{id}/edit/validate",
            post(edits::validate_artist_edit),
        )
        .route("/submissions/artist-edit", post(edits::submit_artist_edit))
        .route("/artists", post(edits::propose_artist))
        .route("/artists/validate", post(edits::validate_artist))
        .route(
            "/review/artist-edits/{id}/approve",
            post(edits::approve_artist_edit),
        )
        .route(
            "/review/artist-edits/{id}/reject",
            post(edits::reject_artist_edit),
        )
        .route("/artworks/{id}/revert", post(artworks::revert))
        .route("/artworks/{id}/merge", post(artworks::merge))
        .route("/artworks/{id}/unmerge", post(artworks::unmerge))
        .route("/feedback", post(feedback::send_feedback))
        .route(
            "/moderation/feedback/{id}/archive",
            post(feedback::archive_feedback),
        )
        .route(
            "/moderation/feedback/{id}/resolve",
            post(feedback::resolve_feedback),
        )
        .route("/lists", post(lists::create_list))
        .route(
            "/lists/{id}",
            patch(lists::update_list).delete(lists::delete_list),
        )
        .route(
            "/lists/{id}/items",
            post(lists::add_item).delete(lists::remove_items),
        )
        .route("/admin/replay", post(admin::start_replay))
        .route(
            "/admin/areas",
            put(admin::load_areas)
                .delete(admin::clear_areas)
                .layer(DefaultBodyLimit::max(crate::areas::MAX_BOUNDARY_BYTES)),
        )
        .route("/admin/badges", post(admin::define_badge))
        .route(
            "/admin/badges/{id}",
            put(admin::change_badge).delete(admin::deactivate_badge),
        )
        .route("/admin/permissions/grant", post(admin::grant_permission))
        .route("/admin/permissions/revoke", post(admin::revoke_permission))
        .route(
            "/admin/projectors/{name}/restart",
            post(admin::restart_projector),
        )
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

/// A `multipart/form-data` body whose rejection (no boundary, another content type) uses the
/// error envelope.
pub struct Form(pub axum::extract::Multipart);

impl<S: Send + Sync> axum::extract::FromRequest<S> for Form {
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        axum::extract::Multipart::from_request(req, state)
            .await
            .map(Form)
            .map_err(|e| {
                ApiError::validation(
                    "photos",
                    format!("The form could not be read: {}", e.body_text()),
                )
            })
    }
}

/// A JSON body that may be left out: no body (or only whitespace) is `T::default()`.
pub struct OptionalBody<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned + Default> axum::extract::FromRequest<S>
    for OptionalBody<T>
{
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        let body = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|e| ApiError::validation("body", e.body_text()))?;
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalBody(T::default()));
        }
        serde_json::from_slice(&body)
            .map(OptionalBody)
            .map_err(|e| ApiError::Validation {
                message: format!("The body could not be read: {e}"),
                field: None,
            })
    }
}

fn no_store(mut r: Response) -> Response {
    r.headers_mut()
        .insert("cache-control", HeaderValue::from_static("no-store"));
    r
}

/// A write's answer: 200 with `data`, the position it was recorded at, never cached.
fn written<T: serde::Serialize>(
    data: T,
    position: Option<platform::position::EventPosition>,
) -> Response {
    no_store(platform::http::with_position(
        platform::http::ok(data),
        position,
    ))
}

/// [`written`] for a write that made something: 201.
fn created<T: serde::Serialize>(
    data: T,
    position: Option<platform::position::EventPosition>,
) -> Response {
    no_store(platform::http::with_position(
        (axum::http::StatusCode::CREATED, platform::http::ok(data)),
        position,
    ))
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(
    auth::request_magic_link,
    auth::inspect_magic_link,
    auth::verify_magic_link,
    auth::logout,
    me::update_profile,
    me::put_preferences,
    me::dismiss_notification,
    me::read_notification,
    me::read_notifications,
    submissions::post_logbook,
    submissions::withdraw_submission,
    submissions::erase_photo_metadata,
    review::approve_submission,
    review::reject_submission,
    review::review_batch,
    edits::propose_edit,
    edits::validate_edit,
    edits::submit_artwork_edit,
    edits::approve_edit,
    edits::reject_edit,
    edits::propose_artist_edit,
    edits::submit_artist_edit,
    edits::validate_artist_edit,
    edits::propose_artist,
    edits::validate_artist,
    edits::approve_artist_edit,
    edits::reject_artist_edit,
    artworks::revert,
    artworks::merge,
    artworks::unmerge,
    feedback::send_feedback,
    feedback::archive_feedback,
    feedback::resolve_feedback,
    lists::create_list,
    lists::add_item,
    lists::remove_items,
    lists::update_list,
    lists::delete_list,
    admin::restart_projector,
    admin::grant_permission,
    admin::revoke_permission,
    admin::define_badge,
    admin::change_badge,
    admin::deactivate_badge,
    admin::start_replay,
    admin::load_areas,
    admin::clear_areas
))]
pub struct CommandApiDoc;
