//! `award`'s given/when/then tests, a table of named cases.

use super::*;
use crate::badge::{badge_id, BadgeLook, BadgeRule};
use crate::testing::check_all;

type Case = crate::testing::Case<BadgeAwards>;

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
    AwardEvent::BadgeAwarded(Award {
        account: account(),
        badge_id: badge_id(&key()),
        key: key(),
        title: "First contribution".into(),
        description: "Your first was approved.".into(),
        icon_emoji: "🌱".into(),
        reason: "1 contribution approved".into(),
    })
}

#[test]
fn an_award_is_stored_as_the_fields_of_badge_awarded() {
    let stored = serde_json::json!({
        "BadgeAwarded": {
            "account": "00000000-0000-0000-0000-000000000007",
            "badge_id": badge_id(&key()),
            "key": "first_contribution",
            "title": "First contribution",
            "description": "Your first was approved.",
            "icon_emoji": "🌱",
            "reason": "1 contribution approved",
        }
    });
    assert_eq!(serde_json::to_value(awarded()).unwrap(), stored);
    assert_eq!(
        serde_json::from_value::<AwardEvent>(stored).unwrap(),
        awarded()
    );
}

#[tokio::test]
async fn awarding_a_badge() {
    check_all([
        Case {
            name: "an earned badge is awarded with its look and reason",
            given: vec![],
            when: award(definition(true), one()),
            then: Ok(vec![awarded()]),
        },
        Case {
            name: "a badge already held is not awarded again",
            given: vec![awarded()],
            when: award(definition(true), one()),
            then: Ok(vec![]),
        },
        Case {
            name: "a badge already held stays when it is deactivated later",
            given: vec![awarded()],
            when: award(definition(false), one()),
            then: Ok(vec![]),
        },
        Case {
            name: "a rule not met is refused",
            given: vec![],
            when: award(definition(true), ContributorCounts::default()),
            then: Err(AwardError::NotEarned),
        },
        Case {
            name: "an inactive badge is refused",
            given: vec![],
            when: award(definition(false), one()),
            then: Err(AwardError::Inactive),
        },
        Case {
            name: "an undefined badge is refused",
            given: vec![],
            when: award(BadgeDefinition::default(), one()),
            then: Err(AwardError::NotDefined),
        },
        Case {
            name: "another account's awards are refused",
            given: vec![awarded()],
            when: AwardCommand::Award {
                account: AccountId(Uuid::from_u128(8)),
                badge_id: Uuid::from_u128(9),
                badge: definition(true),
                counts: one(),
            },
            then: Err(AwardError::WrongAccount),
        },
    ])
    .await;
}
