//! The `BadgeAwards` aggregate: the badges one account holds (its id is the account's). The
//! badge process manager asks it to award a badge with the definition and the contributor's
//! counts as it read them; the aggregate checks the rule itself and records an award at most
//! once per badge, so a redelivered event or a replayed stream can never award twice.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::badge::{BadgeDefinition, BadgeKey, ContributorCounts};
use crate::ids::AccountId;

#[derive(Debug, Clone, PartialEq)]
pub enum AwardCommand {
    /// Award `badge` (as defined now) to `account` if `counts` earn it. Idempotent.
    Award {
        account: AccountId,
        badge_id: Uuid,
        badge: BadgeDefinition,
        counts: ContributorCounts,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AwardEvent {
    BadgeAwarded(Award),
}

/// A badge awarded, as it looked then, so the award reads the same if it changes later. Stored
/// as the fields of `BadgeAwarded` (a newtype variant serialises as a struct variant would).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Award {
    pub account: AccountId,
    pub badge_id: Uuid,
    pub key: BadgeKey,
    pub title: String,
    pub description: String,
    pub icon_emoji: String,
    pub reason: String,
}

event_types!(AwardEvent: BadgeAwarded);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AwardError {
    #[error("Badge not found")]
    NotDefined,
    #[error("This badge is no longer awarded")]
    Inactive,
    #[error("The badge's rule is not met")]
    NotEarned,
    #[error("These badges belong to another account")]
    WrongAccount,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BadgeAwards {
    pub account: Option<AccountId>,
    pub held: BTreeSet<Uuid>,
}

aggregate!(BadgeAwards, "badge_awards", AwardCommand => AwardEvent, AwardError);

impl BadgeAwards {
    /// The events `command` records (none when it was done already), or why it is refused.
    fn decide(&self, command: AwardCommand) -> Result<Option<AwardEvent>, AwardError> {
        let AwardCommand::Award {
            account,
            badge_id,
            badge,
            counts,
        } = command;
        if self.account.is_some_and(|a| a != account) {
            return Err(AwardError::WrongAccount);
        }
        let (Some(key), Some(look), Some(rule)) = (badge.key, badge.look, badge.rule) else {
            return Err(AwardError::NotDefined);
        };
        if self.held.contains(&badge_id) {
            return Ok(None);
        }
        if !badge.active {
            return Err(AwardError::Inactive);
        }
        if !rule.earned(&counts) {
            return Err(AwardError::NotEarned);
        }
        Ok(Some(AwardEvent::BadgeAwarded(Award {
            account,
            badge_id,
            key,
            title: look.title,
            description: look.description,
            icon_emoji: look.icon_emoji,
            reason: rule.reason(),
        })))
    }

    fn evolve(&mut self, event: AwardEvent) {
        let AwardEvent::BadgeAwarded(award) = event;
        self.account = Some(award.account);
        self.held.insert(award.badge_id);
    }
}

#[cfg(test)]
#[path = "award_tests.rs"]
mod tests;
