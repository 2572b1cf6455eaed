//! Text value objects: trimmed, normalised (NFC), length-limited.

use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    #[error("{field} is required")]
    Required { field: &'static str },
    #[error("{field} must be at most {max} characters")]
    TooLong { field: &'static str, max: usize },
}

/// Trims, collapses inner whitespace runs to one space and normalises to NFC.
pub fn clean_line(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .nfc()
        .collect()
}

/// Like [`clean_line`] but keeps paragraph breaks (blank lines) in long text.
pub fn clean_paragraphs(s: &str) -> String {
    s.split("\n\n")
        .map(clean_line)
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n")
}

macro_rules! bounded_text {
    ($name:ident, $field:literal, $max:expr, $clean:ident) => {
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub struct $name(String);

        impl $name {
            pub const MAX_CHARS: usize = $max;

            pub fn parse(s: &str) -> Result<Self, TextError> {
                let v = $clean(s);
                if v.is_empty() {
                    return Err(TextError::Required { field: $field });
                }
                if v.chars().count() > Self::MAX_CHARS {
                    return Err(TextError::TooLong {
                        field: $field,
                        max: Self::MAX_CHARS,
                    });
                }
                Ok(Self(v))
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl TryFrom<String> for $name {
            type Error = TextError;
            fn try_from(s: String) -> Result<Self, TextError> {
                Self::parse(&s)
            }
        }

        impl From<$name> for String {
            fn from(v: $name) -> String {
                v.0
            }
        }
    };
}

bounded_text!(Title, "title", 200, clean_line);
bounded_text!(PersonName, "name", 200, clean_line);
bounded_text!(LongText, "text", 10_000, clean_paragraphs);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_is_trimmed_collapsed_and_bounded() {
        assert_eq!(
            Title::parse("  Solo \n  Work ").map(String::from),
            Ok("Solo Work".into())
        );
        assert_eq!(
            Title::parse("   "),
            Err(TextError::Required { field: "title" })
        );
        assert!(Title::parse(&"x".repeat(201)).is_err());
        assert!(Title::parse(&"é".repeat(200)).is_ok());
    }

    #[test]
    fn paragraphs_survive_cleaning() {
        assert_eq!(clean_paragraphs(" a  b \n\n\n c "), "a b\n\nc");
    }
}
