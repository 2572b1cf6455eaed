//! The search documents: every artwork and artist flattened into the `search::SearchDoc` the
//! index stores, kept in PostgreSQL as a transactional outbox for the index. Each row carries the
//! position of the event that last changed it and a per-document version, so the query API's
//! indexer (`query_api::search`) can feed any backend with idempotent, version-checked upserts
//! from a consistent snapshot — and a replay (`plinth replay search`) starts a new generation,
//! which makes every indexer rebuild its index from scratch.

pub mod read;

use async_trait::async_trait;
use cqrs_es::Aggregate;
use domain::{Artist, ArtistEvent, Artwork, ArtworkEvent, FieldEdit};
use platform::eventlog::EventEnvelope;
use search::{ArtistDoc, ArtworkDoc, DocStatus, GeoPoint, SearchDoc};
use serde_json::Value;
use sqlx::PgConnection;
use std::collections::HashMap;
use uuid::Uuid;

use crate::artists::ArtistFields;
use crate::artworks::NewRow;
use crate::{Projector, ReadModel};

pub struct SearchDocsProjector;

pub const NAME: &str = "search";
/// Logbook notes kept per artwork document (the newest).
const MAX_NOTES: usize = 20;

fn status(s: &str) -> anyhow::Result<DocStatus> {
    DocStatus::parse(s).ok_or_else(|| anyhow::anyhow!("unknown artwork status '{s}'"))
}

/// One document to write, with what the row needs beside it.
struct Change {
    doc: SearchDoc,
    artist_ids: Vec<Uuid>,
    tx: i64,
    pos: i64,
}

read_model!(NAME, ["search_docs", "search_artists", "search_meta"]);

#[async_trait]
impl Projector for SearchDocsProjector {
    fn model(&self) -> &'static ReadModel {
        &MODEL
    }

    async fn apply(&self, db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
        // Artists first within a batch, so artworks of the same batch see their names.
        let mut names: HashMap<Uuid, String> = HashMap::new();
        let mut changes: Vec<Change> = Vec::new();
        let mut renamed: Vec<(Uuid, i64, i64)> = Vec::new();
        for e in events.iter().filter(|e| e.aggregate_type == Artist::TYPE) {
            let id = Uuid::parse_str(&e.aggregate_id)?;
            let event = serde_json::from_value::<ArtistEvent>(e.payload.clone())?;
            let (doc, renames) = match ArtistFields::of_first(&event) {
                Some((fields, _)) => (
                    ArtistDoc {
                        id,
                        name: fields.name,
                        aliases: fields.aliases,
                        bio: fields.biography,
                        status: DocStatus::Approved,
                        updated_at: e.recorded_at,
                        version: 0,
                    },
                    true,
                ),
                None => {
                    let ArtistEvent::ArtistEdited { changes: edits, .. } = event else {
                        continue;
                    };
                    // The document as this batch left it, else as the index holds it.
                    let mut doc = match changes.iter().rev().find_map(|c| match &c.doc {
                        SearchDoc::Artist(a) if a.id == id => Some(a.clone()),
                        _ => None,
                    }) {
                        Some(doc) => doc,
                        None => stored_artist(db, id).await?,
                    };
                    let mut fields = ArtistFields {
                        name: doc.name.clone(),
                        aliases: doc.aliases.clone(),
                        biography: doc.bio.clone(),
                        ..ArtistFields::default()
                    };
                    for edit in &edits {
                        fields.set(edit);
                    }
                    let renames = fields.name != doc.name;
                    doc.name = fields.name;
                    doc.aliases = fields.aliases;
                    doc.bio = fields.biography;
                    doc.updated_at = e.recorded_at;
                    (doc, renames)
                }
            };
            if renames {
                renamed.push((id, e.tx_id, e.position));
            }
            names.insert(id, doc.name.clone());
            changes.push(Change {
                doc: SearchDoc::Artist(doc),
                artist_ids: Vec::new(),
                tx: e.tx_id,
                pos: e.position,
            });
        }
        if !names.is_empty() {
            let (ids, ns): (Vec<Uuid>, Vec<String>) =
                names.iter().map(|(k, v)| (*k, v.clone())).unzip();
            sqlx::query!(
                "INSERT INTO search_artists (id, name) SELECT * FROM UNNEST($1::uuid[], $2::text[])
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                &ids,
                &ns
            )
            .execute(&mut *db)
            .await?;
        }

        let mut artworks: Vec<(ArtworkDoc, Vec<Uuid>, i64, i64)> = Vec::new();
        let mut at: HashMap<Uuid, usize> = HashMap::new();
        for e in events.iter().filter(|e| e.aggregate_type == Artwork::TYPE) {
            let id = Uuid::parse_str(&e.aggregate_id)?;
            let event = serde_json::from_value::<ArtworkEvent>(e.payload.clone())?;
            let event = match NewRow::of(event)? {
                Ok(row) => {
                    let thumbnail = row
                        .photos
                        .get(0)
                        .and_then(|p| p.get("key"))
                        .and_then(Value::as_str)
                        .map(str::to_owned);
                    at.insert(id, artworks.len());
                    artworks.push((
                        ArtworkDoc {
                            id,
                            title: row.title,
                            description: row.description,
                            artwork_type: row.artwork_type.as_str().to_owned(),
                            status: status(row.status.as_str())?,
                            artist_names: Vec::new(),
                            artist_aliases: Vec::new(),
                            tags: serde_json::from_value(row.tags)?,
                            notes: Vec::new(),
                            location: Some(GeoPoint {
                                lat: row.lat,
                                lon: row.lon,
                            }),
                            updated_at: e.recorded_at,
                            version: 0,
                            thumbnail,
                        },
                        row.artist_ids,
                        e.tx_id,
                        e.position,
                    ));
                    continue;
                }
                Err(later) => later,
            };
            // A change to a known artwork: its document from this batch, or the stored one.
            let slot = match at.get(&id) {
                Some(i) => *i,
                None => {
                    let row =
                        sqlx::query!("SELECT doc, artist_ids FROM search_docs WHERE id = $1", id)
                            .fetch_optional(&mut *db)
                            .await?;
                    let Some((doc, artist_ids)) = row.map(|r| (r.doc, r.artist_ids)) else {
                        continue;
                    };
                    let SearchDoc::Artwork(doc) = serde_json::from_value::<SearchDoc>(doc)? else {
                        continue;
                    };
                    at.insert(id, artworks.len());
                    artworks.push((doc, artist_ids, e.tx_id, e.position));
                    artworks.len() - 1
                }
            };
            let entry = &mut artworks[slot];
            entry.2 = e.tx_id;
            entry.3 = e.position;
            entry.0.updated_at = e.recorded_at;
            match event {
                ArtworkEvent::PhotosAdded { photos, .. } => {
                    if let Some(p) = photos.first() {
                        entry.0.thumbnail = Some(p.key.to_string());
                    }
                }
                ArtworkEvent::ArtworkMoved { location, .. } => {
                    entry.0.location = Some(GeoPoint {
                        lat: location.lat(),
                        lon: location.lon(),
                    });
                }
                ArtworkEvent::VisitRecorded(v) => {
                    if let Some(n) = &v.note {
                        entry.0.notes.push(n.as_str().to_owned());
                        // The newest notes are the ones worth finding; keep the document small.
                        let excess = entry.0.notes.len().saturating_sub(MAX_NOTES);
                        entry.0.notes.drain(..excess);
                    }
                    if let Some(p) = v.photos.first() {
                        entry.0.thumbnail = Some(p.key.to_string());
                    }
                }
                ArtworkEvent::ArtworkEdited { changes, .. }
                | ArtworkEvent::ArtworkReverted { changes, .. }
                | ArtworkEvent::ArtworkReleased { tags: changes, .. } => {
                    for change in changes {
                        apply_field(entry, change);
                    }
                }
                ArtworkEvent::ArtworkAbsorbed(a) => {
                    for change in a.tags {
                        apply_field(entry, change);
                    }
                }
                // A duplicate is not found on its own; its target is.
                ArtworkEvent::ArtworkMerged { .. } => entry.0.status = DocStatus::Removed,
                ArtworkEvent::ArtworkUnmerged { status: s, .. } => {
                    entry.0.status = status(s.as_str())?;
                }
                ArtworkEvent::ArtworkImported { .. } | ArtworkEvent::ArtworkCreated(_) => {}
            }
        }

        // Artworks of artists renamed (or first seen) in this batch take the new names too.
        if !renamed.is_empty() {
            let ids: Vec<Uuid> = renamed.iter().map(|r| r.0).collect();
            let rows = sqlx::query!(
                "SELECT doc, artist_ids FROM search_docs
                  WHERE kind = 'artwork' AND artist_ids && $1::uuid[]",
                &ids
            )
            .fetch_all(&mut *db)
            .await?;
            let last = renamed.iter().map(|r| (r.1, r.2)).max().unwrap_or_default();
            // Artworks with their own event in this batch are rebuilt from it already.
            let fresh: std::collections::HashSet<Uuid> = artworks.iter().map(|a| a.0.id).collect();
            for row in rows {
                if let SearchDoc::Artwork(a) = serde_json::from_value::<SearchDoc>(row.doc)? {
                    if !fresh.contains(&a.id) {
                        artworks.push((a, row.artist_ids, last.0, last.1));
                    }
                }
            }
        }

        if !artworks.is_empty() {
            let wanted: Vec<Uuid> = artworks
                .iter()
                .flat_map(|a| a.1.iter().copied())
                .filter(|id| !names.contains_key(id))
                .collect();
            if !wanted.is_empty() {
                let known = sqlx::query!(
                    "SELECT id, name FROM search_artists WHERE id = ANY($1::uuid[])",
                    &wanted
                )
                .fetch_all(&mut *db)
                .await?;
                names.extend(known.into_iter().map(|r| (r.id, r.name)));
            }
            for (mut doc, artist_ids, tx, pos) in artworks {
                doc.artist_names = artist_ids
                    .iter()
                    .filter_map(|a| names.get(a).cloned())
                    .collect();
                changes.push(Change {
                    doc: SearchDoc::Artwork(doc),
                    artist_ids,
                    tx,
                    pos,
                });
            }
        }
        write(db, changes).await
    }
}

/// An artist's document as the index holds it.
async fn stored_artist(db: &mut PgConnection, id: Uuid) -> anyhow::Result<ArtistDoc> {
    let row = sqlx::query!("SELECT doc FROM search_docs WHERE id = $1", id)
        .fetch_optional(&mut *db)
        .await?;
    match row
        .map(|r| serde_json::from_value::<SearchDoc>(r.doc))
        .transpose()?
    {
        Some(SearchDoc::Artist(doc)) => Ok(doc),
        _ => anyhow::bail!("artist {id} edited before it was indexed"),
    }
}

/// Upserts the documents; each change bumps the row's version, and the stored doc carries it.
async fn write(db: &mut PgConnection, changes: Vec<Change>) -> anyhow::Result<()> {
    if changes.is_empty() {
        return Ok(());
    }
    // One row per id: the last change wins (they are in apply order).
    let mut last: HashMap<Uuid, Change> = HashMap::with_capacity(changes.len());
    for c in changes {
        last.insert(c.doc.id(), c);
    }
    let mut id = Vec::with_capacity(last.len());
    let mut kind = Vec::with_capacity(last.len());
    let mut doc = Vec::with_capacity(last.len());
    let mut artists = Vec::with_capacity(last.len());
    let mut tx = Vec::with_capacity(last.len());
    let mut pos = Vec::with_capacity(last.len());
    for (k, c) in last {
        id.push(k);
        kind.push(c.doc.kind().as_str().to_owned());
        doc.push(serde_json::to_value(&c.doc)?);
        // uuid[] through UNNEST needs a rectangular array: pass each list as text.
        artists.push(format!(
            "{{{}}}",
            c.artist_ids
                .iter()
                .map(Uuid::to_string)
                .collect::<Vec<_>>()
                .join(",")
        ));
        tx.push(c.tx);
        pos.push(c.pos);
    }
    sqlx::query!(
        "INSERT INTO search_docs AS d (id, kind, doc, version, artist_ids, last_tx, last_pos)
         SELECT u.id, u.kind, jsonb_set(u.doc, '{version}', '1'), 1, u.artists::uuid[], u.tx, u.pos
           FROM UNNEST($1::uuid[], $2::text[], $3::jsonb[], $4::text[], $5::int8[], $6::int8[])
                AS u(id, kind, doc, artists, tx, pos)
         ON CONFLICT (id) DO UPDATE SET
             doc = jsonb_set(excluded.doc, '{version}', to_jsonb(d.version + 1)),
             version = d.version + 1,
             kind = excluded.kind,
             artist_ids = excluded.artist_ids,
             last_tx = excluded.last_tx,
             last_pos = excluded.last_pos",
        &id,
        &kind,
        &doc,
        &artists,
        &tx,
        &pos
    )
    .execute(&mut *db)
    .await?;
    Ok(())
}

/// Sets one edited or reverted field in an artwork's document (and its artist list).
fn apply_field(entry: &mut (ArtworkDoc, Vec<Uuid>, i64, i64), change: FieldEdit) {
    let doc = &mut entry.0;
    match change {
        FieldEdit::Title { new, .. } => doc.title = new.into(),
        FieldEdit::Description { new, .. } => doc.description = new.map(String::from),
        FieldEdit::ArtworkType { new, .. } => doc.artwork_type = new.as_str().to_owned(),
        FieldEdit::Location { new, .. } => {
            doc.location = Some(GeoPoint {
                lat: new.lat(),
                lon: new.lon(),
            });
        }
        FieldEdit::Artists { new, .. } => entry.1 = new.into_iter().map(|a| a.0).collect(),
        FieldEdit::Tag { key, new, .. } => match new {
            Some(v) => {
                doc.tags.insert(key, v);
            }
            None => {
                doc.tags.remove(&key);
            }
        },
    }
}
