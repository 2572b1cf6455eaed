//! The `Feedback` aggregate: a private note from anyone (anonymous too) about an artwork, an
//! artist or the site, worked by moderators: archived, or resolved with a note. A resolved
//! report that an artwork is missing may remove the artwork (the use case carries that out on
//! the `Artwork`, with this feedback as the evidence).

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::ids::{AccountId, ActorId};

/// Longest note, SPEC §9.
pub const MAX_NOTE_CHARS: usize = 1000;
/// Longest moderator's note on a decision.
pub const MAX_DECISION_NOTE_CHARS: usize = 1000;
/// The note the feedback dialog starts with in "missing" mode (SPEC §8).
pub const MISSING_NOTE: &str = "The artwork is missing";

/// What the feedback is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "subject_type",
    content = "subject_id",
    rename_all = "snake_case"
)]
pub enum Subject {
    Artwork(Uuid),
    Artist(Uuid),
    /// The site itself (the bottom bar's "send feedback").
    General,
}

words! {
    /// What kind of thing feedback is about.
    pub enum SubjectType {
        Artwork = "artwork",
        Artist = "artist",
        General = "general",
    }
}

impl Subject {
    pub fn kind(&self) -> &'static str {
        self.subject_type().as_str()
    }

    pub fn subject_type(&self) -> SubjectType {
        match self {
            Subject::Artwork(_) => SubjectType::Artwork,
            Subject::Artist(_) => SubjectType::Artist,
            Subject::General => SubjectType::General,
        }
    }

    pub fn id(&self) -> Option<Uuid> {
        match *self {
            Subject::Artwork(id) | Subject::Artist(id) => Some(id),
            Subject::General => None,
        }
    }

    /// From the call's `subject_type` and `subject_id`.
    pub fn parse(kind: &str, id: Option<Uuid>) -> Result<Self, FeedbackError> {
        match (kind, id) {
            ("artwork", Some(id)) => Ok(Subject::Artwork(id)),
            ("artist", Some(id)) => Ok(Subject::Artist(id)),
            ("general", None) => Ok(Subject::General),
            ("artwork" | "artist", None) => Err(FeedbackError::invalid(
                "subject_id",
                "subject_id is required",
            )),
            ("general", Some(_)) => Err(FeedbackError::invalid(
                "subject_id",
                "General feedback has no subject_id",
            )),
            _ => Err(FeedbackError::invalid(
                "subject_type",
                "subject_type must be artwork, artist or general",
            )),
        }
    }
}

words! {
    /// What feedback is about: a comment, or a report that an artwork is gone.
    pub enum IssueType {
        Comment = "comment",
        Missing = "missing",
    }
}

impl IssueType {
    /// The issue type a sender gave, or why it is not one.
    pub fn read(s: &str) -> Result<Self, FeedbackError> {
        Self::parse(s).ok_or_else(|| {
            FeedbackError::invalid("issue_type", "issue_type must be comment or missing")
        })
    }
}

words! {
    /// Where feedback stands: open until a moderator resolves or archives it.
    pub enum FeedbackStatus {
        Open = "open",
        Archived = "archived",
        Resolved = "resolved",
    }
}

/// A note: trimmed, 1 to `max` characters, line breaks kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Note(String);

impl Note {
    /// A sender's note (1–[`MAX_NOTE_CHARS`]).
    pub fn parse(s: &str) -> Result<Self, FeedbackError> {
        Self::bounded("note", s, MAX_NOTE_CHARS)
    }

    /// A moderator's note on a decision (1–[`MAX_DECISION_NOTE_CHARS`]).
    pub fn decision(s: &str) -> Result<Self, FeedbackError> {
        Self::bounded("note", s, MAX_DECISION_NOTE_CHARS)
    }

    fn bounded(field: &'static str, s: &str, max: usize) -> Result<Self, FeedbackError> {
        let v = s.trim();
        if v.is_empty() {
            return Err(FeedbackError::invalid(field, "Note is required"));
        }
        if v.chars().count() > max {
            return Err(FeedbackError::invalid(
                field,
                format!("Note must be at most {max} characters"),
            ));
        }
        Ok(Self(v.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

checked!(Note(String), FeedbackError, |s: String| {
    // Stored notes were checked when sent; a decision note's bound is the larger one.
    Self::bounded("note", &s, MAX_NOTE_CHARS.max(MAX_DECISION_NOTE_CHARS))
});

#[derive(Debug, Clone, PartialEq)]
pub enum FeedbackCommand {
    Send {
        subject: Subject,
        issue_type: IssueType,
        note: Note,
        sender: ActorId,
    },
    Archive {
        moderator: AccountId,
        note: Option<Note>,
    },
    /// `remove_artwork`: the report said the artwork is missing and the moderator confirms it;
    /// the use case removes the artwork.
    Resolve {
        moderator: AccountId,
        note: Note,
        remove_artwork: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum FeedbackEvent {
    FeedbackSent {
        #[serde(flatten)]
        subject: Subject,
        issue_type: IssueType,
        note: Note,
        sender: ActorId,
    },
    FeedbackArchived {
        moderator: AccountId,
        note: Option<Note>,
    },
    FeedbackResolved {
        moderator: AccountId,
        note: Note,
        /// The artwork this resolution removed, if it did.
        removed_artwork: Option<Uuid>,
    },
}

event_types!(FeedbackEvent: FeedbackSent, FeedbackArchived, FeedbackResolved);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FeedbackError {
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error("Feedback not found")]
    NotFound,
    #[error("This feedback was sent already")]
    AlreadySent,
    #[error("This feedback was already {0}")]
    AlreadyDecided(&'static str),
    #[error("Only a report that an artwork is missing can remove it")]
    NotAMissingArtwork,
}

impl FeedbackError {
    /// A value of the call's `field` that cannot be, and why (for people).
    fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        FeedbackError::Invalid {
            field,
            message: message.into(),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Feedback {
    pub subject: Option<Subject>,
    pub issue_type: Option<IssueType>,
    pub sender: Option<ActorId>,
    pub status: Option<FeedbackStatus>,
}

aggregate!(Feedback, "feedback", FeedbackCommand => FeedbackEvent, FeedbackError);

impl Feedback {
    /// The artwork a resolve with `remove_artwork` takes off the map: only open feedback that
    /// reports an artwork missing names one. The use case removes it before the resolve is
    /// recorded, so a resolve that fails between the two can be tried again.
    pub fn artwork_to_remove(&self, remove_artwork: bool) -> Result<Option<Uuid>, FeedbackError> {
        match self.status {
            None => return Err(FeedbackError::NotFound),
            Some(FeedbackStatus::Open) => {}
            Some(done) => return Err(FeedbackError::AlreadyDecided(done.as_str())),
        }
        if !remove_artwork {
            return Ok(None);
        }
        match (self.subject, self.issue_type) {
            (Some(Subject::Artwork(id)), Some(IssueType::Missing)) => Ok(Some(id)),
            _ => Err(FeedbackError::NotAMissingArtwork),
        }
    }

    /// The events `command` records (none when it was done already), or why it is refused.
    fn decide(&self, command: FeedbackCommand) -> Result<Option<FeedbackEvent>, FeedbackError> {
        if let FeedbackCommand::Send {
            subject,
            issue_type,
            note,
            sender,
        } = command
        {
            if self.status.is_some() {
                return Err(FeedbackError::AlreadySent);
            }
            return Ok(Some(FeedbackEvent::FeedbackSent {
                subject,
                issue_type,
                note,
                sender,
            }));
        }
        match self.status {
            None => return Err(FeedbackError::NotFound),
            Some(FeedbackStatus::Open) => {}
            Some(done) => return Err(FeedbackError::AlreadyDecided(done.as_str())),
        }
        Ok(Some(match command {
            FeedbackCommand::Send { .. } => unreachable!("handled above"),
            FeedbackCommand::Archive { moderator, note } => {
                FeedbackEvent::FeedbackArchived { moderator, note }
            }
            FeedbackCommand::Resolve {
                moderator,
                note,
                remove_artwork,
            } => {
                let removed_artwork = self.artwork_to_remove(remove_artwork)?;
                FeedbackEvent::FeedbackResolved {
                    moderator,
                    note,
                    removed_artwork,
                }
            }
        }))
    }

    fn evolve(&mut self, event: FeedbackEvent) {
        match event {
            FeedbackEvent::FeedbackSent {
                subject,
                issue_type,
                sender,
                ..
            } => {
                self.subject = Some(subject);
                self.issue_type = Some(issue_type);
                self.sender = Some(sender);
                self.status = Some(FeedbackStatus::Open);
            }
            FeedbackEvent::FeedbackArchived { .. } => {
                self.status = Some(FeedbackStatus::Archived);
            }
            FeedbackEvent::FeedbackResolved { .. } => {
                self.status = Some(FeedbackStatus::Resolved);
            }
        }
    }
}

#[cfg(test)]
#[path = "feedback_tests.rs"]
mod tests;
