//! The `ImportRun` aggregate: one run of `plinth import` over one file, recorded once with who
//! ran it (the event's metadata), what source it read (dataset, licence, attribution) and what
//! it did (counts). The admin audit lists it like every other event.

use serde::{Deserialize, Serialize};

/// What one import run read and did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportRunRecord {
    /// The file's name as given (no directory).
    pub file: String,
    pub dataset: String,
    pub dataset_name: String,
    pub licence: String,
    pub attribution: String,
    pub source_url: String,
    pub records_read: u64,
    pub artworks_new: u64,
    /// New records that were artworks Plinth had from elsewhere, linked to them.
    #[serde(default)]
    pub artworks_linked: u64,
    /// Already imported, and changed by the newer record.
    #[serde(default)]
    pub artworks_changed: u64,
    pub artworks_unchanged: u64,
    pub artists_new: u64,
    pub artists_unchanged: u64,
    /// Artists Plinth had from another source or a contributor, credited instead of made again.
    #[serde(default)]
    pub artists_linked: u64,
    pub rejected: u64,
    pub likely_duplicates: u64,
    /// Artworks of the dataset the file no longer had (put to the moderators).
    #[serde(default)]
    pub gone: u64,
    /// The mapping the file was read with (TOML), so a newer file can be imported the same
    /// way; none for a built-in dataset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mapping: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ImportRunCommand {
    Record(Box<ImportRunRecord>),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ImportRunEvent {
    ImportRunRecorded(Box<ImportRunRecord>),
}

event_types!(ImportRunEvent: ImportRunRecorded);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportRunError {
    #[error("This import run is already recorded")]
    AlreadyRecorded,
    #[error("An import run names its file and dataset")]
    Unnamed,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ImportRun {
    pub recorded: Option<ImportRunRecord>,
}

aggregate!(ImportRun, "import_run", ImportRunCommand => ImportRunEvent, ImportRunError);

impl ImportRun {
    /// The events `command` records (none when it was done already), or why it is refused.
    fn decide(&self, command: ImportRunCommand) -> Result<Option<ImportRunEvent>, ImportRunError> {
        let ImportRunCommand::Record(record) = command;
        if self.recorded.is_some() {
            return Err(ImportRunError::AlreadyRecorded);
        }
        if record.file.trim().is_empty() || record.dataset.trim().is_empty() {
            return Err(ImportRunError::Unnamed);
        }
        Ok(Some(ImportRunEvent::ImportRunRecorded(record)))
    }

    fn evolve(&mut self, event: ImportRunEvent) {
        let ImportRunEvent::ImportRunRecorded(record) = event;
        self.recorded = Some(*record);
    }
}

#[cfg(test)]
#[path = "import_run_tests.rs"]
mod tests;
