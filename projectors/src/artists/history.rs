//! An artist's history and its state at any moment, rebuilt from its own events in the event
//! store, as an artwork's are (`crate::artworks::history`, whose entry shape this shares): every
//! change with who, when and which approval, field by field, and the artist "as of" a moment.
//! Fields are folded by [`ArtistFields`], as the `artists` projector folds them.

use chrono::{DateTime, Utc};
use cqrs_es::Aggregate;
use domain::{Artist, ArtistEvent, EventMetadata};
use platform::eventlog;
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use super::read::ArtistDto;
use super::ArtistFields;
use crate::artworks::history::{
    name_people, AsOf, ChangeActor, ChangeKind, FieldChange, HistoryEntry,
};

/// The artist as its events made it.
#[derive(Debug, Default)]
struct Snapshot {
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
        } else if let (ArtistEvent::ArtistEdited { changes, .. }, Some(fields)) =
            (event, self.fields.as_mut())
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
fn describe(e: &ArtistEvent) -> (ChangeKind, Option<Uuid>) {
    match e {
        ArtistEvent::ArtistImported { .. } => (ChangeKind::Imported, None),
        ArtistEvent::ArtistCreated { submission_id, .. }
        | ArtistEvent::ArtistAdded { submission_id, .. } => {
            (ChangeKind::Created, Some(submission_id.0))
        }
        ArtistEvent::ArtistEdited { submission_id, .. } => {
            (ChangeKind::Edited, Some(submission_id.0))
        }
    }
}

/// A page of an artist's history, newest first, and how many changes it has in all; `None`
/// when no such artist was ever recorded.
pub async fn history(
    pool: &PgPool,
    id: Uuid,
    limit: usize,
    offset: usize,
) -> anyhow::Result<Option<(Vec<HistoryEntry>, usize)>> {
    let events = eventlog::stream_of(pool, Artist::TYPE, &id.to_string()).await?;
    if events.is_empty() {
        return Ok(None);
    }
    let total = events.len();
    let mut state = Snapshot::default();
    let mut dataset: Option<String> = None;
    let mut entries = Vec::with_capacity(total);
    for envelope in events {
        let event: ArtistEvent = serde_json::from_value(envelope.payload.clone())?;
        let md = serde_json::from_value::<EventMetadata>(envelope.metadata.clone()).ok();
        if let ArtistEvent::ArtistImported { provenance, .. } = &event {
            dataset = Some(provenance.dataset_name.clone());
        }
        let before = state.values();
        state.apply(&event, envelope.recorded_at);
        let changes = before
            .into_iter()
            .zip(state.values())
            .filter(|((_, b), (_, a))| b != a)
            .map(|((field, before), (_, after))| FieldChange {
                field: field.to_owned(),
                before,
                after,
            })
            .collect();
        let (kind, submission_id) = describe(&event);
        entries.push((
            HistoryEntry {
                id: envelope.event_position().to_string(),
                sequence: envelope.sequence,
                at: envelope.recorded_at,
                kind,
                actor: ChangeActor::of(md.as_ref()),
                submission_id,
                changes,
                photos_added: 0,
                note: None,
                reason: None,
                contributor: None,
                reverts: None,
                other_artwork: None,
                revertible: false,
                merged_photos: Vec::new(),
            },
            md.and_then(|m| Uuid::parse_str(&m.actor_id).ok()),
        ));
    }
    entries.reverse();
    let page: Vec<_> = entries.into_iter().skip(offset).take(limit).collect();
    Ok(Some((name_people(pool, page, dataset).await?, total)))
}

/// The artist as it was at `at`, rebuilt from its events; `None` when it did not exist then.
/// Its artwork count is today's: credits belong to the artworks' own histories.
pub async fn as_of(pool: &PgPool, id: Uuid, at: AsOf) -> anyhow::Result<Option<ArtistDto>> {
    let mut state = Snapshot::default();
    for envelope in eventlog::stream_of(pool, Artist::TYPE, &id.to_string()).await? {
        if !at.includes(&envelope) {
            break;
        }
        let event: ArtistEvent = serde_json::from_value(envelope.payload.clone())?;
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
