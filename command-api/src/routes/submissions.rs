//! Contributions: `POST /api/logbook` (a new artwork or a visit, with photos), and what an
//! author may do to their own submission afterwards.

use axum::extract::multipart::{Field, MultipartError};
use axum::response::Response;
use axum::Json;
use domain::photo::{MAX_PHOTOS_PER_SUBMISSION, MAX_PHOTO_BYTES};
use platform::http::{ok, with_position, ApiError, Envelope, PathId};
use std::future::Future;
use std::time::Duration;

use super::idempotency;
use super::{no_store, Form, Write};
use crate::actor::Sender;
use crate::media::SlotRefused;
use crate::submissions::{
    erase_metadata, submit, withdraw, Decided, LogbookFields, MetadataErased, SubmissionReceipt,
    MAX_TEXT_FIELD_BYTES, TOO_LARGE,
};

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

/// What a body that stopped arriving is answered.
fn stalled() -> ApiError {
    ApiError::RequestTimeout("The upload stopped arriving; send it again.".into())
}

/// Waits for the next part of a body, for at most `idle`.
async fn within<T>(idle: Duration, next: impl Future<Output = T>) -> Result<T, ApiError> {
    tokio::time::timeout(idle, next)
        .await
        .map_err(|_| stalled())
}

/// Reads a field into memory, refusing it as soon as it passes `max` bytes, or when nothing of
/// it arrives for `idle`.
async fn read_capped(
    mut field: Field<'_>,
    max: usize,
    idle: Duration,
    too_large: ApiError,
) -> Result<bytes::Bytes, ApiError> {
    let mut buf = bytes::BytesMut::new();
    while let Some(chunk) = within(idle, field.chunk())
        .await?
        .map_err(multipart_error)?
    {
        if buf.len() + chunk.len() > max {
            return Err(too_large);
        }
        buf.extend_from_slice(&chunk);
    }
    Ok(buf.freeze())
}

/// Multipart form fields of `POST /api/logbook`, for the OpenAPI document.
#[derive(utoipa::ToSchema)]
#[expect(
    dead_code,
    reason = "describes the multipart form in the OpenAPI document only"
)]
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
        (status = 408, description = "The body sent nothing for 30 s; the upload is dropped", body = platform::http::ErrorBody),
        (status = 429, description = "Too many submissions; see Retry-After", body = platform::http::ErrorBody),
        (status = 503, description = "This process, or this address's share of it (2 uploads at once), takes no more uploads now; see Retry-After", body = platform::http::ErrorBody)))]
pub async fn post_logbook(
    w: Write<Sender>,
    headers: axum::http::HeaderMap,
    Form(mut form): Form,
) -> Result<Response, ApiError> {
    let Write {
        state: s,
        caller,
        actor: sender,
        ..
    } = w;
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
    // Admitted first: a client over its rate limit never holds a slot.
    submit::admit(&s.submissions, &sender).await?;
    // Held for the whole request: uploads in flight and renders waiting are bounded per
    // process, and one client holds only its share of them.
    let _slot = s
        .submissions
        .media()
        .upload_slot(&sender.client)
        .map_err(|refused| ApiError::Busy {
            retry_after_secs: crate::media::BUSY_RETRY_AFTER_SECS,
            message: match refused {
                SlotRefused::Busy => {
                    "Too many photos are being processed right now. Try again in a few seconds."
                }
                SlotRefused::ClientShare => {
                    "Your other uploads are still in progress. Try again when one has finished."
                }
            }
            .into(),
        })?;
    // A body that sends nothing for this long is dropped, and the slot with it.
    let idle = s.submissions.media().upload_idle_timeout();
    let mut fields = LogbookFields::default();
    let mut accepted = Vec::new();
    let read = async {
        while let Some(field) = within(idle, form.next_field())
            .await?
            .map_err(multipart_error)?
        {
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
                    idle,
                    ApiError::PayloadTooLarge(TOO_LARGE.into()),
                )
                .await?;
                if bytes.is_empty() {
                    continue;
                }
                accepted.push(submit::accept_photo(&s.submissions, &sender, bytes, index).await?);
            } else {
                let raw = read_capped(
                    field,
                    MAX_TEXT_FIELD_BYTES,
                    idle,
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
            Ok(()) => submit::run(&submissions, &sender, fields, &accepted)
                .await
                .map_err(ApiError::from),
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

/// What an author may do to their own submission `{id}`, each a handler `$name` calling its use
/// case `$step::run` and answering 200 with its outcome (`$Done`, `$done`), or a refusal: those
/// every such call has, then its own.
macro_rules! author_routes {
    ($(
        $(#[doc = $doc:tt])*
        $path:literal, $name:ident => $step:ident -> $Done:ty, $done:literal
            $(, $status:tt $why:literal)*;
    )+) => {$(
        $(#[doc = $doc])*
        #[utoipa::path(post, path = $path, tag = "submissions",
            params(("id" = uuid::Uuid, Path)),
            responses(
                (status = 200, description = $done, body = Envelope<$Done>),
                (status = 403, description = "Not the author", body = platform::http::ErrorBody),
                (status = 404, description = "No such submission", body = platform::http::ErrorBody),
                $((status = $status, description = $why, body = platform::http::ErrorBody),)*))]
        pub async fn $name(w: Write<Sender>, PathId(id): PathId) -> Result<Response, ApiError> {
            let (answer, position) = $step::run(&w.state.submissions, &w.actor, id).await?;
            Ok(no_store(w.caller.respond(with_position(ok(answer), position))))
        }
    )+};
}

author_routes! {
    /// `POST /api/submissions/{id}/withdraw`: its author takes back a pending submission.
    "/api/submissions/{id}/withdraw", withdraw_submission => withdraw -> Decided,
        "Withdrawn; its photos are deleted", 409 "Already decided";

    /// `POST /api/submissions/{id}/photo-metadata/erase`: its author has the GPS position, time and
    /// camera of its photos forgotten.
    "/api/submissions/{id}/photo-metadata/erase", erase_photo_metadata => erase_metadata
        -> MetadataErased, "Erased (again, harmlessly, when it already was)";
}
