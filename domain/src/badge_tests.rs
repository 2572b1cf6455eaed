//! `badge`'s given/when/then tests, a table of named cases per command.

use super::*;
use crate::testing::check_all;

type Case = crate::testing::Case<BadgeDefinition>;

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
        (
            BadgeRule::GapsFilled { at_least: 3 },
            ContributorCounts {
                gaps_filled: 3,
                ..none
            },
        ),
        (
            BadgeRule::AreasFinished { at_least: 1 },
            ContributorCounts {
                areas_finished: 1,
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
fn every_rule_says_why_it_was_awarded_in_words() {
    use BadgeRule::*;
    for (rule, reason) in [
        (
            ApprovedSubmissions { at_least: 1 },
            "1 contribution approved",
        ),
        (
            ApprovedSubmissions { at_least: 5 },
            "5 contributions approved",
        ),
        (Photos { at_least: 1 }, "1 photo approved"),
        (Photos { at_least: 10 }, "10 photos approved"),
        (Visits { at_least: 3 }, "3 visits logged"),
        (ApprovedEdits { at_least: 1 }, "1 edit approved"),
        (EmailVerified, "E-mail address verified"),
        (Areas { at_least: 1 }, "Artworks in 1 area"),
        (Areas { at_least: 5 }, "Artworks in 5 different areas"),
        (AccountAge { days: 365 }, "A member for 365 days"),
        (GapsFilled { at_least: 1 }, "1 gap filled"),
        (
            AreasFinished { at_least: 2 },
            "Every artwork seen in 2 areas",
        ),
    ] {
        assert_eq!(rule.reason(), reason, "{rule:?}");
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

fn define(rule: BadgeRule) -> BadgeCommand {
    BadgeCommand::Define {
        key: key(),
        look: look(),
        rule,
    }
}

fn update(rule: BadgeRule) -> BadgeCommand {
    BadgeCommand::Update { look: look(), rule }
}

#[tokio::test]
async fn defining_and_changing_a_badge() {
    let deactivated = || vec![defined(), BadgeEvent::BadgeDeactivated];
    check_all([
        Case {
            name: "a badge is defined",
            given: vec![],
            when: define(BadgeRule::Photos { at_least: 1 }),
            then: Ok(vec![defined()]),
        },
        Case {
            name: "a badge is defined once",
            given: vec![defined()],
            when: define(BadgeRule::Photos { at_least: 1 }),
            then: Err(BadgeError::AlreadyDefined),
        },
        Case {
            name: "a rule with a zero threshold is refused",
            given: vec![],
            when: define(BadgeRule::Photos { at_least: 0 }),
            then: Err(BadgeError::Invalid {
                field: "rule",
                message: "a rule's threshold must be from 1 to 100000".into(),
            }),
        },
        Case {
            name: "an update records a change",
            given: vec![defined()],
            when: update(BadgeRule::Photos { at_least: 2 }),
            then: Ok(vec![BadgeEvent::BadgeUpdated {
                look: look(),
                rule: BadgeRule::Photos { at_least: 2 },
            }]),
        },
        Case {
            name: "an update records only a change",
            given: vec![defined()],
            when: update(BadgeRule::Photos { at_least: 1 }),
            then: Ok(vec![]),
        },
        Case {
            name: "a badge is deactivated",
            given: vec![defined()],
            when: BadgeCommand::Deactivate,
            then: Ok(vec![BadgeEvent::BadgeDeactivated]),
        },
        Case {
            name: "a badge is deactivated once",
            given: deactivated(),
            when: BadgeCommand::Deactivate,
            then: Ok(vec![]),
        },
        Case {
            name: "a deactivated badge is reactivated, never deleted",
            given: deactivated(),
            when: BadgeCommand::Reactivate,
            then: Ok(vec![BadgeEvent::BadgeReactivated]),
        },
        Case {
            name: "an unknown badge cannot be changed",
            given: vec![],
            when: BadgeCommand::Deactivate,
            then: Err(BadgeError::NotFound),
        },
    ])
    .await;
}
