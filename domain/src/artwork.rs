//! The `Artwork` aggregate: a public artwork's identity, place and description, from its first
//! event on. This slice knows how artworks arrive from open datasets; submissions and edits add
//! their commands beside `ImportArtwork`.

use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

use crate::geo::Location;
use crate::ids::{ArtistId, ArtworkId};
use crate::provenance::Provenance;
use crate::tags::Tags;
use crate::text::{LongText, Title};

/// The anchor tag schema's `artwork_type` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArtworkType {
    Statue,
    Mural,
    Sculpture,
    Installation,
    Monument,
    Graffiti,
    Mosaic,
    Relief,
    Fountain,
    Other,
}

impl ArtworkType {
    pub const ALL: [ArtworkType; 10] = [
        Self::Statue,
        Self::Mural,
        Self::Sculpture,
        Self::Installation,
        Self::Monument,
        Self::Graffiti,
        Self::Mosaic,
        Self::Relief,
        Self::Fountain,
        Self::Other,
    ];

    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Statue => "statue",
            Self::Mural => "mural",
            Self::Sculpture => "sculpture",
            Self::Installation => "installation",
            Self::Monument => "monument",
            Self::Graffiti => "graffiti",
            Self::Mosaic => "mosaic",
            Self::Relief => "relief",
            Self::Fountain => "fountain",
            Self::Other => "other",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.as_str() == s)
    }
}

/// Visibility of an artwork. Only `Approved` ones are shown to visitors; `Removed` keeps the
/// record (and its history) for works that are gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArtworkStatus {
    Pending,
    Approved,
    Removed,
}

impl ArtworkStatus {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Removed => "removed",
        }
    }
}

/// Most artists one artwork can credit.
pub const MAX_ARTISTS_PER_ARTWORK: usize = 50;

/// An artwork as an open dataset describes it, already parsed into value objects.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImportedArtwork {
    pub id: ArtworkId,
    pub title: Title,
    pub description: Option<LongText>,
    pub artwork_type: ArtworkType,
    pub location: Location,
    pub tags: Tags,
    pub artist_ids: Vec<ArtistId>,
    pub status: ArtworkStatus,
    pub provenance: Provenance,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ArtworkCommand {
    /// Record an artwork from an open dataset. Idempotent: importing a record that is already
    /// here changes nothing.
    ImportArtwork(Box<ImportedArtwork>),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ArtworkEvent {
    ArtworkImported {
        title: Title,
        description: Option<LongText>,
        artwork_type: ArtworkType,
        location: Location,
        tags: Tags,
        artist_ids: Vec<ArtistId>,
        status: ArtworkStatus,
        provenance: Provenance,
    },
}

impl DomainEvent for ArtworkEvent {
    fn event_type(&self) -> String {
        match self {
            ArtworkEvent::ArtworkImported { .. } => "ArtworkImported".to_owned(),
        }
    }

    fn event_version(&self) -> String {
        "1".to_owned()
    }
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ArtworkError {
    #[error("artwork {0} already exists from another source")]
    SourceMismatch(ArtworkId),
    #[error("an artwork can credit at most {MAX_ARTISTS_PER_ARTWORK} artists")]
    TooManyArtists,
    #[error("an artwork cannot credit the same artist twice")]
    DuplicateArtist,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Artwork {
    pub exists: bool,
    pub title: Option<Title>,
    pub location: Option<Location>,
    pub status: Option<ArtworkStatus>,
    pub artist_ids: Vec<ArtistId>,
    pub provenance: Option<Provenance>,
}

impl Aggregate for Artwork {
    const TYPE: &'static str = "artwork";
    type Command = ArtworkCommand;
    type Event = ArtworkEvent;
    type Error = ArtworkError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &cqrs_es::event_sink::EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            ArtworkCommand::ImportArtwork(record) => {
                let record = *record;
                if self.exists {
                    let same_source = self.provenance.as_ref().is_some_and(|p| {
                        p.dataset == record.provenance.dataset
                            && p.source_id == record.provenance.source_id
                    });
                    // Once imported, the community's edits own the record; a re-import of the
                    // same source is a no-op rather than an overwrite.
                    return if same_source {
                        Ok(())
                    } else {
                        Err(ArtworkError::SourceMismatch(record.id))
                    };
                }
                if record.artist_ids.len() > MAX_ARTISTS_PER_ARTWORK {
                    return Err(ArtworkError::TooManyArtists);
                }
                let mut seen = std::collections::HashSet::new();
                if !record.artist_ids.iter().all(|a| seen.insert(*a)) {
                    return Err(ArtworkError::DuplicateArtist);
                }
                // The id travels as the aggregate id; events carry only the facts.
                sink.write(
                    ArtworkEvent::ArtworkImported {
                        title: record.title,
                        description: record.description,
                        artwork_type: record.artwork_type,
                        location: record.location,
                        tags: record.tags,
                        artist_ids: record.artist_ids,
                        status: record.status,
                        provenance: record.provenance,
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
            ArtworkEvent::ArtworkImported {
                title,
                location,
                artist_ids,
                status,
                provenance,
                ..
            } => {
                self.exists = true;
                self.title = Some(title);
                self.location = Some(location);
                self.artist_ids = artist_ids;
                self.status = Some(status);
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
    use std::collections::BTreeMap;

    type Harness = TestFramework<Artwork>;

    fn provenance(source_id: &str) -> Provenance {
        Provenance {
            dataset: "vancouver".into(),
            dataset_name: "Vancouver Public Art Registry".into(),
            licence: "Open Government Licence – Vancouver".into(),
            attribution:
                "Contains information licensed under the Open Government Licence – Vancouver".into(),
            source_id: source_id.into(),
            source_url: None,
        }
    }

    fn record(source_id: &str) -> ImportedArtwork {
        ImportedArtwork {
            id: ArtworkId::for_import("vancouver", source_id),
            title: Title::parse("Solo").unwrap(),
            description: Some(LongText::parse("An abstract sculpture.").unwrap()),
            artwork_type: ArtworkType::Sculpture,
            location: Location::parse(49.293313, -123.133965).unwrap(),
            tags: Tags::parse(BTreeMap::from([("material".into(), "metal".into())])).unwrap(),
            artist_ids: vec![ArtistId::for_import("vancouver", "103")],
            status: ArtworkStatus::Approved,
            provenance: provenance(source_id),
        }
    }

    fn imported(r: &ImportedArtwork) -> ArtworkEvent {
        ArtworkEvent::ArtworkImported {
            title: r.title.clone(),
            description: r.description.clone(),
            artwork_type: r.artwork_type,
            location: r.location,
            tags: r.tags.clone(),
            artist_ids: r.artist_ids.clone(),
            status: r.status,
            provenance: r.provenance.clone(),
        }
    }

    #[tokio::test]
    async fn import_records_a_new_artwork() {
        let r = record("27");
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtworkCommand::ImportArtwork(Box::new(r.clone())))
            .await
            .then_expect_events(vec![imported(&r)]);
    }

    #[tokio::test]
    async fn import_of_an_already_imported_record_changes_nothing() {
        let r = record("27");
        Harness::with(())
            .given(vec![imported(&r)])
            .when_async(ArtworkCommand::ImportArtwork(Box::new(r)))
            .await
            .then_expect_events(vec![]);
    }

    #[tokio::test]
    async fn import_fails_when_the_id_belongs_to_another_source() {
        let first = record("27");
        let other = record("28");
        Harness::with(())
            .given(vec![imported(&first)])
            .when_async(ArtworkCommand::ImportArtwork(Box::new(other.clone())))
            .await
            .then_expect_error(ArtworkError::SourceMismatch(other.id));
    }

    #[tokio::test]
    async fn import_fails_when_an_artist_is_credited_twice() {
        let mut r = record("27");
        r.artist_ids.push(r.artist_ids[0]);
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtworkCommand::ImportArtwork(Box::new(r)))
            .await
            .then_expect_error(ArtworkError::DuplicateArtist);
    }

    #[tokio::test]
    async fn import_fails_with_too_many_artists() {
        let mut r = record("27");
        r.artist_ids = (0..=MAX_ARTISTS_PER_ARTWORK)
            .map(|i| ArtistId::for_import("vancouver", &i.to_string()))
            .collect();
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtworkCommand::ImportArtwork(Box::new(r)))
            .await
            .then_expect_error(ArtworkError::TooManyArtists);
    }

    #[test]
    fn stored_event_shape_is_stable() {
        let e = imported(&record("27"));
        assert_eq!(e.event_type(), "ArtworkImported");
        let v = serde_json::to_value(&e).unwrap();
        let body = &v["ArtworkImported"];
        assert_eq!(body["title"], "Solo");
        assert_eq!(body["artwork_type"], "sculpture");
        assert_eq!(body["location"]["lat"], 49.293313);
        assert_eq!(body["status"], "approved");
        assert_eq!(body["provenance"]["source_id"], "27");
        let back: ArtworkEvent = serde_json::from_value(v).unwrap();
        assert_eq!(back, e);
    }
}
