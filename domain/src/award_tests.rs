//! `award`'s given/when/then tests.

use super::*;
use crate::badge::{badge_id, BadgeLook, BadgeRule};
use cqrs_es::test::TestFramework;

type Harness = TestFramework<BadgeAwards>;

fn account() -> AccountId {
    AccountId(Uuid::from_u128(7))
}

fn key() -> BadgeKey {
    BadgeKey::parse("first_contribution").unwrap()
}

fn definition(active: bool) -> BadgeDefinition {
    BadgeDefinition {
        key: Some(key()),
        look: Some(
            BadgeLook::parse("First contribution", "Your first was approved.", "🌱").unwrap(),
        ),
        rule: Some(BadgeRule::ApprovedSubmissions { at_least: 1 }),
        active,
    }
}

fn one() -> ContributorCounts {
    ContributorCounts {
        approved_submissions: 1,
        ..Default::default()
    }
}

fn award(badge: BadgeDefinition, counts: ContributorCounts) -> AwardCommand {
    AwardCommand::Award {
        account: account(),
        badge_id: badge_id(&key()),
        badge,
        counts,
    }
}

fn awarded() -> AwardEvent {
    AwardEvent::BadgeAwarded {
        account: account(),
        badge_id: badge_id(&key()),
        key: key(),
        title: "First contribution".into(),
        description: "Your first was approved.".into(),
        icon_emoji: "🌱".into(),
        reason: "1 contribution approved".into(),
    }
}

#[test]
fn an_earned_badge_is_awarded_with_its_look_and_reason() {
    Harness::with(())
        .given_no_previous_events()
        .when(award(definition(true), one()))
        .then_expect_events(vec![awarded()]);
}

#[test]
fn a_badge_already_held_is_not_awarded_again() {
    Harness::with(())
        .given(vec![awarded()])
        .when(award(definition(true), one()))
        .then_expect_events(vec![]);
}

#[test]
fn a_badge_already_held_stays_when_it_is_deactivated_later() {
    Harness::with(())
        .given(vec![awarded()])
        .when(award(definition(false), one()))
        .then_expect_events(vec![]);
}

#[test]
fn a_rule_not_met_is_refused() {
    Harness::with(())
        .given_no_previous_events()
        .when(award(definition(true), ContributorCounts::default()))
        .then_expect_error(AwardError::NotEarned);
}

#[test]
fn an_inactive_badge_is_refused() {
    Harness::with(())
        .given_no_previous_events()
        .when(award(definition(false), one()))
        .then_expect_error(AwardError::Inactive);
}

#[test]
fn an_undefined_badge_is_refused() {
    Harness::with(())
        .given_no_previous_events()
        .when(award(BadgeDefinition::default(), one()))
        .then_expect_error(AwardError::NotDefined);
}

#[test]
fn another_accounts_awards_are_refused() {
    Harness::with(())
        .given(vec![awarded()])
        .when(AwardCommand::Award {
            account: AccountId(Uuid::from_u128(8)),
            badge_id: Uuid::from_u128(9),
            badge: definition(true),
            counts: one(),
        })
        .then_expect_error(AwardError::WrongAccount);
}
