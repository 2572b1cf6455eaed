//! The search documents: every artwork and artist flattened into the `search::SearchDoc` the
//! index stores, kept in PostgreSQL as a transactional outbox for the index. Each row carries the
//! position of the event that last changed it and a per-document version, so the query API's
//! indexer (`query_api::search`) can feed any backend with idempotent, version-checked upserts
//! from a consistent snapshot — and a replay (`plinth replay search`) starts a new generation,
//! which makes every indexer rebuild its index from scratch.

pub mod read;

use domain::{Artist, Artwork, ArtworkEvent, FieldEdit};
use platform::eventlog::EventEnvelope;
use search::{ArtistDoc, ArtworkDoc, DocStatus, GeoPoint, SearchDoc};
use serde_json::Value;
use sqlx::PgConnection;
use std::collections::HashMap;
use uuid::Uuid;

use crate::artists::ArtistFields;
use crate::artworks::gallery::Gallery;
use crate::artworks::{absorbed_photos, public_photos, NewRow};

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
    /// An artwork's gallery.
    gallery: Option<Gallery>,
    tx: i64,
    pos: i64,
}

/// An artwork document being brought up to date in a batch.
struct ArtworkEntry {
    doc: ArtworkDoc,
    artist_ids: Vec<Uuid>,
    gallery: Gallery,
    tx: i64,
    pos: i64,
}

impl ArtworkEntry {
    /// A stored document and its gallery, if it is an artwork's.
    fn stored(
        doc: Value,
        artist_ids: Vec<Uuid>,
        gallery: Option<Value>,
    ) -> anyhow::Result<Option<Self>> {
        let SearchDoc::Artwork(doc) = serde_json::from_value::<SearchDoc>(doc)? else {
            return Ok(None);
        };
        let gallery = gallery
            .map(serde_json::from_value::<Gallery>)
            .transpose()?
            .unwrap_or_default();
        Ok(Some(Self {
            doc,
            artist_ids,
            gallery,
            tx: 0,
            pos: 0,
        }))
    }
}

read_model!(
    SearchDocsProjector,
    NAME,
    ["search_docs", "search_artists", "search_meta"]
);

/// Applies a batch of events, as [`Projector::apply`](crate::Projector::apply) says.
async fn apply(db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
    // Artists first within a batch, so artworks of the same batch see their names.
    let mut names: HashMap<Uuid, String> = HashMap::new();
    let mut changes: Vec<Change> = Vec::new();
    let mut renamed: Vec<(Uuid, i64, i64)> = Vec::new();
    for decoded in crate::events_of::<Artist>(events) {
        let (e, id, event) = decoded?;

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
                let Some(edits) = event.field_changes().map(<[_]>::to_vec) else {
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
            gallery: None,
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

    let mut artworks: Vec<ArtworkEntry> = Vec::new();
    let mut at: HashMap<Uuid, usize> = HashMap::new();
    for decoded in crate::events_of::<Artwork>(events) {
        let (e, id, event) = decoded?;

        let event = match NewRow::of(event)? {
            Ok(row) => {
                let mut gallery = Gallery::default();
                gallery.add_newest(row.photos);
                at.insert(id, artworks.len());
                artworks.push(ArtworkEntry {
                    doc: ArtworkDoc {
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
                        thumbnail: gallery.lead(),
                        city: row
                            .provenance
                            .get("place")
                            .and_then(|p| p.as_str())
                            .map(str::to_owned),
                    },
                    artist_ids: row.artist_ids,
                    gallery,
                    tx: e.tx_id,
                    pos: e.position,
                });
                continue;
            }
            Err(later) => later,
        };
        // A change to a known artwork: its document from this batch, or the stored one.
        let slot = match at.get(&id) {
            Some(i) => *i,
            None => {
                let row = sqlx::query!(
                    "SELECT doc, artist_ids, gallery FROM search_docs WHERE id = $1",
                    id
                )
                .fetch_optional(&mut *db)
                .await?;
                let Some(row) = row else {
                    continue;
                };
                let Some(entry) = ArtworkEntry::stored(row.doc, row.artist_ids, row.gallery)?
                else {
                    continue;
                };
                at.insert(id, artworks.len());
                artworks.push(entry);
                artworks.len() - 1
            }
        };
        let entry = &mut artworks[slot];
        entry.tx = e.tx_id;
        entry.pos = e.position;
        entry.doc.updated_at = e.recorded_at;
        match event {
            ArtworkEvent::PhotosAdded {
                photos,
                submission_id,
            } => entry
                .gallery
                .add_newest(public_photos(&photos, submission_id)),
            ArtworkEvent::ArtworkMoved { location, .. } => {
                entry.doc.location = Some(GeoPoint {
                    lat: location.lat(),
                    lon: location.lon(),
                });
            }
            ArtworkEvent::VisitRecorded(v) => {
                if let Some(n) = &v.note {
                    entry.doc.notes.push(n.as_str().to_owned());
                    // The newest notes are the ones worth finding; keep the document small.
                    let excess = entry.doc.notes.len().saturating_sub(MAX_NOTES);
                    entry.doc.notes.drain(..excess);
                }
                entry
                    .gallery
                    .add_newest(public_photos(&v.photos, v.submission_id));
            }
            ArtworkEvent::ArtworkEdited { changes, .. }
            | ArtworkEvent::ArtworkReverted { changes, .. }
            | ArtworkEvent::ArtworkUpdatedFromSource { changes, .. } => {
                entry.gallery.apply_changes(&changes);
                for change in changes {
                    apply_field(entry, change);
                }
            }
            ArtworkEvent::ArtworkReleased {
                tags,
                photo_submissions,
                visits,
                ..
            } => {
                entry
                    .gallery
                    .release(photo_submissions.iter().chain(&visits));
                for change in tags {
                    apply_field(entry, change);
                }
            }
            ArtworkEvent::ArtworkAbsorbed(a) => {
                entry.gallery.add_oldest(absorbed_photos(&a));
                for change in a.tags {
                    apply_field(entry, change);
                }
            }
            // A duplicate is not found on its own; its target is.
            ArtworkEvent::ArtworkMerged { .. } | ArtworkEvent::ArtworkRemoved { .. } => {
                entry.doc.status = DocStatus::Removed;
            }
            ArtworkEvent::ArtworkUnmerged { status: s, .. } => {
                entry.doc.status = status(s.as_str())?;
            }
            ArtworkEvent::ArtworkImported { .. } | ArtworkEvent::ArtworkCreated(_) => {}
        }
        entry.doc.thumbnail = entry.gallery.lead();
    }

    // Artworks of artists renamed (or first seen) in this batch take the new names too.
    if !renamed.is_empty() {
        let ids: Vec<Uuid> = renamed.iter().map(|r| r.0).collect();
        let rows = sqlx::query!(
            "SELECT doc, artist_ids, gallery FROM search_docs
                  WHERE kind = 'artwork' AND artist_ids && $1::uuid[]",
            &ids
        )
        .fetch_all(&mut *db)
        .await?;
        let last = renamed.iter().map(|r| (r.1, r.2)).max().unwrap_or_default();
        // Artworks with their own event in this batch are rebuilt from it already.
        let fresh: std::collections::HashSet<Uuid> = artworks.iter().map(|a| a.doc.id).collect();
        for row in rows {
            if let Some(mut a) = ArtworkEntry::stored(row.doc, row.artist_ids, row.gallery)? {
                if !fresh.contains(&a.doc.id) {
                    (a.tx, a.pos) = last;
                    artworks.push(a);
                }
            }
        }
    }

    if !artworks.is_empty() {
        let wanted: Vec<Uuid> = artworks
            .iter()
            .flat_map(|a| a.artist_ids.iter().copied())
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
        for mut a in artworks {
            a.doc.artist_names = a
                .artist_ids
                .iter()
                .filter_map(|id| names.get(id).cloned())
                .collect();
            changes.push(Change {
                doc: SearchDoc::Artwork(a.doc),
                artist_ids: a.artist_ids,
                gallery: Some(a.gallery),
                tx: a.tx,
                pos: a.pos,
            });
        }
    }
    write(db, changes).await
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
    let mut gallery = Vec::with_capacity(last.len());
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
        gallery.push(c.gallery.map(serde_json::to_value).transpose()?);
        tx.push(c.tx);
        pos.push(c.pos);
    }
    sqlx::query!(
        "INSERT INTO search_docs AS d (id, kind, doc, version, artist_ids, gallery, last_tx,
                                       last_pos)
         SELECT u.id, u.kind, jsonb_set(u.doc, '{version}', '1'), 1, u.artists::uuid[],
                u.gallery, u.tx, u.pos
           FROM UNNEST($1::uuid[], $2::text[], $3::jsonb[], $4::text[], $5::int8[], $6::int8[],
                       $7::jsonb[])
                AS u(id, kind, doc, artists, tx, pos, gallery)
         ON CONFLICT (id) DO UPDATE SET
             doc = jsonb_set(excluded.doc, '{version}', to_jsonb(d.version + 1)),
             version = d.version + 1,
             kind = excluded.kind,
             artist_ids = excluded.artist_ids,
             gallery = excluded.gallery,
             last_tx = excluded.last_tx,
             last_pos = excluded.last_pos",
        &id,
        &kind,
        &doc,
        &artists,
        &tx,
        &pos,
        &gallery as _
    )
    .execute(&mut *db)
    .await?;
    Ok(())
}

/// Sets one edited or reverted field in an artwork's document (and its artist list).
fn apply_field(entry: &mut ArtworkEntry, change: FieldEdit) {
    let doc = &mut entry.doc;
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
        FieldEdit::Artists { new, .. } => {
            entry.artist_ids = new.into_iter().map(|a| a.0).collect();
        }
        // The gallery's changes are made by `Gallery::apply_changes`.
        FieldEdit::MainPhoto { .. } | FieldEdit::HiddenPhotos { .. } => {}
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
