//! Edit proposals of artworks and artists (and artists the registry lacks): a signed-in user
//! proposes changes (or asks whether they would be accepted); moderators approve all or some
//! fields, or reject. One generic handler per step, over the subject (`crate::edits::Subject`);
//! each SPEC URL is a thin alias naming its subject, answering in that subject's words
//! (`artwork_id` or `artist_id`).

use axum::response::{IntoResponse, Response};
use domain::{Artist, Artwork, SubmissionStatus};
use platform::http::{ok, ApiError, Envelope, PathId};
use platform::identity::{Moderator, SignedIn};
use uuid::Uuid;

use super::{created, no_store, written, Body, OptionalBody, Write};
use crate::actor::{Reviewer, Sender};
use crate::edits::{self, EditApproved, Proposed, Subject, Target};
use crate::submissions::{
    ApplyEditRequest, ArtistEditDecided, ArtistEditReceipt, ArtistEditSubmission,
    ArtworkEditSubmission, Decided, EditCheck, EditDecided, EditReceipt, EditRequest,
    RejectRequest,
};

/// A subject's answers, in its own words.
trait Answered: Subject {
    type Receipt: serde::Serialize + From<Proposed>;
    type Decided: serde::Serialize + From<EditApproved>;
}

impl Answered for Artwork {
    type Receipt = EditReceipt;
    type Decided = EditDecided;
}

impl Answered for Artist {
    type Receipt = ArtistEditReceipt;
    type Decided = ArtistEditDecided;
}

impl From<Proposed> for EditReceipt {
    fn from(p: Proposed) -> Self {
        Self {
            id: p.id,
            status: p.status,
            artwork_id: p.subject_id,
            edits: p.edits,
        }
    }
}

impl From<Proposed> for ArtistEditReceipt {
    fn from(p: Proposed) -> Self {
        Self {
            id: p.id,
            status: p.status,
            artist_id: p.subject_id,
            edits: p.edits,
        }
    }
}

impl From<EditApproved> for EditDecided {
    fn from(d: EditApproved) -> Self {
        Self {
            id: d.id,
            status: SubmissionStatus::Approved,
            artwork_id: d.subject_id,
            applied: d.applied,
        }
    }
}

impl From<EditApproved> for ArtistEditDecided {
    fn from(d: EditApproved) -> Self {
        Self {
            id: d.id,
            status: SubmissionStatus::Approved,
            artist_id: d.subject_id,
            applied: d.applied,
        }
    }
}

/// Proposes `req` for `target`: 201 with the receipt.
async fn propose<S: Answered>(
    w: Write<Sender, SignedIn>,
    target: Target,
    req: EditRequest,
) -> Result<Response, ApiError> {
    // One budget with logbook posts, per identity and per client (an IPv6 /64 is one client).
    crate::submissions::submit::admit(&w.state.submissions, &w.actor).await?;
    let (proposed, position) =
        edits::propose::<S>(&w.state.commands, &w.actor, target, req).await?;
    Ok(created(S::Receipt::from(proposed), position))
}

/// Whether `req` would be accepted for `target`, and how the server reads it; nothing is
/// recorded.
async fn validate<S: Subject>(
    w: Write<Sender, SignedIn>,
    target: Target,
    req: EditRequest,
) -> Result<Response, ApiError> {
    let check: EditCheck = edits::check::<S>(&w.state.commands, &w.actor, target, req)
        .await?
        .answer();
    Ok(no_store(ok(check).into_response()))
}

/// Approves the fields `req` chooses of edit `id`, from the subject's review queue.
async fn approve<S: Answered>(
    w: Write<Reviewer, Moderator>,
    id: Uuid,
    req: ApplyEditRequest,
) -> Result<Response, ApiError> {
    let (d, position) = edits::approve::run::<S>(&w.state.submissions, &w.actor, id, req).await?;
    Ok(written(S::Decided::from(d), position))
}

/// Rejects edit `id`, from the subject's review queue.
async fn reject<S: Subject>(
    w: Write<Reviewer, Moderator>,
    id: Uuid,
    body: RejectRequest,
) -> Result<Response, ApiError> {
    let reason = body.reason.as_deref();
    let (d, position) = edits::reject::run::<S>(&w.state.submissions, &w.actor, id, reason).await?;
    Ok(written(d, position))
}

/// `POST /api/artwork/{id}/edit`: a signed-in user proposes changes to an artwork.
#[utoipa::path(post, path = "/api/artwork/{id}/edit", tag = "edits",
    params(("id" = uuid::Uuid, Path)),
    request_body = EditRequest,
    responses(
        (status = 201, description = "Recorded as a pending edit", body = Envelope<EditReceipt>),
        (status = 400, description = "'Change at least one field', 'title is required', a value's rule (details.field names the field)", body = platform::http::ErrorBody),
        (status = 404, description = "'Artwork with ID {id} not found'", body = platform::http::ErrorBody),
        (status = 409, description = "A field's old value is no longer the artwork's: 'This artwork changed since you opened it (…)'", body = platform::http::ErrorBody),
        (status = 429, description = "Too many submissions this hour", body = platform::http::ErrorBody),
        SignedIn))]
pub async fn propose_edit(
    w: Write<Sender, SignedIn>,
    PathId(id): PathId,
    Body(req): Body<EditRequest>,
) -> Result<Response, ApiError> {
    propose::<Artwork>(w, Target::Known(id), req).await
}

/// `POST /api/submissions/artwork-edit`: the same, with the artwork in the body.
#[utoipa::path(post, path = "/api/submissions/artwork-edit", tag = "edits",
    request_body = ArtworkEditSubmission,
    responses(
        (status = 201, description = "Recorded as a pending edit", body = Envelope<EditReceipt>),
        (status = 400, description = "As POST /api/artwork/{id}/edit", body = platform::http::ErrorBody),
        (status = 404, description = "No such artwork", body = platform::http::ErrorBody),
        (status = 409, description = "Stale old values", body = platform::http::ErrorBody),
        SignedIn))]
pub async fn submit_artwork_edit(
    w: Write<Sender, SignedIn>,
    Body(req): Body<ArtworkEditSubmission>,
) -> Result<Response, ApiError> {
    let edit = EditRequest {
        edits: req.edits,
        note: req.note,
    };
    propose::<Artwork>(w, Target::Known(req.artwork_id), edit).await
}

/// `POST /api/artwork/{id}/edit/validate`: whether a proposal would be accepted; nothing is
/// recorded.
#[utoipa::path(post, path = "/api/artwork/{id}/edit/validate", tag = "edits",
    params(("id" = uuid::Uuid, Path)),
    request_body = EditRequest,
    responses(
        (status = 200, description = "valid, and every problem by field (stale old values too)", body = Envelope<EditCheck>),
        (status = 404, description = "No such artwork", body = platform::http::ErrorBody),
        SignedIn))]
pub async fn validate_edit(
    w: Write<Sender, SignedIn>,
    PathId(id): PathId,
    Body(req): Body<EditRequest>,
) -> Result<Response, ApiError> {
    validate::<Artwork>(w, Target::Known(id), req).await
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
    w: Write<Reviewer, Moderator>,
    PathId(id): PathId,
    OptionalBody(req): OptionalBody<ApplyEditRequest>,
) -> Result<Response, ApiError> {
    approve::<Artwork>(w, id, req).await
}

/// `POST /api/review/artwork-edits/{id}/reject`: moderators reject an edit with a reason.
#[utoipa::path(post, path = "/api/review/artwork-edits/{id}/reject", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    request_body = RejectRequest,
    responses(
        (status = 200, description = "Rejected", body = Envelope<Decided>),
        (status = 400, description = "'A reason is required' or too long", body = platform::http::ErrorBody),
        (status = 404, description = "No such edit", body = platform::http::ErrorBody),
        (status = 409, description = "Already decided", body = platform::http::ErrorBody),
        Moderator))]
pub async fn reject_edit(
    w: Write<Reviewer, Moderator>,
    PathId(id): PathId,
    Body(body): Body<RejectRequest>,
) -> Result<Response, ApiError> {
    reject::<Artwork>(w, id, body).await
}

/// `POST /api/artist/{id}/edit`: a signed-in user proposes changes to an artist.
#[utoipa::path(post, path = "/api/artist/{id}/edit", tag = "edits",
    params(("id" = uuid::Uuid, Path)),
    request_body(content = EditRequest, description = "field_name: name, aliases, biography, website, country, birth_year or death_year"),
    responses(
        (status = 201, description = "Recorded as a pending edit", body = Envelope<ArtistEditReceipt>),
        (status = 400, description = "'Change at least one field', 'name is required', a value's rule (details.field names the field)", body = platform::http::ErrorBody),
        (status = 404, description = "'Artist with ID {id} not found'", body = platform::http::ErrorBody),
        (status = 409, description = "A field's old value is no longer the artist's: 'This artist changed since you opened it (…)'", body = platform::http::ErrorBody),
        (status = 429, description = "Too many submissions this hour", body = platform::http::ErrorBody),
        SignedIn))]
pub async fn propose_artist_edit(
    w: Write<Sender, SignedIn>,
    PathId(id): PathId,
    Body(req): Body<EditRequest>,
) -> Result<Response, ApiError> {
    propose::<Artist>(w, Target::Known(id), req).await
}

/// `POST /api/submissions/artist-edit`: the same, with the artist in the body.
#[utoipa::path(post, path = "/api/submissions/artist-edit", tag = "edits",
    request_body = ArtistEditSubmission,
    responses(
        (status = 201, description = "Recorded as a pending edit", body = Envelope<ArtistEditReceipt>),
        (status = 400, description = "As POST /api/artist/{id}/edit", body = platform::http::ErrorBody),
        (status = 404, description = "No such artist", body = platform::http::ErrorBody),
        (status = 409, description = "Stale old values", body = platform::http::ErrorBody),
        SignedIn))]
pub async fn submit_artist_edit(
    w: Write<Sender, SignedIn>,
    Body(req): Body<ArtistEditSubmission>,
) -> Result<Response, ApiError> {
    let edit = EditRequest {
        edits: req.edits,
        note: req.note,
    };
    propose::<Artist>(w, Target::Known(req.artist_id), edit).await
}

/// `POST /api/artist/{id}/edit/validate`: whether a proposal would be accepted; nothing is
/// recorded.
#[utoipa::path(post, path = "/api/artist/{id}/edit/validate", tag = "edits",
    params(("id" = uuid::Uuid, Path)),
    request_body = EditRequest,
    responses(
        (status = 200, description = "valid, and every problem by field (stale old values too)", body = Envelope<EditCheck>),
        (status = 404, description = "No such artist", body = platform::http::ErrorBody),
        SignedIn))]
pub async fn validate_artist_edit(
    w: Write<Sender, SignedIn>,
    PathId(id): PathId,
    Body(req): Body<EditRequest>,
) -> Result<Response, ApiError> {
    validate::<Artist>(w, Target::Known(id), req).await
}

/// `POST /api/artists`: a signed-in user proposes an artist the registry does not have, as
/// changes from nothing (every `field_value_old` null; `name` required).
#[utoipa::path(post, path = "/api/artists", tag = "edits",
    request_body = EditRequest,
    responses(
        (status = 201, description = "Recorded as a pending new artist; artist_id is the id it gets once approved", body = Envelope<ArtistEditReceipt>),
        (status = 400, description = "'name is required', a value's rule (details.field names the field)", body = platform::http::ErrorBody),
        (status = 429, description = "Too many submissions this hour", body = platform::http::ErrorBody),
        SignedIn))]
pub async fn propose_artist(
    w: Write<Sender, SignedIn>,
    Body(req): Body<EditRequest>,
) -> Result<Response, ApiError> {
    propose::<Artist>(w, Target::New, req).await
}

/// `POST /api/artists/validate`: whether a new artist's proposal would be accepted.
#[utoipa::path(post, path = "/api/artists/validate", tag = "edits",
    request_body = EditRequest,
    responses(
        (status = 200, description = "valid, and every problem by field", body = Envelope<EditCheck>),
        SignedIn))]
pub async fn validate_artist(
    w: Write<Sender, SignedIn>,
    Body(req): Body<EditRequest>,
) -> Result<Response, ApiError> {
    validate::<Artist>(w, Target::New, req).await
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
    w: Write<Reviewer, Moderator>,
    PathId(id): PathId,
    OptionalBody(req): OptionalBody<ApplyEditRequest>,
) -> Result<Response, ApiError> {
    approve::<Artist>(w, id, req).await
}

/// `POST /api/review/artist-edits/{id}/reject`: moderators reject an artist edit with a reason.
#[utoipa::path(post, path = "/api/review/artist-edits/{id}/reject", tag = "review",
    params(("id" = uuid::Uuid, Path)),
    request_body = RejectRequest,
    responses(
        (status = 200, description = "Rejected", body = Envelope<Decided>),
        (status = 400, description = "'A reason is required' or too long", body = platform::http::ErrorBody),
        (status = 404, description = "No such artist edit", body = platform::http::ErrorBody),
        (status = 409, description = "Already decided", body = platform::http::ErrorBody),
        Moderator))]
pub async fn reject_artist_edit(
    w: Write<Reviewer, Moderator>,
    PathId(id): PathId,
    Body(body): Body<RejectRequest>,
) -> Result<Response, ApiError> {
    reject::<Artist>(w, id, body).await
}
