//! The `Artist` aggregate: a person or collective credited for artworks, recorded from an open
//! dataset, named in an approved artwork proposal, or proposed on its own; its fields change by
//! approved edits.
//!
//! Kept in one file on purpose: the aggregate's state, commands, events and `handle` are one
//! consistency boundary; its given/when/then tests are in `artist_tests.rs`.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::artist_edit::ArtistFieldEdit;
use crate::edit::{EditError, Edited, FieldChange};
use crate::ids::{ArtistId, SubmissionId};
use crate::provenance::Provenance;
use crate::source::{FromSource, OtherSource};
use crate::text::{LongText, PersonName};

/// An artist as an open dataset describes them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImportedArtist {
    pub id: ArtistId,
    pub name: PersonName,
    pub biography: Option<LongText>,
    pub country: Option<String>,
    pub website: Option<String>,
    pub provenance: Provenance,
}

/// What an artist's source said when last imported: what a newer record of it is compared
/// with, so the newer record changes only what the source changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArtistSourceFields {
    pub name: PersonName,
    pub biography: Option<LongText>,
    pub country: Option<String>,
    pub website: Option<String>,
}

impl ArtistSourceFields {
    pub fn of(record: &ImportedArtist) -> Self {
        Self {
            name: record.name.clone(),
            biography: record.biography.clone(),
            country: record.country.clone(),
            website: record.website.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum ArtistCommand {
    /// Record an artist from an open dataset. Idempotent like `ImportArtwork`.
    ImportArtist(Box<ImportedArtist>),
    /// Record an artist a moderator accepted by name with an approved submission. Idempotent:
    /// the id is derived from the name (see `ArtistId::for_name`), so two approvals naming the
    /// same new artist meet in one record.
    CreateArtist {
        name: PersonName,
        submission_id: crate::ids::SubmissionId,
    },
    /// Apply the fields a moderator approved from an artist edit, or create the artist a new
    /// artist's proposal describes (when it does not exist yet; it needs a name). A change whose
    /// old value is no longer the artist's is refused as stale unless `overwrite_stale`, when it
    /// is applied over the value now. Idempotent per submission.
    ApplyEdit {
        submission_id: SubmissionId,
        edits: Vec<ArtistFieldEdit>,
        overwrite_stale: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ArtistEvent {
    ArtistImported {
        name: PersonName,
        biography: Option<LongText>,
        country: Option<String>,
        website: Option<String>,
        provenance: Box<Provenance>,
    },
    ArtistCreated {
        name: PersonName,
        submission_id: crate::ids::SubmissionId,
    },
    /// Created from an approved new artist's proposal: its fields, each changed from unset.
    ArtistAdded {
        submission_id: SubmissionId,
        changes: Vec<ArtistFieldEdit>,
    },
    /// An approved edit's fields, each with the value it replaced.
    ArtistEdited {
        submission_id: SubmissionId,
        changes: Vec<ArtistFieldEdit>,
    },
    /// A newer record of the artist's own source: each field the source changed, where the
    /// artist still held the source's old value, and what the source now says.
    ArtistUpdatedFromSource {
        changes: Vec<ArtistFieldEdit>,
        source: Box<ArtistSourceFields>,
    },
}

impl ArtistEvent {
    /// The field changes of an event that changes an existing artist's fields.
    pub fn field_changes(&self) -> Option<&[ArtistFieldEdit]> {
        match self {
            ArtistEvent::ArtistEdited { changes, .. }
            | ArtistEvent::ArtistUpdatedFromSource { changes, .. } => Some(changes),
            _ => None,
        }
    }
}

event_types!(ArtistEvent: ArtistImported, ArtistCreated, ArtistAdded, ArtistEdited,
    ArtistUpdatedFromSource);

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ArtistError {
    #[error("artist {0} already exists from another source")]
    SourceMismatch(ArtistId),
    #[error("country must be at most 100 characters")]
    CountryTooLong,
    #[error("website must be an http or https URL of at most 500 characters")]
    BadWebsite,
    #[error("source_url must be an http or https URL of at most 500 characters")]
    BadSourceUrl,
    #[error("Artist not found")]
    NotFound,
    #[error("Change at least one field")]
    EmptyEdit,
    #[error("A new artist needs a name")]
    NameRequired,
    #[error("Changed since the edit was proposed: {}", .0.join(", "))]
    Stale(Vec<String>),
    #[error("{0}")]
    Invalid(EditError),
}

/// As its events leave it. A field missing from a stored state (written before the field was)
/// reads as unset.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Artist {
    pub exists: bool,
    pub name: Option<PersonName>,
    pub provenance: Option<Provenance>,
    pub aliases: Vec<PersonName>,
    pub biography: Option<LongText>,
    pub website: Option<String>,
    pub country: Option<String>,
    pub birth_year: Option<i32>,
    pub death_year: Option<i32>,
    /// Submissions already applied here, so a retried approval changes nothing twice.
    pub submissions: BTreeSet<SubmissionId>,
    /// What its source said when last imported (an imported artist only).
    pub source: Option<ArtistSourceFields>,
}

impl Artist {
    /// Sets one field to a change's new value.
    fn set(&mut self, change: &ArtistFieldEdit) {
        match change.clone() {
            ArtistFieldEdit::Name { new, .. } => self.name = Some(new),
            ArtistFieldEdit::Aliases { new, .. } => self.aliases = new,
            ArtistFieldEdit::Biography { new, .. } => self.biography = new,
            ArtistFieldEdit::Website { new, .. } => self.website = new,
            ArtistFieldEdit::Country { new, .. } => self.country = new,
            ArtistFieldEdit::BirthYear { new, .. } => self.birth_year = new,
            ArtistFieldEdit::DeathYear { new, .. } => self.death_year = new,
        }
    }

    /// This artist with `changes` made, or why the result cannot be (a death before the birth,
    /// the name among the aliases).
    pub fn with_changes(&self, changes: &[ArtistFieldEdit]) -> Result<Artist, ArtistError> {
        let mut next = self.clone();
        for c in changes {
            next.set(c);
        }
        if let (Some(born), Some(died)) = (next.birth_year, next.death_year) {
            if died < born {
                return Err(ArtistError::Invalid(EditError::new(
                    "death_year",
                    "death_year must not be before birth_year",
                )));
            }
        }
        if let Some(name) = &next.name {
            let name = name.as_str().to_lowercase();
            if next
                .aliases
                .iter()
                .any(|a| a.as_str().to_lowercase() == name)
            {
                return Err(ArtistError::Invalid(EditError::new(
                    "aliases",
                    "an alias must differ from the name",
                )));
            }
        }
        Ok(next)
    }

    /// The event recording `record`: the artist it describes, or what a newer record of its own
    /// source changes (`None`: nothing).
    fn import(&self, record: ImportedArtist) -> Result<Option<ArtistEvent>, ArtistError> {
        if record
            .country
            .as_ref()
            .is_some_and(|c| c.chars().count() > 100)
        {
            return Err(ArtistError::CountryTooLong);
        }
        if !record
            .website
            .as_deref()
            .is_none_or(crate::provenance::is_web_url)
        {
            return Err(ArtistError::BadWebsite);
        }
        if !record.provenance.has_valid_link() {
            return Err(ArtistError::BadSourceUrl);
        }
        if !self.exists {
            return Ok(Some(ArtistEvent::ArtistImported {
                name: record.name,
                biography: record.biography,
                country: record.country,
                website: record.website,
                provenance: Box::new(record.provenance),
            }));
        }
        let update = self
            .reimport(&record.provenance, ArtistSourceFields::of(&record))
            .map_err(|OtherSource| ArtistError::SourceMismatch(record.id))?;
        let Some((source, changes)) = update else {
            return Ok(None);
        };
        self.with_changes(&changes)?;
        Ok(Some(ArtistEvent::ArtistUpdatedFromSource {
            changes,
            source: Box::new(source),
        }))
    }

    /// The event applying `edits` (submission `submission_id`), or why they cannot be applied;
    /// `None` when that submission was applied already.
    fn apply_edit(
        &self,
        submission_id: SubmissionId,
        edits: Vec<ArtistFieldEdit>,
        overwrite_stale: bool,
    ) -> Result<Option<ArtistEvent>, ArtistError> {
        if self.submissions.contains(&submission_id) {
            return Ok(None);
        }
        if edits.is_empty() {
            return Err(ArtistError::EmptyEdit);
        }
        if !self.exists {
            // A new artist: every change is from unset, and one of them names it.
            if !edits
                .iter()
                .any(|e| matches!(e, ArtistFieldEdit::Name { .. }))
            {
                return Err(ArtistError::NameRequired);
            }
        }
        let changes = self
            .rebased_changes(edits, overwrite_stale)
            .map_err(ArtistError::Stale)?;
        self.with_changes(&changes)?;
        Ok(Some(if self.exists {
            ArtistEvent::ArtistEdited {
                submission_id,
                changes,
            }
        } else {
            ArtistEvent::ArtistAdded {
                submission_id,
                changes,
            }
        }))
    }
}

impl Artist {
    /// The artist's value of this field now, as JSON.
    fn current(&self, edit: &ArtistFieldEdit) -> serde_json::Value {
        let artist = self;
        let json =
            |v: Result<serde_json::Value, serde_json::Error>| v.unwrap_or(serde_json::Value::Null);
        match edit {
            ArtistFieldEdit::Name { .. } => json(serde_json::to_value(&artist.name)),
            ArtistFieldEdit::Aliases { .. } => json(serde_json::to_value(&artist.aliases)),
            ArtistFieldEdit::Biography { .. } => json(serde_json::to_value(&artist.biography)),
            ArtistFieldEdit::Website { .. } => json(serde_json::to_value(&artist.website)),
            ArtistFieldEdit::Country { .. } => json(serde_json::to_value(&artist.country)),
            ArtistFieldEdit::BirthYear { .. } => json(serde_json::to_value(artist.birth_year)),
            ArtistFieldEdit::DeathYear { .. } => json(serde_json::to_value(artist.death_year)),
        }
    }
}

impl Edited for Artist {
    type Edit = ArtistFieldEdit;

    fn is_stale(&self, edit: &ArtistFieldEdit) -> bool {
        self.current(edit) != edit.values().0
    }

    fn rebased(&self, edit: ArtistFieldEdit) -> ArtistFieldEdit {
        let now = self.current(&edit);
        edit.against(now)
    }
}

impl FromSource for Artist {
    type Fields = ArtistSourceFields;

    fn origin(&self) -> (Option<&Provenance>, Option<&ArtistSourceFields>) {
        (self.provenance.as_ref(), self.source.as_ref())
    }

    fn source_changes(old: &ArtistSourceFields, new: &ArtistSourceFields) -> Vec<ArtistFieldEdit> {
        let mut changes = Vec::new();
        if old.name != new.name {
            changes.push(ArtistFieldEdit::Name {
                old: Some(old.name.clone()),
                new: new.name.clone(),
            });
        }
        if old.biography != new.biography {
            changes.push(ArtistFieldEdit::Biography {
                old: old.biography.clone(),
                new: new.biography.clone(),
            });
        }
        if old.country != new.country {
            changes.push(ArtistFieldEdit::Country {
                old: old.country.clone(),
                new: new.country.clone(),
            });
        }
        if old.website != new.website {
            changes.push(ArtistFieldEdit::Website {
                old: old.website.clone(),
                new: new.website.clone(),
            });
        }
        changes
    }
}

aggregate!(Artist, "artist", ArtistCommand => ArtistEvent, ArtistError);

impl Artist {
    /// The events `command` records (none when it was done already), or why it is refused.
    fn decide(&self, command: ArtistCommand) -> Result<Option<ArtistEvent>, ArtistError> {
        match command {
            ArtistCommand::ImportArtist(record) => self.import(*record),
            ArtistCommand::CreateArtist {
                name,
                submission_id,
            } => {
                if self.exists {
                    return Ok(None);
                }
                Ok(Some(ArtistEvent::ArtistCreated {
                    name,
                    submission_id,
                }))
            }
            ArtistCommand::ApplyEdit {
                submission_id,
                edits,
                overwrite_stale,
            } => self.apply_edit(submission_id, edits, overwrite_stale),
        }
    }

    fn evolve(&mut self, event: ArtistEvent) {
        match event {
            ArtistEvent::ArtistCreated {
                name,
                submission_id,
            } => {
                self.exists = true;
                self.name = Some(name);
                self.submissions.insert(submission_id);
            }
            ArtistEvent::ArtistImported {
                name,
                biography,
                country,
                website,
                provenance,
            } => {
                self.exists = true;
                self.source = Some(ArtistSourceFields {
                    name: name.clone(),
                    biography: biography.clone(),
                    country: country.clone(),
                    website: website.clone(),
                });
                self.name = Some(name);
                self.biography = biography;
                self.country = country;
                self.website = website;
                self.provenance = Some(*provenance);
            }
            ArtistEvent::ArtistUpdatedFromSource { changes, source } => {
                for c in &changes {
                    self.set(c);
                }
                self.source = Some(*source);
            }
            ArtistEvent::ArtistAdded {
                submission_id,
                changes,
            }
            | ArtistEvent::ArtistEdited {
                submission_id,
                changes,
            } => {
                self.exists = true;
                for c in &changes {
                    self.set(c);
                }
                self.submissions.insert(submission_id);
            }
        }
    }
}

#[cfg(test)]
#[path = "artist_tests.rs"]
mod tests;
