//! Why a moderator refused or removed something: the `Submission` that is rejected and the
//! `Artwork` that is removed or reverted both record one, so it lives apart from each.

use serde::{Deserialize, Serialize};

/// Longest reason a moderator can give.
pub const MAX_REASON_CHARS: usize = 500;

/// A reason that breaks its rule (as `SubmissionError` words it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ReasonError {
    #[error("A reason is required")]
    Required,
    #[error("The reason must be at most {MAX_REASON_CHARS} characters")]
    TooLong,
}

/// Why a moderator refused a submission: required, at most [`MAX_REASON_CHARS`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Reason(String);

impl Reason {
    pub fn parse(s: &str) -> Result<Self, ReasonError> {
        let v = s.trim();
        if v.is_empty() {
            return Err(ReasonError::Required);
        }
        if v.chars().count() > MAX_REASON_CHARS {
            return Err(ReasonError::TooLong);
        }
        Ok(Self(v.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

checked!(Reason(String), ReasonError, |s: String| Self::parse(&s));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_required_and_bounded() {
        assert_eq!(Reason::parse("  "), Err(ReasonError::Required));
        assert_eq!(
            Reason::parse(&"x".repeat(MAX_REASON_CHARS + 1)),
            Err(ReasonError::TooLong)
        );
        assert_eq!(Reason::parse(" Blurry ").unwrap().as_str(), "Blurry");
    }

    #[test]
    fn a_submission_refuses_a_reason_in_the_same_words() {
        use crate::submission::SubmissionError;
        for e in [ReasonError::Required, ReasonError::TooLong] {
            assert_eq!(SubmissionError::from(e).to_string(), e.to_string());
        }
    }
}
