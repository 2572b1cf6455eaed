//! `account`'s given/when/then tests.

use super::*;
use chrono::TimeZone;
use cqrs_es::test::TestFramework;
use uuid::Uuid;

type Harness = TestFramework<Account>;

fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 30, 0).unwrap()
}

fn email() -> EmailAddress {
    EmailAddress::parse("Ada@Example.org").unwrap()
}

fn signed_up() -> AccountEvent {
    AccountEvent::AccountSignedUp {
        email: email(),
        at: at(),
    }
}

fn anon() -> ActorId {
    ActorId(Uuid::from_u128(7))
}

fn authenticate(claim: Option<ActorId>, bootstrap_admin: bool) -> AccountCommand {
    AccountCommand::Authenticate {
        email: email(),
        at: at(),
        claim,
        bootstrap_admin,
    }
}

// --- value objects ---

#[test]
fn email_rules_follow_spec_section_5() {
    assert_eq!(EmailAddress::parse("  "), Err(EmailError::Required));
    for bad in [
        "ada",
        "ada@",
        "@example.org",
        "ada@example",
        "a da@example.org",
        "a@b@c.org",
        "ada@.org",
    ] {
        assert_eq!(EmailAddress::parse(bad), Err(EmailError::Invalid), "{bad}");
    }
    let long = format!("{}@example.org", "a".repeat(243));
    assert_eq!(long.len(), 255);
    assert_eq!(EmailAddress::parse(&long), Err(EmailError::Invalid));
    assert!(EmailAddress::parse(&long[1..]).is_ok());
    assert_eq!(email().as_str(), "ada@example.org");
    assert_eq!(email().masked(), "a…@example.org");
    assert_eq!(
        EmailError::Required.to_string(),
        "Email address is required"
    );
    assert_eq!(
        EmailError::Invalid.to_string(),
        "Please enter a valid email address"
    );
}

#[test]
fn profile_name_rules() {
    for good in ["ada", "Ada-Lovelace", "x1-y2-z3", "a".repeat(20).as_str()] {
        assert!(ProfileName::parse(good).is_ok(), "{good}");
    }
    assert_eq!(ProfileName::parse("ab"), Err(ProfileNameError::Length));
    assert_eq!(
        ProfileName::parse(&"a".repeat(21)),
        Err(ProfileNameError::Length)
    );
    for bad in ["-ada", "ada-", "a--da", "ada_l", "adé", "ad a"] {
        assert_eq!(
            ProfileName::parse(bad),
            Err(ProfileNameError::Characters),
            "{bad}"
        );
    }
    assert_eq!(ProfileName::parse("Admin"), Err(ProfileNameError::Reserved));
    assert_eq!(ProfileName::parse("Ada").unwrap().key(), "ada");
}

#[test]
fn preferences_are_small_and_flat() {
    let mut m = BTreeMap::new();
    m.insert("theme".to_owned(), PreferenceValue::Text("bauhaus".into()));
    m.insert(
        "email_notifications".to_owned(),
        PreferenceValue::Bool(false),
    );
    assert!(Preferences::new(m.clone()).is_ok());
    let mut bad = m.clone();
    bad.insert("Theme".into(), PreferenceValue::Bool(true));
    assert!(matches!(
        Preferences::new(bad),
        Err(PreferencesError::BadKey(_))
    ));
    let mut long = m.clone();
    long.insert("note".into(), PreferenceValue::Text("x".repeat(201)));
    assert!(matches!(
        Preferences::new(long),
        Err(PreferencesError::TooLong(_))
    ));
    let many: BTreeMap<_, _> = (0..33)
        .map(|i| (format!("k{i}"), PreferenceValue::Bool(true)))
        .collect();
    assert_eq!(Preferences::new(many), Err(PreferencesError::TooMany));
    let json = serde_json::to_string(&Preferences::new(m).unwrap()).unwrap();
    assert_eq!(json, r#"{"email_notifications":false,"theme":"bauhaus"}"#);
}

// --- Authenticate ---

#[tokio::test]
async fn first_authentication_signs_up_signs_in_and_claims_the_device() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(authenticate(Some(anon()), false))
        .await
        .then_expect_events(vec![
            signed_up(),
            AccountEvent::AccountSignedIn { at: at() },
            AccountEvent::AnonymousIdentityClaimed {
                anonymous_id: anon(),
                at: at(),
            },
        ]);
}

#[tokio::test]
async fn later_authentication_signs_in_and_claims_only_new_identities() {
    Harness::with(())
        .given(vec![
            signed_up(),
            AccountEvent::AnonymousIdentityClaimed {
                anonymous_id: anon(),
                at: at(),
            },
        ])
        .when_async(authenticate(Some(anon()), false))
        .await
        .then_expect_events(vec![AccountEvent::AccountSignedIn { at: at() }]);
}

#[tokio::test]
async fn authentication_from_a_second_device_claims_its_identity() {
    let second = ActorId(Uuid::from_u128(8));
    Harness::with(())
        .given(vec![
            signed_up(),
            AccountEvent::AnonymousIdentityClaimed {
                anonymous_id: anon(),
                at: at(),
            },
        ])
        .when_async(authenticate(Some(second), false))
        .await
        .then_expect_events(vec![
            AccountEvent::AccountSignedIn { at: at() },
            AccountEvent::AnonymousIdentityClaimed {
                anonymous_id: second,
                at: at(),
            },
        ]);
}

#[tokio::test]
async fn a_bootstrap_admin_is_granted_admin_once() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(authenticate(None, true))
        .await
        .then_expect_events(vec![
            signed_up(),
            AccountEvent::AccountSignedIn { at: at() },
            AccountEvent::PermissionGranted {
                permission: Permission::Admin,
                by: None,
                reason: None,
            },
        ]);
    Harness::with(())
        .given(vec![
            signed_up(),
            AccountEvent::PermissionGranted {
                permission: Permission::Admin,
                by: None,
                reason: None,
            },
        ])
        .when_async(authenticate(None, true))
        .await
        .then_expect_events(vec![AccountEvent::AccountSignedIn { at: at() }]);
}

#[tokio::test]
async fn authentication_with_another_address_is_refused() {
    Harness::with(())
        .given(vec![AccountEvent::AccountSignedUp {
            email: EmailAddress::parse("grace@example.org").unwrap(),
            at: at(),
        }])
        .when_async(authenticate(None, false))
        .await
        .then_expect_error(AccountError::EmailMismatch);
}

// --- Register ---

#[tokio::test]
async fn register_creates_the_account_once() {
    let cmd = AccountCommand::Register {
        email: email(),
        at: at(),
    };
    Harness::with(())
        .given_no_previous_events()
        .when_async(cmd.clone())
        .await
        .then_expect_events(vec![signed_up()]);
    Harness::with(())
        .given(vec![signed_up()])
        .when_async(cmd)
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn register_refuses_another_address_on_the_same_id() {
    Harness::with(())
        .given(vec![signed_up()])
        .when_async(AccountCommand::Register {
            email: EmailAddress::parse("grace@example.org").unwrap(),
            at: at(),
        })
        .await
        .then_expect_error(AccountError::EmailMismatch);
}

// --- SetProfileName ---

#[tokio::test]
async fn profile_name_is_set_and_setting_it_again_is_a_no_op() {
    let name = ProfileName::parse("Ada-L").unwrap();
    Harness::with(())
        .given(vec![signed_up()])
        .when_async(AccountCommand::SetProfileName { name: name.clone() })
        .await
        .then_expect_events(vec![AccountEvent::ProfileNameSet {
            profile_name: name.clone(),
        }]);
    Harness::with(())
        .given(vec![
            signed_up(),
            AccountEvent::ProfileNameSet {
                profile_name: name.clone(),
            },
        ])
        .when_async(AccountCommand::SetProfileName { name })
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn profile_name_needs_an_account() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(AccountCommand::SetProfileName {
            name: ProfileName::parse("ada").unwrap(),
        })
        .await
        .then_expect_error(AccountError::NotFound);
}

// --- SetPreferences ---

#[tokio::test]
async fn preferences_are_replaced_when_they_change() {
    let mut m = BTreeMap::new();
    m.insert("theme".to_owned(), PreferenceValue::Text("bauhaus".into()));
    let p = Preferences::new(m).unwrap();
    Harness::with(())
        .given(vec![signed_up()])
        .when_async(AccountCommand::SetPreferences {
            preferences: p.clone(),
        })
        .await
        .then_expect_events(vec![AccountEvent::PreferencesSet {
            preferences: p.clone(),
        }]);
    Harness::with(())
        .given(vec![
            signed_up(),
            AccountEvent::PreferencesSet {
                preferences: p.clone(),
            },
        ])
        .when_async(AccountCommand::SetPreferences { preferences: p })
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn preferences_need_an_account() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(AccountCommand::SetPreferences {
            preferences: Preferences::default(),
        })
        .await
        .then_expect_error(AccountError::NotFound);
}

// --- GrantPermission / RevokePermission ---

#[tokio::test]
async fn grant_records_the_granter_and_is_idempotent() {
    let by = Some(AccountId(Uuid::from_u128(1)));
    Harness::with(())
        .given(vec![signed_up()])
        .when_async(AccountCommand::GrantPermission {
            permission: Permission::Moderator,
            by,
            reason: None,
        })
        .await
        .then_expect_events(vec![AccountEvent::PermissionGranted {
            permission: Permission::Moderator,
            by,
            reason: None,
        }]);
    Harness::with(())
        .given(vec![
            signed_up(),
            AccountEvent::PermissionGranted {
                permission: Permission::Moderator,
                by,
                reason: None,
            },
        ])
        .when_async(AccountCommand::GrantPermission {
            permission: Permission::Moderator,
            by,
            reason: None,
        })
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn grant_needs_an_account() {
    Harness::with(())
        .given_no_previous_events()
        .when_async(AccountCommand::GrantPermission {
            permission: Permission::Admin,
            by: None,
            reason: None,
        })
        .await
        .then_expect_error(AccountError::NotFound);
}

#[tokio::test]
async fn revoke_removes_a_held_permission() {
    Harness::with(())
        .given(vec![
            signed_up(),
            AccountEvent::PermissionGranted {
                permission: Permission::Moderator,
                by: None,
                reason: None,
            },
        ])
        .when_async(AccountCommand::RevokePermission {
            permission: Permission::Moderator,
            by: None,
            reason: None,
        })
        .await
        .then_expect_events(vec![AccountEvent::PermissionRevoked {
            permission: Permission::Moderator,
            by: None,
            reason: None,
        }]);
}

#[tokio::test]
async fn revoke_of_a_permission_not_held_is_refused() {
    Harness::with(())
        .given(vec![signed_up()])
        .when_async(AccountCommand::RevokePermission {
            permission: Permission::Admin,
            by: None,
            reason: None,
        })
        .await
        .then_expect_error(AccountError::NotHeld("admin"));
}

#[test]
fn permissions_parse_their_names_and_the_reviewer_alias() {
    assert_eq!(Permission::parse("Admin"), Some(Permission::Admin));
    assert_eq!(Permission::parse("reviewer"), Some(Permission::Moderator));
    assert_eq!(Permission::parse("root"), None);
}
