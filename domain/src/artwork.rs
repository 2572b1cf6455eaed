//! The `Artwork` aggregate: a public artwork's identity, place and description, from its first
//! event on: imported from open datasets or created by an approved submission, then given
//! photos, visits, approved edits and moderators' reverts.
//!
//! Kept in one file on purpose: the aggregate's state, commands, events and `handle` are one
//! consistency boundary; its given/when/then tests follow.

use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::edit::{EditError, FieldEdit};
use crate::geo::Location;
use crate::ids::{ActorId, ArtistId, ArtworkId, SubmissionId};
use crate::merge::{Absorbed, SubmissionPhotos};
use crate::photo::{Photo, PhotoKey};
use crate::provenance::Provenance;
use crate::submission::Reason;
use crate::tags::Tags;
use crate::text::{LongText, Title};
use crate::visit::{Condition, Note};

/// The anchor tag schema's `artwork_type` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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

    pub const fn as_str(&self) -> &'static str {
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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ArtworkStatus {
    Pending,
    Approved,
    Removed,
    /// A duplicate merged into another artwork: its id points there.
    Merged,
}

impl ArtworkStatus {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Removed => "removed",
            Self::Merged => "merged",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [Self::Pending, Self::Approved, Self::Removed, Self::Merged]
            .into_iter()
            .find(|v| v.as_str() == s)
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

/// An approved visit, as it goes into the artwork's logbook.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Visit {
    pub submission_id: SubmissionId,
    pub visitor: ActorId,
    pub condition: Option<Condition>,
    pub note: Option<Note>,
    pub photos: Vec<Photo>,
    pub visited_at: chrono::DateTime<chrono::Utc>,
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

// Imports arrive in the hundreds of thousands and are matched by field; boxing the large variant
// would save memory only on the rare small events.
#[allow(clippy::large_enum_variant)]
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
}

impl DomainEvent for ArtworkEvent {
    fn event_type(&self) -> String {
        match self {
            ArtworkEvent::ArtworkImported { .. } => "ArtworkImported",
            ArtworkEvent::ArtworkCreated(_) => "ArtworkCreated",
            ArtworkEvent::PhotosAdded { .. } => "PhotosAdded",
            ArtworkEvent::ArtworkMoved { .. } => "ArtworkMoved",
            ArtworkEvent::VisitRecorded(_) => "VisitRecorded",
            ArtworkEvent::ArtworkEdited { .. } => "ArtworkEdited",
            ArtworkEvent::ArtworkReverted { .. } => "ArtworkReverted",
            ArtworkEvent::ArtworkMerged { .. } => "ArtworkMerged",
            ArtworkEvent::ArtworkAbsorbed(_) => "ArtworkAbsorbed",
            ArtworkEvent::ArtworkUnmerged { .. } => "ArtworkUnmerged",
            ArtworkEvent::ArtworkReleased { .. } => "ArtworkReleased",
            ArtworkEvent::ArtworkRemoved { .. } => "ArtworkRemoved",
        }
        .to_owned()
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

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
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
    #[serde(default)]
    pub merged_into: Option<ArtworkId>,
    /// What merges brought here, by source.
    #[serde(default)]
    pub absorbed: std::collections::BTreeMap<ArtworkId, Absorbed>,
    /// Submissions already applied here, so a retried approval changes nothing twice.
    #[serde(default)]
    pub submissions: std::collections::BTreeSet<SubmissionId>,
    /// The photos it has (its own, its visits' and those merges brought), by submission.
    #[serde(default)]
    pub photos: std::collections::BTreeMap<SubmissionId, Vec<PhotoKey>>,
    /// The photo shown first, when an edit chose one.
    #[serde(default)]
    pub main_photo: Option<PhotoKey>,
    /// Photos not shown, sorted.
    #[serde(default)]
    pub hidden_photos: Vec<PhotoKey>,
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

    fn add_photos(&mut self, submission_id: SubmissionId, photos: &[Photo]) {
        if !photos.is_empty() {
            self.photos
                .insert(submission_id, photos.iter().map(|p| p.key).collect());
        }
    }

    /// Whether approved content (photos, a visit, an edit) can land here: not on a duplicate
    /// merged away, where nobody would see it and its merge has already moved what it had.
    pub fn takes_content(&self) -> Result<(), ArtworkError> {
        match self.merged_into {
            Some(into) => Err(ArtworkError::MergedDuplicate(into)),
            None => Ok(()),
        }
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
                Self::check_artists(&record.artist_ids)?;
                if !record.provenance.has_valid_link() {
                    return Err(ArtworkError::BadSourceUrl);
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
            ArtworkCommand::CreateFromSubmission(a) => {
                if self.exists {
                    return if self.submissions.contains(&a.submission_id) {
                        Ok(())
                    } else {
                        Err(ArtworkError::AlreadyExists)
                    };
                }
                Self::check_artists(&a.artist_ids)?;
                sink.write(ArtworkEvent::ArtworkCreated(a), self).await;
                Ok(())
            }
            ArtworkCommand::AddPhotos {
                submission_id,
                photos,
                location,
            } => {
                if !self.exists {
                    return Err(ArtworkError::NotFound);
                }
                if self.submissions.contains(&submission_id) {
                    return Ok(());
                }
                self.takes_content()?;
                if let Some(location) = location {
                    sink.write(
                        ArtworkEvent::ArtworkMoved {
                            submission_id,
                            location,
                        },
                        self,
                    )
                    .await;
                }
                sink.write(
                    ArtworkEvent::PhotosAdded {
                        submission_id,
                        photos,
                    },
                    self,
                )
                .await;
                Ok(())
            }
            ArtworkCommand::RecordVisit(visit) => {
                if !self.exists {
                    return Err(ArtworkError::NotFound);
                }
                if self.submissions.contains(&visit.submission_id) {
                    return Ok(());
                }
                self.takes_content()?;
                sink.write(ArtworkEvent::VisitRecorded(visit), self).await;
                Ok(())
            }
            ArtworkCommand::ApplyEdit {
                submission_id,
                edits,
                overwrite_stale,
            } => {
                if !self.exists {
                    return Err(ArtworkError::NotFound);
                }
                if self.submissions.contains(&submission_id) {
                    return Ok(());
                }
                self.takes_content()?;
                if edits.is_empty() {
                    return Err(ArtworkError::EmptyEdit);
                }
                let stale: Vec<String> = edits
                    .iter()
                    .filter(|e| e.is_stale(self))
                    .map(FieldEdit::field_name)
                    .collect();
                if !stale.is_empty() && !overwrite_stale {
                    return Err(ArtworkError::Stale(stale));
                }
                let changes: Vec<FieldEdit> = edits
                    .into_iter()
                    .map(|e| e.rebased(self))
                    .filter(|e| !e.changes_nothing())
                    .collect();
                self.with_changes(&changes)?;
                sink.write(
                    ArtworkEvent::ArtworkEdited {
                        submission_id,
                        changes,
                    },
                    self,
                )
                .await;
                Ok(())
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
                if let Some(c) = changes.iter().find(|c| c.is_stale(self)) {
                    return Err(ArtworkError::ChangedSince(c.field_name()));
                }
                self.with_changes(&changes)?;
                sink.write(
                    ArtworkEvent::ArtworkReverted {
                        reverted,
                        reason,
                        changes,
                    },
                    self,
                )
                .await;
                Ok(())
            }
            ArtworkCommand::MergeInto { this, into, reason } => {
                self.visible()?;
                if this == into {
                    return Err(ArtworkError::MergeIntoItself);
                }
                match self.merged_into {
                    Some(target) if target == into => return Ok(()),
                    Some(target) => return Err(ArtworkError::AlreadyMerged(target)),
                    None => {}
                }
                // Refused rather than carried along: each unmerge gives back what its own merge
                // moved, from the artwork that took it.
                if !self.absorbed.is_empty() {
                    return Err(ArtworkError::HoldsDuplicates);
                }
                sink.write(ArtworkEvent::ArtworkMerged { into, reason }, self)
                    .await;
                Ok(())
            }
            ArtworkCommand::Absorb(mut a) => {
                self.visible()?;
                if a.this == Some(a.from) {
                    return Err(ArtworkError::MergeIntoItself);
                }
                self.can_absorb()?;
                if self.absorbed.contains_key(&a.from) {
                    return Ok(());
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
                sink.write(ArtworkEvent::ArtworkAbsorbed(a), self).await;
                Ok(())
            }
            ArtworkCommand::Remove { reason, feedback } => {
                if !self.exists {
                    return Err(ArtworkError::NotFound);
                }
                if self.merged_into.is_some() {
                    return Err(ArtworkError::MergedAway);
                }
                if self.status == Some(ArtworkStatus::Removed) {
                    return Ok(());
                }
                sink.write(ArtworkEvent::ArtworkRemoved { reason, feedback }, self)
                    .await;
                Ok(())
            }
            ArtworkCommand::Unmerge { reason } => {
                let from = self.merged_into.ok_or(ArtworkError::NotMerged)?;
                let status = self.status.unwrap_or(ArtworkStatus::Approved);
                sink.write(
                    ArtworkEvent::ArtworkUnmerged {
                        from,
                        reason,
                        status,
                    },
                    self,
                )
                .await;
                Ok(())
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
                    .filter(|t| !t.is_stale(self))
                    .collect();
                let event = ArtworkEvent::ArtworkReleased {
                    from,
                    reason,
                    photo_submissions: absorbed.photo_submissions.clone(),
                    visits: absorbed.visits.clone(),
                    tags,
                };
                sink.write(event, self).await;
                Ok(())
            }
        }
    }

    fn apply(&mut self, event: Self::Event) {
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
                self.submissions.insert(a.submission_id);
                self.add_photos(a.submission_id, &a.photos);
            }
            ArtworkEvent::PhotosAdded {
                submission_id,
                photos,
            } => {
                self.submissions.insert(submission_id);
                self.add_photos(submission_id, &photos);
            }
            ArtworkEvent::ArtworkMoved { location, .. } => {
                self.location = Some(location);
            }
            ArtworkEvent::VisitRecorded(v) => {
                self.submissions.insert(v.submission_id);
                self.add_photos(v.submission_id, &v.photos);
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
                self.exists = true;
                self.title = Some(title);
                self.description = description;
                self.artwork_type = Some(artwork_type);
                self.tags = tags;
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
    use uuid::Uuid;

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
    async fn import_fails_with_a_source_url_that_is_not_http() {
        let mut r = record("27");
        r.provenance.source_url = Some("data:text/html,<script>alert(1)</script>".into());
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtworkCommand::ImportArtwork(Box::new(r)))
            .await
            .then_expect_error(ArtworkError::BadSourceUrl);
    }

    #[tokio::test]
    async fn import_accepts_an_https_source_url() {
        let mut r = record("27");
        r.provenance.source_url =
            Some("https://opendata.vancouver.ca/explore/dataset/public-art/".into());
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

    fn approved(submission: u128) -> ApprovedArtwork {
        ApprovedArtwork {
            submission_id: SubmissionId(Uuid::from_u128(submission)),
            title: Title::parse("Digital Orca").unwrap(),
            description: None,
            artwork_type: ArtworkType::Sculpture,
            location: Location::parse(49.2891, -123.1167).unwrap(),
            tags: Tags::default(),
            artist_ids: vec![ArtistId::for_name("Douglas Coupland")],
            photos: vec![photo()],
        }
    }

    fn photo() -> Photo {
        Photo {
            key: crate::photo::PhotoKey::new(),
            width: 400,
            height: 300,
            exif: crate::photo::ExifSummary::default(),
        }
    }

    fn visit(submission: u128) -> Visit {
        Visit {
            submission_id: SubmissionId(Uuid::from_u128(submission)),
            visitor: ActorId(Uuid::from_u128(8)),
            condition: Some(Condition::Damaged),
            note: Note::parse("Graffiti on the base").unwrap(),
            photos: vec![photo()],
            visited_at: chrono::DateTime::from_timestamp(1_700_000_000, 0).unwrap(),
        }
    }

    #[tokio::test]
    async fn an_approved_proposal_creates_the_artwork() {
        let a = approved(1);
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtworkCommand::CreateFromSubmission(Box::new(a.clone())))
            .await
            .then_expect_events(vec![ArtworkEvent::ArtworkCreated(Box::new(a))]);
    }

    #[tokio::test]
    async fn creating_again_for_the_same_submission_changes_nothing() {
        let a = approved(1);
        Harness::with(())
            .given(vec![ArtworkEvent::ArtworkCreated(Box::new(a.clone()))])
            .when_async(ArtworkCommand::CreateFromSubmission(Box::new(a)))
            .await
            .then_expect_events(vec![]);
    }

    #[tokio::test]
    async fn creating_over_an_existing_artwork_is_refused() {
        Harness::with(())
            .given(vec![imported(&record("27"))])
            .when_async(ArtworkCommand::CreateFromSubmission(Box::new(approved(1))))
            .await
            .then_expect_error(ArtworkError::AlreadyExists);
    }

    #[tokio::test]
    async fn creating_with_an_artist_twice_is_refused() {
        let mut a = approved(1);
        a.artist_ids.push(a.artist_ids[0]);
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtworkCommand::CreateFromSubmission(Box::new(a)))
            .await
            .then_expect_error(ArtworkError::DuplicateArtist);
    }

    #[tokio::test]
    async fn linked_photos_are_added_and_the_artwork_moves_when_asked() {
        let photos = vec![photo()];
        let to = Location::parse(49.2935, -123.1339).unwrap();
        Harness::with(())
            .given(vec![imported(&record("27"))])
            .when_async(ArtworkCommand::AddPhotos {
                submission_id: SubmissionId(Uuid::from_u128(2)),
                photos: photos.clone(),
                location: Some(to),
            })
            .await
            .then_expect_events(vec![
                ArtworkEvent::ArtworkMoved {
                    submission_id: SubmissionId(Uuid::from_u128(2)),
                    location: to,
                },
                ArtworkEvent::PhotosAdded {
                    submission_id: SubmissionId(Uuid::from_u128(2)),
                    photos,
                },
            ]);
    }

    #[tokio::test]
    async fn adding_the_same_submissions_photos_twice_changes_nothing() {
        Harness::with(())
            .given(vec![
                imported(&record("27")),
                ArtworkEvent::PhotosAdded {
                    submission_id: SubmissionId(Uuid::from_u128(2)),
                    photos: vec![photo()],
                },
            ])
            .when_async(ArtworkCommand::AddPhotos {
                submission_id: SubmissionId(Uuid::from_u128(2)),
                photos: vec![photo()],
                location: None,
            })
            .await
            .then_expect_events(vec![]);
    }

    #[tokio::test]
    async fn photos_cannot_be_added_to_an_artwork_that_does_not_exist() {
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtworkCommand::AddPhotos {
                submission_id: SubmissionId(Uuid::from_u128(2)),
                photos: vec![photo()],
                location: None,
            })
            .await
            .then_expect_error(ArtworkError::NotFound);
    }

    #[tokio::test]
    async fn an_approved_visit_goes_into_the_logbook_once() {
        let v = visit(3);
        Harness::with(())
            .given(vec![imported(&record("27"))])
            .when_async(ArtworkCommand::RecordVisit(Box::new(v.clone())))
            .await
            .then_expect_events(vec![ArtworkEvent::VisitRecorded(Box::new(v.clone()))]);
        Harness::with(())
            .given(vec![
                imported(&record("27")),
                ArtworkEvent::VisitRecorded(Box::new(v.clone())),
            ])
            .when_async(ArtworkCommand::RecordVisit(Box::new(v)))
            .await
            .then_expect_events(vec![]);
    }

    #[tokio::test]
    async fn a_visit_to_an_artwork_that_does_not_exist_is_refused() {
        Harness::with(())
            .given_no_previous_events()
            .when_async(ArtworkCommand::RecordVisit(Box::new(visit(3))))
            .await
            .then_expect_error(ArtworkError::NotFound);
    }

    fn title_edit(old: &str, new: &str) -> FieldEdit {
        FieldEdit::Title {
            old: Title::parse(old).unwrap(),
            new: Title::parse(new).unwrap(),
        }
    }

    fn edited(submission: u128, changes: Vec<FieldEdit>) -> ArtworkEvent {
        ArtworkEvent::ArtworkEdited {
            submission_id: SubmissionId(Uuid::from_u128(submission)),
            changes,
        }
    }

    fn apply_edit(
        submission: u128,
        edits: Vec<FieldEdit>,
        overwrite_stale: bool,
    ) -> ArtworkCommand {
        ArtworkCommand::ApplyEdit {
            submission_id: SubmissionId(Uuid::from_u128(submission)),
            edits,
            overwrite_stale,
        }
    }

    fn reason() -> Reason {
        Reason::parse("Vandalised title").unwrap()
    }

    #[tokio::test]
    async fn an_approved_edit_changes_and_clears_fields() {
        let changes = vec![
            title_edit("Solo", "Solo II"),
            FieldEdit::Description {
                old: Some(LongText::parse("An abstract sculpture.").unwrap()),
                new: None,
            },
            FieldEdit::Tag {
                key: "material".into(),
                old: Some("metal".into()),
                new: None,
            },
        ];
        Harness::with(())
            .given(vec![imported(&record("27"))])
            .when_async(apply_edit(5, changes.clone(), false))
            .await
            .then_expect_events(vec![edited(5, changes)]);
    }

    #[tokio::test]
    async fn a_stale_edit_is_refused_unless_the_moderator_overwrites() {
        let history = vec![
            imported(&record("27")),
            edited(5, vec![title_edit("Solo", "Duo")]),
        ];
        Harness::with(())
            .given(history.clone())
            .when_async(apply_edit(6, vec![title_edit("Solo", "Trio")], false))
            .await
            .then_expect_error(ArtworkError::Stale(vec!["title".into()]));
        // Overwritten, the change records the value it really replaced.
        Harness::with(())
            .given(history)
            .when_async(apply_edit(6, vec![title_edit("Solo", "Trio")], true))
            .await
            .then_expect_events(vec![edited(6, vec![title_edit("Duo", "Trio")])]);
    }

    #[tokio::test]
    async fn an_edit_is_applied_once_and_never_empty_or_to_nothing() {
        let history = vec![
            imported(&record("27")),
            edited(5, vec![title_edit("Solo", "Duo")]),
        ];
        Harness::with(())
            .given(history.clone())
            .when_async(apply_edit(5, vec![title_edit("Solo", "Duo")], false))
            .await
            .then_expect_events(vec![]);
        Harness::with(())
            .given(history)
            .when_async(apply_edit(6, vec![], false))
            .await
            .then_expect_error(ArtworkError::EmptyEdit);
        Harness::with(())
            .given_no_previous_events()
            .when_async(apply_edit(6, vec![title_edit("Solo", "Duo")], false))
            .await
            .then_expect_error(ArtworkError::NotFound);
    }

    #[tokio::test]
    async fn an_edit_linking_an_artist_twice_is_refused() {
        let a = ArtistId::for_import("vancouver", "103");
        Harness::with(())
            .given(vec![imported(&record("27"))])
            .when_async(apply_edit(
                5,
                vec![FieldEdit::Artists {
                    old: vec![a],
                    new: vec![a, a],
                }],
                false,
            ))
            .await
            .then_expect_error(ArtworkError::DuplicateArtist);
    }

    #[tokio::test]
    async fn a_revert_undoes_one_change_and_a_revert_of_the_revert_restores_it() {
        let mut history = vec![
            imported(&record("27")),
            edited(5, vec![title_edit("Solo", "Duo")]),
        ];
        let back = revert_of(&history, 2, RevertScope::Change).unwrap();
        assert_eq!(back, vec![title_edit("Duo", "Solo")]);
        let reverted = ArtworkEvent::ArtworkReverted {
            reverted: 2,
            reason: reason(),
            changes: back.clone(),
        };
        Harness::with(())
            .given(history.clone())
            .when_async(ArtworkCommand::Revert {
                reverted: 2,
                reason: reason(),
                changes: back,
            })
            .await
            .then_expect_events(vec![reverted.clone()]);
        history.push(reverted);
        let again = revert_of(&history, 3, RevertScope::Change).unwrap();
        assert_eq!(again, vec![title_edit("Solo", "Duo")]);
        Harness::with(())
            .given(history)
            .when_async(ArtworkCommand::Revert {
                reverted: 3,
                reason: reason(),
                changes: again.clone(),
            })
            .await
            .then_expect_events(vec![ArtworkEvent::ArtworkReverted {
                reverted: 3,
                reason: reason(),
                changes: again,
            }]);
    }

    #[tokio::test]
    async fn a_revert_is_refused_when_a_later_change_touched_the_field() {
        let history = vec![
            imported(&record("27")),
            edited(5, vec![title_edit("Solo", "Duo")]),
            edited(6, vec![title_edit("Duo", "Trio")]),
        ];
        let back = revert_of(&history, 2, RevertScope::Change).unwrap();
        Harness::with(())
            .given(history.clone())
            .when_async(ArtworkCommand::Revert {
                reverted: 2,
                reason: reason(),
                changes: back,
            })
            .await
            .then_expect_error(ArtworkError::ChangedSince("title".into()));
        // Going back to the point right after the import undoes both.
        assert_eq!(
            revert_of(&history, 1, RevertScope::Since).unwrap(),
            vec![title_edit("Trio", "Solo")]
        );
    }

    #[tokio::test]
    async fn only_field_changes_can_be_reverted() {
        let history = vec![
            imported(&record("27")),
            ArtworkEvent::VisitRecorded(Box::new(visit(3))),
        ];
        assert_eq!(
            revert_of(&history, 1, RevertScope::Change),
            Err(ArtworkError::NothingToRevert)
        );
        assert_eq!(
            revert_of(&history, 2, RevertScope::Change),
            Err(ArtworkError::NothingToRevert)
        );
        assert_eq!(
            revert_of(&history, 3, RevertScope::Change),
            Err(ArtworkError::UnknownChange)
        );
        assert_eq!(
            revert_of(&history, 2, RevertScope::Since),
            Err(ArtworkError::NothingToRevert)
        );
        Harness::with(())
            .given(history.clone())
            .when_async(ArtworkCommand::Revert {
                reverted: 2,
                reason: reason(),
                changes: vec![],
            })
            .await
            .then_expect_error(ArtworkError::NothingToRevert);
        Harness::with(())
            .given(history)
            .when_async(ArtworkCommand::Revert {
                reverted: 9,
                reason: reason(),
                changes: vec![title_edit("Solo", "Duo")],
            })
            .await
            .then_expect_error(ArtworkError::UnknownChange);
    }

    fn id(n: u128) -> ArtworkId {
        ArtworkId(Uuid::from_u128(n))
    }

    fn tag(key: &str, old: Option<&str>, new: Option<&str>) -> FieldEdit {
        FieldEdit::Tag {
            key: key.into(),
            old: old.map(str::to_owned),
            new: new.map(str::to_owned),
        }
    }

    fn absorption(from: u128, tags: Vec<FieldEdit>) -> Absorption {
        Absorption {
            this: None,
            from: id(from),
            reason: reason(),
            photos: vec![SubmissionPhotos {
                submission_id: SubmissionId(Uuid::from_u128(70)),
                photos: vec![photo()],
            }],
            visits: vec![visit(71)],
            tags,
        }
    }

    #[tokio::test]
    async fn a_duplicate_is_merged_once_and_never_into_itself() {
        let merged = ArtworkEvent::ArtworkMerged {
            into: id(2),
            reason: reason(),
        };
        let merge = |into: u128| ArtworkCommand::MergeInto {
            this: id(1),
            into: id(into),
            reason: reason(),
        };
        Harness::with(())
            .given(vec![imported(&record("27"))])
            .when_async(merge(2))
            .await
            .then_expect_events(vec![merged.clone()]);
        Harness::with(())
            .given(vec![imported(&record("27"))])
            .when_async(merge(1))
            .await
            .then_expect_error(ArtworkError::MergeIntoItself);
        Harness::with(())
            .given(vec![imported(&record("27")), merged.clone()])
            .when_async(merge(2))
            .await
            .then_expect_events(vec![]);
        Harness::with(())
            .given(vec![imported(&record("27")), merged])
            .when_async(merge(3))
            .await
            .then_expect_error(ArtworkError::AlreadyMerged(id(2)));
    }

    #[tokio::test]
    async fn an_artwork_holding_merged_duplicates_is_not_merged_away() {
        // Given B, which took A's content (A → B).
        let holds_a = vec![
            imported(&record("27")),
            ArtworkEvent::ArtworkAbsorbed(Box::new(absorption(1, vec![]))),
        ];
        // When B is merged into C, then it is refused: A's unmerge must find its content on B.
        Harness::with(())
            .given(holds_a)
            .when_async(ArtworkCommand::MergeInto {
                this: id(2),
                into: id(3),
                reason: reason(),
            })
            .await
            .then_expect_error(ArtworkError::HoldsDuplicates);
    }

    #[tokio::test]
    async fn an_artwork_whose_duplicates_were_all_unmerged_can_be_merged_away() {
        // Given B, which took A's content and gave it back (A unmerged).
        let released = ArtworkEvent::ArtworkReleased {
            from: id(1),
            reason: reason(),
            photo_submissions: vec![SubmissionId(Uuid::from_u128(70))],
            visits: vec![SubmissionId(Uuid::from_u128(71))],
            tags: vec![],
        };
        // When B is merged into C, then it is.
        Harness::with(())
            .given(vec![
                imported(&record("27")),
                ArtworkEvent::ArtworkAbsorbed(Box::new(absorption(1, vec![]))),
                released,
            ])
            .when_async(ArtworkCommand::MergeInto {
                this: id(2),
                into: id(3),
                reason: reason(),
            })
            .await
            .then_expect_events(vec![ArtworkEvent::ArtworkMerged {
                into: id(3),
                reason: reason(),
            }]);
    }

    fn merged_into_2() -> Vec<ArtworkEvent> {
        vec![
            imported(&record("27")),
            ArtworkEvent::ArtworkMerged {
                into: id(2),
                reason: reason(),
            },
        ]
    }

    #[tokio::test]
    async fn photos_a_visit_or_an_edit_for_an_artwork_merged_away_are_refused() {
        let refused = ArtworkError::MergedDuplicate(id(2));
        Harness::with(())
            .given(merged_into_2())
            .when_async(ArtworkCommand::AddPhotos {
                submission_id: SubmissionId(Uuid::from_u128(5)),
                photos: vec![photo()],
                location: None,
            })
            .await
            .then_expect_error(refused.clone());
        Harness::with(())
            .given(merged_into_2())
            .when_async(ArtworkCommand::RecordVisit(Box::new(visit(6))))
            .await
            .then_expect_error(refused.clone());
        Harness::with(())
            .given(merged_into_2())
            .when_async(apply_edit(7, vec![title_edit("Solo", "Duo")], false))
            .await
            .then_expect_error(refused);
    }

    #[tokio::test]
    async fn a_visit_recorded_before_the_merge_is_still_done_when_carried_out_again() {
        // Given a visit recorded, then the artwork merged away (its merge moved the visit).
        let mut history = vec![
            imported(&record("27")),
            ArtworkEvent::VisitRecorded(Box::new(visit(6))),
        ];
        history.extend(merged_into_2().into_iter().skip(1));
        // When the approval's effect is carried out again, then nothing happens, no error.
        Harness::with(())
            .given(history)
            .when_async(ArtworkCommand::RecordVisit(Box::new(visit(6))))
            .await
            .then_expect_events(vec![]);
    }

    #[tokio::test]
    async fn an_unmerged_artwork_takes_content_again() {
        let mut history = merged_into_2();
        history.push(ArtworkEvent::ArtworkUnmerged {
            from: id(2),
            reason: reason(),
            status: ArtworkStatus::Approved,
        });
        let v = visit(6);
        Harness::with(())
            .given(history)
            .when_async(ArtworkCommand::RecordVisit(Box::new(v.clone())))
            .await
            .then_expect_events(vec![ArtworkEvent::VisitRecorded(Box::new(v))]);
    }

    #[tokio::test]
    async fn a_target_takes_photos_logbook_and_only_the_tags_it_lacks() {
        let mut command = absorption(
            1,
            vec![
                tag("material", None, Some("bronze")),
                tag("year", None, Some("1936")),
            ],
        );
        command.this = Some(id(2));
        // The same photos and visits, with only the tag the target lacked.
        let mut event = command.clone();
        event.this = None;
        event.tags = vec![tag("year", None, Some("1936"))];
        Harness::with(())
            .given(vec![imported(&record("27"))])
            .when_async(ArtworkCommand::Absorb(Box::new(command.clone())))
            .await
            .then_expect_events(vec![ArtworkEvent::ArtworkAbsorbed(Box::new(event.clone()))]);
        // Again: nothing twice.
        Harness::with(())
            .given(vec![
                imported(&record("27")),
                ArtworkEvent::ArtworkAbsorbed(Box::new(event)),
            ])
            .when_async(ArtworkCommand::Absorb(Box::new(command.clone())))
            .await
            .then_expect_events(vec![]);
        // Not into itself, nor into an artwork merged away.
        let mut itself = command.clone();
        itself.this = Some(id(1));
        Harness::with(())
            .given(vec![imported(&record("27"))])
            .when_async(ArtworkCommand::Absorb(Box::new(itself)))
            .await
            .then_expect_error(ArtworkError::MergeIntoItself);
        Harness::with(())
            .given(vec![
                imported(&record("27")),
                ArtworkEvent::ArtworkMerged {
                    into: id(3),
                    reason: reason(),
                },
            ])
            .when_async(ArtworkCommand::Absorb(Box::new(command)))
            .await
            .then_expect_error(ArtworkError::MergedAway);
    }

    #[tokio::test]
    async fn a_missing_artwork_is_removed_once_and_stays_on_record() {
        let remove = ArtworkCommand::Remove {
            reason: reason(),
            feedback: Uuid::from_u128(5),
        };
        let removed = ArtworkEvent::ArtworkRemoved {
            reason: reason(),
            feedback: Uuid::from_u128(5),
        };
        Harness::with(())
            .given(vec![imported(&record("27"))])
            .when_async(remove.clone())
            .await
            .then_expect_events(vec![removed.clone()]);
        Harness::with(())
            .given(vec![imported(&record("27")), removed])
            .when_async(remove.clone())
            .await
            .then_expect_events(vec![]);
        Harness::with(())
            .given_no_previous_events()
            .when_async(remove.clone())
            .await
            .then_expect_error(ArtworkError::NotFound);
        Harness::with(())
            .given(vec![
                imported(&record("27")),
                ArtworkEvent::ArtworkMerged {
                    into: id(2),
                    reason: reason(),
                },
            ])
            .when_async(remove)
            .await
            .then_expect_error(ArtworkError::MergedAway);
    }

    #[tokio::test]
    async fn unmerging_restores_the_duplicate_and_gives_back_what_moved() {
        Harness::with(())
            .given(vec![
                imported(&record("27")),
                ArtworkEvent::ArtworkMerged {
                    into: id(2),
                    reason: reason(),
                },
            ])
            .when_async(ArtworkCommand::Unmerge { reason: reason() })
            .await
            .then_expect_events(vec![ArtworkEvent::ArtworkUnmerged {
                from: id(2),
                reason: reason(),
                status: ArtworkStatus::Approved,
            }]);
        Harness::with(())
            .given(vec![imported(&record("27"))])
            .when_async(ArtworkCommand::Unmerge { reason: reason() })
            .await
            .then_expect_error(ArtworkError::NotMerged);
        // The target gives back the photos and visits; a tag changed since stays.
        let absorbed = absorption(
            1,
            vec![
                tag("year", None, Some("1936")),
                tag("era", None, Some("modern")),
            ],
        );
        Harness::with(())
            .given(vec![
                imported(&record("27")),
                ArtworkEvent::ArtworkAbsorbed(Box::new(absorbed)),
                edited(9, vec![tag("era", Some("modern"), Some("postmodern"))]),
            ])
            .when_async(ArtworkCommand::Release {
                from: id(1),
                reason: reason(),
            })
            .await
            .then_expect_events(vec![ArtworkEvent::ArtworkReleased {
                from: id(1),
                reason: reason(),
                photo_submissions: vec![SubmissionId(Uuid::from_u128(70))],
                visits: vec![SubmissionId(Uuid::from_u128(71))],
                tags: vec![tag("year", Some("1936"), None)],
            }]);
        Harness::with(())
            .given(vec![imported(&record("27"))])
            .when_async(ArtworkCommand::Release {
                from: id(1),
                reason: reason(),
            })
            .await
            .then_expect_error(ArtworkError::NotMerged);
    }

    /// An artwork created with two photos, and their keys.
    fn with_two_photos() -> (Vec<ArtworkEvent>, PhotoKey, PhotoKey) {
        let mut a = approved(1);
        a.photos.push(photo());
        let (first, second) = (a.photos[0].key, a.photos[1].key);
        (
            vec![ArtworkEvent::ArtworkCreated(Box::new(a))],
            first,
            second,
        )
    }

    #[tokio::test]
    async fn an_edit_makes_a_photo_the_main_one_and_hides_another() {
        let (given, first, second) = with_two_photos();
        let changes = vec![
            FieldEdit::MainPhoto {
                old: None,
                new: Some(second),
            },
            FieldEdit::HiddenPhotos {
                old: vec![],
                new: vec![first],
            },
        ];
        Harness::with(())
            .given(given)
            .when_async(apply_edit(5, changes.clone(), false))
            .await
            .then_expect_events(vec![edited(5, changes)]);
    }

    #[tokio::test]
    async fn a_photo_not_the_artworks_or_a_hidden_main_photo_is_refused() {
        let (given, first, _) = with_two_photos();
        let stranger = PhotoKey::new();
        Harness::with(())
            .given(given.clone())
            .when_async(apply_edit(
                5,
                vec![FieldEdit::MainPhoto {
                    old: None,
                    new: Some(stranger),
                }],
                false,
            ))
            .await
            .then_expect_error(photo_error(
                "main_photo",
                "That photo is not one of this artwork's",
            ));
        Harness::with(())
            .given(given)
            .when_async(apply_edit(
                5,
                vec![
                    FieldEdit::MainPhoto {
                        old: None,
                        new: Some(first),
                    },
                    FieldEdit::HiddenPhotos {
                        old: vec![],
                        new: vec![first],
                    },
                ],
                false,
            ))
            .await
            .then_expect_error(photo_error(
                "hidden_photos",
                "The main photo cannot be hidden",
            ));
    }

    #[tokio::test]
    async fn hiding_against_a_changed_gallery_is_stale_and_a_revert_shows_the_photo_again() {
        let (mut history, first, second) = with_two_photos();
        let hide = FieldEdit::HiddenPhotos {
            old: vec![],
            new: vec![first],
        };
        history.push(edited(5, vec![hide.clone()]));
        Harness::with(())
            .given(history.clone())
            .when_async(apply_edit(
                6,
                vec![FieldEdit::HiddenPhotos {
                    old: vec![],
                    new: vec![second],
                }],
                false,
            ))
            .await
            .then_expect_error(ArtworkError::Stale(vec!["hidden_photos".into()]));
        let back = revert_of(&history, 2, RevertScope::Change).unwrap();
        assert_eq!(back, vec![hide.inverse()]);
    }

    #[test]
    fn photos_given_back_by_an_unmerge_leave_the_arrangement() {
        let absorbed = absorption(1, vec![]);
        let moved = absorbed.photos[0].photos[0].key;
        let mut artwork = Artwork::default();
        for e in [
            imported(&record("27")),
            ArtworkEvent::ArtworkAbsorbed(Box::new(absorbed)),
            edited(
                9,
                vec![FieldEdit::MainPhoto {
                    old: None,
                    new: Some(moved),
                }],
            ),
        ] {
            artwork.apply(e);
        }
        assert_eq!(artwork.main_photo, Some(moved));
        artwork.apply(ArtworkEvent::ArtworkReleased {
            from: id(1),
            reason: reason(),
            photo_submissions: vec![SubmissionId(Uuid::from_u128(70))],
            visits: vec![SubmissionId(Uuid::from_u128(71))],
            tags: vec![],
        });
        assert_eq!(artwork.main_photo, None);
        assert!(!artwork.has_photo(moved));
    }

    #[test]
    fn what_an_artwork_carries_counts_merges_in_and_out() {
        let a = approved(1);
        let events = vec![
            ArtworkEvent::ArtworkCreated(Box::new(a.clone())),
            ArtworkEvent::VisitRecorded(Box::new(visit(3))),
            ArtworkEvent::ArtworkAbsorbed(Box::new(absorption(5, vec![]))),
        ];
        let (photos, visits) = crate::merge::carried(&events, &[]);
        assert_eq!(photos.len(), 2);
        assert_eq!(visits.len(), 2);
        let mut all = events;
        all.push(ArtworkEvent::ArtworkReleased {
            from: id(5),
            reason: reason(),
            photo_submissions: vec![SubmissionId(Uuid::from_u128(70))],
            visits: vec![SubmissionId(Uuid::from_u128(71))],
            tags: vec![],
        });
        let (photos, visits) = crate::merge::carried(&all, &[]);
        assert_eq!((photos.len(), visits.len()), (1, 1));
        assert_eq!(photos[0].submission_id, a.submission_id);
    }

    #[test]
    fn photos_hidden_on_a_duplicate_stay_behind_when_it_is_merged() {
        let (events, first, second) = with_two_photos();
        let (photos, _) = crate::merge::carried(&events, &[first]);
        let keys: Vec<PhotoKey> = photos
            .iter()
            .flat_map(|p| p.photos.iter().map(|ph| ph.key))
            .collect();
        assert_eq!(keys, [second]);
        let (photos, _) = crate::merge::carried(&events, &[first, second]);
        assert!(
            photos.is_empty(),
            "a submission with nothing shown moves nothing"
        );
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
