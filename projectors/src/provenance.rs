//! The read models' shared documentation of where a record came from.

use serde::{Deserialize, Serialize};

/// Where a record came from (see `domain::Provenance`).
#[derive(Debug, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct Provenance {
    pub dataset: String,
    pub dataset_name: String,
    pub licence: String,
    pub attribution: String,
    pub source_id: String,
    pub source_url: Option<String>,
}
