//! `badge`'s given/when/then tests.

use super::*;
use cqrs_es::test::TestFramework;

type Harness = TestFramework<BadgeDefinition>;

fn look() -> BadgeLook {
    BadgeLook::parse("First photo", "Your first photo was approved.", "📷").unwrap()
}

fn key() -> BadgeKey {
    BadgeKey::parse("photo_1").unwrap()
}

fn defined() -> BadgeEvent {
    BadgeEvent::BadgeDefined {
        key: key(),
        look: look(),
        rule: BadgeRule::Photos { at_least: 1 },
    }
}

#[test]
fn every_rule_is_earned_at_its_threshold_and_not_below() {
    let at = |c: ContributorCounts, rule: BadgeRule| rule.earned(&c);
    let none = ContributorCounts::default();
    for (rule, enough) in [
        (
            BadgeRule::ApprovedSubmissions { at_least: 5 },
            ContributorCounts {
                approved_submissions: 5,
                ..none
            },
        ),
        (
            BadgeRule::Photos { at_least: 10 },
            ContributorCounts { photos: 10, ..none },
        ),
        (
            BadgeRule::Visits { at_least: 1 },
            ContributorCounts { visits: 1, ..none },
        ),
        (
            BadgeRule::ApprovedEdits { at_least: 1 },
            ContributorCounts { edits: 1, ..none },
        ),
        (
            BadgeRule::EmailVerified,
            ContributorCounts {
                email_verified: true,
                ..none
            },
        ),
        (
            BadgeRule::Areas { at_least: 5 },
            ContributorCounts { areas: 5, ..none },
        ),
        (
            BadgeRule::AccountAge { days: 365 },
            ContributorCounts {
                account_age_days: 365,
                ..none
            },
        ),
    ] {
        assert!(at(enough, rule), "{rule:?}");
        assert!(!at(none, rule), "{rule:?}");
    }
    let four = ContributorCounts {
        approved_submissions: 4,
        ..none
    };
    assert!(!BadgeRule::ApprovedSubmissions { at_least: 5 }.earned(&four));
}

#[test]
fn the_catalogue_has_the_issues_thresholds_and_valid_entries() {
    let rules: Vec<BadgeRule> = catalogue().into_iter().map(|c| c.4).collect();
    for n in [1, 5, 15, 50] {
        assert!(rules.contains(&BadgeRule::ApprovedSubmissions { at_least: n }));
    }
    for n in [1, 10, 25, 100] {
        assert!(rules.contains(&BadgeRule::Photos { at_least: n }));
    }
    for (k, t, d, i, r) in catalogue() {
        BadgeKey::parse(k).unwrap();
        BadgeLook::parse(t, d, i).unwrap();
        r.check().unwrap();
    }
}

#[test]
fn areas_are_cells_of_about_two_kilometres() {
    assert_eq!(area_of(49.2827, -123.1207), area_of(49.2830, -123.1210));
    assert_ne!(area_of(49.2827, -123.1207), area_of(49.3127, -123.1207));
}

#[test]
fn keys_and_looks_are_checked_by_field() {
    assert!(BadgeKey::parse("Photo-1").is_err());
    assert!(matches!(
        BadgeLook::parse(" ", "d", "📷"),
        Err(BadgeError::Invalid { field: "title", .. })
    ));
    assert!(matches!(
        BadgeLook::parse("t", &"d".repeat(301), "📷"),
        Err(BadgeError::Invalid {
            field: "description",
            ..
        })
    ));
}

#[tokio::test]
async fn a_badge_is_defined_once() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(BadgeCommand::Define {
            key: key(),
            look: look(),
            rule: BadgeRule::Photos { at_least: 1 },
        })
        .await
        .then_expect_events(vec![defined()]);
    Harness::with(())
        .given(vec![defined()])
        .when_async(BadgeCommand::Define {
            key: key(),
            look: look(),
            rule: BadgeRule::Photos { at_least: 1 },
        })
        .await
        .then_expect_error(BadgeError::AlreadyDefined);
}

#[tokio::test]
async fn a_rule_with_a_zero_threshold_is_refused() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(BadgeCommand::Define {
            key: key(),
            look: look(),
            rule: BadgeRule::Photos { at_least: 0 },
        })
        .await
        .then_expect_error(BadgeError::Invalid {
            field: "rule",
            message: "a rule's threshold must be from 1 to 100000".into(),
        });
}

#[tokio::test]
async fn an_update_records_only_a_change() {
    Harness::with(())
        .given(vec![defined()])
        .when_async(BadgeCommand::Update {
            look: look(),
            rule: BadgeRule::Photos { at_least: 2 },
        })
        .await
        .then_expect_events(vec![BadgeEvent::BadgeUpdated {
            look: look(),
            rule: BadgeRule::Photos { at_least: 2 },
        }]);
    Harness::with(())
        .given(vec![defined()])
        .when_async(BadgeCommand::Update {
            look: look(),
            rule: BadgeRule::Photos { at_least: 1 },
        })
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn a_badge_is_deactivated_and_reactivated_never_deleted() {
    Harness::with(())
        .given(vec![defined()])
        .when_async(BadgeCommand::Deactivate)
        .await
        .then_expect_events(vec![BadgeEvent::BadgeDeactivated]);
    Harness::with(())
        .given(vec![defined(), BadgeEvent::BadgeDeactivated])
        .when_async(BadgeCommand::Deactivate)
        .await
        .then_expect_events(vec![]);
    Harness::with(())
        .given(vec![defined(), BadgeEvent::BadgeDeactivated])
        .when_async(BadgeCommand::Reactivate)
        .await
        .then_expect_events(vec![BadgeEvent::BadgeReactivated]);
}

#[tokio::test]
async fn an_unknown_badge_cannot_be_changed() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(BadgeCommand::Deactivate)
        .await
        .then_expect_error(BadgeError::NotFound);
}
