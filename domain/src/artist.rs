//! The `Artist` aggregate: a person or collective credited for artworks.

use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

use crate::ids::ArtistId;
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
}

impl DomainEvent for ArtistEvent {
    fn event_type(&self) -> String {
        match self {
            ArtistEvent::ArtistImported { .. } => "ArtistImported".to_owned(),
            ArtistEvent::ArtistCreated { .. } => "ArtistCreated".to_owned(),
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
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Artist {
    pub exists: bool,
    pub name: Option<PersonName>,
    pub provenance: Option<Provenance>,
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
        }
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            ArtistEvent::ArtistCreated { name, .. } => {
                self.exists = true;
                self.name = Some(name);
            }
            ArtistEvent::ArtistImported {
                name, provenance, ..
            } => {
                self.exists = true;
                self.name = Some(name);
                self.provenance = Some(provenance);
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
}
