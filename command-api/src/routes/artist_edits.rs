//! Artist edits and new artists: a signed-in user proposes changes to an artist, or an artist
//! the registry lacks (or asks whether the proposal would be accepted); moderators approve all
//! or some fields, or reject.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use platform::http::{ok, ApiError, ClientIp, Envelope, PathId};
use platform::identity::{Caller, Moderator, SignedIn};

use super::{created, no_store, reviewer, written, Body, CommandState, OptionalBody};
use crate::submissions::{
    ApplyEditRequest, ArtistEditDecided, ArtistEditReceipt, ArtistEditSubmission, ArtistTarget,
    Decided, EditCheck, EditRequest, EditSubject, RejectRequest,
};

/// Proposes `req` for `target`: 201 with the receipt.
async fn propose(
    s: &CommandState,
    caller: &Caller,
    ip: std::net::IpAddr,
    target: ArtistTarget,
    req: EditRequest,
) -> Result<Response, ApiError> {
    caller.require_account()?;
    s.submissions.admit(caller, ip).await?;
    let (receipt, position) = s
        .submissions
        .propose_artist_edit(caller, target, req)
        .await?;
    Ok(created(receipt, position))
}

async fn validate(
    s: &CommandState,
    caller: &Caller,
    target: ArtistTarget,
    req: EditRequest,
) -> Result<Response, ApiError> {
    caller.require_account()?;
    let check = s
        .submissions
        .validate_artist_edit(caller, target, req)
        .await?;
    Ok(no_store(ok(check).into_response()))
}

/// `POST /api/artist/{id}/edit`: a signed-in user proposes changes to an artist.
#[utoipa::path(post, path = "/api/artist/{id}/edit", tag = "edits",
    params(("id" = uuid::Uuid, Path)),
    request_body(content = EditRequest, description = "field_name: name, aliases, biography, website, country, birth_year or death_year"),
    responses(
        (status = 201, description = "Recorded as a pending edit", body = Envelope<ArtistEditReceipt>),
        (status = 400, description = "'Change at least one field', 'name is required', a value's rule (details.field names the field)", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 404, description = "'Artist with ID {id} not found'", body = platform::http::ErrorBody),
        (status = 409, description = "A field's old value is no longer the artist's: 'This artist changed since you opened it (…)'", body = platform::http::ErrorBody),
        (status = 429, description = "Too many submissions this hour", body = platform::http::ErrorBody)))]
pub async fn propose_artist_edit(
    State(s): State<CommandState>,
    SignedIn(caller): SignedIn,
    ClientIp(ip): ClientIp,
    PathId(id): PathId,
    Body(req): Body<EditRequest>,
) -> Result<Response, ApiError> {
    propose(&s, &caller, ip, ArtistTarget::Known(id), req).await
}

/// `POST /api/submissions/artist-edit`: the same, with the artist in the body.
#[utoipa::path(post, path = "/api/submissions/artist-edit", tag = "edits",
    request_body = ArtistEditSubmission,
    responses(
        (status = 201, description = "Recorded as a pending edit", body = Envelope<ArtistEditReceipt>),
        (status = 400, description = "As POST /api/artist/{id}/edit", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 404, description = "No such artist", body = platform::http::ErrorBody),
        (status = 409, description = "Stale old values", body = platform::http::ErrorBody)))]
pub async fn submit_artist_edit(
    State(s): State<CommandState>,
    SignedIn(caller): SignedIn,
    ClientIp(ip): ClientIp,
    Body(req): Body<ArtistEditSubmission>,
) -> Result<Response, ApiError> {
    let edit = EditRequest {
        edits: req.edits,
        note: req.note,
    };
    propose(&s, &caller, ip, ArtistTarget::Known(req.artist_id), edit).await
}

/// `POST /api/artist/{id}/edit/validate`: whether a proposal would be accepted; nothing is
/// recorded.
#[utoipa::path(post, path = "/api/artist/{id}/edit/validate", tag = "edits",
    params(("id" = uuid::Uuid, Path)),
    request_body = EditRequest,
    responses(
        (status = 200, description = "valid, and every problem by field (stale old values too)", body = Envelope<EditCheck>),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 404, description = "No such artist", body = platform::http::ErrorBody)))]
pub async fn validate_artist_edit(
    State(s): State<CommandState>,
    SignedIn(caller): SignedIn,
    PathId(id): PathId,
    Body(req): Body<EditRequest>,
) -> Result<Response, ApiError> {
    validate(&s, &caller, ArtistTarget::Known(id), req).await
}

/// `POST /api/artists`: a signed-in user proposes an artist the registry does not have, as
/// changes from nothing (every `field_value_old` null; `name` required).
#[utoipa::path(post, path = "/api/artists", tag = "edits",
    request_body = EditRequest,
    responses(
        (status = 201, description = "Recorded as a pending new artist; artist_id is the id it gets once approved", body = Envelope<ArtistEditReceipt>),
        (status = 400, description = "'name is required', a value's rule (details.field names the field)", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 429, description = "Too many submissions this hour", body = platform::http::ErrorBody)))]
pub async fn propose_artist(
    State(s): State<CommandState>,
    SignedIn(caller): SignedIn,
    ClientIp(ip): ClientIp,
    Body(req): Body<EditRequest>,
) -> Result<Response, ApiError> {
    propose(&s, &caller, ip, ArtistTarget::New, req).await
}

/// `POST /api/artists/validate`: whether a new artist's proposal would be accepted.
#[utoipa::path(post, path = "/api/artists/validate", tag = "edits",
    request_body = EditRequest,
    responses(
        (status = 200, description = "valid, and every problem by field", body = Envelope<EditCheck>),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody)))]
pub async fn validate_artist(
    State(s): State<CommandState>,
    SignedIn(caller): SignedIn,
    Body(req): Body<EditRequest>,
) -> Result<Response, ApiError> {
    validate(&s, &caller, ArtistTarget::New, req).await
}

/// `POST /api/review/artist-edits/{id}/approve`: moderators apply all or some fields (a new
/// artist needs its name among them).
#[utoipa::path(post, path = "/api/review/artist-edits/{id}/approve", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    request_body(content = Option<ApplyEditRequest>, description = "Optional: apply_to_artist (true or field names; apply_to_artwork is read too), overwrite_stale"),
    responses(
        (status = 200, description = "Approved and applied", body = Envelope<ArtistEditDecided>),
        (status = 400, description = "'Choose at least one field to apply', '… is not part of this edit', 'name is required' (a new artist)", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator, or their own edit", body = platform::http::ErrorBody),
        (status = 404, description = "No such artist edit", body = platform::http::ErrorBody),
        (status = 409, description = "Already decided, or a chosen field changed since (without overwrite_stale)", body = platform::http::ErrorBody)))]
pub async fn approve_artist_edit(
    State(s): State<CommandState>,
    Moderator(caller): Moderator,
    PathId(id): PathId,
    OptionalBody(req): OptionalBody<ApplyEditRequest>,
) -> Result<Response, ApiError> {
    let reviewer = reviewer(&caller, s.submissions.pool()).await?;
    let (d, position) = s
        .submissions
        .approve_edit(&reviewer, EditSubject::Artist, id, req)
        .await?;
    let d = ArtistEditDecided {
        id: d.id,
        status: domain::SubmissionStatus::Approved,
        artist_id: d.subject_id,
        applied: d.applied,
    };
    Ok(written(d, position))
}

/// `POST /api/review/artist-edits/{id}/reject`: moderators reject an artist edit with a reason.
#[utoipa::path(post, path = "/api/review/artist-edits/{id}/reject", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    request_body = RejectRequest,
    responses(
        (status = 200, description = "Rejected", body = Envelope<Decided>),
        (status = 400, description = "'A reason is required' or too long", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody),
        (status = 404, description = "No such artist edit", body = platform::http::ErrorBody),
        (status = 409, description = "Already decided", body = platform::http::ErrorBody)))]
pub async fn reject_artist_edit(
    State(s): State<CommandState>,
    Moderator(caller): Moderator,
    PathId(id): PathId,
    Body(body): Body<RejectRequest>,
) -> Result<Response, ApiError> {
    let reviewer = reviewer(&caller, s.submissions.pool()).await?;
    let (d, position) = s
        .submissions
        .reject_edit(&reviewer, EditSubject::Artist, id, body.reason.as_deref())
        .await?;
    Ok(written(d, position))
}
