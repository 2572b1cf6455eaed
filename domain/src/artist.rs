//! The `Artist` aggregate: a person or collective credited for artworks, recorded from an open
//! dataset, named in an approved artwork proposal, or proposed on its own; its fields change by
//! approved edits.

use std::collections::BTreeSet;

use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

use crate::artist_edit::ArtistFieldEdit;
use crate::edit::EditError;
use crate::ids::{ArtistId, SubmissionId};
use crate::provenance::Provenance;
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
        provenance: Provenance,
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
}

impl DomainEvent for ArtistEvent {
    fn event_type(&self) -> String {
        match self {
            ArtistEvent::ArtistImported { .. } => "ArtistImported".to_owned(),
            ArtistEvent::ArtistCreated { .. } => "ArtistCreated".to_owned(),
            ArtistEvent::ArtistAdded { .. } => "ArtistAdded".to_owned(),
            ArtistEvent::ArtistEdited { .. } => "ArtistEdited".to_owned(),
        }
    }

    fn event_version(&self) -> String {
        "1".to_owned()
    }
}

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

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Artist {
    pub exists: bool,
    pub name: Option<PersonName>,
    pub provenance: Option<Provenance>,
    #[serde(default)]
    pub aliases: Vec<PersonName>,
    #[serde(default)]
    pub biography: Option<LongText>,
    #[serde(default)]
    pub website: Option<String>,
    #[serde(default)]
    pub country: Option<String>,
    #[serde(default)]
    pub birth_year: Option<i32>,
    #[serde(default)]
    pub death_year: Option<i32>,
    /// Submissions already applied here, so a retried approval changes nothing twice.
    #[serde(default)]
    pub submissions: BTreeSet<SubmissionId>,
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
        let stale: Vec<String> = edits
            .iter()
            .filter(|e| e.is_stale(self))
            .map(|e| e.field_name().to_owned())
            .collect();
        if !stale.is_empty() && !overwrite_stale {
            return Err(ArtistError::Stale(stale));
        }
        let changes: Vec<ArtistFieldEdit> = edits
            .into_iter()
            .map(|e| e.rebased(self))
            .filter(|e| !e.changes_nothing())
            .collect();
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

impl Aggregate for Artist {
    const TYPE: &'static str = "artist";
    type Command = ArtistCommand;
    type Event = ArtistEvent;
    type Error = ArtistError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &cqrs_es::event_sink::EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            ArtistCommand::ImportArtist(record) => {
                let record = *record;
                if self.exists {
                    let same_source = self.provenance.as_ref().is_some_and(|p| {
                        p.dataset == record.provenance.dataset
                            && p.source_id == record.provenance.source_id
                    });
                    return if same_source {
                        Ok(())
                    } else {
                        Err(ArtistError::SourceMismatch(record.id))
                    };
                }
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
                sink.write(
                    ArtistEvent::ArtistImported {
                        name: record.name,
                        biography: record.biography,
                        country: record.country,
                        website: record.website,
                        provenance: record.provenance,
                    },
                    self,
                )
                .await;
                Ok(())
            }
            ArtistCommand::CreateArtist {
                name,
                submission_id,
            } => {
                if self.exists {
                    return Ok(());
                }
                sink.write(
                    ArtistEvent::ArtistCreated {
                        name,
                        submission_id,
                    },
                    self,
                )
                .await;
                Ok(())
            }
            ArtistCommand::ApplyEdit {
                submission_id,
                edits,
                overwrite_stale,
            } => {
                if let Some(event) = self.apply_edit(submission_id, edits, overwrite_stale)? {
                    sink.write(event, self).await;
                }
                Ok(())
            }
        }
    }

    fn apply(&mut self, event: Self::Event) {
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
                self.name = Some(name);
                self.biography = biography;
                self.country = country;
                self.website = website;
                self.provenance = Some(provenance);
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
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use cqrs_es::test::TestFramework;

    type Harness = TestFramework<Artist>;

    fn record(source_id: &str) -> ImportedArtist {
        ImportedArtist {
            id: ArtistId::for_import("vancouver", source_id),
            name: PersonName::parse("Natalie McHaffie").unwrap(),
            biography: Some(LongText::parse("Born in Deep River, Ontario.").unwrap()),
            country: Some("Canada".into()),
            website: None,
            provenance: Provenance {
                dataset: "vancouver".into(),
                dataset_name: "Vancouver Public Art Registry".into(),
                licence: "OGL-Vancouver".into(),
                attribution:
                    "Contains information licensed under the Open Government Licence – Vancouver"
                        .into(),
                source_id: source_id.into(),
                source_url: None,
            },
        }
    }

    fn imported(r: &ImportedArtist) -> ArtistEvent {
        ArtistEvent::ArtistImported {
            name: r.name.clone(),
            biography: r.biography.clone(),
            country: r.country.clone(),
            website: r.website.clone(),
            provenance: r.provenance.clone(),
        }
    }

    #[tokio::test]
    async fn import_records_a_new_artist() {
        let r = record("103");
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtistCommand::ImportArtist(Box::new(r.clone())))
            .await
            .then_expect_events(vec![imported(&r)]);
    }

    #[tokio::test]
    async fn import_of_an_already_imported_artist_changes_nothing() {
        let r = record("103");
        Harness::with(())
            .given(vec![imported(&r)])
            .when_async(ArtistCommand::ImportArtist(Box::new(r)))
            .await
            .then_expect_events(vec![]);
    }

    #[tokio::test]
    async fn import_fails_when_the_id_belongs_to_another_source() {
        let other = record("104");
        Harness::with(())
            .given(vec![imported(&record("103"))])
            .when_async(ArtistCommand::ImportArtist(Box::new(other.clone())))
            .await
            .then_expect_error(ArtistError::SourceMismatch(other.id));
    }

    #[tokio::test]
    async fn import_fails_with_a_website_that_is_not_http() {
        let mut r = record("103");
        r.website = Some("javascript:alert(1)".into());
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtistCommand::ImportArtist(Box::new(r)))
            .await
            .then_expect_error(ArtistError::BadWebsite);
    }

    #[tokio::test]
    async fn import_fails_with_a_source_url_that_is_not_http() {
        let mut r = record("103");
        r.provenance.source_url = Some("javascript:alert(document.cookie)".into());
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtistCommand::ImportArtist(Box::new(r)))
            .await
            .then_expect_error(ArtistError::BadSourceUrl);
    }

    #[tokio::test]
    async fn creating_an_artist_by_name_records_it() {
        let name = PersonName::parse("Jane Doe").unwrap();
        let submission_id = crate::ids::SubmissionId(uuid::Uuid::from_u128(3));
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtistCommand::CreateArtist {
                name: name.clone(),
                submission_id,
            })
            .await
            .then_expect_events(vec![ArtistEvent::ArtistCreated {
                name,
                submission_id,
            }]);
    }

    #[tokio::test]
    async fn creating_an_artist_that_exists_changes_nothing() {
        let name = PersonName::parse("Jane Doe").unwrap();
        Harness::with(())
            .given(vec![ArtistEvent::ArtistCreated {
                name: name.clone(),
                submission_id: crate::ids::SubmissionId(uuid::Uuid::from_u128(3)),
            }])
            .when_async(ArtistCommand::CreateArtist {
                name,
                submission_id: crate::ids::SubmissionId(uuid::Uuid::from_u128(4)),
            })
            .await
            .then_expect_events(vec![]);
    }

    #[tokio::test]
    async fn import_fails_with_an_overlong_country() {
        let mut r = record("103");
        r.country = Some("x".repeat(101));
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtistCommand::ImportArtist(Box::new(r)))
            .await
            .then_expect_error(ArtistError::CountryTooLong);
    }

    fn edit(field: &str, old: serde_json::Value, new: serde_json::Value) -> ArtistFieldEdit {
        ArtistFieldEdit::parse(field, &old, &new).unwrap()
    }

    fn apply(edits: Vec<ArtistFieldEdit>, overwrite_stale: bool) -> ArtistCommand {
        ArtistCommand::ApplyEdit {
            submission_id: SubmissionId(uuid::Uuid::from_u128(7)),
            edits,
            overwrite_stale,
        }
    }

    #[tokio::test]
    async fn an_approved_edit_records_each_change_with_the_value_it_replaced() {
        use serde_json::json;
        let r = record("103");
        let changes = vec![
            edit("country", json!("Canada"), json!(null)),
            edit("aliases", json!([]), json!(["N. McHaffie"])),
            edit("birth_year", json!(null), json!(1956)),
        ];
        Harness::with(())
            .given(vec![imported(&r)])
            .when_async(apply(changes.clone(), false))
            .await
            .then_expect_events(vec![ArtistEvent::ArtistEdited {
                submission_id: SubmissionId(uuid::Uuid::from_u128(7)),
                changes,
            }]);
    }

    #[tokio::test]
    async fn an_edit_of_a_field_changed_since_is_refused_as_stale() {
        use serde_json::json;
        Harness::with(())
            .given(vec![imported(&record("103"))])
            .when_async(apply(
                vec![edit("country", json!("France"), json!("Spain"))],
                false,
            ))
            .await
            .then_expect_error(ArtistError::Stale(vec!["country".into()]));
    }

    #[tokio::test]
    async fn a_stale_edit_applied_on_purpose_records_the_value_it_really_replaced() {
        use serde_json::json;
        Harness::with(())
            .given(vec![imported(&record("103"))])
            .when_async(apply(
                vec![edit("country", json!("France"), json!("Spain"))],
                true,
            ))
            .await
            .then_expect_events(vec![ArtistEvent::ArtistEdited {
                submission_id: SubmissionId(uuid::Uuid::from_u128(7)),
                changes: vec![edit("country", json!("Canada"), json!("Spain"))],
            }]);
    }

    #[tokio::test]
    async fn an_edit_applied_again_changes_nothing() {
        use serde_json::json;
        let changes = vec![edit("country", json!("Canada"), json!("Spain"))];
        Harness::with(())
            .given(vec![
                imported(&record("103")),
                ArtistEvent::ArtistEdited {
                    submission_id: SubmissionId(uuid::Uuid::from_u128(7)),
                    changes: changes.clone(),
                },
            ])
            .when_async(apply(changes, true))
            .await
            .then_expect_events(vec![]);
    }

    #[tokio::test]
    async fn an_empty_edit_is_refused() {
        Harness::with(())
            .given(vec![imported(&record("103"))])
            .when_async(apply(vec![], false))
            .await
            .then_expect_error(ArtistError::EmptyEdit);
    }

    #[tokio::test]
    async fn a_death_before_the_birth_is_refused() {
        use serde_json::json;
        let err = EditError::new("death_year", "death_year must not be before birth_year");
        Harness::with(())
            .given(vec![imported(&record("103"))])
            .when_async(apply(
                vec![
                    edit("birth_year", json!(null), json!(1956)),
                    edit("death_year", json!(null), json!(1900)),
                ],
                false,
            ))
            .await
            .then_expect_error(ArtistError::Invalid(err));
    }

    #[tokio::test]
    async fn a_new_artist_is_added_from_its_approved_proposal() {
        use serde_json::json;
        let changes = vec![
            edit("name", json!(null), json!("Jane Doe")),
            edit("website", json!(null), json!("https://jane.example")),
        ];
        Harness::with(())
            .given_no_previous_events()
            .when_async(apply(changes.clone(), false))
            .await
            .then_expect_events(vec![ArtistEvent::ArtistAdded {
                submission_id: SubmissionId(uuid::Uuid::from_u128(7)),
                changes,
            }]);
    }

    #[tokio::test]
    async fn a_new_artist_without_a_name_is_refused() {
        use serde_json::json;
        Harness::with(())
            .given_no_previous_events()
            .when_async(apply(
                vec![edit("country", json!(null), json!("Peru"))],
                false,
            ))
            .await
            .then_expect_error(ArtistError::NameRequired);
    }

    #[tokio::test]
    async fn an_alias_equal_to_the_name_is_refused() {
        use serde_json::json;
        let err = EditError::new("aliases", "an alias must differ from the name");
        Harness::with(())
            .given(vec![imported(&record("103"))])
            .when_async(apply(
                vec![edit("aliases", json!([]), json!(["natalie mchaffie"]))],
                false,
            ))
            .await
            .then_expect_error(ArtistError::Invalid(err));
    }
}
