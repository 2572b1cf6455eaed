//! Where a record came from: the open dataset, its licence, and the publisher's own id.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    /// Stable dataset key, e.g. `vancouver`.
    pub dataset: String,
    pub dataset_name: String,
    pub licence: String,
    pub attribution: String,
    /// The publisher's id of the record within the dataset.
    pub source_id: String,
    /// The publisher's page for the record or, failing that, the dataset.
    pub source_url: Option<String>,
}
