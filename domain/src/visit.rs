//! What a visitor reports about an artwork: the condition they found it in and their note. Both
//! the `Submission` that reports a visit and the `Artwork` whose logbook keeps it use these, so
//! they live apart from either (no import circle between the two aggregates).

use serde::{Deserialize, Serialize};

use crate::ids::{ActorId, SubmissionId};
use crate::photo::Photo;

/// Longest note a visitor can leave with a submission.
pub const MAX_NOTE_CHARS: usize = 1000;

/// A note over [`MAX_NOTE_CHARS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Notes must be at most {MAX_NOTE_CHARS} characters")]
pub struct NoteTooLong;

/// The state a visitor found an artwork in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Condition {
    Good,
    Fair,
    Poor,
    Damaged,
    Missing,
}

impl Condition {
    pub const ALL: [Condition; 5] = [
        Self::Good,
        Self::Fair,
        Self::Poor,
        Self::Damaged,
        Self::Missing,
    ];

    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Good => "good",
            Self::Fair => "fair",
            Self::Poor => "poor",
            Self::Damaged => "damaged",
            Self::Missing => "missing",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }
}

/// A visitor's note: trimmed, at most [`MAX_NOTE_CHARS`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Note(String);

impl Note {
    /// `None` for blank input.
    pub fn parse(s: &str) -> Result<Option<Self>, NoteTooLong> {
        let v = s.trim();
        if v.is_empty() {
            return Ok(None);
        }
        if v.chars().count() > MAX_NOTE_CHARS {
            return Err(NoteTooLong);
        }
        Ok(Some(Self(v.to_owned())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Note {
    type Error = NoteTooLong;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        // A stored note is never blank; a blank one is refused like an overlong one.
        Note::parse(&s)?.ok_or(NoteTooLong)
    }
}

impl From<Note> for String {
    fn from(n: Note) -> String {
        n.0
    }
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
