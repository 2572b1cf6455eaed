//! An artwork's history and its state at any moment, rebuilt from its own events in the event
//! store (not from the read model): every change with who, when and why, field by field, and
//! the artwork as it was "as of" a time or a position.
//!
//! [`Snapshot::apply`] folds events the way the `artworks` projector writes rows, so a snapshot
//! after the last event equals the read model's answer (a spine test holds them to it).
//!
//! Kept in one file on purpose: the fold, the field-by-field diff and the "as of" cut are one
//! reading of the same events and must change together with the `artworks` projector; artists'
//! history (`crate::artists::history`) shares its entry shape.

use chrono::{DateTime, SubsecRound, Utc};
use cqrs_es::Aggregate;
use domain::{
    ActorRole, Artwork, ArtworkEvent, ArtworkStatus, ArtworkType, EventMetadata, EventSource,
    FieldEdit,
};
use media::images::PhotoDto;
use platform::eventlog::{self, EventEnvelope};
use platform::position::EventPosition;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use super::gallery::Gallery;
use super::read::{ArtistRef, ArtworkDto, LogbookEntryDto};
use super::{absorbed_photos, public_photos, NewRow};
use crate::accounts::read::Names;

/// A moment to see an artwork at: a time, or a position in the event store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AsOf {
    Time(DateTime<Utc>),
    Position(EventPosition),
}

impl AsOf {
    /// `<transaction>-<position>`, an RFC 3339 time, or a date (`YYYY-MM-DD`: as things stood
    /// at the end of that day, UTC).
    pub fn parse(raw: &str) -> Option<Self> {
        let raw = raw.trim();
        if let Ok(p) = raw.parse::<EventPosition>() {
            return Some(AsOf::Position(p));
        }
        if let Ok(day) = chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
            let end = day.succ_opt()?.and_time(chrono::NaiveTime::MIN).and_utc();
            return Some(AsOf::Time(end - chrono::Duration::microseconds(1)));
        }
        DateTime::parse_from_rfc3339(raw)
            .ok()
            .map(|t| AsOf::Time(t.with_timezone(&Utc)))
    }

    pub(crate) fn includes(&self, e: &EventEnvelope) -> bool {
        match self {
            AsOf::Time(t) => e.recorded_at <= *t,
            AsOf::Position(p) => e.event_position() <= *p,
        }
    }
}

/// What kind of change a history entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChangeKind {
    /// Recorded from an open dataset.
    Imported,
    /// Created by the approval of a new-artwork submission.
    Created,
    /// An approved submission's photos added.
    PhotosAdded,
    /// Moved by a moderator approving a submission.
    Moved,
    /// An approved visit put into the logbook.
    VisitRecorded,
    /// An approved edit's fields set.
    Edited,
    /// A newer import of the artwork's dataset changed what the dataset changed (the
    /// community's own changes kept).
    SourceUpdated,
    /// A moderator undid an earlier change.
    Reverted,
    /// A moderator merged this duplicate into `other_artwork`.
    Merged,
    /// A duplicate (`other_artwork`) was merged into this artwork: its photos, logbook and the
    /// tags this one lacked came here.
    MergedIn,
    /// The merge into `other_artwork` was undone.
    Unmerged,
    /// What the merge of `other_artwork` brought went back to it.
    MergeUndone,
    /// A moderator confirmed a report that the artwork is gone: it is on record as removed.
    Removed,
}

/// Who made a change, as anyone may see it: a display name, never an e-mail or a token.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ChangeActor {
    /// The profile name, 'Anonymous ({first 8 characters of the id}...)', or for imports the
    /// dataset's name.
    pub display_name: String,
    pub role: ActorRole,
    pub source: EventSource,
}

impl ChangeActor {
    /// The role and source an event's metadata names (an import's without any); the display
    /// name is filled in by [`name_people`].
    pub(crate) fn of(md: Option<&EventMetadata>) -> Self {
        Self {
            display_name: String::new(),
            role: md.map_or(ActorRole::System, |m| m.actor_role),
            source: md.map_or(EventSource::Import, |m| m.source),
        }
    }
}

/// One field's value before and after a change (`null` when unset).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FieldChange {
    /// title, description, artwork_type, status, location, tags or artists.
    pub field: String,
    #[schema(value_type = serde_json::Value)]
    pub before: Value,
    #[schema(value_type = serde_json::Value)]
    pub after: Value,
}

/// One change in an artwork's history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HistoryEntry {
    /// The event's position (`<transaction>-<position>`): pass it as `as_of` to see the artwork
    /// right after this change.
    pub id: String,
    /// 1 for the artwork's first event, then one more per change.
    pub sequence: i64,
    pub at: DateTime<Utc>,
    pub kind: ChangeKind,
    pub actor: ChangeActor,
    /// The submission whose approval made the change.
    pub submission_id: Option<Uuid>,
    pub changes: Vec<FieldChange>,
    pub photos_added: usize,
    /// A visit's note.
    pub note: Option<String>,
    /// A revert's reason.
    pub reason: Option<String>,
    /// Who proposed the change, for changes a submission brought (display name only); `actor`
    /// is then the moderator who approved it.
    pub contributor: Option<String>,
    /// For a revert, the `id` of the change it undid.
    pub reverts: Option<String>,
    /// For merges, the other artwork.
    pub other_artwork: Option<Uuid>,
    /// Whether a moderator can revert this change: edits, moves and reverts that changed a
    /// field.
    pub revertible: bool,
    /// For a merge that brought a duplicate's photos: how many each of its submissions brought
    /// (for credit; not part of the answer).
    #[serde(skip)]
    pub(crate) merged_photos: Vec<(Uuid, usize)>,
}

/// The artwork as its events made it.
#[derive(Debug, Default)]
pub(crate) struct Snapshot {
    exists: bool,
    title: String,
    description: Option<String>,
    artwork_type: Option<ArtworkType>,
    status: Option<ArtworkStatus>,
    lat: f64,
    lon: f64,
    tags: Value,
    artist_ids: Vec<Uuid>,
    provenance: Option<Value>,
    /// The photos, arranged as the read model keeps them.
    gallery: Gallery,
    /// Visits, oldest first, with the visitor's id.
    visits: Vec<LogbookEntryDto>,
    created_at: Option<DateTime<Utc>>,
    updated_at: Option<DateTime<Utc>>,
    merged_into: Option<Uuid>,
}

/// The fields a history entry compares, as JSON values.
fn fields(s: &Snapshot) -> [(&'static str, Value); 9] {
    let json = |v: Option<&str>| v.map_or(Value::Null, |v| Value::String(v.to_owned()));
    [
        ("title", json(s.exists.then_some(s.title.as_str()))),
        ("description", json(s.description.as_deref())),
        ("artwork_type", json(s.artwork_type.map(|t| t.as_str()))),
        ("status", json(s.status.map(|t| t.as_str()))),
        (
            "location",
            if s.exists {
                serde_json::json!({ "lat": s.lat, "lon": s.lon })
            } else {
                Value::Null
            },
        ),
        (
            "tags",
            if s.exists {
                s.tags.clone()
            } else {
                Value::Null
            },
        ),
        (
            "artists",
            if s.exists {
                serde_json::json!(s.artist_ids)
            } else {
                Value::Null
            },
        ),
        ("main_photo", json(s.gallery.main.as_deref())),
        // None hidden reads as unset, so an artwork's first event does not list it.
        (
            "hidden_photos",
            match s.gallery.hidden_keys() {
                keys if keys.is_empty() => Value::Null,
                keys => serde_json::json!(keys),
            },
        ),
    ]
}

impl Snapshot {
    fn apply(&mut self, event: ArtworkEvent, at: DateTime<Utc>) -> anyhow::Result<()> {
        self.updated_at = Some(at);
        let event = match NewRow::of(event)? {
            Ok(row) => {
                self.exists = true;
                self.created_at = Some(at);
                self.title = row.title;
                self.description = row.description;
                self.artwork_type = Some(row.artwork_type);
                self.status = Some(row.status);
                (self.lat, self.lon) = (row.lat, row.lon);
                self.tags = row.tags;
                self.artist_ids = row.artist_ids;
                self.provenance = Some(row.provenance).filter(|p| !p.is_null());
                self.gallery = Gallery::default();
                self.gallery.add_newest(row.photos);
                return Ok(());
            }
            Err(later) => later,
        };
        match event {
            ArtworkEvent::ArtworkImported { .. } | ArtworkEvent::ArtworkCreated(_) => {}
            ArtworkEvent::PhotosAdded {
                submission_id,
                photos,
            } => self
                .gallery
                .add_newest(public_photos(&photos, submission_id)),
            ArtworkEvent::ArtworkMoved { location, .. } => {
                (self.lat, self.lon) = (location.lat(), location.lon());
            }
            ArtworkEvent::ArtworkEdited { changes, .. }
            | ArtworkEvent::ArtworkReverted { changes, .. }
            | ArtworkEvent::ArtworkUpdatedFromSource { changes, .. } => {
                self.gallery.apply_changes(&changes);
                for change in changes {
                    self.set(change);
                }
            }
            ArtworkEvent::ArtworkReleased {
                photo_submissions,
                visits,
                tags,
                ..
            } => {
                for change in tags {
                    self.set(change);
                }
                self.gallery
                    .release(photo_submissions.iter().chain(&visits));
                self.visits.retain(|v| !visits.iter().any(|s| s.0 == v.id));
            }
            ArtworkEvent::ArtworkMerged { into, .. } => {
                self.status = Some(ArtworkStatus::Merged);
                self.merged_into = Some(into.0);
            }
            ArtworkEvent::ArtworkUnmerged { status, .. } => {
                self.status = Some(status);
                self.merged_into = None;
            }
            ArtworkEvent::ArtworkRemoved { .. } => self.status = Some(ArtworkStatus::Removed),
            ArtworkEvent::ArtworkAbsorbed(a) => {
                self.gallery.add_oldest(absorbed_photos(&a));
                let a = *a;
                for change in a.tags {
                    self.set(change);
                }
                for v in a.visits {
                    self.visit(v);
                }
            }
            ArtworkEvent::VisitRecorded(v) => {
                self.gallery
                    .add_newest(public_photos(&v.photos, v.submission_id));
                self.visit(*v);
            }
        }
        Ok(())
    }

    /// Sets one field as the `artworks` projector does.
    fn set(&mut self, change: FieldEdit) {
        match change {
            FieldEdit::Title { new, .. } => self.title = new.into(),
            FieldEdit::Description { new, .. } => self.description = new.map(String::from),
            FieldEdit::ArtworkType { new, .. } => self.artwork_type = Some(new),
            FieldEdit::Location { new, .. } => (self.lat, self.lon) = (new.lat(), new.lon()),
            FieldEdit::Artists { new, .. } => {
                self.artist_ids = new.into_iter().map(|a| a.0).collect();
            }
            // The gallery's changes are made by `Gallery::apply_changes`.
            FieldEdit::MainPhoto { .. } | FieldEdit::HiddenPhotos { .. } => {}
            FieldEdit::Tag { key, new, .. } => {
                if !self.tags.is_object() {
                    self.tags = Value::Object(serde_json::Map::new());
                }
                if let Value::Object(tags) = &mut self.tags {
                    match new {
                        Some(v) => tags.insert(key, Value::String(v)),
                        None => tags.remove(&key),
                    };
                }
            }
        }
    }

    /// A visit in the logbook, as the read model keeps it.
    fn visit(&mut self, v: domain::Visit) {
        self.visits.push(LogbookEntryDto {
            id: v.submission_id.0,
            note: v.note.map(|n| n.as_str().to_owned()),
            condition: v.condition,
            photos: PhotoDto::list(&public_photos(&v.photos, v.submission_id), false),
            // As the read model stores it: sqlx sends PostgreSQL whole microseconds.
            visited_at: v.visited_at.trunc_subsecs(6),
            visitor: Names::default().submitter(v.visitor.0),
        });
    }
}

/// A stream's events (artwork or artist `id`), decoded, each with its envelope and metadata.
pub(crate) async fn events<A: Aggregate>(
    pool: &PgPool,
    id: Uuid,
) -> anyhow::Result<Vec<(EventEnvelope, A::Event, Option<EventMetadata>)>> {
    eventlog::stream_of(pool, A::TYPE, &id.to_string())
        .await?
        .into_iter()
        .map(|e| {
            let event: A::Event = e.decode()?;
            let md = serde_json::from_value::<EventMetadata>(e.metadata.clone()).ok();
            Ok((e, event, md))
        })
        .collect()
}

/// The fields whose values differ between a fold before an event and after it, in order.
fn changed(
    before: impl IntoIterator<Item = (&'static str, Value)>,
    after: impl IntoIterator<Item = (&'static str, Value)>,
) -> Vec<FieldChange> {
    before
        .into_iter()
        .zip(after)
        .filter(|((_, b), (_, a))| b != a)
        .map(|((field, before), (_, after))| FieldChange {
            field: field.to_owned(),
            before,
            after,
        })
        .collect()
}

/// The history entry of the event in `envelope`, and the id of whoever acted (named later by
/// [`newest_page`]).
fn entry(
    envelope: &EventEnvelope,
    md: Option<EventMetadata>,
    d: Described,
    changes: Vec<FieldChange>,
    reverts: Option<String>,
) -> (HistoryEntry, Option<Uuid>) {
    let revertible = matches!(
        d.kind,
        ChangeKind::Edited | ChangeKind::SourceUpdated | ChangeKind::Reverted | ChangeKind::Moved
    ) && d.revertible
        && changes.iter().any(|c| c.field != "status");
    let entry = HistoryEntry {
        id: envelope.event_position().to_string(),
        sequence: envelope.sequence,
        at: envelope.recorded_at,
        kind: d.kind,
        actor: ChangeActor::of(md.as_ref()),
        submission_id: d.submission_id,
        changes,
        photos_added: d.photos_added,
        note: d.note,
        reason: d.reason,
        contributor: None,
        reverts,
        other_artwork: d.other_artwork,
        revertible,
        merged_photos: d.merged_photos,
    };
    (entry, md.and_then(|m| Uuid::parse_str(&m.actor_id).ok()))
}

/// The page asked for of a history's entries (oldest first as folded), newest first, with
/// display names.
async fn newest_page(
    pool: &PgPool,
    mut entries: Vec<(HistoryEntry, Option<Uuid>)>,
    offset: usize,
    limit: usize,
    dataset: Option<String>,
) -> anyhow::Result<Vec<HistoryEntry>> {
    entries.reverse();
    let page: Vec<_> = entries.into_iter().skip(offset).take(limit).collect();
    name_people(pool, page, dataset).await
}

/// A subject's state as its history folds it (an artwork's, an artist's): what
/// [`history_of`] needs to list its changes.
pub(crate) trait Fold: Default {
    type Subject: Aggregate;

    /// Each field a history entry compares, as JSON values, in a fixed order.
    fn values(&self) -> Vec<(&'static str, Value)>;

    /// Folds in the next event, recorded at `at`.
    fn apply(
        &mut self,
        event: <Self::Subject as Aggregate>::Event,
        at: DateTime<Utc>,
    ) -> anyhow::Result<()>;

    /// What kind of change an event is, and what it says beyond its field changes.
    fn describe(event: &<Self::Subject as Aggregate>::Event) -> Described;

    /// The dataset an import event names (whose name imports' entries show).
    fn dataset(event: &<Self::Subject as Aggregate>::Event) -> Option<String>;

    /// Whether the subject as folded is not public, its history then not shown.
    fn hidden(&self) -> bool {
        false
    }
}

/// A page of a subject's history, newest first, and how many changes it has in all; `None`
/// when no such subject was ever recorded, or it is hidden ([`Fold::hidden`]).
pub(crate) async fn history_of<F: Fold>(
    pool: &PgPool,
    id: Uuid,
    limit: usize,
    offset: usize,
) -> anyhow::Result<Option<(Vec<HistoryEntry>, usize)>> {
    let events = events::<F::Subject>(pool, id).await?;
    if events.is_empty() {
        return Ok(None);
    }
    let total = events.len();
    let mut entries = Vec::with_capacity(total);
    let mut state = F::default();
    let mut dataset: Option<String> = None;
    // Entry ids by sequence, for the change a revert names.
    let ids: Vec<String> = events
        .iter()
        .map(|(e, _, _)| e.event_position().to_string())
        .collect();
    for (envelope, event, md) in events {
        let before = state.values();
        let mut described = F::describe(&event);
        let reverts = described
            .reverts
            .take()
            .and_then(|seq| usize::try_from(seq - 1).ok())
            .and_then(|i| ids.get(i).cloned());
        if let Some(name) = F::dataset(&event) {
            dataset = Some(name);
        }
        state.apply(event, envelope.recorded_at)?;
        let changes = changed(before, state.values());
        entries.push(entry(&envelope, md, described, changes, reverts));
    }
    if state.hidden() {
        return Ok(None);
    }
    let page = newest_page(pool, entries, offset, limit, dataset).await?;
    Ok(Some((page, total)))
}

impl Fold for Snapshot {
    type Subject = Artwork;

    fn values(&self) -> Vec<(&'static str, Value)> {
        fields(self).into()
    }

    fn apply(&mut self, event: ArtworkEvent, at: DateTime<Utc>) -> anyhow::Result<()> {
        Snapshot::apply(self, event, at)
    }

    fn describe(event: &ArtworkEvent) -> Described {
        describe(event)
    }

    fn dataset(event: &ArtworkEvent) -> Option<String> {
        match event {
            ArtworkEvent::ArtworkImported { provenance, .. } => {
                Some(provenance.dataset_name.clone())
            }
            _ => None,
        }
    }

    /// A pending artwork is not public.
    fn hidden(&self) -> bool {
        self.status == Some(ArtworkStatus::Pending)
    }
}

/// Gives a page of history entries (each with its actor's id) their display names: the actor's
/// (the dataset's for imports) and, for changes a submission brought, its proposer's.
async fn name_people(
    pool: &PgPool,
    page: Vec<(HistoryEntry, Option<Uuid>)>,
    dataset: Option<String>,
) -> anyhow::Result<Vec<HistoryEntry>> {
    let submissions: Vec<Uuid> = page.iter().filter_map(|(e, _)| e.submission_id).collect();
    let submitters = crate::submissions::read::submitters(pool, &submissions).await?;
    let mut people: Vec<Uuid> = page.iter().filter_map(|(_, a)| *a).collect();
    people.extend(submitters.values());
    let names = Names::of(pool, &people).await?;
    let name_of = |a: Uuid| names.name(a);
    let page = page
        .into_iter()
        .map(|(mut entry, actor)| {
            entry.actor.display_name = match (entry.actor.role, actor) {
                (ActorRole::System, _) | (_, None) => {
                    dataset.clone().unwrap_or_else(|| "Plinth".into())
                }
                (_, Some(a)) => name_of(a),
            };
            entry.contributor = entry
                .submission_id
                .and_then(|s| submitters.get(&s))
                .map(|a| name_of(*a));
            entry
        })
        .collect();
    Ok(page)
}

/// What an event says beyond its field changes.
pub(crate) struct Described {
    kind: ChangeKind,
    /// The submission behind it.
    submission_id: Option<Uuid>,
    photos_added: usize,
    /// A visit's note.
    note: Option<String>,
    /// A revert's reason.
    reason: Option<String>,
    /// The sequence of the event a revert undid.
    reverts: Option<i64>,
    /// For merges, the other artwork.
    other_artwork: Option<Uuid>,
    /// For a merge in, the photos each of the duplicate's submissions brought.
    merged_photos: Vec<(Uuid, usize)>,
    /// Whether its changes can be undone by a revert (an artwork's edits and moves).
    revertible: bool,
}

impl Described {
    /// An event of `kind` that says nothing beyond its changes (and cannot be reverted).
    pub(crate) fn of(kind: ChangeKind, submission_id: Option<Uuid>) -> Self {
        Self {
            kind,
            submission_id,
            photos_added: 0,
            note: None,
            reason: None,
            reverts: None,
            other_artwork: None,
            merged_photos: Vec::new(),
            revertible: false,
        }
    }
}

fn describe(e: &ArtworkEvent) -> Described {
    // An artwork's edits and moves can be reverted (`entry` tells which entries).
    let mut d = Described {
        revertible: true,
        ..Described::of(ChangeKind::Imported, None)
    };
    match e {
        ArtworkEvent::ArtworkImported { .. } => {}
        ArtworkEvent::ArtworkCreated(a) => {
            d.kind = ChangeKind::Created;
            d.submission_id = Some(a.submission_id.0);
            d.photos_added = a.photos.len();
        }
        ArtworkEvent::PhotosAdded {
            submission_id,
            photos,
        } => {
            d.kind = ChangeKind::PhotosAdded;
            d.submission_id = Some(submission_id.0);
            d.photos_added = photos.len();
        }
        ArtworkEvent::ArtworkMoved { submission_id, .. } => {
            d.kind = ChangeKind::Moved;
            d.submission_id = Some(submission_id.0);
        }
        ArtworkEvent::VisitRecorded(v) => {
            d.kind = ChangeKind::VisitRecorded;
            d.submission_id = Some(v.submission_id.0);
            d.photos_added = v.photos.len();
            d.note = v.note.as_ref().map(|n| n.as_str().to_owned());
        }
        ArtworkEvent::ArtworkEdited { submission_id, .. } => {
            d.kind = ChangeKind::Edited;
            d.submission_id = Some(submission_id.0);
        }
        ArtworkEvent::ArtworkUpdatedFromSource { .. } => d.kind = ChangeKind::SourceUpdated,
        ArtworkEvent::ArtworkReverted {
            reverted, reason, ..
        } => {
            d.kind = ChangeKind::Reverted;
            d.reason = Some(reason.as_str().to_owned());
            d.reverts = Some(*reverted);
        }
        ArtworkEvent::ArtworkMerged { into, reason } => {
            d.kind = ChangeKind::Merged;
            d.reason = Some(reason.as_str().to_owned());
            d.other_artwork = Some(into.0);
        }
        ArtworkEvent::ArtworkAbsorbed(a) => {
            d.kind = ChangeKind::MergedIn;
            d.reason = Some(a.reason.as_str().to_owned());
            d.other_artwork = Some(a.from.0);
            d.merged_photos = a
                .photos
                .iter()
                .map(|p| (p.submission_id.0, p.photos.len()))
                .chain(a.visits.iter().map(|v| (v.submission_id.0, v.photos.len())))
                .filter(|(_, n)| *n > 0)
                .collect();
            d.photos_added = d.merged_photos.iter().map(|(_, n)| n).sum();
        }
        ArtworkEvent::ArtworkUnmerged { from, reason, .. } => {
            d.kind = ChangeKind::Unmerged;
            d.reason = Some(reason.as_str().to_owned());
            d.other_artwork = Some(from.0);
        }
        ArtworkEvent::ArtworkReleased { from, reason, .. } => {
            d.kind = ChangeKind::MergeUndone;
            d.reason = Some(reason.as_str().to_owned());
            d.other_artwork = Some(from.0);
        }
        ArtworkEvent::ArtworkRemoved { reason, .. } => {
            d.kind = ChangeKind::Removed;
            d.reason = Some(reason.as_str().to_owned());
        }
    }
    d
}

/// The artwork and its newest `logbook_limit` logbook entries as they were at `at`, rebuilt from
/// its events; `None` when it did not exist then or was not public (pending).
pub async fn as_of(
    pool: &PgPool,
    id: Uuid,
    at: AsOf,
    logbook_limit: usize,
) -> anyhow::Result<Option<(ArtworkDto, Vec<LogbookEntryDto>)>> {
    let mut state = Snapshot::default();
    for (envelope, event, _) in events::<Artwork>(pool, id).await? {
        if !at.includes(&envelope) {
            break;
        }
        state.apply(event, envelope.recorded_at)?;
    }
    let (Some(artwork_type), Some(status), Some(created_at), Some(updated_at)) = (
        state.artwork_type,
        state.status,
        state.created_at,
        state.updated_at,
    ) else {
        return Ok(None);
    };
    if !state.exists || status == ArtworkStatus::Pending {
        return Ok(None);
    }
    let names = crate::artists::read::names(pool, &state.artist_ids).await?;
    // As the read model orders the logbook: newest visit first.
    let mut logbook = state.visits;
    let hidden = state.gallery.hidden_keys();
    for v in &mut logbook {
        v.photos.retain(|p| !hidden.contains(&p.key));
    }
    logbook.sort_by(|a, b| b.visited_at.cmp(&a.visited_at).then(b.id.cmp(&a.id)));
    logbook.truncate(logbook_limit);
    let visitors: Vec<Uuid> = logbook.iter().map(|v| v.visitor.id).collect();
    let people = Names::of(pool, &visitors).await?;
    for v in &mut logbook {
        v.visitor = people.submitter(v.visitor.id);
    }
    let artwork = ArtworkDto {
        id,
        title: state.title,
        description: state.description,
        artwork_type,
        status,
        lat: state.lat,
        lon: state.lon,
        tags: state.tags,
        artists: state
            .artist_ids
            .iter()
            .filter_map(|a| {
                names.get(a).map(|name| ArtistRef {
                    id: *a,
                    name: name.clone(),
                })
            })
            .collect(),
        photos: PhotoDto::list(&Value::Array(state.gallery.shown), false),
        main_photo: state.gallery.main,
        hidden_photos: hidden,
        provenance: state.provenance,
        created_at,
        updated_at,
        merged_into: state.merged_into,
        distance_m: None,
    };
    Ok(Some((artwork, logbook)))
}
