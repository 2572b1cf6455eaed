//! Admins' operations on the running system.

use axum::response::{IntoResponse, Response};
use platform::http::{ok, ApiError, Envelope};
use platform::identity::Admin;
use serde::Serialize;

use super::{created, no_store, written, Write};
use crate::actor;

/// The answer to a restart request.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RestartRequested {
    pub name: String,
    /// The event it had stopped at.
    pub stopped_event: Option<String>,
}

/// `POST /api/admin/projectors/{name}/restart`: admins run a projector stopped on a poison event
/// again (after the cause is fixed); the process running it takes the request up within seconds.
#[utoipa::path(post, path = "/api/admin/projectors/{name}/restart", tag = "admin",
    params(("name" = String, Path, description = "The projector's name (see /api/admin/status)")),
    responses(
        (status = 202, description = "Restart requested", body = Envelope<RestartRequested>),
        (status = 404, description = "No projector of that name", body = platform::http::ErrorBody),
        (status = 409, description = "The projector is not stopped", body = platform::http::ErrorBody),
        Admin))]
pub async fn restart_projector(
    w: Write<actor::Admin, Admin>,
    axum::extract::Path(name): axum::extract::Path<String>,
) -> Result<Response, ApiError> {
    use projectors::checkpoints::{request_restart, RestartRequest};
    match request_restart(w.state.accounts.pool(), &name).await? {
        RestartRequest::NoSuchProjector => {
            Err(ApiError::NotFound(format!("No projector named '{name}'")))
        }
        RestartRequest::NotStopped => Err(ApiError::Conflict(format!(
            "Projector '{name}' is not stopped"
        ))),
        RestartRequest::Requested { stopped_event } => {
            tracing::warn!(projector = %name, admin = %w.actor.account_id.0, "projector restart requested");
            let answer = RestartRequested {
                name,
                stopped_event,
            };
            Ok(no_store(
                (axum::http::StatusCode::ACCEPTED, ok(answer)).into_response(),
            ))
        }
    }
}

/// What a permission change answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PermissionChanged {
    pub user_uuid: uuid::Uuid,
    pub permission: domain::Permission,
    pub granted: bool,
}

async fn change_permission(
    w: Write<actor::Admin, Admin>,
    change: crate::accounts::PermissionChange,
    grant: bool,
) -> Result<Response, ApiError> {
    let user_uuid = change.user_uuid;
    let (permission, position) =
        crate::accounts::permissions::run(&w.state.accounts, &w.actor, change, grant).await?;
    Ok(written(
        PermissionChanged {
            user_uuid,
            permission,
            granted: grant,
        },
        position,
    ))
}

/// The routes that grant (`$grant`) or revoke a permission (admins'), answering 200 with the
/// change (`$done`) or a refusal: those both have, then the route's own.
macro_rules! permission_routes {
    ($(
        $(#[doc = $doc:tt])*
        $path:literal, $name:ident => $grant:literal, $done:literal $(, $status:tt $why:literal)*;
    )+) => {$(
        $(#[doc = $doc])*
        #[utoipa::path(post, path = $path, tag = "admin",
            request_body = crate::accounts::PermissionChange,
            responses(
                (status = 200, description = $done, body = Envelope<PermissionChanged>),
                (status = 400, description = "'permission must be moderator or admin', 'A reason is required'", body = platform::http::ErrorBody),
                (status = 404, description = "'User not found'", body = platform::http::ErrorBody),
                $((status = $status, description = $why, body = platform::http::ErrorBody),)*
                Admin))]
        pub async fn $name(
            w: Write<actor::Admin, Admin>,
            super::Body(change): super::Body<crate::accounts::PermissionChange>,
        ) -> Result<Response, ApiError> {
            change_permission(w, change, $grant).await
        }
    )+};
}

permission_routes! {
    /// `POST /api/admin/permissions/grant {user_uuid, permission, reason}` (admins).
    "/api/admin/permissions/grant", grant_permission => true,
        "Granted (in force on the account's next request)";

    /// `POST /api/admin/permissions/revoke {user_uuid, permission, reason}` (admins).
    "/api/admin/permissions/revoke", revoke_permission => false,
        "Revoked (in force on the account's next request)",
        409 "Not held, or the caller is the last admin giving up admin";
}

/// What a badge change answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BadgeChanged {
    pub badge_id: uuid::Uuid,
}

/// `POST /api/admin/badges` (admins): defines a badge; those who already qualify get it.
#[utoipa::path(post, path = "/api/admin/badges", tag = "admin",
    request_body = crate::badges::NewBadge,
    responses(
        (status = 201, description = "Defined", body = Envelope<BadgeChanged>),
        (status = 400, description = "A field breaks a rule (details.field names it)", body = platform::http::ErrorBody),
        (status = 409, description = "'A badge with this key exists'", body = platform::http::ErrorBody),
        Admin))]
pub async fn define_badge(
    w: Write<actor::Admin, Admin>,
    super::Body(badge): super::Body<crate::badges::NewBadge>,
) -> Result<Response, ApiError> {
    let (badge_id, position) =
        crate::badges::define::run(&w.state.commands, &w.actor.metadata, badge)
            .await
            .map_err(crate::error::badge_command)?;
    Ok(created(BadgeChanged { badge_id }, position))
}

/// The changes to badge `{id}` (admins'), each a handler `$name` passing the body (when it has
/// one) to its use case `crate::badges::$step::run` and answering 200 with the badge's id
/// (`$done`), or a refusal: its own, then the 404 both have.
macro_rules! badge_changes {
    ($(
        $(#[doc = $doc:tt])*
        $method:ident $name:ident($($req:ident: $Req:ty)?) => $step:ident, $done:literal
            $(, $status:tt $why:literal)*;
    )+) => {$(
        $(#[doc = $doc])*
        #[utoipa::path($method, path = "/api/admin/badges/{id}", tag = "admin",
            params(("id" = uuid::Uuid, Path)),
            $(request_body = $Req,)?
            responses(
                (status = 200, description = $done, body = Envelope<BadgeChanged>),
                $((status = $status, description = $why, body = platform::http::ErrorBody),)*
                (status = 404, description = "'Badge not found'", body = platform::http::ErrorBody),
                Admin))]
        pub async fn $name(
            w: Write<actor::Admin, Admin>,
            platform::http::PathId(badge_id): platform::http::PathId,
            $(super::Body($req): super::Body<$Req>,)?
        ) -> Result<Response, ApiError> {
            let metadata = &w.actor.metadata;
            let position = crate::badges::$step::run(&w.state.commands, metadata, badge_id $(, $req)?)
                .await
                .map_err(crate::error::badge_command)?;
            Ok(written(BadgeChanged { badge_id }, position))
        }
    )+};
}

badge_changes! {
    /// `PUT /api/admin/badges/{id}` (admins): changes the look and rule; `active` deactivates or
    /// reactivates. Awards made stay.
    put change_badge(change: crate::badges::BadgeChange) => change, "Changed",
        400 "A field breaks a rule (details.field names it)";

    /// `DELETE /api/admin/badges/{id}` (admins): deactivates the badge (never deleted: awards stay).
    delete deactivate_badge() => deactivate, "Deactivated";
}

/// `POST /api/admin/replay`'s body.
#[derive(Debug, Default, serde::Deserialize, utoipa::ToSchema)]
pub struct ReplayRequest {
    /// One read model (see /api/admin/status); all when absent.
    pub projector: Option<String>,
}

/// `POST /api/admin/replay {projector?}` (admins): rebuilds one read model or all from the
/// event store in the background; follow it with `GET /api/admin/replay`.
#[utoipa::path(post, path = "/api/admin/replay", tag = "admin",
    request_body = ReplayRequest,
    responses(
        (status = 202, description = "Started", body = Envelope<projectors::replay_jobs::ReplayState>),
        (status = 404, description = "No read model of that name", body = platform::http::ErrorBody),
        (status = 409, description = "A replay is running", body = platform::http::ErrorBody),
        Admin))]
pub async fn start_replay(
    w: Write<actor::Admin, Admin>,
    super::OptionalBody(req): super::OptionalBody<ReplayRequest>,
) -> Result<Response, ApiError> {
    let projector = req
        .projector
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty());
    let job = w
        .state
        .replays
        .start(w.actor.account_id.0, projector)
        .await
        .map_err(|e| match e {
            crate::replays::ReplayError::Unknown(_) => ApiError::NotFound(e.to_string()),
            crate::replays::ReplayError::Running => ApiError::Conflict(e.to_string()),
            crate::replays::ReplayError::Store(e) => ApiError::internal(e),
        })?;
    Ok(no_store(
        (
            axum::http::StatusCode::ACCEPTED,
            ok(projectors::replay_jobs::ReplayState { job: Some(job) }),
        )
            .into_response(),
    ))
}

/// What loading or clearing a boundary file answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AreasChanged {
    /// How many areas the file in force has; 0 once cleared (areas are grid cells again).
    pub areas: usize,
}

/// `PUT /api/admin/areas`: a boundary file (GeoJSON neighbourhoods, with its attribution)
/// becomes the areas people can finish, in place of the one in force (admins').
#[utoipa::path(put, path = "/api/admin/areas", tag = "admin",
    request_body = crate::areas::BoundaryUpload,
    responses(
        (status = 200, description = "Loaded", body = Envelope<AreasChanged>),
        (status = 400, description = "The file is not areas, or a field breaks a rule (details.field names it)", body = platform::http::ErrorBody),
        (status = 413, description = "The file is larger than 16 MB", body = platform::http::ErrorBody),
        Admin))]
pub async fn load_areas(
    w: Write<actor::Admin, Admin>,
    super::Body(upload): super::Body<crate::areas::BoundaryUpload>,
) -> Result<Response, ApiError> {
    let (areas, position) = crate::areas::load::run(
        &w.state.commands,
        Some(w.actor.account_id),
        &w.actor.metadata,
        upload,
    )
    .await
    .map_err(crate::error::area_command)?;
    Ok(written(AreasChanged { areas }, position))
}

/// `DELETE /api/admin/areas`: the boundary file in force goes; areas are grid cells of about a
/// kilometre again (admins').
#[utoipa::path(delete, path = "/api/admin/areas", tag = "admin",
    responses(
        (status = 200, description = "Cleared", body = Envelope<AreasChanged>),
        (status = 404, description = "'No boundary file is loaded'", body = platform::http::ErrorBody),
        Admin))]
pub async fn clear_areas(w: Write<actor::Admin, Admin>) -> Result<Response, ApiError> {
    let position = crate::areas::clear::run(
        &w.state.commands,
        Some(w.actor.account_id),
        &w.actor.metadata,
    )
    .await
    .map_err(crate::error::area_command)?;
    Ok(written(AreasChanged { areas: 0 }, position))
}
