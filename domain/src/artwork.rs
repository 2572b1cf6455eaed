//! The `Artwork` aggregate: a public artwork's identity, place and description, from its first
//! event on: imported from open datasets or created by an approved submission, then given
//! photos, visits, approved edits and moderators' reverts.
//!
//! Kept in one file on purpose: the aggregate's state, commands, events and `handle` are one
//! consistency boundary; its given/when/then tests are in `artwork_tests.rs`.

use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

pub use crate::artwork_type::{ArtworkStatus, ArtworkType};
use crate::edit::{EditError, Edited, FieldChange, FieldEdit};
use crate::geo::Location;
use crate::ids::{ArtistId, ArtworkId, SubmissionId};
use crate::merge::{Absorbed, SubmissionPhotos};
use crate::photo::{Photo, PhotoKey};
use crate::provenance::Provenance;
use crate::reason::Reason;
use crate::source::{FromSource, OtherSource};
use crate::tags::Tags;
use crate::text::{LongText, Title};
pub use crate::visit::Visit;

/// The photos (outside visits) and the logbook an artwork's events gave it, including what it
/// took from artworks merged into it and minus what it gave back. Photos in `hidden` (those an
/// edit hid there) are left out: they stay hidden on the duplicate and do not move.
pub fn carried(
    events: &[ArtworkEvent],
    hidden: &[PhotoKey],
) -> (Vec<SubmissionPhotos>, Vec<Visit>) {
    let mut photos: Vec<SubmissionPhotos> = Vec::new();
    let mut visits: Vec<Visit> = Vec::new();
    for e in events {
        match e {
            ArtworkEvent::ArtworkCreated(a) => photos.push(SubmissionPhotos {
                submission_id: a.submission_id,
                photos: a.photos.clone(),
            }),
            ArtworkEvent::PhotosAdded {
                submission_id,
                photos: p,
            } => photos.push(SubmissionPhotos {
                submission_id: *submission_id,
                photos: p.clone(),
            }),
            ArtworkEvent::VisitRecorded(v) => visits.push((**v).clone()),
            ArtworkEvent::ArtworkAbsorbed(a) => {
                photos.extend(a.photos.iter().cloned());
                visits.extend(a.visits.iter().cloned());
            }
            ArtworkEvent::ArtworkReleased {
                photo_submissions,
                visits: given,
                ..
            } => {
                photos.retain(|p| !photo_submissions.contains(&p.submission_id));
                visits.retain(|v| !given.contains(&v.submission_id));
            }
            _ => {}
        }
    }
    let shown = |p: &Photo| !hidden.contains(&p.key);
    for p in &mut photos {
        p.photos.retain(shown);
    }
    photos.retain(|p| !p.photos.is_empty());
    for v in &mut visits {
        v.photos.retain(shown);
    }
    (photos, visits)
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

/// An artwork as a moderator approved it from a submission (the proposal's fields with the
/// moderator's overrides applied).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApprovedArtwork {
    pub submission_id: SubmissionId,
    pub title: Title,
    pub description: Option<LongText>,
    pub artwork_type: ArtworkType,
    pub location: Location,
    pub tags: Tags,
    pub artist_ids: Vec<ArtistId>,
    pub photos: Vec<Photo>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ArtworkCommand {
    /// Record an artwork from an open dataset. Idempotent: importing a record that is already
    /// here changes nothing.
    ImportArtwork(Box<ImportedArtwork>),
    /// Create the artwork an approved submission proposed. Idempotent per submission.
    CreateFromSubmission(Box<ApprovedArtwork>),
    /// Add an approved submission's photos, and move the artwork if the moderator said so.
    /// Idempotent per submission.
    AddPhotos {
        submission_id: SubmissionId,
        photos: Vec<Photo>,
        location: Option<Location>,
    },
    /// Put an approved visit into the logbook. Idempotent per submission.
    RecordVisit(Box<Visit>),
    /// Apply the fields a moderator approved from an edit proposal. A change whose old value
    /// is no longer the artwork's is refused as stale unless `overwrite_stale`, when it is
    /// applied over the value now (and recorded as replacing that). Idempotent per submission.
    ApplyEdit {
        submission_id: SubmissionId,
        edits: Vec<FieldEdit>,
        overwrite_stale: bool,
    },
    /// Undo the field changes of the artwork's event number `reverted` (see [`revert_of`]):
    /// `changes` take each field back, and must find it as that event left it.
    Revert {
        reverted: i64,
        reason: Reason,
        changes: Vec<FieldEdit>,
    },
    /// Point this artwork (`this`, its own id) at `into`, of which it is a duplicate. Idempotent.
    MergeInto {
        this: ArtworkId,
        into: ArtworkId,
        reason: Reason,
    },
    /// Take what a duplicate carried (see [`crate::merge::carried`]) and the tags this artwork
    /// lacks. Idempotent per source.
    Absorb(Box<Absorption>),
    /// Undo this artwork's merge into another: it shows again with the status it had.
    Unmerge { reason: Reason },
    /// Give back what a merge brought from `from` (tags only where still as it set them).
    Release { from: ArtworkId, reason: Reason },
    /// A moderator confirms the artwork is gone (`feedback`: the report that said so). It keeps
    /// its page and history but leaves the map. Idempotent.
    Remove { reason: Reason, feedback: Uuid },
}

/// What a target takes from a duplicate merged into it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Absorption {
    /// The target's own id (in the command; the event needs it not).
    #[serde(skip)]
    pub this: Option<ArtworkId>,
    pub from: ArtworkId,
    pub reason: Reason,
    pub photos: Vec<SubmissionPhotos>,
    pub visits: Vec<Visit>,
    /// In the command, the source's tags; in the event, the changes setting those the target
    /// lacked.
    pub tags: Vec<FieldEdit>,
}

/// What a revert undoes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RevertScope {
    /// The field changes of one event.
    Change,
    /// Every field change after one event: the artwork's fields as that event left them.
    Since,
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
    /// Created from an approved submission; approved from the start.
    ArtworkCreated(Box<ApprovedArtwork>),
    PhotosAdded {
        submission_id: SubmissionId,
        photos: Vec<Photo>,
    },
    ArtworkMoved {
        submission_id: SubmissionId,
        location: Location,
    },
    VisitRecorded(Box<Visit>),
    /// An approved edit's fields, each with the value it replaced.
    ArtworkEdited {
        submission_id: SubmissionId,
        changes: Vec<FieldEdit>,
    },
    /// A moderator undid the field changes of event number `reverted` (or everything after
    /// it); `changes` say what each field went back to.
    ArtworkReverted {
        reverted: i64,
        reason: Reason,
        changes: Vec<FieldEdit>,
    },
    /// A moderator found this artwork a duplicate of `into`.
    ArtworkMerged {
        into: ArtworkId,
        reason: Reason,
    },
    /// This artwork took a duplicate's photos, logbook and the tags it lacked.
    ArtworkAbsorbed(Box<Absorption>),
    /// The merge into `from` was undone; the artwork is back with `status`.
    ArtworkUnmerged {
        from: ArtworkId,
        reason: Reason,
        status: ArtworkStatus,
    },
    /// What the merge of `from` brought was given back.
    ArtworkReleased {
        from: ArtworkId,
        reason: Reason,
        photo_submissions: Vec<SubmissionId>,
        visits: Vec<SubmissionId>,
        tags: Vec<FieldEdit>,
    },
    /// The artwork is gone (the evidence: feedback `feedback`); it stays on record as removed.
    ArtworkRemoved {
        reason: Reason,
        feedback: Uuid,
    },
    /// A newer import of the artwork's own source said something else: `changes` are the
    /// fields set to the source's new values (a field the community changed since keeps its
    /// value, and is not among them); `source` is what the source now says.
    ArtworkUpdatedFromSource {
        changes: Vec<FieldEdit>,
        source: Box<SourceFields>,
    },
}

/// An artwork's fields as its source last gave them: what a newer import is compared with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SourceFields {
    pub title: Title,
    pub description: Option<LongText>,
    pub artwork_type: ArtworkType,
    pub location: Location,
    pub tags: Tags,
    pub artist_ids: Vec<ArtistId>,
}

impl SourceFields {
    pub fn of(record: &ImportedArtwork) -> Self {
        Self {
            title: record.title.clone(),
            description: record.description.clone(),
            artwork_type: record.artwork_type,
            location: record.location,
            tags: record.tags.clone(),
            artist_ids: record.artist_ids.clone(),
        }
    }

    /// These fields as an artwork's, to compare with [`Artwork::changes_to`].
    fn as_artwork(&self) -> Artwork {
        Artwork {
            title: Some(self.title.clone()),
            description: self.description.clone(),
            artwork_type: Some(self.artwork_type),
            location: Some(self.location),
            tags: self.tags.clone(),
            artist_ids: self.artist_ids.clone(),
            ..Artwork::default()
        }
    }
}

impl ArtworkEvent {
    /// An import's fields as its source gave them, its status and its provenance (what the
    /// aggregate and the read models take from it); any other event is given back.
    #[expect(
        clippy::result_large_err,
        reason = "the event is the caller's own, given back unchanged: boxing it would allocate for every event"
    )]
    pub fn into_import(self) -> Result<(SourceFields, ArtworkStatus, Provenance), Self> {
        match self {
            ArtworkEvent::ArtworkImported {
                title,
                description,
                artwork_type,
                location,
                tags,
                artist_ids,
                status,
                provenance,
            } => {
                let source = SourceFields {
                    title,
                    description,
                    artwork_type,
                    location,
                    tags,
                    artist_ids,
                };
                Ok((source, status, provenance))
            }
            other => Err(other),
        }
    }
}

event_types!(ArtworkEvent: ArtworkImported, ArtworkCreated, PhotosAdded, ArtworkMoved,
    VisitRecorded, ArtworkEdited, ArtworkReverted, ArtworkMerged, ArtworkAbsorbed, ArtworkUnmerged,
    ArtworkReleased, ArtworkRemoved, ArtworkUpdatedFromSource);

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ArtworkError {
    #[error("artwork {0} already exists from another source")]
    SourceMismatch(ArtworkId),
    #[error("an artwork can credit at most {MAX_ARTISTS_PER_ARTWORK} artists")]
    TooManyArtists,
    #[error("an artwork cannot credit the same artist twice")]
    DuplicateArtist,
    /// The API answers with SPEC §8's text, which names the id the aggregate does not know.
    #[error("Artwork not found")]
    NotFound,
    #[error("This artwork already exists")]
    AlreadyExists,
    #[error("source_url must be an http or https URL of at most 500 characters")]
    BadSourceUrl,
    #[error("Change at least one field")]
    EmptyEdit,
    #[error("These fields changed since the edit was proposed: {}. Leave them out, or approve them anyway with overwrite_stale.", .0.join(", "))]
    Stale(Vec<String>),
    #[error("This change cannot be reverted")]
    NothingToRevert,
    #[error("No such change")]
    UnknownChange,
    #[error("{0} changed after this change; revert the later change first")]
    ChangedSince(String),
    #[error("{0}")]
    Invalid(EditError),
    #[error("An artwork cannot be merged into itself")]
    MergeIntoItself,
    #[error("This artwork was already merged into {0}")]
    AlreadyMerged(ArtworkId),
    #[error("That artwork was itself merged into another; merge into that one")]
    MergedAway,
    #[error("This artwork is not merged")]
    NotMerged,
    /// Merging away an artwork that took others' content would leave their unmerge nowhere
    /// to take it back from.
    #[error("This artwork holds merged duplicates; unmerge them first")]
    HoldsDuplicates,
    /// Content (photos, a visit, an edit) for a duplicate merged away: it would be hidden there.
    #[error("This artwork was merged into {0}; nothing more can be added to it (use that artwork, or unmerge this one first)")]
    MergedDuplicate(ArtworkId),
}

/// Why a gallery arrangement cannot be: the photo named is not the artwork's, or the main photo
/// is hidden.
fn photo_error(field: &str, message: &str) -> ArtworkError {
    ArtworkError::Invalid(EditError {
        field: field.to_owned(),
        message: message.to_owned(),
    })
}

/// As its events leave it. A field missing from a stored state (written before the field was)
/// reads as unset.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Artwork {
    pub exists: bool,
    pub title: Option<Title>,
    pub description: Option<LongText>,
    pub artwork_type: Option<ArtworkType>,
    pub location: Option<Location>,
    pub status: Option<ArtworkStatus>,
    pub artist_ids: Vec<ArtistId>,
    pub tags: Tags,
    pub provenance: Option<Provenance>,
    /// Events applied: the sequence number of the last one.
    pub version: i64,
    /// The artwork this duplicate was merged into.
    pub merged_into: Option<ArtworkId>,
    /// What merges brought here, by source.
    pub absorbed: std::collections::BTreeMap<ArtworkId, Absorbed>,
    /// Submissions already applied here, so a retried approval changes nothing twice.
    pub submissions: std::collections::BTreeSet<SubmissionId>,
    /// The photos it has (its own, its visits' and those merges brought), by submission.
    pub photos: std::collections::BTreeMap<SubmissionId, Vec<PhotoKey>>,
    /// The photo shown first, when an edit chose one.
    pub main_photo: Option<PhotoKey>,
    /// Photos not shown, sorted.
    pub hidden_photos: Vec<PhotoKey>,
    /// The fields as its source last gave them (imported artworks only).
    pub source: Option<SourceFields>,
}

impl Artwork {
    fn check_artists(artist_ids: &[ArtistId]) -> Result<(), ArtworkError> {
        if artist_ids.len() > MAX_ARTISTS_PER_ARTWORK {
            return Err(ArtworkError::TooManyArtists);
        }
        let mut seen = std::collections::HashSet::new();
        if !artist_ids.iter().all(|a| seen.insert(*a)) {
            return Err(ArtworkError::DuplicateArtist);
        }
        Ok(())
    }

    /// Whether the artwork has photo `key`.
    pub fn has_photo(&self, key: PhotoKey) -> bool {
        self.photos.values().any(|keys| keys.contains(&key))
    }

    /// The gallery's arrangement names only the artwork's own photos, and never hides the main
    /// one.
    fn check_photos(&self) -> Result<(), ArtworkError> {
        const NOT_OURS: &str = "That photo is not one of this artwork's";
        if self.main_photo.is_some_and(|k| !self.has_photo(k)) {
            return Err(photo_error("main_photo", NOT_OURS));
        }
        if self.hidden_photos.iter().any(|k| !self.has_photo(*k)) {
            return Err(photo_error("hidden_photos", NOT_OURS));
        }
        if self
            .main_photo
            .is_some_and(|k| self.hidden_photos.contains(&k))
        {
            return Err(photo_error(
                "hidden_photos",
                "The main photo cannot be hidden",
            ));
        }
        Ok(())
    }

    /// This artwork with `changes` made, or why they cannot be (too many tags or artists, a
    /// photo it does not have).
    fn with_changes(&self, changes: &[FieldEdit]) -> Result<Artwork, ArtworkError> {
        let mut next = self.clone();
        for c in changes {
            next.set(c).map_err(ArtworkError::Invalid)?;
        }
        Self::check_artists(&next.artist_ids)?;
        next.check_photos()?;
        Ok(next)
    }

    /// Records that submission `submission_id`'s content landed here, with its `photos`.
    fn landed(&mut self, submission_id: SubmissionId, photos: &[Photo]) {
        self.submissions.insert(submission_id);
        self.add_photos(submission_id, photos);
    }

    fn add_photos(&mut self, submission_id: SubmissionId, photos: &[Photo]) {
        if !photos.is_empty() {
            self.photos
                .insert(submission_id, photos.iter().map(|p| p.key).collect());
        }
    }

    /// Whether the approved content (photos, a visit, an edit) of submission `submission_id` is
    /// still to land here (`false`: it landed already), or why it cannot (see
    /// [`Artwork::takes_content`]).
    fn takes_submission(&self, submission_id: SubmissionId) -> Result<bool, ArtworkError> {
        if !self.exists {
            return Err(ArtworkError::NotFound);
        }
        if self.submissions.contains(&submission_id) {
            return Ok(false);
        }
        self.takes_content()?;
        Ok(true)
    }

    /// Whether approved content (photos, a visit, an edit) can land here: not on a duplicate
    /// merged away, where nobody would see it and its merge has already moved what it had.
    pub fn takes_content(&self) -> Result<(), ArtworkError> {
        match self.merged_into {
            Some(into) => Err(ArtworkError::MergedDuplicate(into)),
            None => Ok(()),
        }
    }

    /// Whether a visit can be logged to this artwork: one the public sees in place (not
    /// pending, removed, or merged into another).
    pub fn takes_visits(&self) -> bool {
        self.exists && self.status == Some(ArtworkStatus::Approved) && self.merged_into.is_none()
    }

    /// Whether the artwork can be saved to a list: one the public sees (in place or removed),
    /// not a duplicate merged into another.
    pub fn listable(&self) -> bool {
        self.visible().is_ok() && self.merged_into.is_none()
    }

    /// Whether this artwork can take a duplicate's content: it is visible and not merged away
    /// itself (then merge into the artwork kept instead).
    pub fn can_absorb(&self) -> Result<(), ArtworkError> {
        self.visible()?;
        if self.merged_into.is_some() {
            return Err(ArtworkError::MergedAway);
        }
        Ok(())
    }

    /// An artwork the public can see (not pending), or `NotFound`.
    fn visible(&self) -> Result<(), ArtworkError> {
        if !self.exists || self.status == Some(ArtworkStatus::Pending) {
            return Err(ArtworkError::NotFound);
        }
        Ok(())
    }

    /// Makes recorded changes: they were checked when recorded, so none is refused now.
    fn set_all(&mut self, changes: &[FieldEdit]) {
        for c in changes {
            // A recorded change passed `with_changes`; a refusal here could only come from an
            // event written by hand, and keeping the value before it is the safe reading.
            let _ = self.set(c);
        }
    }

    /// Sets one field to a change's new value.
    fn set(&mut self, change: &FieldEdit) -> Result<(), EditError> {
        match change {
            FieldEdit::Title { new, .. } => self.title = Some(new.clone()),
            FieldEdit::Description { new, .. } => self.description = new.clone(),
            FieldEdit::ArtworkType { new, .. } => self.artwork_type = Some(*new),
            FieldEdit::Location { new, .. } => self.location = Some(*new),
            FieldEdit::Artists { new, .. } => self.artist_ids = new.clone(),
            FieldEdit::MainPhoto { new, .. } => self.main_photo = *new,
            FieldEdit::HiddenPhotos { new, .. } => self.hidden_photos = new.clone(),
            FieldEdit::Tag { key, new, .. } => {
                self.tags = self.tags.with(key, new.as_deref()).map_err(|e| EditError {
                    field: change.field_name(),
                    message: e.to_string(),
                })?;
            }
        }
        Ok(())
    }

    /// The event recording `record`: the artwork it describes, or what a newer record of its
    /// own source changes (none: nothing).
    fn import(&self, record: ImportedArtwork) -> Result<Vec<ArtworkEvent>, ArtworkError> {
        if self.exists {
            // A newer version of the same source changes what it changed, where the
            // community has not changed it since; the same record again writes nothing.
            let update = self
                .reimport(&record.provenance, SourceFields::of(&record))
                .map_err(|OtherSource| ArtworkError::SourceMismatch(record.id))?;
            let Some((source, changes)) = update else {
                return Ok(Vec::new());
            };
            Self::check_artists(&source.artist_ids)?;
            self.with_changes(&changes)?;
            return Ok(vec![ArtworkEvent::ArtworkUpdatedFromSource {
                changes,
                source: Box::new(source),
            }]);
        }
        Self::check_artists(&record.artist_ids)?;
        if !record.provenance.has_valid_link() {
            return Err(ArtworkError::BadSourceUrl);
        }
        // The id travels as the aggregate id; events carry only the facts.
        Ok(vec![ArtworkEvent::ArtworkImported {
            title: record.title,
            description: record.description,
            artwork_type: record.artwork_type,
            location: record.location,
            tags: record.tags,
            artist_ids: record.artist_ids,
            status: record.status,
            provenance: record.provenance,
        }])
    }

    /// The changes that take this artwork's fields to `other`'s, each with this one's value
    /// as the old.
    pub fn changes_to(&self, other: &Artwork) -> Vec<FieldEdit> {
        let mut out = Vec::new();
        if let (Some(old), Some(new)) = (&self.title, &other.title) {
            out.push(FieldEdit::Title {
                old: old.clone(),
                new: new.clone(),
            });
        }
        out.push(FieldEdit::Description {
            old: self.description.clone(),
            new: other.description.clone(),
        });
        if let (Some(old), Some(new)) = (self.artwork_type, other.artwork_type) {
            out.push(FieldEdit::ArtworkType { old, new });
        }
        if let (Some(old), Some(new)) = (self.location, other.location) {
            out.push(FieldEdit::Location { old, new });
        }
        out.push(FieldEdit::Artists {
            old: self.artist_ids.clone(),
            new: other.artist_ids.clone(),
        });
        out.push(FieldEdit::MainPhoto {
            old: self.main_photo,
            new: other.main_photo,
        });
        out.push(FieldEdit::HiddenPhotos {
            old: self.hidden_photos.clone(),
            new: other.hidden_photos.clone(),
        });
        let mut keys: Vec<&str> = self
            .tags
            .iter()
            .chain(other.tags.iter())
            .map(|(k, _)| k)
            .collect();
        keys.sort_unstable();
        keys.dedup();
        for key in keys {
            out.push(FieldEdit::Tag {
                key: key.to_owned(),
                old: self.tags.get(key).map(str::to_owned),
                new: other.tags.get(key).map(str::to_owned),
            });
        }
        out.retain(|c| !c.changes_nothing());
        out
    }
}

/// The changes a revert of event number `target` of `events` (an artwork's whole stream, in
/// order) makes: the inverse of that event's field changes, or for [`RevertScope::Since`] the
/// changes back to the fields as that event left them. Only edits, reverts and moves can be
/// reverted one by one; anything can be a point to go back to.
pub fn revert_of(
    events: &[ArtworkEvent],
    target: i64,
    scope: RevertScope,
) -> Result<Vec<FieldEdit>, ArtworkError> {
    let index = usize::try_from(target)
        .ok()
        .filter(|t| (1..=events.len()).contains(t))
        .ok_or(ArtworkError::UnknownChange)?;
    let fold = |upto: usize| {
        let mut a = Artwork::default();
        for e in &events[..upto] {
            a.apply(e.clone());
        }
        a
    };
    let changes = match scope {
        RevertScope::Change => {
            let revertible = matches!(
                events[index - 1],
                ArtworkEvent::ArtworkEdited { .. }
                    | ArtworkEvent::ArtworkReverted { .. }
                    | ArtworkEvent::ArtworkUpdatedFromSource { .. }
                    | ArtworkEvent::ArtworkMoved { .. }
            );
            if !revertible {
                return Err(ArtworkError::NothingToRevert);
            }
            fold(index).changes_to(&fold(index - 1))
        }
        RevertScope::Since => fold(events.len()).changes_to(&fold(index)),
    };
    if changes.is_empty() {
        return Err(ArtworkError::NothingToRevert);
    }
    Ok(changes)
}

impl Edited for Artwork {
    type Edit = FieldEdit;

    fn is_stale(&self, edit: &FieldEdit) -> bool {
        let artwork = self;
        match edit {
            FieldEdit::Title { old, .. } => artwork.title.as_ref() != Some(old),
            FieldEdit::Description { old, .. } => artwork.description != *old,
            FieldEdit::ArtworkType { old, .. } => artwork.artwork_type != Some(*old),
            FieldEdit::Location { old, .. } => artwork.location != Some(*old),
            FieldEdit::Artists { old, .. } => artwork.artist_ids != *old,
            FieldEdit::Tag { key, old, .. } => artwork.tags.get(key) != old.as_deref(),
            FieldEdit::MainPhoto { old, .. } => artwork.main_photo != *old,
            FieldEdit::HiddenPhotos { old, .. } => artwork.hidden_photos != *old,
        }
    }

    fn rebased(&self, edit: FieldEdit) -> FieldEdit {
        let artwork = self;
        match edit {
            FieldEdit::Title { old, new } => FieldEdit::Title {
                old: artwork.title.clone().unwrap_or(old),
                new,
            },
            FieldEdit::Description { new, .. } => FieldEdit::Description {
                old: artwork.description.clone(),
                new,
            },
            FieldEdit::ArtworkType { old, new } => FieldEdit::ArtworkType {
                old: artwork.artwork_type.unwrap_or(old),
                new,
            },
            FieldEdit::Location { old, new } => FieldEdit::Location {
                old: artwork.location.unwrap_or(old),
                new,
            },
            FieldEdit::Artists { new, .. } => FieldEdit::Artists {
                old: artwork.artist_ids.clone(),
                new,
            },
            FieldEdit::Tag { key, new, .. } => FieldEdit::Tag {
                old: artwork.tags.get(&key).map(str::to_owned),
                key,
                new,
            },
            FieldEdit::MainPhoto { new, .. } => FieldEdit::MainPhoto {
                old: artwork.main_photo,
                new,
            },
            FieldEdit::HiddenPhotos { new, .. } => FieldEdit::HiddenPhotos {
                old: artwork.hidden_photos.clone(),
                new,
            },
        }
    }
}

impl FromSource for Artwork {
    type Fields = SourceFields;

    fn origin(&self) -> (Option<&Provenance>, Option<&SourceFields>) {
        (self.provenance.as_ref(), self.source.as_ref())
    }

    fn source_changes(old: &SourceFields, new: &SourceFields) -> Vec<FieldEdit> {
        old.as_artwork().changes_to(&new.as_artwork())
    }

    /// The event store keeps a coordinate to about 15 significant digits: a point within a
    /// hair (1e-9°, 0.1 mm) of the stored one is that point.
    fn settle(old: &SourceFields, new: &mut SourceFields) {
        let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
        if near(new.location.lat(), old.location.lat())
            && near(new.location.lon(), old.location.lon())
        {
            new.location = old.location;
        }
    }
}

aggregate!(Artwork, "artwork", ArtworkCommand => ArtworkEvent, ArtworkError);

impl Artwork {
    /// The events `command` records (none when it was done already), or why it is refused.
    fn decide(&self, command: ArtworkCommand) -> Result<Vec<ArtworkEvent>, ArtworkError> {
        match command {
            ArtworkCommand::ImportArtwork(record) => self.import(*record),
            ArtworkCommand::CreateFromSubmission(a) => {
                if self.exists {
                    return if self.submissions.contains(&a.submission_id) {
                        Ok(Vec::new())
                    } else {
                        Err(ArtworkError::AlreadyExists)
                    };
                }
                Self::check_artists(&a.artist_ids)?;
                Ok(vec![ArtworkEvent::ArtworkCreated(a)])
            }
            ArtworkCommand::AddPhotos {
                submission_id,
                photos,
                location,
            } => {
                if !self.takes_submission(submission_id)? {
                    return Ok(Vec::new());
                }
                let mut events = Vec::new();
                if let Some(location) = location {
                    events.push(ArtworkEvent::ArtworkMoved {
                        submission_id,
                        location,
                    });
                }
                events.push(ArtworkEvent::PhotosAdded {
                    submission_id,
                    photos,
                });
                Ok(events)
            }
            ArtworkCommand::RecordVisit(visit) => {
                if !self.takes_submission(visit.submission_id)? {
                    return Ok(Vec::new());
                }
                Ok(vec![ArtworkEvent::VisitRecorded(visit)])
            }
            ArtworkCommand::ApplyEdit {
                submission_id,
                edits,
                overwrite_stale,
            } => {
                if !self.takes_submission(submission_id)? {
                    return Ok(Vec::new());
                }
                if edits.is_empty() {
                    return Err(ArtworkError::EmptyEdit);
                }
                let changes = self
                    .rebased_changes(edits, overwrite_stale)
                    .map_err(ArtworkError::Stale)?;
                self.with_changes(&changes)?;
                Ok(vec![ArtworkEvent::ArtworkEdited {
                    submission_id,
                    changes,
                }])
            }
            ArtworkCommand::Revert {
                reverted,
                reason,
                changes,
            } => {
                if !self.exists {
                    return Err(ArtworkError::NotFound);
                }
                if !(1..=self.version).contains(&reverted) {
                    return Err(ArtworkError::UnknownChange);
                }
                if changes.is_empty() {
                    return Err(ArtworkError::NothingToRevert);
                }
                if let Some(c) = changes.iter().find(|c| self.is_stale(c)) {
                    return Err(ArtworkError::ChangedSince(c.field_name()));
                }
                self.with_changes(&changes)?;
                Ok(vec![ArtworkEvent::ArtworkReverted {
                    reverted,
                    reason,
                    changes,
                }])
            }
            ArtworkCommand::MergeInto { this, into, reason } => {
                self.visible()?;
                if this == into {
                    return Err(ArtworkError::MergeIntoItself);
                }
                match self.merged_into {
                    Some(target) if target == into => return Ok(Vec::new()),
                    Some(target) => return Err(ArtworkError::AlreadyMerged(target)),
                    None => {}
                }
                // Refused rather than carried along: each unmerge gives back what its own merge
                // moved, from the artwork that took it.
                if !self.absorbed.is_empty() {
                    return Err(ArtworkError::HoldsDuplicates);
                }
                Ok(vec![ArtworkEvent::ArtworkMerged { into, reason }])
            }
            ArtworkCommand::Absorb(mut a) => {
                self.visible()?;
                if a.this == Some(a.from) {
                    return Err(ArtworkError::MergeIntoItself);
                }
                self.can_absorb()?;
                if self.absorbed.contains_key(&a.from) {
                    return Ok(Vec::new());
                }
                // Only the tags this artwork lacks come over.
                a.tags = std::mem::take(&mut a.tags)
                    .into_iter()
                    .filter_map(|t| match t {
                        FieldEdit::Tag {
                            key, new: Some(v), ..
                        } if self.tags.get(&key).is_none() => Some(FieldEdit::Tag {
                            key,
                            old: None,
                            new: Some(v),
                        }),
                        _ => None,
                    })
                    .collect();
                self.with_changes(&a.tags)?;
                a.this = None;
                Ok(vec![ArtworkEvent::ArtworkAbsorbed(a)])
            }
            ArtworkCommand::Remove { reason, feedback } => {
                if !self.exists {
                    return Err(ArtworkError::NotFound);
                }
                if self.merged_into.is_some() {
                    return Err(ArtworkError::MergedAway);
                }
                if self.status == Some(ArtworkStatus::Removed) {
                    return Ok(Vec::new());
                }
                Ok(vec![ArtworkEvent::ArtworkRemoved { reason, feedback }])
            }
            ArtworkCommand::Unmerge { reason } => {
                let from = self.merged_into.ok_or(ArtworkError::NotMerged)?;
                let status = self.status.unwrap_or(ArtworkStatus::Approved);
                Ok(vec![ArtworkEvent::ArtworkUnmerged {
                    from,
                    reason,
                    status,
                }])
            }
            ArtworkCommand::Release { from, reason } => {
                let Some(absorbed) = self.absorbed.get(&from) else {
                    return Err(ArtworkError::NotMerged);
                };
                // A tag changed since the merge stays as it is now.
                let tags = absorbed
                    .tags
                    .iter()
                    .cloned()
                    .map(FieldEdit::inverse)
                    .filter(|t| !self.is_stale(t))
                    .collect();
                let event = ArtworkEvent::ArtworkReleased {
                    from,
                    reason,
                    photo_submissions: absorbed.photo_submissions.clone(),
                    visits: absorbed.visits.clone(),
                    tags,
                };
                Ok(vec![event])
            }
        }
    }

    fn evolve(&mut self, event: ArtworkEvent) {
        self.version += 1;
        match event {
            ArtworkEvent::ArtworkCreated(a) => {
                self.exists = true;
                self.title = Some(a.title);
                self.description = a.description;
                self.artwork_type = Some(a.artwork_type);
                self.tags = a.tags;
                self.location = Some(a.location);
                self.artist_ids = a.artist_ids;
                self.status = Some(ArtworkStatus::Approved);
                self.landed(a.submission_id, &a.photos);
            }
            ArtworkEvent::PhotosAdded {
                submission_id,
                photos,
            } => {
                self.landed(submission_id, &photos);
            }
            ArtworkEvent::ArtworkMoved { location, .. } => {
                self.location = Some(location);
            }
            ArtworkEvent::VisitRecorded(v) => {
                self.landed(v.submission_id, &v.photos);
            }
            ArtworkEvent::ArtworkEdited {
                submission_id,
                changes,
            } => {
                self.submissions.insert(submission_id);
                self.set_all(&changes);
            }
            ArtworkEvent::ArtworkReverted { changes, .. } => self.set_all(&changes),
            ArtworkEvent::ArtworkMerged { into, .. } => self.merged_into = Some(into),
            ArtworkEvent::ArtworkUnmerged { .. } => self.merged_into = None,
            ArtworkEvent::ArtworkRemoved { .. } => self.status = Some(ArtworkStatus::Removed),
            ArtworkEvent::ArtworkAbsorbed(a) => {
                self.set_all(&a.tags);
                for p in &a.photos {
                    self.add_photos(p.submission_id, &p.photos);
                }
                for v in &a.visits {
                    self.add_photos(v.submission_id, &v.photos);
                }
                self.absorbed.insert(
                    a.from,
                    Absorbed {
                        photo_submissions: a.photos.iter().map(|p| p.submission_id).collect(),
                        visits: a.visits.iter().map(|v| v.submission_id).collect(),
                        tags: a.tags,
                    },
                );
            }
            ArtworkEvent::ArtworkReleased {
                from,
                tags,
                photo_submissions,
                visits,
                ..
            } => {
                self.set_all(&tags);
                self.absorbed.remove(&from);
                // Photos that went back leave the gallery's arrangement with them.
                for s in photo_submissions.iter().chain(&visits) {
                    self.photos.remove(s);
                }
                if self.main_photo.is_some_and(|k| !self.has_photo(k)) {
                    self.main_photo = None;
                }
                let hidden = std::mem::take(&mut self.hidden_photos);
                self.hidden_photos = hidden.into_iter().filter(|k| self.has_photo(*k)).collect();
            }
            imported @ ArtworkEvent::ArtworkImported { .. } => {
                let Ok((source, status, provenance)) = imported.into_import() else {
                    return;
                };
                self.exists = true;
                self.title = Some(source.title.clone());
                self.description = source.description.clone();
                self.artwork_type = Some(source.artwork_type);
                self.tags = source.tags.clone();
                self.location = Some(source.location);
                self.artist_ids = source.artist_ids.clone();
                self.status = Some(status);
                self.provenance = Some(provenance);
                self.source = Some(source);
            }
            ArtworkEvent::ArtworkUpdatedFromSource { changes, source } => {
                self.set_all(&changes);
                self.source = Some(*source);
            }
        }
    }
}

#[cfg(test)]
#[path = "artwork_tests.rs"]
mod tests;
