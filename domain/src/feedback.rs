//! The `Feedback` aggregate: a private note from anyone (anonymous too) about an artwork, an
//! artist or the site, worked by moderators: archived, or resolved with a note. A resolved
//! report that an artwork is missing may remove the artwork (the use case carries that out on
//! the `Artwork`, with this feedback as the evidence).

use cqrs_es::{Aggregate, DomainEvent};
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

impl Subject {
    pub fn kind(&self) -> &'static str {
        match self {
            Subject::Artwork(_) => "artwork",
            Subject::Artist(_) => "artist",
            Subject::General => "general",
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
            ("artwork" | "artist", None) => Err(FeedbackError::Invalid {
                field: "subject_id",
                message: "subject_id is required".into(),
            }),
            ("general", Some(_)) => Err(FeedbackError::Invalid {
                field: "subject_id",
                message: "General feedback has no subject_id".into(),
            }),
            _ => Err(FeedbackError::Invalid {
                field: "subject_type",
                message: "subject_type must be artwork, artist or general".into(),
            }),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IssueType {
    Comment,
    Missing,
}

impl IssueType {
    pub const ALL: [IssueType; 2] = [IssueType::Comment, IssueType::Missing];

    pub fn as_str(&self) -> &'static str {
        match self {
            IssueType::Comment => "comment",
            IssueType::Missing => "missing",
        }
    }

    pub fn parse(s: &str) -> Result<Self, FeedbackError> {
        Self::ALL
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| FeedbackError::Invalid {
                field: "issue_type",
                message: "issue_type must be comment or missing".into(),
            })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FeedbackStatus {
    Open,
    Archived,
    Resolved,
}

impl FeedbackStatus {
    pub const ALL: [FeedbackStatus; 3] = [
        FeedbackStatus::Open,
        FeedbackStatus::Archived,
        FeedbackStatus::Resolved,
    ];

    pub fn as_str(&self) -> &'static str {
        match self {
            FeedbackStatus::Open => "open",
            FeedbackStatus::Archived => "archived",
            FeedbackStatus::Resolved => "resolved",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.as_str() == s)
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
            return Err(FeedbackError::Invalid {
                field,
                message: "Note is required".into(),
            });
        }
        if v.chars().count() > max {
            return Err(FeedbackError::Invalid {
                field,
                message: format!("Note must be at most {max} characters"),
            });
        }
        Ok(Self(v.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Note {
    type Error = FeedbackError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        // Stored notes were checked when sent; a decision note's bound is the larger one.
        Self::bounded("note", &s, MAX_NOTE_CHARS.max(MAX_DECISION_NOTE_CHARS))
    }
}

impl From<Note> for String {
    fn from(n: Note) -> String {
        n.0
    }
}

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

impl DomainEvent for FeedbackEvent {
    fn event_type(&self) -> String {
        match self {
            FeedbackEvent::FeedbackSent { .. } => "FeedbackSent",
            FeedbackEvent::FeedbackArchived { .. } => "FeedbackArchived",
            FeedbackEvent::FeedbackResolved { .. } => "FeedbackResolved",
        }
        .to_owned()
    }

    fn event_version(&self) -> String {
        "1".to_owned()
    }
}

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

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Feedback {
    pub subject: Option<Subject>,
    pub issue_type: Option<IssueType>,
    pub sender: Option<ActorId>,
    pub status: Option<FeedbackStatus>,
}

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

    fn event(&self, command: FeedbackCommand) -> Result<FeedbackEvent, FeedbackError> {
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
            return Ok(FeedbackEvent::FeedbackSent {
                subject,
                issue_type,
                note,
                sender,
            });
        }
        match self.status {
            None => return Err(FeedbackError::NotFound),
            Some(FeedbackStatus::Open) => {}
            Some(done) => return Err(FeedbackError::AlreadyDecided(done.as_str())),
        }
        Ok(match command {
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
        })
    }
}

impl Aggregate for Feedback {
    const TYPE: &'static str = "feedback";
    type Command = FeedbackCommand;
    type Event = FeedbackEvent;
    type Error = FeedbackError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &cqrs_es::event_sink::EventSink<Self>,
    ) -> Result<(), Self::Error> {
        let event = self.event(command)?;
        sink.write(event, self).await;
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
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
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use cqrs_es::test::TestFramework;

    type Harness = TestFramework<Feedback>;

    const ARTWORK: Uuid = Uuid::from_u128(7);

    fn sender() -> ActorId {
        ActorId(Uuid::from_u128(1))
    }

    fn moderator() -> AccountId {
        AccountId(Uuid::from_u128(2))
    }

    fn sent(subject: Subject, issue_type: IssueType) -> FeedbackEvent {
        FeedbackEvent::FeedbackSent {
            subject,
            issue_type,
            note: Note::parse(MISSING_NOTE).unwrap(),
            sender: sender(),
        }
    }

    fn missing() -> FeedbackEvent {
        sent(Subject::Artwork(ARTWORK), IssueType::Missing)
    }

    fn resolve(remove_artwork: bool) -> FeedbackCommand {
        FeedbackCommand::Resolve {
            moderator: moderator(),
            note: Note::decision("Gone since the works").unwrap(),
            remove_artwork,
        }
    }

    #[tokio::test]
    async fn feedback_is_sent_once() {
        let send = FeedbackCommand::Send {
            subject: Subject::Artwork(ARTWORK),
            issue_type: IssueType::Missing,
            note: Note::parse(&format!("  {MISSING_NOTE}\n")).unwrap(),
            sender: sender(),
        };
        Harness::with(())
            .given_no_previous_events()
            .when_async(send.clone())
            .await
            .then_expect_events(vec![missing()]);
        Harness::with(())
            .given(vec![missing()])
            .when_async(send)
            .await
            .then_expect_error(FeedbackError::AlreadySent);
    }

    #[test]
    fn notes_are_trimmed_and_bounded() {
        assert_eq!(Note::parse("  hi  ").unwrap().as_str(), "hi");
        assert!(Note::parse(" \n ").is_err());
        assert!(Note::parse(&"é".repeat(MAX_NOTE_CHARS)).is_ok());
        let too_long = Note::parse(&"é".repeat(MAX_NOTE_CHARS + 1)).unwrap_err();
        assert_eq!(too_long.to_string(), "Note must be at most 1000 characters");
    }

    #[test]
    fn subjects_and_issue_types_are_parsed_strictly() {
        assert_eq!(
            Subject::parse("artwork", Some(ARTWORK)).unwrap(),
            Subject::Artwork(ARTWORK)
        );
        assert_eq!(Subject::parse("general", None).unwrap(), Subject::General);
        assert!(Subject::parse("artwork", None).is_err());
        assert!(Subject::parse("general", Some(ARTWORK)).is_err());
        assert!(Subject::parse("user", Some(ARTWORK)).is_err());
        assert_eq!(IssueType::parse("missing").unwrap(), IssueType::Missing);
        assert!(IssueType::parse("spam").is_err());
    }

    #[test]
    fn the_sent_event_names_its_subject_flat() {
        let v = serde_json::to_value(missing()).unwrap();
        assert_eq!(v["FeedbackSent"]["subject_type"], "artwork");
        assert_eq!(v["FeedbackSent"]["subject_id"], ARTWORK.to_string());
        let back: FeedbackEvent = serde_json::from_value(v).unwrap();
        assert_eq!(back, missing());
    }

    #[tokio::test]
    async fn open_feedback_is_archived_or_resolved_once() {
        let archive = FeedbackCommand::Archive {
            moderator: moderator(),
            note: None,
        };
        let archived = FeedbackEvent::FeedbackArchived {
            moderator: moderator(),
            note: None,
        };
        Harness::with(())
            .given(vec![missing()])
            .when_async(archive.clone())
            .await
            .then_expect_events(vec![archived.clone()]);
        Harness::with(())
            .given(vec![missing()])
            .when_async(resolve(false))
            .await
            .then_expect_events(vec![FeedbackEvent::FeedbackResolved {
                moderator: moderator(),
                note: Note::decision("Gone since the works").unwrap(),
                removed_artwork: None,
            }]);
        Harness::with(())
            .given(vec![missing(), archived])
            .when_async(resolve(false))
            .await
            .then_expect_error(FeedbackError::AlreadyDecided("archived"));
        Harness::with(())
            .given_no_previous_events()
            .when_async(archive)
            .await
            .then_expect_error(FeedbackError::NotFound);
    }

    #[tokio::test]
    async fn only_a_missing_artwork_report_removes_the_artwork() {
        Harness::with(())
            .given(vec![missing()])
            .when_async(resolve(true))
            .await
            .then_expect_events(vec![FeedbackEvent::FeedbackResolved {
                moderator: moderator(),
                note: Note::decision("Gone since the works").unwrap(),
                removed_artwork: Some(ARTWORK),
            }]);
        for other in [
            sent(Subject::Artwork(ARTWORK), IssueType::Comment),
            sent(Subject::Artist(ARTWORK), IssueType::Missing),
            sent(Subject::General, IssueType::Missing),
        ] {
            Harness::with(())
                .given(vec![other])
                .when_async(resolve(true))
                .await
                .then_expect_error(FeedbackError::NotAMissingArtwork);
        }
    }
}
