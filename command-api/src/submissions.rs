//! Contributions and their review: a logbook post (a new artwork or a visit, with photos), a
//! moderator's approval or rejection, an author's withdrawal. Approval's effects on artworks and
//! artists are those aggregates' own commands, with the approval event as their causation; they
//! are idempotent per submission, so repeating one after a failure changes nothing twice.

use std::collections::BTreeMap;

use domain::metadata::event_id;
use domain::photo::{Photo, PhotoKey, MAX_PHOTOS_PER_SUBMISSION, MAX_PHOTO_BYTES};
use domain::{
    Approval, ApprovalEffect, ApprovedFields, ArtistCommand, ArtistId, ArtworkCommand, ArtworkId,
    ArtworkType, Condition, EventMetadata, Location, NewArtworkProposal, Note, Reason, Submission,
    SubmissionCommand, SubmissionError, SubmissionId, SubmissionKind, SubmissionStatus, Tags,
    VisitReport,
};
use platform::candidates::{duplicate_candidates, NearbyCandidate};
use platform::http::ApiError;
use platform::identity::Caller;
use platform::images::PhotoDto;
use platform::photos::PhotoError;
use platform::position::EventPosition;
use platform::ratelimit::{self, Limit};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use std::time::Duration;
use uuid::Uuid;

use crate::commands::{CommandError, Commands};
use crate::media::{Accepted, Media, UploadError};

/// Submissions one identity may post per hour, and one client address.
const PER_IDENTITY: Limit = Limit {
    max: 30,
    window: Duration::from_secs(3600),
};
const PER_CLIENT: Limit = Limit {
    max: 60,
    window: Duration::from_secs(3600),
};
/// Longest text field of a logbook post, in bytes (the description's 10 000 characters fit).
pub const MAX_TEXT_FIELD_BYTES: usize = 64 * 1024;
/// Most decisions one batch may carry.
pub const MAX_BATCH: usize = 50;
/// Tries at carrying out an approval when another writer touched its artwork first.
const CARRY_OUT_ATTEMPTS: u32 = 3;

pub const TOO_LARGE: &str = "Each photo must be at most 15 MB";
pub const NOT_AN_IMAGE: &str = "Only JPEG, PNG and WebP images can be uploaded";

#[derive(Clone)]
pub struct Submissions {
    commands: Commands,
    media: Media,
}

/// What `POST /api/logbook` answers.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SubmissionReceipt {
    pub id: Uuid,
    /// Always `pending`: every submission waits for a moderator.
    pub status: String,
    /// `new_artwork` or `logbook`.
    pub submission_type: String,
    pub photos: Vec<PhotoDto>,
    /// Known artworks within 100 m that may be the same one, best match first (new artworks
    /// only).
    pub nearby: Vec<NearbyCandidate>,
}

/// The text fields of a logbook post, as sent.
#[derive(Debug, Default)]
pub struct LogbookFields {
    pub lat: Option<String>,
    pub lon: Option<String>,
    pub kind: Option<String>,
    pub artwork_id: Option<String>,
    pub notes: Option<String>,
    pub condition: Option<String>,
    pub title: Option<String>,
    pub artwork_type: Option<String>,
    pub description: Option<String>,
    pub tags: Option<String>,
    pub artists: Option<String>,
}

impl LogbookFields {
    /// Takes one text field; unknown names are ignored (forms send extras like `consent`).
    pub fn set(&mut self, name: &str, value: String) {
        let slot = match name {
            "lat" | "latitude" => &mut self.lat,
            "lon" | "lng" | "longitude" => &mut self.lon,
            "type" => &mut self.kind,
            "artworkId" | "artwork_id" => &mut self.artwork_id,
            "notes" | "note" => &mut self.notes,
            "condition" => &mut self.condition,
            "title" => &mut self.title,
            "artwork_type" => &mut self.artwork_type,
            "description" => &mut self.description,
            "tags" => &mut self.tags,
            "artists" => &mut self.artists,
            _ => return,
        };
        *slot = Some(value);
    }
}

/// `POST /api/review/approve/{id}`'s body; everything optional.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ApproveRequest {
    /// `create` (the default for new artworks) or `link` (to `artwork_id`). Ignored for visits.
    pub action: Option<String>,
    pub artwork_id: Option<Uuid>,
    pub overrides: Option<Overrides>,
}

/// A moderator's corrections to a proposal before it becomes (or moves) an artwork.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct Overrides {
    pub title: Option<String>,
    pub artwork_type: Option<String>,
    pub description: Option<String>,
    pub tags: Option<BTreeMap<String, String>>,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RejectRequest {
    pub reason: Option<String>,
}

/// What a decision answers.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Decided {
    pub id: Uuid,
    /// `approved`, `rejected` or `withdrawn`.
    pub status: String,
    /// The artwork an approval created, linked or logged to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub artwork_id: Option<Uuid>,
}

/// The answer to an erasure of photo metadata.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MetadataErased {
    pub id: Uuid,
    /// Photos whose GPS position, time and camera are now forgotten.
    pub photos: usize,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct BatchRequest {
    pub batch: Vec<BatchItem>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct BatchItem {
    pub id: Uuid,
    /// `approve` or `reject`.
    pub action: String,
    /// Required to reject.
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BatchResult {
    pub id: Uuid,
    pub success: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// The error code, as a single call would have answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BatchAnswer {
    pub results: Vec<BatchResult>,
    pub approved: usize,
    pub rejected: usize,
    pub failed: usize,
}

fn submission_error(e: CommandError<SubmissionError>) -> ApiError {
    match e {
        CommandError::Rejected(e) => match e {
            SubmissionError::NotFound => ApiError::NotFound(e.to_string()),
            SubmissionError::AlreadyDecided(_) => ApiError::Conflict(e.to_string()),
            SubmissionError::NotAuthor | SubmissionError::OwnSubmission => {
                ApiError::Forbidden(e.to_string())
            }
            SubmissionError::PhotoRequired
            | SubmissionError::TooManyPhotos
            | SubmissionError::DuplicatePhoto => ApiError::validation("photos", e.to_string()),
            SubmissionError::EmptyVisit | SubmissionError::NoteTooLong => {
                ApiError::validation("notes", e.to_string())
            }
            SubmissionError::ReasonRequired | SubmissionError::ReasonTooLong => {
                ApiError::validation("reason", e.to_string())
            }
            SubmissionError::TooManyArtists => ApiError::validation("artists", e.to_string()),
            other => ApiError::Validation {
                message: other.to_string(),
                field: None,
            },
        },
        other => other.into(),
    }
}

fn photo_error(e: UploadError, index: usize) -> ApiError {
    match e {
        UploadError::Photo(PhotoError::NotAnImage) => {
            ApiError::UnsupportedMediaType(NOT_AN_IMAGE.into())
        }
        UploadError::Photo(PhotoError::TooLarge { .. }) => {
            ApiError::PayloadTooLarge(TOO_LARGE.into())
        }
        UploadError::Photo(PhotoError::TooManyPixels { width, height }) => {
            ApiError::PayloadTooLarge(format!(
                "Photo {index} is too large to process ({width} × {height} pixels; at most {} megapixels)",
                platform::photos::MAX_PIXELS / 1_000_000
            ))
        }
        UploadError::OverBudget { width, height } => ApiError::PayloadTooLarge(format!(
            "Photo {index} needs more memory to process than this server allows ({width} × {height} pixels); send it as a JPEG or at a smaller size"
        )),
        UploadError::Photo(PhotoError::Corrupt(_)) => {
            ApiError::validation("photos", format!("Photo {index} could not be read"))
        }
        UploadError::Internal(e) => ApiError::Internal(e),
    }
}

fn parse_coordinate(raw: Option<&str>, field: &str, name: &str, max: f64) -> Result<f64, ApiError> {
    let raw = raw.map(str::trim).filter(|s| !s.is_empty());
    let Some(raw) = raw else {
        return Err(ApiError::validation(field, format!("{name} is required")));
    };
    match raw.parse::<f64>() {
        Ok(v) if v.is_finite() && (-max..=max).contains(&v) => Ok(v),
        _ => Err(ApiError::validation(
            field,
            format!("{name} must be a number between -{max} and {max}"),
        )),
    }
}

fn location_of(f: &LogbookFields) -> Result<Location, ApiError> {
    let lat = parse_coordinate(f.lat.as_deref(), "lat", "Latitude", 90.0)?;
    let lon = parse_coordinate(f.lon.as_deref(), "lon", "Longitude", 180.0)?;
    Location::parse(lat, lon).map_err(|e| ApiError::validation("lat", e.to_string()))
}

fn blank(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn artwork_type(raw: Option<&str>) -> Result<ArtworkType, ApiError> {
    match raw {
        None => Ok(ArtworkType::Other),
        Some(t) => ArtworkType::parse(&t.to_ascii_lowercase()).ok_or_else(|| {
            ApiError::validation(
                "artwork_type",
                format!(
                    "Artwork type must be one of: {}",
                    ArtworkType::ALL.map(|t| t.as_str()).join(", ")
                ),
            )
        }),
    }
}

fn tags_from_json(raw: Option<&str>) -> Result<Tags, ApiError> {
    let Some(raw) = raw else {
        return Ok(Tags::default());
    };
    let bad = || ApiError::validation("tags", "Tags must be a JSON object of text values");
    let value: serde_json::Value = serde_json::from_str(raw).map_err(|_| bad())?;
    let object = value.as_object().ok_or_else(bad)?;
    let mut map = BTreeMap::new();
    for (k, v) in object {
        let v = match v {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::Bool(b) => b.to_string(),
            serde_json::Value::Null => continue,
            _ => return Err(bad()),
        };
        map.insert(k.clone(), v);
    }
    Tags::parse(map).map_err(|e| ApiError::validation("tags", e.to_string()))
}

fn artists_from_json(raw: Option<&str>) -> Result<Vec<domain::text::PersonName>, ApiError> {
    let Some(raw) = raw else {
        return Ok(Vec::new());
    };
    let names: Vec<String> = serde_json::from_str(raw)
        .map_err(|_| ApiError::validation("artists", "Artists must be a JSON array of names"))?;
    let mut out: Vec<domain::text::PersonName> = Vec::new();
    for n in names.iter().filter(|n| !n.trim().is_empty()) {
        let name = domain::text::PersonName::parse(n)
            .map_err(|e| ApiError::validation("artists", e.to_string()))?;
        if !out
            .iter()
            .any(|o| o.as_str().eq_ignore_ascii_case(name.as_str()))
        {
            out.push(name);
        }
    }
    Ok(out)
}

impl Submissions {
    pub fn new(commands: Commands, media: Media) -> Self {
        Self { commands, media }
    }

    pub fn pool(&self) -> &PgPool {
        self.commands.pool()
    }

    pub fn media(&self) -> &Media {
        &self.media
    }

    /// Counts a post against the caller's and the client's hourly budget.
    pub async fn admit(&self, caller: &Caller, ip: std::net::IpAddr) -> Result<(), ApiError> {
        let pool = self.pool();
        for (bucket, limit) in [
            (format!("submit:id:{}", caller.actor_id()), PER_IDENTITY),
            (format!("submit:ip:{ip}"), PER_CLIENT),
        ] {
            if let Err(wait) = ratelimit::hit(pool, &bucket, limit).await? {
                return Err(ApiError::rate_limited(wait, "submissions"));
            }
        }
        Ok(())
    }

    /// Checks and stores one uploaded photo (the `index`-th, from 1).
    pub async fn accept_photo(
        &self,
        caller: &Caller,
        bytes: bytes::Bytes,
        index: usize,
    ) -> Result<Accepted, ApiError> {
        if index > MAX_PHOTOS_PER_SUBMISSION {
            return Err(ApiError::validation(
                "photos",
                SubmissionError::TooManyPhotos.to_string(),
            ));
        }
        if bytes.len() > MAX_PHOTO_BYTES {
            return Err(ApiError::PayloadTooLarge(TOO_LARGE.into()));
        }
        self.media
            .accept(bytes, caller.actor_id())
            .await
            .map_err(|e| photo_error(e, index))
    }

    /// Records a logbook post whose photos are already accepted; on any error the caller
    /// deletes them.
    pub async fn submit(
        &self,
        caller: &Caller,
        f: LogbookFields,
        accepted: &[Accepted],
    ) -> Result<(SubmissionReceipt, Option<EventPosition>), ApiError> {
        let location = location_of(&f)?;
        let target = match blank(&f.artwork_id) {
            Some(raw) => Some(
                raw.parse::<Uuid>()
                    .map_err(|_| ApiError::validation("artworkId", "artworkId must be a uuid"))?,
            ),
            None => None,
        };
        let kind = match blank(&f.kind) {
            None => None,
            Some(k) => Some(SubmissionKind::parse(k).ok_or_else(|| {
                ApiError::validation("type", "type must be new_artwork or logbook")
            })?),
        };
        let kind = match (kind, target) {
            (Some(SubmissionKind::Logbook), None) => {
                return Err(ApiError::validation(
                    "artworkId",
                    "artworkId is required for a logbook entry",
                ))
            }
            (Some(SubmissionKind::NewArtwork), Some(_)) => {
                return Err(ApiError::validation(
                    "artworkId",
                    "A new artwork cannot name an existing artworkId",
                ))
            }
            (_, Some(_)) => SubmissionKind::Logbook,
            (_, None) => SubmissionKind::NewArtwork,
        };
        let note = Note::parse(f.notes.as_deref().unwrap_or(""))
            .map_err(|e| ApiError::validation("notes", e.to_string()))?;
        let photos: Vec<Photo> = accepted
            .iter()
            .map(|a| Photo {
                key: a.key,
                width: a.inspected.width,
                height: a.inspected.height,
                exif: a.inspected.exif.without_personal(),
            })
            .collect();
        let submitter = caller.actor_id();
        let id = SubmissionId::new();
        let metadata = caller.metadata();
        let command = match kind {
            SubmissionKind::Logbook => {
                let artwork = target.unwrap_or_default();
                let approved: Option<String> =
                    sqlx::query_scalar("SELECT status FROM rm.artworks WHERE id = $1")
                        .bind(artwork)
                        .fetch_optional(self.pool())
                        .await?;
                if approved.as_deref() != Some("approved") {
                    return Err(ApiError::NotFound(format!(
                        "Artwork with ID {artwork} not found"
                    )));
                }
                let condition = match blank(&f.condition) {
                    None => None,
                    Some(c) => Some(Condition::parse(c).ok_or_else(|| {
                        ApiError::validation(
                            "condition",
                            "Condition must be one of: good, fair, poor, damaged, missing",
                        )
                    })?),
                };
                SubmissionCommand::LogVisit(Box::new(VisitReport {
                    submitter,
                    artwork_id: ArtworkId(artwork),
                    location,
                    condition,
                    note,
                    photos,
                    visited_at: metadata.time,
                }))
            }
            SubmissionKind::NewArtwork => {
                let title = blank(&f.title)
                    .map(domain::text::Title::parse)
                    .transpose()
                    .map_err(|e| ApiError::validation("title", e.to_string()))?;
                let description = blank(&f.description)
                    .map(domain::text::LongText::parse)
                    .transpose()
                    .map_err(|e| ApiError::validation("description", e.to_string()))?;
                SubmissionCommand::ProposeArtwork(Box::new(NewArtworkProposal {
                    submitter,
                    location,
                    title,
                    description,
                    artwork_type: artwork_type(blank(&f.artwork_type))?,
                    tags: tags_from_json(blank(&f.tags))?,
                    artist_names: artists_from_json(blank(&f.artists))?,
                    note,
                    photos,
                }))
            }
        };
        let (title, type_name) = match &command {
            SubmissionCommand::ProposeArtwork(p) => (
                p.title.as_ref().map(|t| t.as_str().to_owned()),
                Some(p.artwork_type.as_str()),
            ),
            _ => (None, None),
        };
        let keys: Vec<PhotoKey> = accepted.iter().map(|a| a.key).collect();
        self.media.reserve(&keys, id.0).await?;
        let position = self
            .commands
            .submission(&id.to_string(), command, &metadata)
            .await
            .map_err(submission_error)?;
        self.media.enqueue(keys);
        let nearby = if kind == SubmissionKind::NewArtwork {
            duplicate_candidates(
                self.pool(),
                location.lat(),
                location.lon(),
                title.as_deref(),
                type_name,
                None,
            )
            .await?
        } else {
            Vec::new()
        };
        let signer = self.media.signer().await?;
        let now = chrono::Utc::now();
        let receipt = SubmissionReceipt {
            id: id.0,
            status: SubmissionStatus::Pending.as_str().to_owned(),
            submission_type: kind.as_str().to_owned(),
            photos: accepted
                .iter()
                .map(|a| {
                    PhotoDto::new(a.key, a.inspected.width, a.inspected.height, None)
                        .signed(signer, now)
                })
                .collect(),
            nearby,
        };
        Ok((receipt, position))
    }

    async fn load(&self, id: Uuid) -> Result<(Submission, i64), ApiError> {
        self.commands
            .load::<Submission>(&id.to_string())
            .await
            .map_err(ApiError::Internal)?
            .ok_or_else(|| ApiError::NotFound(SubmissionError::NotFound.to_string()))
    }

    fn check_pending(s: &Submission) -> Result<(), ApiError> {
        match s.status {
            Some(SubmissionStatus::Pending) => Ok(()),
            Some(done) => Err(ApiError::Conflict(
                SubmissionError::AlreadyDecided(done).to_string(),
            )),
            None => Err(ApiError::NotFound(SubmissionError::NotFound.to_string())),
        }
    }

    /// Approves a pending submission and carries out its effect on the artwork.
    pub async fn approve(
        &self,
        caller: &Caller,
        id: Uuid,
        req: ApproveRequest,
    ) -> Result<(Decided, Option<EventPosition>), ApiError> {
        let reviewer = caller.require_moderator()?.account_id;
        let (state, _) = self.load(id).await?;
        Self::check_pending(&state)?;
        let o = req.overrides.unwrap_or_default();
        let moved = match (o.lat, o.lon) {
            (Some(lat), Some(lon)) => Some(
                Location::parse(lat, lon)
                    .map_err(|e| ApiError::validation("overrides", e.to_string()))?,
            ),
            (None, None) => None,
            _ => {
                return Err(ApiError::validation(
                    "overrides",
                    "Give both lat and lon to move the artwork",
                ))
            }
        };
        // Everything the effect needs is checked before the decision is recorded.
        let approval = match (state.proposal.as_deref(), state.visit.as_deref()) {
            (Some(p), _) => match req.action.as_deref().unwrap_or("create") {
                "create" => {
                    let title = match o.title.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                        Some(t) => domain::text::Title::parse(t)
                            .map_err(|e| ApiError::validation("title", e.to_string()))?,
                        None => p.title.clone().ok_or_else(|| {
                            ApiError::validation(
                                "title",
                                "A title is required to create the artwork",
                            )
                        })?,
                    };
                    let description = match o.description.as_deref().map(str::trim) {
                        Some("") => None,
                        Some(d) => Some(
                            domain::text::LongText::parse(d)
                                .map_err(|e| ApiError::validation("description", e.to_string()))?,
                        ),
                        None => p.description.clone(),
                    };
                    let artwork_type = match o.artwork_type.as_deref() {
                        Some(t) => artwork_type(Some(t))?,
                        None => p.artwork_type,
                    };
                    let tags = match o.tags {
                        Some(t) => Tags::parse(t)
                            .map_err(|e| ApiError::validation("tags", e.to_string()))?,
                        None => p.tags.clone(),
                    };
                    Approval::CreateArtwork {
                        artwork_id: ArtworkId::new(),
                        fields: Box::new(ApprovedFields {
                            title,
                            description,
                            artwork_type,
                            location: moved.unwrap_or(p.location),
                            tags,
                        }),
                    }
                }
                "link" => {
                    let target = req.artwork_id.ok_or_else(|| {
                        ApiError::validation("artwork_id", "artwork_id is required to link")
                    })?;
                    let exists = self
                        .commands
                        .load::<domain::Artwork>(&target.to_string())
                        .await
                        .map_err(ApiError::Internal)?
                        .is_some_and(|(a, _)| a.exists);
                    if !exists {
                        return Err(ApiError::NotFound(format!(
                            "Artwork with ID {target} not found"
                        )));
                    }
                    Approval::LinkArtwork {
                        artwork_id: ArtworkId(target),
                        location_override: moved,
                    }
                }
                _ => {
                    return Err(ApiError::validation(
                        "action",
                        "action must be create or link",
                    ))
                }
            },
            (None, Some(_)) => Approval::LogVisit,
            (None, None) => return Err(ApiError::NotFound(SubmissionError::NotFound.to_string())),
        };
        let metadata = caller.metadata();
        self.commands
            .submission(
                &id.to_string(),
                SubmissionCommand::Approve {
                    reviewer,
                    reviewer_identities: caller.identities(self.pool()).await?,
                    approval,
                },
                &metadata,
            )
            .await
            .map_err(submission_error)?;
        let (artwork_id, position) = self.carry_out_approval(id, &metadata).await?;
        Ok((
            Decided {
                id,
                status: SubmissionStatus::Approved.as_str().to_owned(),
                artwork_id: Some(artwork_id.0),
            },
            position,
        ))
    }

    /// Carries out the recorded approval of submission `id` on artworks (and new artists),
    /// as commands caused by the approval event. Safe to repeat: each command is idempotent
    /// per submission. Used right after approving, and by the [`crate::ApprovalFollower`]
    /// for an approval whose effect a crash cut off.
    pub async fn carry_out_approval(
        &self,
        id: Uuid,
        md: &EventMetadata,
    ) -> Result<(ArtworkId, Option<EventPosition>), ApiError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            match self.try_carry_out(id, md).await {
                // Someone else (the follower, or a second moderator's retry) wrote to the same
                // artwork or artist first: the next attempt finds its work done, or does it.
                Err(ApiError::Conflict(_)) if attempt < CARRY_OUT_ATTEMPTS => continue,
                other => return other,
            }
        }
    }

    async fn try_carry_out(
        &self,
        id: Uuid,
        md: &EventMetadata,
    ) -> Result<(ArtworkId, Option<EventPosition>), ApiError> {
        let sid = id.to_string();
        let (state, sequence) = self.load(id).await?;
        let effect = state.approval_effect(id).ok_or_else(|| {
            ApiError::NotFound(format!("Submission {id} has no approval to carry out"))
        })?;
        // Nothing follows an approval in a submission's stream: it is the last event.
        let md = md.caused_by(event_id(
            <Submission as cqrs_es::Aggregate>::TYPE,
            &sid,
            sequence,
        ));
        let artwork_error = |e: CommandError<domain::ArtworkError>| ApiError::from(e);
        let (artwork_id, command) = match effect {
            ApprovalEffect::Create {
                artwork_id,
                mut artwork,
                artist_names,
            } => {
                artwork.artist_ids = self.resolve_artists(&artist_names, id, &md).await?;
                (artwork_id, ArtworkCommand::CreateFromSubmission(artwork))
            }
            ApprovalEffect::Link {
                artwork_id,
                submission_id,
                photos,
                location,
            } => (
                artwork_id,
                ArtworkCommand::AddPhotos {
                    submission_id,
                    photos,
                    location,
                },
            ),
            ApprovalEffect::Visit { artwork_id, visit } => {
                (artwork_id, ArtworkCommand::RecordVisit(visit))
            }
        };
        let position = self
            .commands
            .artwork(&artwork_id.to_string(), command, &md)
            .await
            .map_err(artwork_error)?;
        Ok((artwork_id, position))
    }

    /// Artists named in a proposal: a known artist of that name (ignoring case), else a new
    /// artist created for it.
    async fn resolve_artists(
        &self,
        names: &[domain::text::PersonName],
        submission_id: Uuid,
        md: &EventMetadata,
    ) -> Result<Vec<ArtistId>, ApiError> {
        let mut ids = Vec::with_capacity(names.len());
        for name in names {
            let known: Option<Uuid> = sqlx::query_scalar(
                "SELECT id FROM rm.artists WHERE lower(name) = lower($1) ORDER BY created_at, id LIMIT 1",
            )
            .bind(name.as_str())
            .fetch_optional(self.pool())
            .await?;
            let id = match known {
                Some(id) => ArtistId(id),
                None => {
                    let id = ArtistId::for_name(name.as_str());
                    self.commands
                        .artist(
                            &id.to_string(),
                            ArtistCommand::CreateArtist {
                                name: name.clone(),
                                submission_id,
                            },
                            md,
                        )
                        .await?;
                    id
                }
            };
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        Ok(ids)
    }

    /// Rejects a pending submission and deletes its photos' files.
    pub async fn reject(
        &self,
        caller: &Caller,
        id: Uuid,
        reason: Option<&str>,
    ) -> Result<(Decided, Option<EventPosition>), ApiError> {
        let reviewer = caller.require_moderator()?.account_id;
        let reason = Reason::parse(reason.unwrap_or(""))
            .map_err(|e| ApiError::validation("reason", e.to_string()))?;
        let (state, _) = self.load(id).await?;
        Self::check_pending(&state)?;
        self.close(
            caller,
            id,
            &state,
            SubmissionCommand::Reject { reviewer, reason },
        )
        .await
    }

    /// Withdraws the caller's own pending submission and deletes its photos' files.
    pub async fn withdraw(
        &self,
        caller: &Caller,
        id: Uuid,
    ) -> Result<(Decided, Option<EventPosition>), ApiError> {
        let (state, _) = self.load(id).await?;
        let identities = caller.identities(self.pool()).await?;
        self.close(
            caller,
            id,
            &state,
            SubmissionCommand::Withdraw { identities },
        )
        .await
    }

    /// `POST /api/submissions/{id}/photo-metadata/erase`: its author has the location, time and
    /// camera their photos' EXIF named forgotten, in any state of the submission. The event
    /// (recorded once) tells every read model; the operational copy is cleared every time, so
    /// a retry after a failure finishes the job.
    pub async fn erase_photo_metadata(
        &self,
        caller: &Caller,
        id: Uuid,
    ) -> Result<(MetadataErased, Option<EventPosition>), ApiError> {
        let (state, _) = self.load(id).await?;
        let identities = caller.identities(self.pool()).await?;
        let position = self
            .commands
            .submission(
                &id.to_string(),
                SubmissionCommand::ErasePhotoMetadata { identities },
                &caller.metadata(),
            )
            .await
            .map_err(submission_error)?;
        let keys: Vec<PhotoKey> = state.photos().iter().map(|p| p.key).collect();
        self.media.erase_metadata(&keys).await?;
        Ok((
            MetadataErased {
                id,
                photos: keys.len(),
            },
            position,
        ))
    }

    /// Records a rejection or withdrawal (`command`) of the submission in `state`, then deletes
    /// its photos' files.
    async fn close(
        &self,
        caller: &Caller,
        id: Uuid,
        state: &Submission,
        command: SubmissionCommand,
    ) -> Result<(Decided, Option<EventPosition>), ApiError> {
        let status = match command {
            SubmissionCommand::Reject { .. } => SubmissionStatus::Rejected,
            _ => SubmissionStatus::Withdrawn,
        };
        let position = self
            .commands
            .submission(&id.to_string(), command, &caller.metadata())
            .await
            .map_err(submission_error)?;
        let keys: Vec<PhotoKey> = state.photos().iter().map(|p| p.key).collect();
        if let Err(e) = self.media.delete(&keys).await {
            // The decision stands; the files are found again by the media table's status.
            tracing::error!(error = %e, "could not delete a submission's photos");
        }
        Ok((
            Decided {
                id,
                status: status.as_str().to_owned(),
                artwork_id: None,
            },
            position,
        ))
    }

    /// Decides several submissions; each item succeeds or fails on its own.
    pub async fn batch(
        &self,
        caller: &Caller,
        req: BatchRequest,
    ) -> Result<(BatchAnswer, Option<EventPosition>), ApiError> {
        caller.require_moderator()?;
        if req.batch.is_empty() || req.batch.len() > MAX_BATCH {
            return Err(ApiError::validation(
                "batch",
                format!("A batch holds 1 to {MAX_BATCH} decisions"),
            ));
        }
        let mut answer = BatchAnswer {
            results: Vec::with_capacity(req.batch.len()),
            approved: 0,
            rejected: 0,
            failed: 0,
        };
        let mut last: Option<EventPosition> = None;
        for item in req.batch {
            let outcome = match item.action.as_str() {
                "approve" => {
                    self.approve(caller, item.id, ApproveRequest::default())
                        .await
                }
                "reject" => self.reject(caller, item.id, item.reason.as_deref()).await,
                _ => Err(ApiError::validation(
                    "action",
                    "action must be approve or reject",
                )),
            };
            match outcome {
                Ok((d, p)) => {
                    if d.status == "approved" {
                        answer.approved += 1;
                    } else {
                        answer.rejected += 1;
                    }
                    last = last.max(p);
                    answer.results.push(BatchResult {
                        id: item.id,
                        success: true,
                        status: Some(d.status),
                        error: None,
                        message: None,
                    });
                }
                Err(e) => {
                    answer.failed += 1;
                    answer.results.push(BatchResult {
                        id: item.id,
                        success: false,
                        status: None,
                        error: Some(e.code().to_owned()),
                        message: Some(e.to_string()),
                    });
                }
            }
        }
        Ok((answer, last))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_photo_over_the_memory_budget_is_told_how_to_get_through() {
        // Given an upload within the pixel limit whose render would not fit the budget.
        let refused = UploadError::OverBudget {
            width: 7000,
            height: 7000,
        };
        // When it is answered as the second photo of a post.
        let answer = photo_error(refused, 2);
        // Then it is a 413 that says why and what to send instead.
        assert!(
            matches!(&answer, ApiError::PayloadTooLarge(m) if m == "Photo 2 needs more memory to process than this server allows (7000 × 7000 pixels); send it as a JPEG or at a smaller size"),
            "{answer:?}"
        );
    }
}
