//! Edit proposals: a signed-in user proposes changes to an artwork (or asks whether they would
//! be accepted); moderators approve all or some fields, or reject.

use axum::extract::State;
use axum::response::Response;
use platform::http::{ok, ApiError, ClientIp, Envelope, PathId};
use platform::identity::{Caller, Moderator, SignedIn};
use uuid::Uuid;

use super::{created, no_store, reviewer, written, Body, CommandState, OptionalBody};
use crate::submissions::{
    ApplyEditRequest, ArtworkEditSubmission, Decided, EditCheck, EditDecided, EditReceipt,
    EditRequest, EditSubject, RejectRequest,
};

/// Proposes `req` for artwork `id`: 201 with the receipt.
async fn propose(
    s: &CommandState,
    caller: &Caller,
    ip: std::net::IpAddr,
    id: Uuid,
    req: EditRequest,
) -> Result<Response, ApiError> {
    caller.require_account()?;
    s.submissions.admit(caller, ip).await?;
    let (receipt, position) = s.submissions.propose_edit(caller, id, req).await?;
    Ok(created(receipt, position))
}

/// `POST /api/artwork/{id}/edit`: a signed-in user proposes changes to an artwork.
#[utoipa::path(post, path = "/api/artwork/{id}/edit", tag = "edits",
    params(("id" = uuid::Uuid, Path)),
    request_body = EditRequest,
    responses(
        (status = 201, description = "Recorded as a pending edit", body = Envelope<EditReceipt>),
        (status = 400, description = "'Change at least one field', 'title is required', a value's rule (details.field names the field)", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 404, description = "'Artwork with ID {id} not found'", body = platform::http::ErrorBody),
        (status = 409, description = "A field's old value is no longer the artwork's: 'This artwork changed since you opened it (…)'", body = platform::http::ErrorBody),
        (status = 429, description = "Too many submissions this hour", body = platform::http::ErrorBody)))]
pub async fn propose_edit(
    State(s): State<CommandState>,
    SignedIn(caller): SignedIn,
    ClientIp(ip): ClientIp,
    PathId(id): PathId,
    Body(req): Body<EditRequest>,
) -> Result<Response, ApiError> {
    propose(&s, &caller, ip, id, req).await
}

/// `POST /api/submissions/artwork-edit`: the same, with the artwork in the body.
#[utoipa::path(post, path = "/api/submissions/artwork-edit", tag = "edits",
    request_body = ArtworkEditSubmission,
    responses(
        (status = 201, description = "Recorded as a pending edit", body = Envelope<EditReceipt>),
        (status = 400, description = "As POST /api/artwork/{id}/edit", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 404, description = "No such artwork", body = platform::http::ErrorBody),
        (status = 409, description = "Stale old values", body = platform::http::ErrorBody)))]
pub async fn submit_artwork_edit(
    State(s): State<CommandState>,
    SignedIn(caller): SignedIn,
    ClientIp(ip): ClientIp,
    Body(req): Body<ArtworkEditSubmission>,
) -> Result<Response, ApiError> {
    let edit = EditRequest {
        edits: req.edits,
        note: req.note,
    };
    propose(&s, &caller, ip, req.artwork_id, edit).await
}

/// `POST /api/artwork/{id}/edit/validate`: whether a proposal would be accepted; nothing is
/// recorded.
#[utoipa::path(post, path = "/api/artwork/{id}/edit/validate", tag = "edits",
    params(("id" = uuid::Uuid, Path)),
    request_body = EditRequest,
    responses(
        (status = 200, description = "valid, and every problem by field (stale old values too)", body = Envelope<EditCheck>),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 404, description = "No such artwork", body = platform::http::ErrorBody)))]
pub async fn validate_edit(
    State(s): State<CommandState>,
    SignedIn(caller): SignedIn,
    PathId(id): PathId,
    Body(req): Body<EditRequest>,
) -> Result<Response, ApiError> {
    caller.require_account()?;
    let check = s.submissions.validate_edit(&caller, id, req).await?;
    Ok(no_store(axum::response::IntoResponse::into_response(ok(
        check,
    ))))
}

/// `POST /api/review/artwork-edits/{id}/approve`: moderators apply all or some fields.
#[utoipa::path(post, path = "/api/review/artwork-edits/{id}/approve", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    request_body(content = Option<ApplyEditRequest>, description = "Optional: apply_to_artwork (true or field names), overwrite_stale"),
    responses(
        (status = 200, description = "Approved and applied", body = Envelope<EditDecided>),
        (status = 400, description = "'Choose at least one field to apply', '… is not part of this edit', a limit", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator, or their own edit", body = platform::http::ErrorBody),
        (status = 404, description = "No such edit", body = platform::http::ErrorBody),
        (status = 409, description = "Already decided, or a chosen field changed since (without overwrite_stale)", body = platform::http::ErrorBody)))]
pub async fn approve_edit(
    State(s): State<CommandState>,
    Moderator(caller): Moderator,
    PathId(id): PathId,
    OptionalBody(req): OptionalBody<ApplyEditRequest>,
) -> Result<Response, ApiError> {
    let reviewer = reviewer(&caller, s.submissions.pool()).await?;
    let (d, position) = s
        .submissions
        .approve_edit(&reviewer, EditSubject::Artwork, id, req)
        .await?;
    let d = EditDecided {
        id: d.id,
        status: domain::SubmissionStatus::Approved,
        artwork_id: d.subject_id,
        applied: d.applied,
    };
    Ok(written(d, position))
}

/// `POST /api/review/artwork-edits/{id}/reject`: moderators reject an edit with a reason.
#[utoipa::path(post, path = "/api/review/artwork-edits/{id}/reject", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    request_body = RejectRequest,
    responses(
        (status = 200, description = "Rejected", body = Envelope<Decided>),
        (status = 400, description = "'A reason is required' or too long", body = platform::http::ErrorBody),
        (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
        (status = 403, description = "Not a moderator", body = platform::http::ErrorBody),
        (status = 404, description = "No such edit", body = platform::http::ErrorBody),
        (status = 409, description = "Already decided", body = platform::http::ErrorBody)))]
pub async fn reject_edit(
    State(s): State<CommandState>,
    Moderator(caller): Moderator,
    PathId(id): PathId,
    Body(body): Body<RejectRequest>,
) -> Result<Response, ApiError> {
    let reviewer = reviewer(&caller, s.submissions.pool()).await?;
    let (d, position) = s
        .submissions
        .reject_edit(&reviewer, EditSubject::Artwork, id, body.reason.as_deref())
        .await?;
    Ok(written(d, position))
}
