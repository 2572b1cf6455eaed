//! An artist's history and its state at any moment, rebuilt from its own events in the event
//! store, as an artwork's are (`crate::artworks::history`, whose entry shape this shares): every
//! change with who, when and which approval, field by field, and the artist "as of" a moment.
//! Fields are folded by [`ArtistFields`], as the `artists` projector folds them.

use chrono::{DateTime, Utc};
use domain::{Artist, ArtistEvent};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use super::read::ArtistDto;
use super::ArtistFields;
use crate::artworks::history::{events, AsOf, ChangeKind, Described, Fold};

/// The artist as its events made it.
#[derive(Debug, Default)]
pub(crate) struct Snapshot {
    fields: Option<ArtistFields>,
    provenance: Option<Value>,
    created_at: Option<DateTime<Utc>>,
    updated_at: Option<DateTime<Utc>>,
}

impl Snapshot {
    fn apply(&mut self, event: &ArtistEvent, at: DateTime<Utc>) {
        self.updated_at = Some(at);
        if let Some((fields, provenance)) = ArtistFields::of_first(event) {
            if self.fields.is_none() {
                self.fields = Some(fields);
                self.provenance = provenance;
                self.created_at = Some(at);
            }
        } else if let (Some(changes), Some(fields)) = (event.field_changes(), self.fields.as_mut())
        {
            for c in changes {
                fields.set(c);
            }
        }
    }

    /// Each field's value (all `null` before the artist existed).
    fn values(&self) -> Vec<(&'static str, Value)> {
        let fields = self.fields.clone().unwrap_or_default();
        fields
            .values()
            .into_iter()
            .map(|(f, v)| {
                (
                    f,
                    if self.fields.is_some() {
                        v
                    } else {
                        Value::Null
                    },
                )
            })
            .collect()
    }
}

/// What kind of change an event is, and the submission behind it.
fn describe(e: &ArtistEvent) -> Described {
    let (kind, submission_id) = match e {
        ArtistEvent::ArtistImported { .. } => (ChangeKind::Imported, None),
        ArtistEvent::ArtistCreated { submission_id, .. }
        | ArtistEvent::ArtistAdded { submission_id, .. } => {
            (ChangeKind::Created, Some(submission_id.0))
        }
        ArtistEvent::ArtistEdited { submission_id, .. } => {
            (ChangeKind::Edited, Some(submission_id.0))
        }
        ArtistEvent::ArtistUpdatedFromSource { .. } => (ChangeKind::SourceUpdated, None),
    };
    Described::of(kind, submission_id)
}

impl Fold for Snapshot {
    type Subject = Artist;

    fn values(&self) -> Vec<(&'static str, Value)> {
        Snapshot::values(self)
    }

    fn apply(&mut self, event: ArtistEvent, at: DateTime<Utc>) -> anyhow::Result<()> {
        Snapshot::apply(self, &event, at);
        Ok(())
    }

    fn describe(event: &ArtistEvent) -> Described {
        describe(event)
    }

    fn dataset(event: &ArtistEvent) -> Option<String> {
        match event {
            ArtistEvent::ArtistImported { provenance, .. } => Some(provenance.dataset_name.clone()),
            _ => None,
        }
    }
}

/// The artist as it was at `at`, rebuilt from its events; `None` when it did not exist then.
/// Its artwork count is today's: credits belong to the artworks' own histories.
pub async fn as_of(pool: &PgPool, id: Uuid, at: AsOf) -> anyhow::Result<Option<ArtistDto>> {
    let mut state = Snapshot::default();
    for (envelope, event, _) in events::<Artist>(pool, id).await? {
        if !at.includes(&envelope) {
            break;
        }
        state.apply(&event, envelope.recorded_at);
    }
    let (Some(fields), Some(created_at), Some(updated_at)) =
        (state.fields, state.created_at, state.updated_at)
    else {
        return Ok(None);
    };
    let artwork_count = super::read::by_id(pool, id)
        .await?
        .map_or(0, |a| a.artwork_count);
    Ok(Some(ArtistDto {
        id,
        name: fields.name,
        aliases: sqlx::types::Json(fields.aliases),
        biography: fields.biography,
        country: fields.country,
        website: fields.website,
        birth_year: fields.birth_year,
        death_year: fields.death_year,
        provenance: state.provenance,
        artwork_count,
        created_at,
        updated_at,
    }))
}
