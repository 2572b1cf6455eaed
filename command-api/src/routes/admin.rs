//! Admins' operations on the running system.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use platform::http::{ok, ApiError, Envelope};
use platform::identity::Caller;
use serde::Serialize;

use super::{no_store, CommandState};

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
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not an admin", body = platform::http::ErrorBody),
        (status = 404, description = "No projector of that name", body = platform::http::ErrorBody),
        (status = 409, description = "The projector is not stopped", body = platform::http::ErrorBody)))]
pub async fn restart_projector(
    State(s): State<CommandState>,
    caller: Caller,
    axum::extract::Path(name): axum::extract::Path<String>,
) -> Result<Response, ApiError> {
    let admin = caller.require_admin()?;
    use projectors::checkpoints::{request_restart, RestartRequest};
    match request_restart(s.accounts.pool(), &name).await? {
        RestartRequest::NoSuchProjector => {
            Err(ApiError::NotFound(format!("No projector named '{name}'")))
        }
        RestartRequest::NotStopped => Err(ApiError::Conflict(format!(
            "Projector '{name}' is not stopped"
        ))),
        RestartRequest::Requested { stopped_event } => {
            tracing::warn!(projector = %name, admin = %admin.account_id, "projector restart requested");
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
