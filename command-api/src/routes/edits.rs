//! Edit proposals of artworks and artists (and artists the registry lacks): a signed-in user
//! proposes changes (or asks whether they would be accepted); moderators approve all or some
//! fields, or reject. One generic handler per step, over the subject (`crate::edits::Subject`);
//! each SPEC URL is a thin alias naming its subject, answering in that subject's words
//! (`artwork_id` or `artist_id`). Both subjects' aliases come from one template,
//! `subject_routes!`; only a new artist's two routes are the artist's own.

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

/// The routes every subject's edits have (propose, the same with the subject in the body,
/// validate, approve, reject), for subject `$S` whose answers name it by `$field`, worded with
/// its `$noun`, the field it requires and what one of its edits is called; what only one subject
/// says is given whole (the fields a proposal names, the approval's body, the end of its summary
/// and of its 400). Summaries are built from the same words, so the OpenAPI document has them as
/// each route's doc comment would.
macro_rules! subject_routes {
    (
        $S:ident ($noun:literal, $Noun:literal, requires $key:literal), named by $field:ident
            in $Submission:ident, answered by $Receipt:ident and $Decided:ident;
        fn $propose:ident, $submit:ident, $validate:ident, $approve:ident, $reject:ident;
        an edit is $edit:literal;
        $(propose body $fields:literal;)?
        approve body $apply:literal, summary ending $approving:literal, 400 ending $more:literal;
    ) => {
        impl Answered for $S {
            type Receipt = $Receipt;
            type Decided = $Decided;
        }

        impl From<Proposed> for $Receipt {
            fn from(p: Proposed) -> Self {
                Self {
                    id: p.id,
                    status: p.status,
                    $field: p.subject_id,
                    edits: p.edits,
                }
            }
        }

        impl From<EditApproved> for $Decided {
            fn from(d: EditApproved) -> Self {
                Self {
                    id: d.id,
                    status: SubmissionStatus::Approved,
                    $field: d.subject_id,
                    applied: d.applied,
                }
            }
        }

        #[utoipa::path(post, path = concat!("/api/", $noun, "/{id}/edit"), tag = "edits",
            summary = concat!("`POST /api/", $noun, "/{id}/edit`: a signed-in user proposes changes to an ", $noun, "."),
            params(("id" = uuid::Uuid, Path)),
            request_body(content = EditRequest $(, description = $fields)?),
            responses(
                (status = 201, description = "Recorded as a pending edit", body = Envelope<$Receipt>),
                (status = 400, description = concat!("'Change at least one field', '", $key, " is required', a value's rule (details.field names the field)"), body = platform::http::ErrorBody),
                (status = 404, description = concat!("'", $Noun, " with ID {id} not found'"), body = platform::http::ErrorBody),
                (status = 409, description = concat!("A field's old value is no longer the ", $noun, "'s: 'This ", $noun, " changed since you opened it (…)'"), body = platform::http::ErrorBody),
                (status = 429, description = "Too many submissions this hour", body = platform::http::ErrorBody),
                SignedIn))]
        pub async fn $propose(
            w: Write<Sender, SignedIn>,
            PathId(id): PathId,
            Body(req): Body<EditRequest>,
        ) -> Result<Response, ApiError> {
            propose::<$S>(w, Target::Known(id), req).await
        }

        #[utoipa::path(post, path = concat!("/api/submissions/", $noun, "-edit"), tag = "edits",
            summary = concat!("`POST /api/submissions/", $noun, "-edit`: the same, with the ", $noun, " in the body."),
            request_body = $Submission,
            responses(
                (status = 201, description = "Recorded as a pending edit", body = Envelope<$Receipt>),
                (status = 400, description = concat!("As POST /api/", $noun, "/{id}/edit"), body = platform::http::ErrorBody),
                (status = 404, description = concat!("No such ", $noun), body = platform::http::ErrorBody),
                (status = 409, description = "Stale old values", body = platform::http::ErrorBody),
                SignedIn))]
        pub async fn $submit(
            w: Write<Sender, SignedIn>,
            Body(req): Body<$Submission>,
        ) -> Result<Response, ApiError> {
            let edit = EditRequest {
                edits: req.edits,
                note: req.note,
            };
            propose::<$S>(w, Target::Known(req.$field), edit).await
        }

        #[utoipa::path(post, path = concat!("/api/", $noun, "/{id}/edit/validate"), tag = "edits",
            summary = concat!("`POST /api/", $noun, "/{id}/edit/validate`: whether a proposal would be accepted; nothing is\nrecorded."),
            params(("id" = uuid::Uuid, Path)),
            request_body = EditRequest,
            responses(
                (status = 200, description = "valid, and every problem by field (stale old values too)", body = Envelope<EditCheck>),
                (status = 404, description = concat!("No such ", $noun), body = platform::http::ErrorBody),
                SignedIn))]
        pub async fn $validate(
            w: Write<Sender, SignedIn>,
            PathId(id): PathId,
            Body(req): Body<EditRequest>,
        ) -> Result<Response, ApiError> {
            validate::<$S>(w, Target::Known(id), req).await
        }

        #[utoipa::path(post, path = concat!("/api/review/", $noun, "-edits/{id}/approve"), tag = "review",
            summary = concat!("`POST /api/review/", $noun, "-edits/{id}/approve`: moderators apply all or some fields", $approving, "."),
            params(("id" = uuid::Uuid, Path)),
            request_body(content = Option<ApplyEditRequest>, description = $apply),
            responses(
                (status = 200, description = "Approved and applied", body = Envelope<$Decided>),
                (status = 400, description = concat!("'Choose at least one field to apply', '… is not part of this edit', ", $more), body = platform::http::ErrorBody),
                (status = 401, description = "Not signed in", body = platform::http::ErrorBody),
                (status = 403, description = "Not a moderator, or their own edit", body = platform::http::ErrorBody),
                (status = 404, description = concat!("No such ", $edit), body = platform::http::ErrorBody),
                (status = 409, description = "Already decided, or a chosen field changed since (without overwrite_stale)", body = platform::http::ErrorBody)))]
        pub async fn $approve(
            w: Write<Reviewer, Moderator>,
            PathId(id): PathId,
            OptionalBody(req): OptionalBody<ApplyEditRequest>,
        ) -> Result<Response, ApiError> {
            approve::<$S>(w, id, req).await
        }

        #[utoipa::path(post, path = concat!("/api/review/", $noun, "-edits/{id}/reject"), tag = "review",
            summary = concat!("`POST /api/review/", $noun, "-edits/{id}/reject`: moderators reject an ", $edit, " with a reason."),
            params(("id" = uuid::Uuid, Path)),
            request_body = RejectRequest,
            responses(
                (status = 200, description = "Rejected", body = Envelope<Decided>),
                (status = 400, description = "'A reason is required' or too long", body = platform::http::ErrorBody),
                (status = 404, description = concat!("No such ", $edit), body = platform::http::ErrorBody),
                (status = 409, description = "Already decided", body = platform::http::ErrorBody),
                Moderator))]
        pub async fn $reject(
            w: Write<Reviewer, Moderator>,
            PathId(id): PathId,
            Body(body): Body<RejectRequest>,
        ) -> Result<Response, ApiError> {
            reject::<$S>(w, id, body).await
        }
    };
}

subject_routes! {
    Artwork ("artwork", "Artwork", requires "title"), named by artwork_id
        in ArtworkEditSubmission, answered by EditReceipt and EditDecided;
    fn propose_edit, submit_artwork_edit, validate_edit, approve_edit, reject_edit;
    an edit is "edit";
    approve body "Optional: apply_to_artwork (true or field names), overwrite_stale",
        summary ending "", 400 ending "a limit";
}

subject_routes! {
    Artist ("artist", "Artist", requires "name"), named by artist_id
        in ArtistEditSubmission, answered by ArtistEditReceipt and ArtistEditDecided;
    fn propose_artist_edit, submit_artist_edit, validate_artist_edit, approve_artist_edit,
        reject_artist_edit;
    an edit is "artist edit";
    propose body "field_name: name, aliases, biography, website, country, birth_year or death_year";
    approve body
        "Optional: apply_to_artist (true or field names; apply_to_artwork is read too), overwrite_stale",
        summary ending " (a new\nartist needs its name among them)",
        400 ending "'name is required' (a new artist)";
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
