//! The `BadgeDefinition` aggregate and the badge rules: what a contributor earns a badge for,
//! as pure policies over their counts ([`ContributorCounts`]). A definition is deactivated,
//! never deleted, so awards already made stay; the badge process manager awards from events.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::ids::PLINTH_NAMESPACE;
use crate::text::clean_line;

/// Longest badge title.
pub const MAX_TITLE_CHARS: usize = 60;
/// Longest badge description.
pub const MAX_DESCRIPTION_CHARS: usize = 300;
/// Longest icon (an emoji may be several code points).
pub const MAX_ICON_CHARS: usize = 16;
/// The side of an "area" in degrees (about 2 km north–south): artworks in different cells are in
/// different areas.
pub const AREA_DEGREES: f64 = 0.02;

/// What a contributor has done, as the badge rules read it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContributorCounts {
    /// Approved submissions of every kind.
    pub approved_submissions: u32,
    /// Photos in approved submissions.
    pub photos: u32,
    /// Approved visits (logbook entries).
    pub visits: u32,
    /// Approved edits (artwork or artist).
    pub edits: u32,
    pub email_verified: bool,
    /// Distinct areas (see [`area_of`]) of the artworks their approved submissions concern.
    pub areas: u32,
    /// Whole days since the account was made.
    pub account_age_days: u32,
    /// Gaps their approved contributions filled (see [`crate::Gap::filled_by`]); absent from
    /// awards recorded before gaps were counted.
    #[serde(default)]
    pub gaps_filled: u32,
    /// Areas (see [`crate::area`]) of which they have seen every artwork, visiting or adding
    /// it; absent from awards recorded before areas were counted.
    #[serde(default)]
    pub areas_finished: u32,
}

/// The area cell a position is in.
pub fn area_of(lat: f64, lon: f64) -> (i64, i64) {
    // Whole cells: the float-to-int cast saturates, and coordinates are bounded anyway.
    (
        (lat / AREA_DEGREES).floor() as i64,
        (lon / AREA_DEGREES).floor() as i64,
    )
}

/// What a badge is earned for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum BadgeRule {
    ApprovedSubmissions { at_least: u32 },
    Photos { at_least: u32 },
    Visits { at_least: u32 },
    ApprovedEdits { at_least: u32 },
    EmailVerified,
    Areas { at_least: u32 },
    AccountAge { days: u32 },
    GapsFilled { at_least: u32 },
    AreasFinished { at_least: u32 },
}

impl BadgeRule {
    /// Whether `c` earns it.
    pub fn earned(&self, c: &ContributorCounts) -> bool {
        match *self {
            BadgeRule::ApprovedSubmissions { at_least } => c.approved_submissions >= at_least,
            BadgeRule::Photos { at_least } => c.photos >= at_least,
            BadgeRule::Visits { at_least } => c.visits >= at_least,
            BadgeRule::ApprovedEdits { at_least } => c.edits >= at_least,
            BadgeRule::EmailVerified => c.email_verified,
            BadgeRule::Areas { at_least } => c.areas >= at_least,
            BadgeRule::AccountAge { days } => c.account_age_days >= days,
            BadgeRule::GapsFilled { at_least } => c.gaps_filled >= at_least,
            BadgeRule::AreasFinished { at_least } => c.areas_finished >= at_least,
        }
    }

    /// Why an award was made, for people.
    pub fn reason(&self) -> String {
        use BadgeRule::*;
        let n = self.threshold();
        // The count's words (one, many) and what stands before and after it.
        let (before, one, many, after) = match *self {
            EmailVerified => return "E-mail address verified".to_owned(),
            ApprovedSubmissions { .. } => ("", "contribution", "contributions", " approved"),
            Photos { .. } => ("", "photo", "photos", " approved"),
            Visits { .. } => ("", "visit", "visits", " logged"),
            ApprovedEdits { .. } => ("", "edit", "edits", " approved"),
            Areas { .. } => ("Artworks in ", "area", "different areas", ""),
            AccountAge { .. } => ("A member for ", "day", "days", ""),
            GapsFilled { .. } => ("", "gap", "gaps", " filled"),
            AreasFinished { .. } => ("Every artwork seen in ", "area", "areas", ""),
        };
        if n == 1 {
            format!("{before}1 {one}{after}")
        } else {
            format!("{before}{n} {many}{after}")
        }
    }

    /// The count it asks for (1 for a rule that is met or not).
    fn threshold(&self) -> u32 {
        match *self {
            BadgeRule::ApprovedSubmissions { at_least }
            | BadgeRule::Photos { at_least }
            | BadgeRule::Visits { at_least }
            | BadgeRule::ApprovedEdits { at_least }
            | BadgeRule::Areas { at_least }
            | BadgeRule::GapsFilled { at_least }
            | BadgeRule::AreasFinished { at_least } => at_least,
            BadgeRule::AccountAge { days } => days,
            BadgeRule::EmailVerified => 1,
        }
    }

    /// A threshold of 0 would award everyone for nothing.
    fn check(&self) -> Result<(), BadgeError> {
        let n = self.threshold();
        if (1..=100_000).contains(&n) {
            Ok(())
        } else {
            Err(BadgeError::Invalid {
                field: "rule",
                message: "a rule's threshold must be from 1 to 100000".into(),
            })
        }
    }
}

/// A badge definition's id: derived from its key, so a key names one badge for good.
pub fn badge_id(key: &BadgeKey) -> Uuid {
    Uuid::new_v5(&PLINTH_NAMESPACE, format!("badge:{}", key.0).as_bytes())
}

/// A badge's stable key: 1 to 40 of `a-z`, `0-9` and `_`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct BadgeKey(String);

impl BadgeKey {
    pub fn parse(s: &str) -> Result<Self, BadgeError> {
        let s = s.trim();
        if (1..=40).contains(&s.len())
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        {
            Ok(Self(s.to_owned()))
        } else {
            Err(BadgeError::Invalid {
                field: "badge_key",
                message: "badge_key must be 1 to 40 of a-z, 0-9 and _".into(),
            })
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

checked!(BadgeKey(String), BadgeError, |s: String| Self::parse(&s));

/// What people see of a badge, checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BadgeLook {
    pub title: String,
    pub description: String,
    pub icon_emoji: String,
}

impl BadgeLook {
    pub fn parse(title: &str, description: &str, icon: &str) -> Result<Self, BadgeError> {
        let bounded = |field: &'static str, v: String, max: usize| {
            if v.is_empty() {
                Err(BadgeError::Invalid {
                    field,
                    message: format!("{field} is required"),
                })
            } else if v.chars().count() > max {
                Err(BadgeError::Invalid {
                    field,
                    message: format!("{field} must be at most {max} characters"),
                })
            } else {
                Ok(v)
            }
        };
        Ok(Self {
            title: bounded("title", clean_line(title), MAX_TITLE_CHARS)?,
            description: bounded(
                "description",
                clean_line(description),
                MAX_DESCRIPTION_CHARS,
            )?,
            icon_emoji: bounded("icon_emoji", icon.trim().to_owned(), MAX_ICON_CHARS)?,
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum BadgeCommand {
    Define {
        key: BadgeKey,
        look: BadgeLook,
        rule: BadgeRule,
    },
    Update {
        look: BadgeLook,
        rule: BadgeRule,
    },
    /// No more awards; those made stay.
    Deactivate,
    Reactivate,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum BadgeEvent {
    BadgeDefined {
        key: BadgeKey,
        look: BadgeLook,
        rule: BadgeRule,
    },
    BadgeUpdated {
        look: BadgeLook,
        rule: BadgeRule,
    },
    BadgeDeactivated,
    BadgeReactivated,
}

event_types!(BadgeEvent: BadgeDefined, BadgeUpdated, BadgeDeactivated, BadgeReactivated);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadgeError {
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error("A badge with this key exists")]
    AlreadyDefined,
    #[error("Badge not found")]
    NotFound,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BadgeDefinition {
    pub key: Option<BadgeKey>,
    pub look: Option<BadgeLook>,
    pub rule: Option<BadgeRule>,
    pub active: bool,
}

aggregate!(BadgeDefinition, "badge", BadgeCommand => BadgeEvent, BadgeError);

impl BadgeDefinition {
    /// The events `command` records (none when it was done already), or why it is refused.
    fn decide(&self, command: BadgeCommand) -> Result<Option<BadgeEvent>, BadgeError> {
        let defined = self.key.is_some();
        Ok(match command {
            BadgeCommand::Define { key, look, rule } => {
                if defined {
                    return Err(BadgeError::AlreadyDefined);
                }
                rule.check()?;
                Some(BadgeEvent::BadgeDefined { key, look, rule })
            }
            _ if !defined => return Err(BadgeError::NotFound),
            BadgeCommand::Update { look, rule } => {
                rule.check()?;
                (self.look.as_ref() != Some(&look) || self.rule != Some(rule))
                    .then_some(BadgeEvent::BadgeUpdated { look, rule })
            }
            BadgeCommand::Deactivate => self.active.then_some(BadgeEvent::BadgeDeactivated),
            BadgeCommand::Reactivate => (!self.active).then_some(BadgeEvent::BadgeReactivated),
        })
    }

    fn evolve(&mut self, event: BadgeEvent) {
        match event {
            BadgeEvent::BadgeDefined { key, look, rule } => {
                self.key = Some(key);
                self.look = Some(look);
                self.rule = Some(rule);
                self.active = true;
            }
            BadgeEvent::BadgeUpdated { look, rule } => {
                self.look = Some(look);
                self.rule = Some(rule);
            }
            BadgeEvent::BadgeDeactivated => self.active = false,
            BadgeEvent::BadgeReactivated => self.active = true,
        }
    }
}

/// The badges every instance starts with: key, title, description, icon and rule.
pub fn catalogue() -> Vec<(
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    BadgeRule,
)> {
    use BadgeRule::*;
    vec![
        (
            "first_contribution",
            "First contribution",
            "Your first contribution was approved.",
            "🌱",
            ApprovedSubmissions { at_least: 1 },
        ),
        (
            "contributor_5",
            "Regular",
            "Five of your contributions were approved.",
            "🧭",
            ApprovedSubmissions { at_least: 5 },
        ),
        (
            "contributor_15",
            "Devoted",
            "Fifteen of your contributions were approved.",
            "🗺️",
            ApprovedSubmissions { at_least: 15 },
        ),
        (
            "contributor_50",
            "Archivist",
            "Fifty of your contributions were approved.",
            "🏛️",
            ApprovedSubmissions { at_least: 50 },
        ),
        (
            "photo_1",
            "First photo",
            "Your first photo was approved.",
            "📷",
            Photos { at_least: 1 },
        ),
        (
            "photo_10",
            "Photographer",
            "Ten of your photos were approved.",
            "🖼️",
            Photos { at_least: 10 },
        ),
        (
            "photo_25",
            "Gallery",
            "Twenty-five of your photos were approved.",
            "🎞️",
            Photos { at_least: 25 },
        ),
        (
            "photo_100",
            "Lens of the city",
            "A hundred of your photos were approved.",
            "🔭",
            Photos { at_least: 100 },
        ),
        (
            "first_visit",
            "First visit",
            "You logged your first visit to an artwork.",
            "👣",
            Visits { at_least: 1 },
        ),
        (
            "first_edit",
            "Fact checker",
            "Your first correction was approved.",
            "✏️",
            ApprovedEdits { at_least: 1 },
        ),
        (
            "email_verified",
            "Verified",
            "You verified your e-mail address.",
            "✉️",
            EmailVerified,
        ),
        (
            "explorer_5",
            "Explorer",
            "Your contributions cover artworks in five different areas.",
            "🧳",
            Areas { at_least: 5 },
        ),
        (
            "member_365",
            "One year in",
            "You have been a member for a year.",
            "🎂",
            AccountAge { days: 365 },
        ),
        (
            "gap_filler",
            "Gap filler",
            "You gave an artwork what it lacked: a first photo, its artist, its type or its year.",
            "🧩",
            GapsFilled { at_least: 1 },
        ),
        (
            "gap_filler_10",
            "Finisher",
            "Ten gaps filled: artworks are complete because of you.",
            "🧩",
            GapsFilled { at_least: 10 },
        ),
        (
            "area_finished",
            "Neighbourhood complete",
            "You have seen every artwork of an area: visited or added each one.",
            "🏁",
            AreasFinished { at_least: 1 },
        ),
    ]
}

#[cfg(test)]
#[path = "badge_tests.rs"]
mod tests;
