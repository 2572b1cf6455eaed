//! What the submission calls take and answer (the OpenAPI document publishes these).

use std::collections::BTreeMap;

use domain::{SubmissionKind, SubmissionStatus};
use media::images::PhotoDto;
use projectors::candidates::NearbyCandidate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// What `POST /api/logbook` answers.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SubmissionReceipt {
    pub id: Uuid,
    /// Always `pending`: every submission waits for a moderator.
    pub status: SubmissionStatus,
    pub submission_type: SubmissionKind,
    pub photos: Vec<PhotoDto>,
    /// Known artworks within 100 m that may be the same one, best match first (new artworks
    /// only).
    pub nearby: Vec<NearbyCandidate>,
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
    pub status: SubmissionStatus,
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
    pub status: Option<SubmissionStatus>,
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
