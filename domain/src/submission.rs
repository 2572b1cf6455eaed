//! The `Submission` aggregate: something a visitor asks the registry to record — a new artwork,
//! a visit to a known one, or an edit of a known one's fields — waiting for a moderator.
//! pending → approved | rejected | withdrawn, exactly once. Approval's effect on the artwork is
//! the `Artwork` aggregate's own events, issued by the caller with this approval as their
//! causation.
//!
//! Kept in one file on purpose: the aggregate's state, commands, events and `handle` are one
//! consistency boundary, and its rules read best side by side; its given/when/then tests are in
//! `submission_tests.rs`.

use serde::{Deserialize, Serialize};

use crate::artist_edit::ArtistFieldEdit;
use crate::artwork::ApprovedArtwork;
use crate::artwork_type::ArtworkType;
use crate::edit::{FieldChange, FieldEdit, MAX_EDITS};
use crate::geo::Location;
use crate::ids::{AccountId, ActorId, ArtistId, ArtworkId, SubmissionId};
use crate::photo::{Photo, MAX_PHOTOS_PER_SUBMISSION};
use crate::reason::ReasonError;
pub use crate::reason::{Reason, MAX_REASON_CHARS};
use crate::tags::Tags;
use crate::text::{LongText, PersonName, Title};
use crate::visit::Visit;
pub use crate::visit::{Condition, Note, NoteTooLong, MAX_NOTE_CHARS};

/// Longest rejection reason.
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

event_types!(SubmissionEvent: ArtworkProposed, VisitLogged, ArtworkEditProposed, ArtistEditProposed,
    SubmissionApproved, ArtistEditApproved, SubmissionRejected, SubmissionWithdrawn,
    PhotoMetadataErased);

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

impl From<ReasonError> for SubmissionError {
    fn from(e: ReasonError) -> Self {
        match e {
            ReasonError::Required => Self::ReasonRequired,
            ReasonError::TooLong => Self::ReasonTooLong,
        }
    }
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
            Filing::ArtistEdit(e) => e.edits.iter().map(ArtistFieldEdit::field_name).collect(),
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
                edits: applied_changes(&e.edits, applied),
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
                    edits: applied_changes(&e.edits, applied),
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

aggregate!(Submission, "submission", SubmissionCommand => SubmissionEvent, SubmissionError);

impl Submission {
    /// The events `command` records (none when it was done already), or why it is refused.
    fn decide(
        &self,
        command: SubmissionCommand,
    ) -> Result<Option<SubmissionEvent>, SubmissionError> {
        Ok(Some(match command {
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
                check_changes(&e.edits)?;
                SubmissionEvent::ArtworkEditProposed(e)
            }
            SubmissionCommand::ProposeArtistEdit(e) => {
                if self.filing().is_some() {
                    return Err(SubmissionError::AlreadySubmitted);
                }
                check_changes(&e.edits)?;
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
                    return Ok(Some(SubmissionEvent::ArtistEditApproved {
                        reviewer,
                        artist_id: e.artist_id,
                        applied,
                        overwrite_stale: *overwrite_stale,
                    }));
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
                    return Ok(None);
                }
                SubmissionEvent::PhotoMetadataErased { by: author }
            }
        }))
    }

    fn evolve(&mut self, event: SubmissionEvent) {
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
fn check_changes(changes: &[impl FieldChange]) -> Result<(), SubmissionError> {
    if changes.is_empty() || changes.iter().any(FieldChange::changes_nothing) {
        return Err(SubmissionError::EmptyEdit);
    }
    if changes.len() > MAX_EDITS {
        return Err(SubmissionError::TooManyEdits);
    }
    let mut seen = std::collections::HashSet::new();
    for name in changes.iter().map(FieldChange::field_name) {
        if !seen.insert(name.clone()) {
            return Err(SubmissionError::DuplicateField(name));
        }
    }
    Ok(())
}

/// The changes of an edit whose fields an approval applied, in the edit's order.
fn applied_changes<C: FieldChange + Clone>(changes: &[C], applied: &[String]) -> Vec<C> {
    changes
        .iter()
        .filter(|c| applied.contains(&c.field_name()))
        .cloned()
        .collect()
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
#[path = "submission_tests.rs"]
mod tests;
