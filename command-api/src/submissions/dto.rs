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
    /// The artist an approved artist edit changed or created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artist_id: Option<Uuid>,
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

/// One change as SPEC §7's client sends it.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct EditItem {
    /// title, description, artwork_type, location ({lat, lon}), artists (a list of artist ids),
    /// tags (an object of the keys that change) or tag:<key>.
    pub field_name: String,
    /// The value the proposer saw; `null` when unset.
    #[serde(default)]
    #[schema(value_type = serde_json::Value)]
    pub field_value_old: serde_json::Value,
    /// The new value; `null` clears the field (not the title, type or location).
    #[serde(default)]
    #[schema(value_type = serde_json::Value)]
    pub field_value_new: serde_json::Value,
}

/// `POST /api/artwork/{id}/edit` (and `/edit/validate`)'s body.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
pub struct EditRequest {
    pub edits: Vec<EditItem>,
    /// Why, for the moderator: at most 1000 characters.
    pub note: Option<String>,
}

/// A proposal's field and what is wrong with it.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FieldProblem {
    pub field: String,
    pub message: String,
}

impl From<super::FieldError> for FieldProblem {
    fn from(e: super::FieldError) -> Self {
        Self {
            field: e.field,
            message: e.message,
        }
    }
}

/// What `POST /api/artwork/{id}/edit/validate` answers.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EditCheck {
    pub valid: bool,
    pub errors: Vec<FieldProblem>,
    /// The changes as the server reads them (`tags` split per key; unchanged fields left out).
    pub edits: Vec<projectors::submissions::edits::FieldEditDto>,
}

/// Which fields of an edit an approval applies.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum ApplyTo {
    /// `true`: every field.
    All(bool),
    /// These fields (names as the edit gives them).
    Fields(Vec<String>),
}

/// `POST /api/review/artwork-edits/{id}/approve`'s body (and the artist edits'); everything
/// optional.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ApplyEditRequest {
    /// `true` (the default) or a list of field names. For artist edits also spelt
    /// `apply_to_artist`.
    #[serde(alias = "apply_to_artist")]
    pub apply_to_artwork: Option<ApplyTo>,
    /// Apply chosen fields even where the artwork changed since the edit was proposed.
    #[serde(default)]
    pub overwrite_stale: bool,
}

/// A subject's edit body (`POST /api/submissions/<subject>-edit`) and answers, which name the
/// subject by its own field (`by artwork_id`); each item's documentation comes before it.
macro_rules! subject_edit_dtos {
    (
        $(#[doc = $submission_doc:tt])* $Submission:ident,
        $(#[doc = $receipt_doc:tt])* $Receipt:ident,
        $(#[doc = $decided_doc:tt])* $Decided:ident,
        $(#[doc = $field_doc:tt])* by $field:ident
    ) => {
        $(#[doc = $submission_doc])*
        #[derive(Debug, Deserialize, utoipa::ToSchema)]
        pub struct $Submission {
            pub $field: Uuid,
            pub edits: Vec<EditItem>,
            pub note: Option<String>,
        }

        $(#[doc = $receipt_doc])*
        #[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
        pub struct $Receipt {
            /// The edit submission's id.
            pub id: Uuid,
            /// Always `pending`.
            pub status: SubmissionStatus,
            $(#[doc = $field_doc])*
            pub $field: Uuid,
            pub edits: Vec<projectors::submissions::edits::FieldEditDto>,
        }

        $(#[doc = $decided_doc])*
        #[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
        pub struct $Decided {
            pub id: Uuid,
            pub status: SubmissionStatus,
            pub $field: Uuid,
            /// The fields applied.
            pub applied: Vec<String>,
        }
    };
}

subject_edit_dtos! {
    /// `POST /api/submissions/artwork-edit`'s body.
    ArtworkEditSubmission,
    /// What proposing an edit answers.
    EditReceipt,
    /// What approving an edit answers.
    EditDecided,
    by artwork_id
}

subject_edit_dtos! {
    /// `POST /api/submissions/artist-edit`'s body.
    ArtistEditSubmission,
    /// What proposing an artist edit (or a new artist) answers.
    ArtistEditReceipt,
    /// What approving an artist edit answers.
    ArtistEditDecided,
    /// The artist edited, or the id a new artist gets once approved.
    by artist_id
}
