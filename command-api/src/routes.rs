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
    Accounts, InspectAnswer, InspectRequest, LogoutAnswer, MagicLinkAnswer, MagicLinkRequest,
    VerifyAnswer, VerifyRequest,
};
use crate::idempotency;
use crate::submissions::{
    ApproveRequest, BatchAnswer, BatchRequest, Decided, LogbookFields, MetadataErased,
    RejectRequest, SubmissionReceipt, Submissions, MAX_TEXT_FIELD_BYTES, TOO_LARGE,
};
use axum::extract::multipart::{Field, Multipart, MultipartError};
use axum::extract::DefaultBodyLimit;
use domain::photo::{MAX_PHOTOS_PER_SUBMISSION, MAX_PHOTO_BYTES};
use platform::http::PathId;

/// The largest logbook post: ten full-size photos and the form's text.
pub const UPLOAD_BODY_LIMIT: usize = MAX_PHOTOS_PER_SUBMISSION * MAX_PHOTO_BYTES + 1024 * 1024;

#[derive(Clone)]
pub struct CommandState {
    pub accounts: Accounts,
    pub submissions: Submissions,
}

impl FromRef<CommandState> for PgPool {
    fn from_ref(s: &CommandState) -> PgPool {
        s.accounts.pool().clone()
    }
}

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/auth/request-magic-link", post(request_magic_link))
        .route("/auth/magic-link/inspect", post(inspect_magic_link))
        .route("/auth/verify-magic-link", post(verify_magic_link))
        .route("/auth/logout", post(logout))
        .route("/me/profile", patch(update_profile))
        .route("/me/preferences", put(put_preferences))
        .route(
            "/logbook",
            post(post_logbook).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)),
        )
        .route("/submissions/{id}/withdraw", post(withdraw_submission))
        .route(
            "/submissions/{id}/photo-metadata/erase",
            post(erase_photo_metadata),
        )
        .route("/review/approve/{id}", post(approve_submission))
        .route("/review/reject/{id}", post(reject_submission))
        .route("/review/batch", put(review_batch))
        .route("/admin/projectors/{name}/restart", post(restart_projector))
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

/// `POST /api/auth/magic-link/inspect`.
#[utoipa::path(post, path = "/api/auth/magic-link/inspect", tag = "auth",
    request_body = InspectRequest,
    responses(
        (status = 200, description = "Whom the link signs in as and what this device's anonymous identity could bring along; nothing changes", body = Envelope<InspectAnswer>),
        (status = 400, description = "INVALID_TOKEN 'Failed to verify magic link': unknown, used or expired", body = platform::http::ErrorBody),
        (status = 429, description = "Too many failed attempts from this client", body = platform::http::ErrorBody)))]
pub async fn inspect_magic_link(
    State(s): State<CommandState>,
    caller: Caller,
    ip: ClientIp,
    Body(body): Body<InspectRequest>,
) -> Result<Response, ApiError> {
    let answer = s.accounts.inspect(&body, ip, &caller).await?;
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

fn multipart_error(e: MultipartError) -> ApiError {
    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::PayloadTooLarge(TOO_LARGE.into())
    } else {
        ApiError::validation(
            "photos",
            format!("The form could not be read: {}", e.body_text()),
        )
    }
}

/// Reads a field into memory, refusing it as soon as it passes `max` bytes.
async fn read_capped(
    mut field: Field<'_>,
    max: usize,
    too_large: ApiError,
) -> Result<bytes::Bytes, ApiError> {
    let mut buf = bytes::BytesMut::new();
    while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
        if buf.len() + chunk.len() > max {
            return Err(too_large);
        }
        buf.extend_from_slice(&chunk);
    }
    Ok(buf.freeze())
}

/// Multipart form fields of `POST /api/logbook`, for the OpenAPI document.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct LogbookForm {
    /// -90 to 90.
    lat: f64,
    /// -180 to 180.
    lon: f64,
    /// `new_artwork` or `logbook`; inferred from `artworkId` when absent.
    #[schema(rename = "type")]
    kind: Option<String>,
    /// A visit's artwork (approved); absent for a new artwork.
    #[schema(rename = "artworkId")]
    artwork_id: Option<uuid::Uuid>,
    /// At most 1000 characters.
    notes: Option<String>,
    /// Visits: good, fair, poor, damaged or missing.
    condition: Option<String>,
    /// New artworks: at most 200 characters.
    title: Option<String>,
    /// New artworks: statue, mural, sculpture, installation, monument, graffiti, mosaic, relief, fountain or other (default).
    artwork_type: Option<String>,
    description: Option<String>,
    /// New artworks: a JSON object of tag key to value, e.g. {"material":"bronze"}.
    tags: Option<String>,
    /// New artworks: a JSON array of artist names.
    artists: Option<String>,
    /// 1 to 10 images (JPEG, PNG or WebP by content), each at most 15 MB; a visit may have none if it has a note.
    #[schema(value_type = Vec<String>, format = Binary)]
    photos: Vec<Vec<u8>>,
}

/// `POST /api/logbook`: a new artwork (no `artworkId`) or a visit to one, with photos.
#[utoipa::path(post, path = "/api/logbook", tag = "submissions",
    request_body(content = LogbookForm, content_type = "multipart/form-data"),
    params(("Idempotency-Key" = Option<String>, Header,
        description = "1–255 visible ASCII characters naming this request for the caller: a retry with the same key gets the first answer (for 24 hours, with Idempotent-Replayed: true) instead of a second submission")),
    responses(
        (status = 201, description = "Recorded, pending review; possible duplicates listed", body = Envelope<SubmissionReceipt>,
            headers(("X-Event-Position" = String))),
        (status = 400, description = "A field breaks a rule (details.field names it): coordinates, too many photos, no photo, tags …", body = platform::http::ErrorBody),
        (status = 404, description = "'Artwork with ID {id} not found'", body = platform::http::ErrorBody),
        (status = 409, description = "A request with this Idempotency-Key is still being processed", body = platform::http::ErrorBody),
        (status = 413, description = "'Each photo must be at most 15 MB', or a photo over 50 megapixels", body = platform::http::ErrorBody),
        (status = 415, description = "'Only JPEG, PNG and WebP images can be uploaded' (judged by content)", body = platform::http::ErrorBody),
        (status = 429, description = "Too many submissions; see Retry-After", body = platform::http::ErrorBody),
        (status = 503, description = "This process takes no more uploads now; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn post_logbook(
    State(s): State<CommandState>,
    caller: Caller,
    ip: ClientIp,
    headers: axum::http::HeaderMap,
    mut form: Multipart,
) -> Result<Response, ApiError> {
    // A retry of a request already answered gets that answer, before anything is read. A new
    // identity (no token sent) has no earlier request to match.
    let claim = match idempotency::key_from(&headers)? {
        Some(key) if !caller.minted => {
            match idempotency::begin(s.submissions.pool(), caller.actor_id(), &key).await? {
                idempotency::Begin::Replay(answer) => return Ok(no_store(answer)),
                idempotency::Begin::Run(claim) => Some(claim),
            }
        }
        _ => None,
    };
    // Held for the whole request: uploads in flight and renders waiting are bounded per process.
    let _slot = s
        .submissions
        .media()
        .upload_slot()
        .map_err(|_| ApiError::Busy {
            retry_after_secs: crate::media::BUSY_RETRY_AFTER_SECS,
            message: "Too many photos are being processed right now. Try again in a few seconds."
                .into(),
        })?;
    s.submissions.admit(&caller, ip.network()).await?;
    let mut fields = LogbookFields::default();
    let mut accepted = Vec::new();
    let read = async {
        while let Some(field) = form.next_field().await.map_err(multipart_error)? {
            let name = field.name().unwrap_or_default().to_owned();
            if matches!(name.as_str(), "photos" | "photos[]" | "photo") {
                let index = accepted.len() + 1;
                if index > MAX_PHOTOS_PER_SUBMISSION {
                    return Err(ApiError::validation(
                        "photos",
                        domain::SubmissionError::TooManyPhotos.to_string(),
                    ));
                }
                let bytes = read_capped(
                    field,
                    MAX_PHOTO_BYTES,
                    ApiError::PayloadTooLarge(TOO_LARGE.into()),
                )
                .await?;
                if bytes.is_empty() {
                    continue;
                }
                accepted.push(s.submissions.accept_photo(&caller, bytes, index).await?);
            } else {
                let raw = read_capped(
                    field,
                    MAX_TEXT_FIELD_BYTES,
                    ApiError::validation(&name, format!("{name} is too long")),
                )
                .await?;
                let text = String::from_utf8(raw.to_vec())
                    .map_err(|_| ApiError::validation(&name, format!("{name} must be text")))?;
                fields.set(&name, text);
            }
        }
        Ok(())
    }
    .await;
    // Once the body is read, the rest runs to its end even if the client goes away: a recorded
    // submission always has its answer kept for the key, a refused one its photos deleted.
    let submissions = s.submissions.clone();
    let finish = async move {
        let outcome = match read {
            Ok(()) => submissions.submit(&caller, fields, &accepted).await,
            Err(e) => Err(e),
        };
        match outcome {
            Ok((receipt, position)) => {
                let body = serde_json::to_value(ok(receipt).0).map_err(ApiError::internal)?;
                if let Some(claim) = claim {
                    let at = position.map(|p| p.to_string());
                    if let Err(e) = claim
                        .complete(axum::http::StatusCode::CREATED, &body, at.as_deref())
                        .await
                    {
                        // Recorded all the same: answer it; a retry is told to wait (the key
                        // stays claimed until it is stale), not given a second submission.
                        tracing::warn!(error = %e, "could not keep the answer for its idempotency key");
                    }
                }
                let r = with_position((axum::http::StatusCode::CREATED, Json(body)), position);
                Ok(no_store(caller.respond(r)))
            }
            Err(e) => {
                let keys: Vec<_> = accepted.iter().map(|a| a.key).collect();
                if let Err(d) = submissions.media().delete(&keys).await {
                    tracing::error!(error = %d, "could not delete the photos of a refused post");
                }
                Err(e)
            }
        }
    };
    tokio::spawn(finish).await.map_err(ApiError::internal)?
}

/// `POST /api/submissions/{id}/withdraw`: its author takes back a pending submission.
#[utoipa::path(post, path = "/api/submissions/{id}/withdraw", tag = "submissions",
    params(("id" = uuid::Uuid, Path)),
    responses(
        (status = 200, description = "Withdrawn; its photos are deleted", body = Envelope<Decided>),
        (status = 403, description = "Not the author", body = platform::http::ErrorBody),
        (status = 404, description = "No such submission", body = platform::http::ErrorBody),
        (status = 409, description = "Already decided", body = platform::http::ErrorBody)))]
pub async fn withdraw_submission(
    State(s): State<CommandState>,
    caller: Caller,
    PathId(id): PathId,
) -> Result<Response, ApiError> {
    let (d, position) = s.submissions.withdraw(&caller, id).await?;
    Ok(no_store(caller.respond(with_position(ok(d), position))))
}

/// `POST /api/submissions/{id}/photo-metadata/erase`: its author has the GPS position, time and
/// camera of its photos forgotten.
#[utoipa::path(post, path = "/api/submissions/{id}/photo-metadata/erase", tag = "submissions",
    params(("id" = uuid::Uuid, Path)),
    responses(
        (status = 200, description = "Erased (again, harmlessly, when it already was)", body = Envelope<MetadataErased>),
        (status = 403, description = "Not the author", body = platform::http::ErrorBody),
        (status = 404, description = "No such submission", body = platform::http::ErrorBody)))]
pub async fn erase_photo_metadata(
    State(s): State<CommandState>,
    caller: Caller,
    PathId(id): PathId,
) -> Result<Response, ApiError> {
    let (answer, position) = s.submissions.erase_photo_metadata(&caller, id).await?;
    Ok(no_store(
        caller.respond(with_position(ok(answer), position)),
    ))
}

/// `POST /api/review/approve/{id}`: moderators approve a pending submission.
#[utoipa::path(post, path = "/api/review/approve/{id}", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    request_body(content = Option<ApproveRequest>, description = "Optional: action create|link, artwork_id to link, overrides"),
    responses(
        (status = 200, description = "Approved; the artwork created, linked or logged to", body = Envelope<Decided>),
        (status = 400, description = "A missing title to create, a bad override, link without artwork_id", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody),
        (status = 404, description = "No such submission, or the artwork to link", body = platform::http::ErrorBody),
        (status = 409, description = "'This submission was already approved|rejected|withdrawn'", body = platform::http::ErrorBody)))]
pub async fn approve_submission(
    State(s): State<CommandState>,
    caller: Caller,
    PathId(id): PathId,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    // The body is optional: no body (or `{}`) approves with the defaults.
    let req: ApproveRequest = if body.iter().all(u8::is_ascii_whitespace) {
        ApproveRequest::default()
    } else {
        serde_json::from_slice(&body).map_err(|e| ApiError::Validation {
            message: format!("The body could not be read: {e}"),
            field: None,
        })?
    };
    let (d, position) = s.submissions.approve(&caller, id, req).await?;
    Ok(no_store(with_position(ok(d), position)))
}

/// `POST /api/review/reject/{id}`: moderators reject with a reason; the photos are deleted.
#[utoipa::path(post, path = "/api/review/reject/{id}", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    request_body = RejectRequest,
    responses(
        (status = 200, description = "Rejected", body = Envelope<Decided>),
        (status = 400, description = "'A reason is required' or too long", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody),
        (status = 404, description = "No such submission", body = platform::http::ErrorBody),
        (status = 409, description = "Already decided", body = platform::http::ErrorBody)))]
pub async fn reject_submission(
    State(s): State<CommandState>,
    caller: Caller,
    PathId(id): PathId,
    Body(body): Body<RejectRequest>,
) -> Result<Response, ApiError> {
    let (d, position) = s
        .submissions
        .reject(&caller, id, body.reason.as_deref())
        .await?;
    Ok(no_store(with_position(ok(d), position)))
}

/// `PUT /api/review/batch`: several decisions at once; each succeeds or fails on its own.
#[utoipa::path(put, path = "/api/review/batch", tag = "review",
    request_body = BatchRequest,
    responses(
        (status = 200, description = "Per-item results", body = Envelope<BatchAnswer>),
        (status = 400, description = "Empty or more than 50 items", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody)))]
pub async fn review_batch(
    State(s): State<CommandState>,
    caller: Caller,
    Body(body): Body<BatchRequest>,
) -> Result<Response, ApiError> {
    let (answer, position) = s.submissions.batch(&caller, body).await?;
    Ok(no_store(with_position(ok(answer), position)))
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(
    request_magic_link,
    inspect_magic_link,
    verify_magic_link,
    logout,
    update_profile,
    put_preferences,
    post_logbook,
    withdraw_submission,
    erase_photo_metadata,
    approve_submission,
    reject_submission,
    review_batch,
    restart_projector
))]
pub struct CommandApiDoc;

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
    let row: Option<(bool, Option<String>)> = sqlx::query_as(
        "UPDATE rm.projector_checkpoints
            SET restart_requested_at = CASE WHEN stopped_at IS NULL THEN restart_requested_at
                                            ELSE clock_timestamp() END
          WHERE name = $1
          RETURNING stopped_at IS NOT NULL, stopped_event",
    )
    .bind(&name)
    .fetch_optional(s.accounts.pool())
    .await?;
    match row {
        None => Err(ApiError::NotFound(format!("No projector named '{name}'"))),
        Some((false, _)) => Err(ApiError::Conflict(format!(
            "Projector '{name}' is not stopped"
        ))),
        Some((true, stopped_event)) => {
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
