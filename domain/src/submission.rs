//! The `Submission` aggregate: something a visitor asks the registry to record — a new artwork,
//! a visit to a known one, or an edit of a known one's fields — waiting for a moderator. pending → approved | rejected |
//! withdrawn, exactly once. Approval's effect on the artwork is the `Artwork` aggregate's own
//! events, issued by the caller with this approval as their causation.
//!
//! Kept in one file on purpose: the Submission aggregate's state, commands, events and `handle` are one
//! consistency boundary, and its rules read best side by side; its given/when/then tests follow.

use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

use crate::artist_edit::ArtistFieldEdit;
use crate::artwork::{ApprovedArtwork, ArtworkType, Visit};
use crate::edit::{FieldEdit, MAX_EDITS};
use crate::geo::Location;
use crate::ids::{AccountId, ActorId, ArtistId, ArtworkId, SubmissionId};
use crate::photo::{Photo, MAX_PHOTOS_PER_SUBMISSION};
use crate::tags::Tags;
use crate::text::{LongText, PersonName, Title};
pub use crate::visit::{Condition, Note, NoteTooLong, MAX_NOTE_CHARS};

/// Longest rejection reason.
pub const MAX_REASON_CHARS: usize = 500;
/// Most artist names one proposal can carry.
pub const MAX_PROPOSED_ARTISTS: usize = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SubmissionKind {
    NewArtwork,
    /// A logbook entry: a visit to a known artwork.
    Logbook,
    /// Changes to a known artwork's fields.
    ArtworkEdit,
    /// Changes to a known artist's fields.
    ArtistEdit,
    /// An artist the registry does not have.
    NewArtist,
}

impl SubmissionKind {
    pub fn as_str(&self) -> &'static str {
        match self {
            SubmissionKind::NewArtwork => "new_artwork",
            SubmissionKind::Logbook => "logbook",
            SubmissionKind::ArtworkEdit => "artwork_edit",
            SubmissionKind::ArtistEdit => "artist_edit",
            SubmissionKind::NewArtist => "new_artist",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [
            Self::NewArtwork,
            Self::Logbook,
            Self::ArtworkEdit,
            Self::ArtistEdit,
            Self::NewArtist,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SubmissionStatus {
    Pending,
    Approved,
    Rejected,
    Withdrawn,
}

impl SubmissionStatus {
    pub const ALL: [SubmissionStatus; 4] = [
        Self::Pending,
        Self::Approved,
        Self::Rejected,
        Self::Withdrawn,
    ];

    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Rejected => "rejected",
            Self::Withdrawn => "withdrawn",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }
}

/// Why a moderator refused a submission: required, at most [`MAX_REASON_CHARS`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Reason(String);

impl Reason {
    pub fn parse(s: &str) -> Result<Self, SubmissionError> {
        let v = s.trim();
        if v.is_empty() {
            return Err(SubmissionError::ReasonRequired);
        }
        if v.chars().count() > MAX_REASON_CHARS {
            return Err(SubmissionError::ReasonTooLong);
        }
        Ok(Self(v.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Reason {
    type Error = SubmissionError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        Reason::parse(&s)
    }
}

impl From<Reason> for String {
    fn from(r: Reason) -> String {
        r.0
    }
}

/// A proposal for an artwork the registry does not have.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewArtworkProposal {
    pub submitter: ActorId,
    pub location: Location,
    pub title: Option<Title>,
    pub description: Option<LongText>,
    pub artwork_type: ArtworkType,
    pub tags: Tags,
    pub artist_names: Vec<PersonName>,
    pub note: Option<Note>,
    pub photos: Vec<Photo>,
}

/// A visit to a known artwork: where the visitor stood, what they saw, their photos.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VisitReport {
    pub submitter: ActorId,
    pub artwork_id: ArtworkId,
    pub location: Location,
    pub condition: Option<Condition>,
    pub note: Option<Note>,
    pub photos: Vec<Photo>,
    pub visited_at: chrono::DateTime<chrono::Utc>,
}

/// Changes to a known artwork's fields, each made against the value its proposer saw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArtworkEditProposal {
    pub submitter: ActorId,
    pub artwork_id: ArtworkId,
    pub edits: Vec<FieldEdit>,
    pub note: Option<Note>,
}

/// Changes to an artist's fields, or (`new_artist`) an artist the registry does not have yet,
/// proposed as changes from nothing to the id it will have.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArtistEditProposal {
    pub submitter: ActorId,
    pub artist_id: ArtistId,
    pub edits: Vec<ArtistFieldEdit>,
    pub note: Option<Note>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub new_artist: bool,
}

impl ArtistEditProposal {
    pub fn kind(&self) -> SubmissionKind {
        if self.new_artist {
            SubmissionKind::NewArtist
        } else {
            SubmissionKind::ArtistEdit
        }
    }
}

/// A new artwork as the moderator approved it: the proposal's fields with the moderator's edits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApprovedFields {
    pub title: Title,
    pub description: Option<LongText>,
    pub artwork_type: ArtworkType,
    pub location: Location,
    pub tags: Tags,
}

/// What approving does with the submission, decided by the moderator.
#[derive(Debug, Clone, PartialEq)]
pub enum Approval {
    /// A new-artwork proposal becomes the artwork `artwork_id` (a fresh id), as `fields` say.
    CreateArtwork {
        artwork_id: ArtworkId,
        fields: Box<ApprovedFields>,
    },
    /// A new-artwork proposal turns out to be a known artwork: its photos go there, and the
    /// artwork moves when the moderator says so.
    LinkArtwork {
        artwork_id: ArtworkId,
        location_override: Option<Location>,
    },
    /// A visit goes into its artwork's logbook.
    LogVisit,
    /// An edit's changes to the fields named in `fields` (all or some of the edit's) are made;
    /// with `overwrite_stale`, also over values that changed since it was proposed.
    ApplyEdit {
        fields: Vec<String>,
        overwrite_stale: bool,
    },
}

/// What an approval did, as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApprovalOutcome {
    Created,
    Linked,
    Logged,
    Edited,
}

impl ApprovalOutcome {
    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Created => "created",
            Self::Linked => "linked",
            Self::Logged => "logged",
            Self::Edited => "edited",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum SubmissionCommand {
    ProposeArtwork(Box<NewArtworkProposal>),
    LogVisit(Box<VisitReport>),
    ProposeArtworkEdit(Box<ArtworkEditProposal>),
    ProposeArtistEdit(Box<ArtistEditProposal>),
    /// `reviewer_identities`: every identity the reviewer speaks for (its account and the
    /// anonymous identities it claimed); the author must not be among them.
    Approve {
        reviewer: AccountId,
        reviewer_identities: Vec<ActorId>,
        approval: Approval,
    },
    Reject {
        reviewer: AccountId,
        reason: Reason,
    },
    /// `identities`: every identity the caller speaks for (its account and the anonymous
    /// identities it has claimed); the author must be among them.
    Withdraw {
        identities: Vec<ActorId>,
    },
    /// The author asks that the location, time and camera their photos' EXIF named be
    /// forgotten; `identities` as for `Withdraw`. Allowed in every state, once.
    ErasePhotoMetadata {
        identities: Vec<ActorId>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SubmissionEvent {
    ArtworkProposed(Box<NewArtworkProposal>),
    VisitLogged(Box<VisitReport>),
    ArtworkEditProposed(Box<ArtworkEditProposal>),
    /// An artist edit or a new artist's proposal.
    ArtistEditProposed(Box<ArtistEditProposal>),
    SubmissionApproved {
        reviewer: AccountId,
        /// The artwork the approval created, linked or logged to.
        artwork_id: ArtworkId,
        outcome: ApprovalOutcome,
        /// Where a linked artwork was moved to, if the moderator moved it.
        location_override: Option<Location>,
        /// A created artwork as approved, so the approval's effect can be carried out again
        /// from the event alone. Absent from approvals recorded before it was kept: their
        /// artwork is the proposal as submitted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fields: Option<Box<ApprovedFields>>,
        /// An edit's fields the moderator applied.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        applied: Option<Vec<String>>,
        /// The moderator applied them over values changed since the edit was proposed.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        overwrite_stale: bool,
    },
    /// An artist edit (or a new artist) approved: the fields the moderator applied.
    ArtistEditApproved {
        reviewer: AccountId,
        artist_id: ArtistId,
        applied: Vec<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        overwrite_stale: bool,
    },
    SubmissionRejected {
        reviewer: AccountId,
        reason: Reason,
    },
    SubmissionWithdrawn {
        by: ActorId,
    },
    /// The photos' personal EXIF fields (see [`crate::photo::ExifSummary::without_personal`])
    /// are erased wherever they are kept. The event names no value it erased.
    PhotoMetadataErased {
        by: ActorId,
    },
}

impl DomainEvent for SubmissionEvent {
    fn event_type(&self) -> String {
        match self {
            SubmissionEvent::ArtworkProposed(_) => "ArtworkProposed",
            SubmissionEvent::VisitLogged(_) => "VisitLogged",
            SubmissionEvent::ArtworkEditProposed(_) => "ArtworkEditProposed",
            SubmissionEvent::ArtistEditProposed(_) => "ArtistEditProposed",
            SubmissionEvent::SubmissionApproved { .. } => "SubmissionApproved",
            SubmissionEvent::ArtistEditApproved { .. } => "ArtistEditApproved",
            SubmissionEvent::SubmissionRejected { .. } => "SubmissionRejected",
            SubmissionEvent::SubmissionWithdrawn { .. } => "SubmissionWithdrawn",
            SubmissionEvent::PhotoMetadataErased { .. } => "PhotoMetadataErased",
        }
        .to_owned()
    }

    fn event_version(&self) -> String {
        "1".to_owned()
    }
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SubmissionError {
    #[error("This submission already exists")]
    AlreadySubmitted,
    #[error("Submission not found")]
    NotFound,
    #[error("This submission was already {}", .0.as_str())]
    AlreadyDecided(SubmissionStatus),
    #[error("Add at least one photo")]
    PhotoRequired,
    #[error("Add a photo or a note")]
    EmptyVisit,
    #[error("At most {MAX_PHOTOS_PER_SUBMISSION} photos can be added")]
    TooManyPhotos,
    #[error("The same photo was added twice")]
    DuplicatePhoto,
    #[error("{}", NoteTooLong)]
    NoteTooLong,
    #[error("A reason is required")]
    ReasonRequired,
    #[error("The reason must be at most {MAX_REASON_CHARS} characters")]
    ReasonTooLong,
    #[error("At most {MAX_PROPOSED_ARTISTS} artists can be named")]
    TooManyArtists,
    #[error("This approval does not fit a {} submission", .0.as_str())]
    WrongApproval(SubmissionKind),
    #[error("Only its author can withdraw a submission")]
    NotAuthor,
    #[error("A moderator cannot approve their own submission")]
    OwnSubmission,
    #[error("Change at least one field")]
    EmptyEdit,
    #[error("At most {MAX_EDITS} fields can be changed at once")]
    TooManyEdits,
    #[error("{0} is changed twice")]
    DuplicateField(String),
    #[error("Choose at least one field to apply")]
    NoFieldChosen,
    #[error("{0} is not part of this edit")]
    NotInEdit(String),
    #[error("name is required")]
    NameRequired,
    #[error("A new artist is proposed with every old value unset")]
    NotNew,
}

impl From<NoteTooLong> for SubmissionError {
    fn from(_: NoteTooLong) -> Self {
        SubmissionError::NoteTooLong
    }
}

/// A submission's state: nothing filed yet, or what was filed and where its review stands.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub enum Submission {
    #[default]
    Unfiled,
    Filed(Box<Filed>),
}

/// A filed submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Filed {
    /// What was submitted, for the approval that acts on it.
    pub what: Filing,
    pub review: Review,
    /// The author had the photos' personal EXIF fields erased.
    pub photo_metadata_erased: bool,
}

/// What was submitted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Filing {
    Proposal(Box<NewArtworkProposal>),
    Visit(Box<VisitReport>),
    Edit(Box<ArtworkEditProposal>),
    ArtistEdit(Box<ArtistEditProposal>),
}

impl Filing {
    pub fn kind(&self) -> SubmissionKind {
        match self {
            Filing::Proposal(_) => SubmissionKind::NewArtwork,
            Filing::Visit(_) => SubmissionKind::Logbook,
            Filing::Edit(_) => SubmissionKind::ArtworkEdit,
            Filing::ArtistEdit(e) => e.kind(),
        }
    }

    /// Its author: an account or an anonymous identity.
    pub fn submitter(&self) -> ActorId {
        match self {
            Filing::Proposal(p) => p.submitter,
            Filing::Visit(v) => v.submitter,
            Filing::Edit(e) => e.submitter,
            Filing::ArtistEdit(e) => e.submitter,
        }
    }

    /// The fields an edit changes, in its order (none for other kinds).
    pub fn edited_fields(&self) -> Vec<String> {
        match self {
            Filing::Edit(e) => e.edits.iter().map(FieldEdit::field_name).collect(),
            Filing::ArtistEdit(e) => e.edits.iter().map(|c| c.field_name().to_owned()).collect(),
            Filing::Proposal(_) | Filing::Visit(_) => Vec::new(),
        }
    }

    pub fn photos(&self) -> &[Photo] {
        match self {
            Filing::Proposal(p) => &p.photos,
            Filing::Visit(v) => &v.photos,
            Filing::Edit(_) | Filing::ArtistEdit(_) => &[],
        }
    }
}

/// Where a filed submission's review stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Review {
    Pending,
    /// `artwork_id` is the artwork the approval created or linked, or the visit's artwork.
    Approved {
        artwork_id: ArtworkId,
        approval: RecordedApproval,
    },
    /// An artist edit or new artist approved: the fields applied.
    ArtistApproved {
        artist_id: ArtistId,
        applied: Vec<String>,
        overwrite_stale: bool,
    },
    Rejected,
    Withdrawn,
}

impl Review {
    pub fn status(&self) -> SubmissionStatus {
        match self {
            Review::Pending => SubmissionStatus::Pending,
            Review::Approved { .. } | Review::ArtistApproved { .. } => SubmissionStatus::Approved,
            Review::Rejected => SubmissionStatus::Rejected,
            Review::Withdrawn => SubmissionStatus::Withdrawn,
        }
    }
}

/// An approval as recorded, for carrying out its effect (again).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordedApproval {
    pub outcome: ApprovalOutcome,
    pub location_override: Option<Location>,
    pub fields: Option<Box<ApprovedFields>>,
    /// An edit's fields applied.
    pub applied: Option<Vec<String>>,
    pub overwrite_stale: bool,
}

/// What an approval does to artworks (and artists), as those aggregates' commands. Each is
/// idempotent per submission, so an effect can be carried out again after a crash.
#[derive(Debug, Clone, PartialEq)]
pub enum ApprovalEffect {
    /// `artwork.artist_ids` is empty: `artist_names` are resolved to artists (found, or
    /// created) first.
    Create {
        artwork_id: ArtworkId,
        artwork: Box<ApprovedArtwork>,
        artist_names: Vec<PersonName>,
    },
    Link {
        artwork_id: ArtworkId,
        submission_id: SubmissionId,
        photos: Vec<Photo>,
        location: Option<Location>,
    },
    Visit {
        artwork_id: ArtworkId,
        visit: Box<Visit>,
    },
    /// An edit's chosen changes.
    Edit {
        artwork_id: ArtworkId,
        submission_id: SubmissionId,
        edits: Vec<FieldEdit>,
        overwrite_stale: bool,
    },
    /// An artist edit's chosen changes, or a new artist's fields.
    ArtistEdit {
        artist_id: ArtistId,
        submission_id: SubmissionId,
        edits: Vec<ArtistFieldEdit>,
        overwrite_stale: bool,
    },
}

impl Submission {
    /// The effect of this submission's approval (`id` is the submission's own id); `None`
    /// unless it was approved.
    pub fn approval_effect(&self, id: SubmissionId) -> Option<ApprovalEffect> {
        let Submission::Filed(filed) = self else {
            return None;
        };
        if let (
            Review::ArtistApproved {
                artist_id,
                applied,
                overwrite_stale,
            },
            Filing::ArtistEdit(e),
        ) = (&filed.review, &filed.what)
        {
            return Some(ApprovalEffect::ArtistEdit {
                artist_id: *artist_id,
                submission_id: id,
                edits: e
                    .edits
                    .iter()
                    .filter(|c| applied.iter().any(|f| f == c.field_name()))
                    .cloned()
                    .collect(),
                overwrite_stale: *overwrite_stale,
            });
        }
        let Review::Approved {
            artwork_id,
            approval,
        } = &filed.review
        else {
            return None;
        };
        let artwork_id = *artwork_id;
        match (approval.outcome, &filed.what) {
            (ApprovalOutcome::Created, Filing::Proposal(p)) => {
                let fields = match &approval.fields {
                    Some(f) => (**f).clone(),
                    None => ApprovedFields {
                        title: p.title.clone()?,
                        description: p.description.clone(),
                        artwork_type: p.artwork_type,
                        location: p.location,
                        tags: p.tags.clone(),
                    },
                };
                Some(ApprovalEffect::Create {
                    artwork_id,
                    artwork: Box::new(ApprovedArtwork {
                        submission_id: id,
                        title: fields.title,
                        description: fields.description,
                        artwork_type: fields.artwork_type,
                        location: fields.location,
                        tags: fields.tags,
                        artist_ids: Vec::new(),
                        photos: p.photos.clone(),
                    }),
                    artist_names: p.artist_names.clone(),
                })
            }
            (ApprovalOutcome::Linked, Filing::Proposal(p)) => Some(ApprovalEffect::Link {
                artwork_id,
                submission_id: id,
                photos: p.photos.clone(),
                location: approval.location_override,
            }),
            (ApprovalOutcome::Logged, Filing::Visit(v)) => Some(ApprovalEffect::Visit {
                artwork_id,
                visit: Box::new(Visit {
                    submission_id: id,
                    visitor: v.submitter,
                    condition: v.condition,
                    note: v.note.clone(),
                    photos: v.photos.clone(),
                    visited_at: v.visited_at,
                }),
            }),
            (ApprovalOutcome::Edited, Filing::Edit(e)) => {
                let applied = approval.applied.as_deref().unwrap_or_default();
                Some(ApprovalEffect::Edit {
                    artwork_id,
                    submission_id: id,
                    edits: e
                        .edits
                        .iter()
                        .filter(|c| applied.contains(&c.field_name()))
                        .cloned()
                        .collect(),
                    overwrite_stale: approval.overwrite_stale,
                })
            }
            _ => None,
        }
    }

    /// The photos submitted, whichever kind this is.
    pub fn photos(&self) -> &[Photo] {
        self.filing().map_or(&[], Filing::photos)
    }

    /// What was submitted, once filed.
    pub fn filing(&self) -> Option<&Filing> {
        match self {
            Submission::Unfiled => None,
            Submission::Filed(f) => Some(&f.what),
        }
    }

    fn filed(&self) -> Result<&Filed, SubmissionError> {
        match self {
            Submission::Unfiled => Err(SubmissionError::NotFound),
            Submission::Filed(f) => Ok(f),
        }
    }

    fn check_photos(photos: &[Photo]) -> Result<(), SubmissionError> {
        if photos.len() > MAX_PHOTOS_PER_SUBMISSION {
            return Err(SubmissionError::TooManyPhotos);
        }
        let mut seen = std::collections::HashSet::new();
        if !photos.iter().all(|p| seen.insert(p.key)) {
            return Err(SubmissionError::DuplicatePhoto);
        }
        Ok(())
    }

    /// The submission's kind while it waits for a decision; otherwise why it cannot be decided
    /// (not found, or already decided). Every decision applies this rule first.
    pub fn pending(&self) -> Result<SubmissionKind, SubmissionError> {
        let filed = self.filed()?;
        match filed.review {
            Review::Pending => Ok(filed.what.kind()),
            ref done => Err(SubmissionError::AlreadyDecided(done.status())),
        }
    }
}

impl Aggregate for Submission {
    const TYPE: &'static str = "submission";
    type Command = SubmissionCommand;
    type Event = SubmissionEvent;
    type Error = SubmissionError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &cqrs_es::event_sink::EventSink<Self>,
    ) -> Result<(), Self::Error> {
        let event = match command {
            SubmissionCommand::ProposeArtwork(p) => {
                if self.filing().is_some() {
                    return Err(SubmissionError::AlreadySubmitted);
                }
                if p.photos.is_empty() {
                    return Err(SubmissionError::PhotoRequired);
                }
                Self::check_photos(&p.photos)?;
                if p.artist_names.len() > MAX_PROPOSED_ARTISTS {
                    return Err(SubmissionError::TooManyArtists);
                }
                SubmissionEvent::ArtworkProposed(p)
            }
            SubmissionCommand::LogVisit(v) => {
                if self.filing().is_some() {
                    return Err(SubmissionError::AlreadySubmitted);
                }
                if v.photos.is_empty() && v.note.is_none() {
                    return Err(SubmissionError::EmptyVisit);
                }
                Self::check_photos(&v.photos)?;
                SubmissionEvent::VisitLogged(v)
            }
            SubmissionCommand::ProposeArtworkEdit(e) => {
                if self.filing().is_some() {
                    return Err(SubmissionError::AlreadySubmitted);
                }
                check_changes(
                    e.edits.len(),
                    e.edits.iter().any(FieldEdit::changes_nothing),
                    e.edits.iter().map(FieldEdit::field_name),
                )?;
                SubmissionEvent::ArtworkEditProposed(e)
            }
            SubmissionCommand::ProposeArtistEdit(e) => {
                if self.filing().is_some() {
                    return Err(SubmissionError::AlreadySubmitted);
                }
                check_changes(
                    e.edits.len(),
                    e.edits.iter().any(ArtistFieldEdit::changes_nothing),
                    e.edits.iter().map(|c| c.field_name().to_owned()),
                )?;
                if e.new_artist {
                    if !e.edits.iter().all(ArtistFieldEdit::is_from_unset) {
                        return Err(SubmissionError::NotNew);
                    }
                    if !e
                        .edits
                        .iter()
                        .any(|c| matches!(c, ArtistFieldEdit::Name { .. }))
                    {
                        return Err(SubmissionError::NameRequired);
                    }
                }
                SubmissionEvent::ArtistEditProposed(e)
            }
            SubmissionCommand::Approve {
                reviewer,
                reviewer_identities,
                approval,
            } => {
                let kind = self.pending()?;
                let filed = self.filed()?;
                let author = filed.what.submitter();
                if author == ActorId::from(reviewer) || reviewer_identities.contains(&author) {
                    return Err(SubmissionError::OwnSubmission);
                }
                if let (
                    Filing::ArtistEdit(e),
                    Approval::ApplyEdit {
                        fields,
                        overwrite_stale,
                    },
                ) = (&filed.what, &approval)
                {
                    let applied = chosen(filed.what.edited_fields(), fields)?;
                    if e.new_artist && !applied.iter().any(|f| f == "name") {
                        return Err(SubmissionError::NameRequired);
                    }
                    sink.write(
                        SubmissionEvent::ArtistEditApproved {
                            reviewer,
                            artist_id: e.artist_id,
                            applied,
                            overwrite_stale: *overwrite_stale,
                        },
                        self,
                    )
                    .await;
                    return Ok(());
                }
                let mut applied = None;
                let mut overwrite = false;
                let (artwork_id, outcome, location_override, fields) = match (approval, kind) {
                    (
                        Approval::ApplyEdit {
                            fields,
                            overwrite_stale,
                        },
                        SubmissionKind::ArtworkEdit,
                    ) => {
                        let Filing::Edit(e) = &filed.what else {
                            return Err(SubmissionError::NotFound);
                        };
                        applied = Some(chosen(filed.what.edited_fields(), &fields)?);
                        overwrite = overwrite_stale;
                        (e.artwork_id, ApprovalOutcome::Edited, None, None)
                    }
                    (
                        Approval::CreateArtwork { artwork_id, fields },
                        SubmissionKind::NewArtwork,
                    ) => (artwork_id, ApprovalOutcome::Created, None, Some(fields)),
                    (
                        Approval::LinkArtwork {
                            artwork_id,
                            location_override,
                        },
                        SubmissionKind::NewArtwork,
                    ) => (artwork_id, ApprovalOutcome::Linked, location_override, None),
                    (Approval::LogVisit, SubmissionKind::Logbook) => (
                        match &filed.what {
                            Filing::Visit(v) => v.artwork_id,
                            _ => return Err(SubmissionError::NotFound),
                        },
                        ApprovalOutcome::Logged,
                        None,
                        None,
                    ),
                    _ => return Err(SubmissionError::WrongApproval(kind)),
                };
                SubmissionEvent::SubmissionApproved {
                    reviewer,
                    artwork_id,
                    outcome,
                    location_override,
                    fields,
                    applied,
                    overwrite_stale: overwrite,
                }
            }
            SubmissionCommand::Reject { reviewer, reason } => {
                self.pending()?;
                SubmissionEvent::SubmissionRejected { reviewer, reason }
            }
            SubmissionCommand::Withdraw { identities } => {
                self.pending()?;
                let author = self.filed()?.what.submitter();
                if !identities.contains(&author) {
                    return Err(SubmissionError::NotAuthor);
                }
                SubmissionEvent::SubmissionWithdrawn { by: author }
            }
            SubmissionCommand::ErasePhotoMetadata { identities } => {
                let filed = self.filed()?;
                let author = filed.what.submitter();
                if !identities.contains(&author) {
                    return Err(SubmissionError::NotAuthor);
                }
                if filed.photo_metadata_erased {
                    return Ok(());
                }
                SubmissionEvent::PhotoMetadataErased { by: author }
            }
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        let what = match event {
            SubmissionEvent::ArtworkProposed(p) => Filing::Proposal(p),
            SubmissionEvent::VisitLogged(v) => Filing::Visit(v),
            SubmissionEvent::ArtworkEditProposed(e) => Filing::Edit(e),
            SubmissionEvent::ArtistEditProposed(e) => Filing::ArtistEdit(e),
            decided => {
                // Every later event is about a filed submission.
                if let Submission::Filed(filed) = self {
                    filed.apply(decided);
                }
                return;
            }
        };
        *self = Submission::Filed(Box::new(Filed {
            what,
            review: Review::Pending,
            photo_metadata_erased: false,
        }));
    }
}

impl Filed {
    fn apply(&mut self, event: SubmissionEvent) {
        match event {
            SubmissionEvent::ArtworkProposed(_)
            | SubmissionEvent::VisitLogged(_)
            | SubmissionEvent::ArtworkEditProposed(_)
            | SubmissionEvent::ArtistEditProposed(_) => {}
            SubmissionEvent::SubmissionApproved {
                artwork_id,
                outcome,
                location_override,
                fields,
                applied,
                overwrite_stale,
                ..
            } => {
                self.review = Review::Approved {
                    artwork_id,
                    approval: RecordedApproval {
                        outcome,
                        location_override,
                        fields,
                        applied,
                        overwrite_stale,
                    },
                };
            }
            SubmissionEvent::ArtistEditApproved {
                artist_id,
                applied,
                overwrite_stale,
                ..
            } => {
                self.review = Review::ArtistApproved {
                    artist_id,
                    applied,
                    overwrite_stale,
                };
            }
            SubmissionEvent::SubmissionRejected { .. } => self.review = Review::Rejected,
            SubmissionEvent::SubmissionWithdrawn { .. } => self.review = Review::Withdrawn,
            SubmissionEvent::PhotoMetadataErased { .. } => self.photo_metadata_erased = true,
        }
    }
}

/// The rules every proposal of field changes follows: at least one change, each changing
/// something, at most [`MAX_EDITS`], each field once.
fn check_changes(
    count: usize,
    any_idle: bool,
    names: impl Iterator<Item = String>,
) -> Result<(), SubmissionError> {
    if count == 0 || any_idle {
        return Err(SubmissionError::EmptyEdit);
    }
    if count > MAX_EDITS {
        return Err(SubmissionError::TooManyEdits);
    }
    let mut seen = std::collections::HashSet::new();
    for name in names {
        if !seen.insert(name.clone()) {
            return Err(SubmissionError::DuplicateField(name));
        }
    }
    Ok(())
}

/// The fields an approval applies, in the edit's order, once each: `fields` must be some of the
/// edit's `names`.
fn chosen(names: Vec<String>, fields: &[String]) -> Result<Vec<String>, SubmissionError> {
    if fields.is_empty() {
        return Err(SubmissionError::NoFieldChosen);
    }
    if let Some(f) = fields.iter().find(|f| !names.contains(f)) {
        return Err(SubmissionError::NotInEdit(f.clone()));
    }
    Ok(names.into_iter().filter(|n| fields.contains(n)).collect())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use uuid::Uuid;

    /// The reviewer's approval, as `reviewer()` (the author's identities not among theirs).
    fn approve(approval: Approval) -> SubmissionCommand {
        SubmissionCommand::Approve {
            reviewer: reviewer(),
            reviewer_identities: vec![reviewer().into()],
            approval,
        }
    }

    /// A new artwork as `edited()` says.
    fn create_as_edited() -> Approval {
        Approval::CreateArtwork {
            artwork_id: ArtworkId::new(),
            fields: Box::new(edited()),
        }
    }
    use crate::photo::{ExifSummary, PhotoKey};
    use cqrs_es::test::TestFramework;
    use std::collections::BTreeMap;

    type Harness = TestFramework<Submission>;

    fn photo() -> Photo {
        Photo {
            key: PhotoKey::new(),
            width: 4000,
            height: 3000,
            exif: ExifSummary {
                latitude: Some(49.2827),
                longitude: Some(-123.1207),
                ..ExifSummary::default()
            },
        }
    }

    fn author() -> ActorId {
        ActorId(Uuid::from_u128(7))
    }

    fn proposal() -> NewArtworkProposal {
        NewArtworkProposal {
            submitter: author(),
            location: Location::parse(49.2827, -123.1207).unwrap(),
            title: Some(Title::parse("Digital Orca").unwrap()),
            description: None,
            artwork_type: ArtworkType::Sculpture,
            tags: Tags::parse(BTreeMap::from([("material".into(), "metal".into())])).unwrap(),
            artist_names: vec![PersonName::parse("Douglas Coupland").unwrap()],
            note: Note::parse("Next to the convention centre").unwrap(),
            photos: vec![photo()],
        }
    }

    fn visit() -> VisitReport {
        VisitReport {
            submitter: author(),
            artwork_id: ArtworkId(Uuid::from_u128(42)),
            location: Location::parse(49.2827, -123.1207).unwrap(),
            condition: Some(Condition::Good),
            note: Note::parse("Freshly cleaned").unwrap(),
            photos: vec![photo()],
            visited_at: chrono::DateTime::from_timestamp(1_700_000_000, 0).unwrap(),
        }
    }

    fn proposed(p: &NewArtworkProposal) -> SubmissionEvent {
        SubmissionEvent::ArtworkProposed(Box::new(p.clone()))
    }

    fn reviewer() -> AccountId {
        AccountId(Uuid::from_u128(99))
    }

    /// The proposal as a moderator approved it, retitled and moved.
    fn edited() -> ApprovedFields {
        ApprovedFields {
            title: Title::parse("Digital Orca (1)").unwrap(),
            description: Some(LongText::parse("Pixelated whale").unwrap()),
            artwork_type: ArtworkType::Sculpture,
            location: Location::parse(49.2890, -123.1170).unwrap(),
            tags: Tags::default(),
        }
    }

    /// The submission's state after `events`.
    fn state(events: Vec<SubmissionEvent>) -> Submission {
        let mut s = Submission::default();
        for e in events {
            s.apply(e);
        }
        s
    }

    fn approved(id: ArtworkId, outcome: ApprovalOutcome) -> SubmissionEvent {
        SubmissionEvent::SubmissionApproved {
            reviewer: reviewer(),
            artwork_id: id,
            outcome,
            location_override: None,
            fields: None,
            applied: None,
            overwrite_stale: false,
        }
    }

    // ---- ProposeArtwork

    #[tokio::test]
    async fn proposing_an_artwork_records_it_pending() {
        let p = proposal();
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::ProposeArtwork(Box::new(p.clone())))
            .await
            .then_expect_events(vec![proposed(&p)]);
    }

    #[tokio::test]
    async fn a_proposal_without_photos_is_refused() {
        let mut p = proposal();
        p.photos.clear();
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::ProposeArtwork(Box::new(p)))
            .await
            .then_expect_error(SubmissionError::PhotoRequired);
    }

    #[tokio::test]
    async fn a_proposal_with_eleven_photos_is_refused() {
        let mut p = proposal();
        p.photos = (0..=MAX_PHOTOS_PER_SUBMISSION).map(|_| photo()).collect();
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::ProposeArtwork(Box::new(p)))
            .await
            .then_expect_error(SubmissionError::TooManyPhotos);
    }

    #[tokio::test]
    async fn a_proposal_with_the_same_photo_twice_is_refused() {
        let mut p = proposal();
        p.photos.push(p.photos[0].clone());
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::ProposeArtwork(Box::new(p)))
            .await
            .then_expect_error(SubmissionError::DuplicatePhoto);
    }

    #[tokio::test]
    async fn a_proposal_naming_too_many_artists_is_refused() {
        let mut p = proposal();
        p.artist_names = (0..=MAX_PROPOSED_ARTISTS)
            .map(|i| PersonName::parse(&format!("Artist {i}")).unwrap())
            .collect();
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::ProposeArtwork(Box::new(p)))
            .await
            .then_expect_error(SubmissionError::TooManyArtists);
    }

    #[tokio::test]
    async fn a_submission_id_cannot_be_used_twice() {
        let p = proposal();
        Harness::with(())
            .given(vec![proposed(&p)])
            .when_async(SubmissionCommand::ProposeArtwork(Box::new(p)))
            .await
            .then_expect_error(SubmissionError::AlreadySubmitted);
    }

    // ---- LogVisit

    #[tokio::test]
    async fn logging_a_visit_records_it_pending() {
        let v = visit();
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::LogVisit(Box::new(v.clone())))
            .await
            .then_expect_events(vec![SubmissionEvent::VisitLogged(Box::new(v))]);
    }

    #[tokio::test]
    async fn a_visit_with_only_a_note_is_accepted() {
        let mut v = visit();
        v.photos.clear();
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::LogVisit(Box::new(v.clone())))
            .await
            .then_expect_events(vec![SubmissionEvent::VisitLogged(Box::new(v))]);
    }

    #[tokio::test]
    async fn a_visit_without_photo_or_note_is_refused() {
        let mut v = visit();
        v.photos.clear();
        v.note = None;
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::LogVisit(Box::new(v)))
            .await
            .then_expect_error(SubmissionError::EmptyVisit);
    }

    #[tokio::test]
    async fn a_visit_with_eleven_photos_is_refused() {
        let mut v = visit();
        v.photos = (0..=MAX_PHOTOS_PER_SUBMISSION).map(|_| photo()).collect();
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::LogVisit(Box::new(v)))
            .await
            .then_expect_error(SubmissionError::TooManyPhotos);
    }

    #[tokio::test]
    async fn a_visit_cannot_reuse_a_submission_id() {
        let v = visit();
        Harness::with(())
            .given(vec![proposed(&proposal())])
            .when_async(SubmissionCommand::LogVisit(Box::new(v)))
            .await
            .then_expect_error(SubmissionError::AlreadySubmitted);
    }

    // ---- Approve

    #[tokio::test]
    async fn approving_a_proposal_as_new_names_the_new_artwork() {
        let id = ArtworkId(Uuid::from_u128(5));
        Harness::with(())
            .given(vec![proposed(&proposal())])
            .when_async(SubmissionCommand::Approve {
                reviewer: reviewer(),
                reviewer_identities: vec![reviewer().into()],
                approval: Approval::CreateArtwork {
                    artwork_id: id,
                    fields: Box::new(edited()),
                },
            })
            .await
            .then_expect_events(vec![SubmissionEvent::SubmissionApproved {
                reviewer: reviewer(),
                artwork_id: id,
                outcome: ApprovalOutcome::Created,
                location_override: None,
                fields: Some(Box::new(edited())),
                applied: None,
                overwrite_stale: false,
            }]);
    }

    #[tokio::test]
    async fn approving_a_proposal_as_a_known_artwork_links_it() {
        let id = ArtworkId(Uuid::from_u128(6));
        let moved = Some(Location::parse(49.28, -123.12).unwrap());
        Harness::with(())
            .given(vec![proposed(&proposal())])
            .when_async(SubmissionCommand::Approve {
                reviewer: reviewer(),
                reviewer_identities: vec![reviewer().into()],
                approval: Approval::LinkArtwork {
                    artwork_id: id,
                    location_override: moved,
                },
            })
            .await
            .then_expect_events(vec![SubmissionEvent::SubmissionApproved {
                reviewer: reviewer(),
                artwork_id: id,
                outcome: ApprovalOutcome::Linked,
                location_override: moved,
                fields: None,
                applied: None,
                overwrite_stale: false,
            }]);
    }

    #[tokio::test]
    async fn approving_a_visit_logs_it_to_its_artwork() {
        let v = visit();
        Harness::with(())
            .given(vec![SubmissionEvent::VisitLogged(Box::new(v.clone()))])
            .when_async(approve(Approval::LogVisit))
            .await
            .then_expect_events(vec![SubmissionEvent::SubmissionApproved {
                reviewer: reviewer(),
                artwork_id: v.artwork_id,
                outcome: ApprovalOutcome::Logged,
                location_override: None,
                fields: None,
                applied: None,
                overwrite_stale: false,
            }]);
    }

    #[tokio::test]
    async fn approve_fails_when_the_reviewer_speaks_for_the_author() {
        // The author signed in later as a moderator: the anonymous identity is now theirs.
        Harness::with(())
            .given(vec![proposed(&proposal())])
            .when_async(SubmissionCommand::Approve {
                reviewer: reviewer(),
                reviewer_identities: vec![reviewer().into(), author()],
                approval: Approval::LinkArtwork {
                    artwork_id: ArtworkId::new(),
                    location_override: None,
                },
            })
            .await
            .then_expect_error(SubmissionError::OwnSubmission);
    }

    #[tokio::test]
    async fn approve_fails_when_the_reviewer_is_the_author() {
        Harness::with(())
            .given(vec![SubmissionEvent::VisitLogged(Box::new(visit()))])
            .when_async(SubmissionCommand::Approve {
                reviewer: AccountId(author().0),
                reviewer_identities: vec![],
                approval: Approval::LogVisit,
            })
            .await
            .then_expect_error(SubmissionError::OwnSubmission);
    }

    #[tokio::test]
    async fn a_visit_cannot_be_approved_as_a_new_artwork() {
        Harness::with(())
            .given(vec![SubmissionEvent::VisitLogged(Box::new(visit()))])
            .when_async(approve(create_as_edited()))
            .await
            .then_expect_error(SubmissionError::WrongApproval(SubmissionKind::Logbook));
    }

    #[tokio::test]
    async fn a_proposal_cannot_be_approved_as_a_visit() {
        Harness::with(())
            .given(vec![proposed(&proposal())])
            .when_async(approve(Approval::LogVisit))
            .await
            .then_expect_error(SubmissionError::WrongApproval(SubmissionKind::NewArtwork));
    }

    #[tokio::test]
    async fn approving_twice_is_refused() {
        let id = ArtworkId(Uuid::from_u128(5));
        Harness::with(())
            .given(vec![
                proposed(&proposal()),
                SubmissionEvent::SubmissionApproved {
                    reviewer: reviewer(),
                    artwork_id: id,
                    outcome: ApprovalOutcome::Created,
                    location_override: None,
                    fields: None,
                    applied: None,
                    overwrite_stale: false,
                },
            ])
            .when_async(approve(create_as_edited()))
            .await
            .then_expect_error(SubmissionError::AlreadyDecided(SubmissionStatus::Approved));
    }

    #[tokio::test]
    async fn approving_a_submission_that_does_not_exist_is_refused() {
        Harness::with(())
            .given_no_previous_events()
            .when_async(approve(Approval::LogVisit))
            .await
            .then_expect_error(SubmissionError::NotFound);
    }

    // ---- Reject

    #[tokio::test]
    async fn rejecting_records_the_reason() {
        let reason = Reason::parse("Not public art").unwrap();
        Harness::with(())
            .given(vec![proposed(&proposal())])
            .when_async(SubmissionCommand::Reject {
                reviewer: reviewer(),
                reason: reason.clone(),
            })
            .await
            .then_expect_events(vec![SubmissionEvent::SubmissionRejected {
                reviewer: reviewer(),
                reason,
            }]);
    }

    #[tokio::test]
    async fn rejecting_a_rejected_submission_is_refused() {
        let reason = Reason::parse("Blurry").unwrap();
        Harness::with(())
            .given(vec![
                proposed(&proposal()),
                SubmissionEvent::SubmissionRejected {
                    reviewer: reviewer(),
                    reason: reason.clone(),
                },
            ])
            .when_async(SubmissionCommand::Reject {
                reviewer: reviewer(),
                reason,
            })
            .await
            .then_expect_error(SubmissionError::AlreadyDecided(SubmissionStatus::Rejected));
    }

    #[tokio::test]
    async fn rejecting_a_withdrawn_submission_is_refused() {
        Harness::with(())
            .given(vec![
                proposed(&proposal()),
                SubmissionEvent::SubmissionWithdrawn { by: author() },
            ])
            .when_async(SubmissionCommand::Reject {
                reviewer: reviewer(),
                reason: Reason::parse("Duplicate").unwrap(),
            })
            .await
            .then_expect_error(SubmissionError::AlreadyDecided(SubmissionStatus::Withdrawn));
    }

    #[test]
    fn reasons_are_required_and_bounded() {
        assert_eq!(Reason::parse("  "), Err(SubmissionError::ReasonRequired));
        assert_eq!(
            Reason::parse(&"x".repeat(MAX_REASON_CHARS + 1)),
            Err(SubmissionError::ReasonTooLong)
        );
        assert_eq!(Reason::parse(" Blurry ").unwrap().as_str(), "Blurry");
    }

    #[test]
    fn notes_are_optional_and_bounded() {
        assert_eq!(Note::parse("   "), Ok(None));
        assert_eq!(
            Note::parse(&"x".repeat(MAX_NOTE_CHARS + 1)),
            Err(NoteTooLong)
        );
    }

    // ---- Withdraw

    #[tokio::test]
    async fn its_author_can_withdraw_a_pending_submission() {
        Harness::with(())
            .given(vec![proposed(&proposal())])
            .when_async(SubmissionCommand::Withdraw {
                identities: vec![ActorId(Uuid::from_u128(1)), author()],
            })
            .await
            .then_expect_events(vec![SubmissionEvent::SubmissionWithdrawn { by: author() }]);
    }

    #[tokio::test]
    async fn someone_else_cannot_withdraw_it() {
        Harness::with(())
            .given(vec![proposed(&proposal())])
            .when_async(SubmissionCommand::Withdraw {
                identities: vec![ActorId(Uuid::from_u128(1))],
            })
            .await
            .then_expect_error(SubmissionError::NotAuthor);
    }

    #[tokio::test]
    async fn a_decided_submission_cannot_be_withdrawn() {
        let id = ArtworkId(Uuid::from_u128(5));
        Harness::with(())
            .given(vec![
                proposed(&proposal()),
                SubmissionEvent::SubmissionApproved {
                    reviewer: reviewer(),
                    artwork_id: id,
                    outcome: ApprovalOutcome::Created,
                    location_override: None,
                    fields: None,
                    applied: None,
                    overwrite_stale: false,
                },
            ])
            .when_async(SubmissionCommand::Withdraw {
                identities: vec![author()],
            })
            .await
            .then_expect_error(SubmissionError::AlreadyDecided(SubmissionStatus::Approved));
    }

    // ---- ErasePhotoMetadata

    #[tokio::test]
    async fn its_author_can_erase_the_photo_metadata_even_after_approval() {
        Harness::with(())
            .given(vec![
                proposed(&proposal()),
                SubmissionEvent::SubmissionApproved {
                    reviewer: reviewer(),
                    artwork_id: ArtworkId(Uuid::from_u128(5)),
                    outcome: ApprovalOutcome::Created,
                    location_override: None,
                    fields: None,
                    applied: None,
                    overwrite_stale: false,
                },
            ])
            .when_async(SubmissionCommand::ErasePhotoMetadata {
                identities: vec![author()],
            })
            .await
            .then_expect_events(vec![SubmissionEvent::PhotoMetadataErased { by: author() }]);
    }

    #[tokio::test]
    async fn erasing_the_photo_metadata_twice_records_nothing_more() {
        Harness::with(())
            .given(vec![
                proposed(&proposal()),
                SubmissionEvent::PhotoMetadataErased { by: author() },
            ])
            .when_async(SubmissionCommand::ErasePhotoMetadata {
                identities: vec![author()],
            })
            .await
            .then_expect_events(vec![]);
    }

    #[tokio::test]
    async fn someone_else_cannot_erase_the_photo_metadata() {
        Harness::with(())
            .given(vec![proposed(&proposal())])
            .when_async(SubmissionCommand::ErasePhotoMetadata {
                identities: vec![reviewer().into()],
            })
            .await
            .then_expect_error(SubmissionError::NotAuthor);
    }

    #[tokio::test]
    async fn erasing_the_metadata_of_no_submission_fails() {
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::ErasePhotoMetadata {
                identities: vec![author()],
            })
            .await
            .then_expect_error(SubmissionError::NotFound);
    }

    // ---- The approval's effect

    #[test]
    fn an_approval_as_new_creates_the_artwork_as_edited_with_the_proposals_photos() {
        let p = proposal();
        let sid = SubmissionId(Uuid::from_u128(1));
        let aid = ArtworkId(Uuid::from_u128(5));
        let s = state(vec![
            proposed(&p),
            SubmissionEvent::SubmissionApproved {
                reviewer: reviewer(),
                artwork_id: aid,
                outcome: ApprovalOutcome::Created,
                location_override: None,
                fields: Some(Box::new(edited())),
                applied: None,
                overwrite_stale: false,
            },
        ]);
        let e = edited();
        assert_eq!(
            s.approval_effect(sid),
            Some(ApprovalEffect::Create {
                artwork_id: aid,
                artwork: Box::new(ApprovedArtwork {
                    submission_id: sid,
                    title: e.title,
                    description: e.description,
                    artwork_type: e.artwork_type,
                    location: e.location,
                    tags: e.tags,
                    artist_ids: vec![],
                    photos: p.photos.clone(),
                }),
                artist_names: p.artist_names.clone(),
            })
        );
    }

    #[test]
    fn an_approval_recorded_without_fields_creates_the_proposal_as_submitted() {
        let p = proposal();
        let aid = ArtworkId(Uuid::from_u128(5));
        let s = state(vec![proposed(&p), approved(aid, ApprovalOutcome::Created)]);
        let Some(ApprovalEffect::Create { artwork, .. }) =
            s.approval_effect(SubmissionId(Uuid::from_u128(1)))
        else {
            panic!("no create effect");
        };
        assert_eq!(Some(artwork.title), p.title);
        assert_eq!(artwork.location, p.location);
        assert_eq!(artwork.tags, p.tags);
    }

    #[test]
    fn a_link_moves_the_known_artwork_only_when_the_moderator_said_so() {
        let p = proposal();
        let sid = SubmissionId(Uuid::from_u128(1));
        let aid = ArtworkId(Uuid::from_u128(6));
        let moved = Some(Location::parse(49.28, -123.12).unwrap());
        let s = state(vec![
            proposed(&p),
            SubmissionEvent::SubmissionApproved {
                reviewer: reviewer(),
                artwork_id: aid,
                outcome: ApprovalOutcome::Linked,
                location_override: moved,
                fields: None,
                applied: None,
                overwrite_stale: false,
            },
        ]);
        assert_eq!(
            s.approval_effect(sid),
            Some(ApprovalEffect::Link {
                artwork_id: aid,
                submission_id: sid,
                photos: p.photos.clone(),
                location: moved,
            })
        );
    }

    #[test]
    fn an_approved_visit_goes_into_its_artworks_logbook() {
        let v = visit();
        let sid = SubmissionId(Uuid::from_u128(1));
        let s = state(vec![
            SubmissionEvent::VisitLogged(Box::new(v.clone())),
            approved(v.artwork_id, ApprovalOutcome::Logged),
        ]);
        assert_eq!(
            s.approval_effect(sid),
            Some(ApprovalEffect::Visit {
                artwork_id: v.artwork_id,
                visit: Box::new(Visit {
                    submission_id: sid,
                    visitor: v.submitter,
                    condition: v.condition,
                    note: v.note.clone(),
                    photos: v.photos.clone(),
                    visited_at: v.visited_at,
                }),
            })
        );
    }

    #[test]
    fn only_an_approved_submission_has_an_effect() {
        let sid = SubmissionId(Uuid::from_u128(1));
        assert_eq!(
            state(vec![proposed(&proposal())]).approval_effect(sid),
            None
        );
        let rejected = state(vec![
            proposed(&proposal()),
            SubmissionEvent::SubmissionRejected {
                reviewer: reviewer(),
                reason: Reason::parse("Blurry").unwrap(),
            },
        ]);
        assert_eq!(rejected.approval_effect(sid), None);
    }

    #[test]
    fn approvals_stored_before_fields_were_kept_still_read() {
        let aid = ArtworkId(Uuid::from_u128(5));
        let old = serde_json::json!({"SubmissionApproved": {
            "reviewer": reviewer(), "artwork_id": aid, "outcome": "created",
            "location_override": null
        }});
        assert_eq!(
            serde_json::from_value::<SubmissionEvent>(old).unwrap(),
            approved(aid, ApprovalOutcome::Created)
        );
    }

    #[test]
    fn stored_event_shapes_are_stable() {
        let id = ArtworkId(Uuid::from_u128(5));
        let e = SubmissionEvent::SubmissionApproved {
            reviewer: reviewer(),
            artwork_id: id,
            outcome: ApprovalOutcome::Linked,
            location_override: None,
            fields: None,
            applied: None,
            overwrite_stale: false,
        };
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["SubmissionApproved"]["outcome"], "linked");
        assert_eq!(v["SubmissionApproved"]["artwork_id"], id.to_string());
        assert_eq!(serde_json::from_value::<SubmissionEvent>(v).unwrap(), e);

        let p = proposed(&proposal());
        assert_eq!(p.event_type(), "ArtworkProposed");
        let v = serde_json::to_value(&p).unwrap();
        assert_eq!(v["ArtworkProposed"]["artwork_type"], "sculpture");
        assert_eq!(v["ArtworkProposed"]["artist_names"][0], "Douglas Coupland");
        assert_eq!(serde_json::from_value::<SubmissionEvent>(v).unwrap(), p);
    }

    fn edit_proposal(edits: Vec<FieldEdit>) -> ArtworkEditProposal {
        ArtworkEditProposal {
            submitter: author(),
            artwork_id: ArtworkId(Uuid::from_u128(42)),
            edits,
            note: None,
        }
    }

    fn two_changes() -> Vec<FieldEdit> {
        vec![
            FieldEdit::Title {
                old: Title::parse("Solo").unwrap(),
                new: Title::parse("Solo II").unwrap(),
            },
            FieldEdit::Description {
                old: Some(LongText::parse("Old words").unwrap()),
                new: None,
            },
        ]
    }

    fn edit_proposed() -> SubmissionEvent {
        SubmissionEvent::ArtworkEditProposed(Box::new(edit_proposal(two_changes())))
    }

    fn apply(fields: &[&str]) -> Approval {
        Approval::ApplyEdit {
            fields: fields.iter().map(|f| (*f).to_owned()).collect(),
            overwrite_stale: false,
        }
    }

    #[tokio::test]
    async fn an_edit_is_proposed_with_its_changes() {
        let e = edit_proposal(two_changes());
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::ProposeArtworkEdit(Box::new(e.clone())))
            .await
            .then_expect_events(vec![SubmissionEvent::ArtworkEditProposed(Box::new(e))]);
    }

    #[tokio::test]
    async fn an_empty_or_idle_edit_is_refused() {
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::ProposeArtworkEdit(Box::new(
                edit_proposal(vec![]),
            )))
            .await
            .then_expect_error(SubmissionError::EmptyEdit);
        let same = FieldEdit::Title {
            old: Title::parse("Solo").unwrap(),
            new: Title::parse("Solo").unwrap(),
        };
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::ProposeArtworkEdit(Box::new(
                edit_proposal(vec![same]),
            )))
            .await
            .then_expect_error(SubmissionError::EmptyEdit);
    }

    #[tokio::test]
    async fn an_edit_changing_a_field_twice_is_refused() {
        let mut changes = two_changes();
        changes.push(changes[0].clone());
        Harness::with(())
            .given_no_previous_events()
            .when_async(SubmissionCommand::ProposeArtworkEdit(Box::new(
                edit_proposal(changes),
            )))
            .await
            .then_expect_error(SubmissionError::DuplicateField("title".into()));
    }

    #[tokio::test]
    async fn an_edit_is_approved_for_some_of_its_fields() {
        Harness::with(())
            .given(vec![edit_proposed()])
            .when_async(approve(apply(&["description"])))
            .await
            .then_expect_events(vec![SubmissionEvent::SubmissionApproved {
                reviewer: reviewer(),
                artwork_id: ArtworkId(Uuid::from_u128(42)),
                outcome: ApprovalOutcome::Edited,
                location_override: None,
                fields: None,
                applied: Some(vec!["description".into()]),
                overwrite_stale: false,
            }]);
        let s = state(vec![
            edit_proposed(),
            SubmissionEvent::SubmissionApproved {
                reviewer: reviewer(),
                artwork_id: ArtworkId(Uuid::from_u128(42)),
                outcome: ApprovalOutcome::Edited,
                location_override: None,
                fields: None,
                applied: Some(vec!["description".into()]),
                overwrite_stale: false,
            },
        ]);
        let id = SubmissionId(Uuid::from_u128(1));
        assert_eq!(
            s.approval_effect(id),
            Some(ApprovalEffect::Edit {
                artwork_id: ArtworkId(Uuid::from_u128(42)),
                submission_id: id,
                edits: vec![two_changes()[1].clone()],
                overwrite_stale: false,
            })
        );
    }

    #[tokio::test]
    async fn an_edit_approval_must_choose_fields_of_the_edit() {
        Harness::with(())
            .given(vec![edit_proposed()])
            .when_async(approve(apply(&[])))
            .await
            .then_expect_error(SubmissionError::NoFieldChosen);
        Harness::with(())
            .given(vec![edit_proposed()])
            .when_async(approve(apply(&["tag:year"])))
            .await
            .then_expect_error(SubmissionError::NotInEdit("tag:year".into()));
        Harness::with(())
            .given(vec![edit_proposed()])
            .when_async(approve(Approval::LogVisit))
            .await
            .then_expect_error(SubmissionError::WrongApproval(SubmissionKind::ArtworkEdit));
    }

    #[tokio::test]
    async fn an_edit_is_decided_once() {
        Harness::with(())
            .given(vec![
                edit_proposed(),
                SubmissionEvent::SubmissionRejected {
                    reviewer: reviewer(),
                    reason: Reason::parse("Not a better title").unwrap(),
                },
            ])
            .when_async(approve(apply(&["title"])))
            .await
            .then_expect_error(SubmissionError::AlreadyDecided(SubmissionStatus::Rejected));
    }

    fn artist_proposal(
        new_artist: bool,
        edits: &[(&str, serde_json::Value, serde_json::Value)],
    ) -> ArtistEditProposal {
        ArtistEditProposal {
            submitter: author(),
            artist_id: ArtistId(Uuid::from_u128(43)),
            edits: edits
                .iter()
                .map(|(f, old, new)| ArtistFieldEdit::parse(f, old, new).unwrap())
                .collect(),
            note: None,
            new_artist,
        }
    }

    fn artist_edit() -> ArtistEditProposal {
        use serde_json::json;
        artist_proposal(
            false,
            &[
                ("biography", json!("Old words"), json!("New words")),
                ("website", json!("https://old.example"), json!(null)),
            ],
        )
    }

    fn new_artist() -> ArtistEditProposal {
        use serde_json::json;
        artist_proposal(
            true,
            &[
                ("name", json!(null), json!("Jane Doe")),
                ("birth_year", json!(null), json!(1950)),
            ],
        )
    }

    fn propose_artist(p: ArtistEditProposal) -> SubmissionCommand {
        SubmissionCommand::ProposeArtistEdit(Box::new(p))
    }

    fn artist_proposed(p: ArtistEditProposal) -> SubmissionEvent {
        SubmissionEvent::ArtistEditProposed(Box::new(p))
    }

    #[tokio::test]
    async fn an_artist_edit_is_proposed_with_its_changes() {
        Harness::with(())
            .given_no_previous_events()
            .when_async(propose_artist(artist_edit()))
            .await
            .then_expect_events(vec![artist_proposed(artist_edit())]);
        assert_eq!(
            state(vec![artist_proposed(artist_edit())])
                .filing()
                .map(Filing::kind),
            Some(SubmissionKind::ArtistEdit)
        );
    }

    #[tokio::test]
    async fn an_empty_or_idle_artist_edit_is_refused() {
        use serde_json::json;
        Harness::with(())
            .given_no_previous_events()
            .when_async(propose_artist(artist_proposal(false, &[])))
            .await
            .then_expect_error(SubmissionError::EmptyEdit);
        Harness::with(())
            .given_no_previous_events()
            .when_async(propose_artist(artist_proposal(
                false,
                &[("country", json!("Peru"), json!("Peru"))],
            )))
            .await
            .then_expect_error(SubmissionError::EmptyEdit);
    }

    #[tokio::test]
    async fn a_new_artist_is_proposed_as_changes_from_nothing() {
        Harness::with(())
            .given_no_previous_events()
            .when_async(propose_artist(new_artist()))
            .await
            .then_expect_events(vec![artist_proposed(new_artist())]);
        assert_eq!(
            state(vec![artist_proposed(new_artist())])
                .filing()
                .map(Filing::kind),
            Some(SubmissionKind::NewArtist)
        );
    }

    #[tokio::test]
    async fn a_new_artist_without_a_name_or_with_old_values_is_refused() {
        use serde_json::json;
        Harness::with(())
            .given_no_previous_events()
            .when_async(propose_artist(artist_proposal(
                true,
                &[("country", json!(null), json!("Peru"))],
            )))
            .await
            .then_expect_error(SubmissionError::NameRequired);
        Harness::with(())
            .given_no_previous_events()
            .when_async(propose_artist(artist_proposal(
                true,
                &[("name", json!("Old"), json!("Jane"))],
            )))
            .await
            .then_expect_error(SubmissionError::NotNew);
    }

    #[tokio::test]
    async fn an_artist_edit_is_approved_for_some_of_its_fields() {
        let e = artist_edit();
        Harness::with(())
            .given(vec![artist_proposed(e.clone())])
            .when_async(approve(apply(&["website"])))
            .await
            .then_expect_events(vec![SubmissionEvent::ArtistEditApproved {
                reviewer: reviewer(),
                artist_id: e.artist_id,
                applied: vec!["website".into()],
                overwrite_stale: false,
            }]);
        let s = state(vec![
            artist_proposed(e.clone()),
            SubmissionEvent::ArtistEditApproved {
                reviewer: reviewer(),
                artist_id: e.artist_id,
                applied: vec!["website".into()],
                overwrite_stale: true,
            },
        ]);
        let id = SubmissionId(Uuid::from_u128(5));
        assert_eq!(
            s.approval_effect(id),
            Some(ApprovalEffect::ArtistEdit {
                artist_id: e.artist_id,
                submission_id: id,
                edits: vec![e.edits[1].clone()],
                overwrite_stale: true,
            })
        );
    }

    #[tokio::test]
    async fn an_artist_edit_approval_must_choose_fields_of_the_edit() {
        Harness::with(())
            .given(vec![artist_proposed(artist_edit())])
            .when_async(approve(apply(&[])))
            .await
            .then_expect_error(SubmissionError::NoFieldChosen);
        Harness::with(())
            .given(vec![artist_proposed(artist_edit())])
            .when_async(approve(apply(&["name"])))
            .await
            .then_expect_error(SubmissionError::NotInEdit("name".into()));
        Harness::with(())
            .given(vec![artist_proposed(artist_edit())])
            .when_async(approve(Approval::LogVisit))
            .await
            .then_expect_error(SubmissionError::WrongApproval(SubmissionKind::ArtistEdit));
    }

    #[tokio::test]
    async fn a_new_artist_cannot_be_approved_without_its_name() {
        Harness::with(())
            .given(vec![artist_proposed(new_artist())])
            .when_async(approve(apply(&["birth_year"])))
            .await
            .then_expect_error(SubmissionError::NameRequired);
    }

    #[tokio::test]
    async fn an_artist_edit_is_decided_once_and_never_by_its_author() {
        let e = artist_edit();
        let approved = SubmissionEvent::ArtistEditApproved {
            reviewer: reviewer(),
            artist_id: e.artist_id,
            applied: vec!["website".into()],
            overwrite_stale: false,
        };
        Harness::with(())
            .given(vec![artist_proposed(e.clone()), approved])
            .when_async(approve(apply(&["website"])))
            .await
            .then_expect_error(SubmissionError::AlreadyDecided(SubmissionStatus::Approved));
        Harness::with(())
            .given(vec![artist_proposed(e)])
            .when_async(SubmissionCommand::Approve {
                reviewer: reviewer(),
                reviewer_identities: vec![reviewer().into(), author()],
                approval: apply(&["website"]),
            })
            .await
            .then_expect_error(SubmissionError::OwnSubmission);
    }
}
