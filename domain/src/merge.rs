//! Merging two records of the same artwork: the duplicate (the source) points at the record kept
//! (the target), which takes the source's photos, logbook and the tags it lacked; unmerging
//! gives each back. What moves is worked out from the source's own events ([`carried`]) and
//! travels in the target's `ArtworkAbsorbed` event, so the read side and the history fold need
//! nothing else, and the target remembers it ([`Absorbed`]) to give it back exactly.

use serde::{Deserialize, Serialize};

use crate::edit::FieldEdit;
use crate::ids::SubmissionId;
use crate::photo::Photo;

/// Photos one approved submission brought, as they move with a merge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmissionPhotos {
    pub submission_id: SubmissionId,
    pub photos: Vec<Photo>,
}

/// What a target took from one source, to give back on unmerge.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Absorbed {
    pub photo_submissions: Vec<SubmissionId>,
    pub visits: Vec<SubmissionId>,
    /// Tags the target lacked, as set from the source's values.
    pub tags: Vec<FieldEdit>,
}
