//! `account`'s given/when/then tests, a table of named cases per command.

use super::*;
use crate::testing::check_all;
use chrono::TimeZone;
use uuid::Uuid;

type Case = crate::testing::Case<Account>;

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

// --- Authenticate and Register ---

fn signed_in() -> AccountEvent {
    AccountEvent::AccountSignedIn { at: at() }
}

fn claimed(anonymous_id: ActorId) -> AccountEvent {
    AccountEvent::AnonymousIdentityClaimed {
        anonymous_id,
        at: at(),
    }
}

/// Another person's address, for an account that is not theirs.
fn grace() -> EmailAddress {
    EmailAddress::parse("grace@example.org").unwrap()
}

#[tokio::test]
async fn authenticating_and_registering() {
    let second = ActorId(Uuid::from_u128(8));
    let register = AccountCommand::Register {
        email: email(),
        at: at(),
    };
    check_all([
        Case {
            name: "first authentication signs up, signs in and claims the device",
            given: vec![],
            when: authenticate(Some(anon()), false),
            then: Ok(vec![signed_up(), signed_in(), claimed(anon())]),
        },
        Case {
            name: "later authentication signs in and claims only new identities",
            given: vec![signed_up(), claimed(anon())],
            when: authenticate(Some(anon()), false),
            then: Ok(vec![signed_in()]),
        },
        Case {
            name: "authentication from a second device claims its identity",
            given: vec![signed_up(), claimed(anon())],
            when: authenticate(Some(second), false),
            then: Ok(vec![signed_in(), claimed(second)]),
        },
        Case {
            name: "a bootstrap admin is granted admin",
            given: vec![],
            when: authenticate(None, true),
            then: Ok(vec![
                signed_up(),
                signed_in(),
                granted(Permission::Admin, None),
            ]),
        },
        Case {
            name: "a bootstrap admin is granted admin once",
            given: vec![signed_up(), granted(Permission::Admin, None)],
            when: authenticate(None, true),
            then: Ok(vec![signed_in()]),
        },
        Case {
            name: "authentication with another address is refused",
            given: vec![AccountEvent::AccountSignedUp {
                email: grace(),
                at: at(),
            }],
            when: authenticate(None, false),
            then: Err(AccountError::EmailMismatch),
        },
        Case {
            name: "register creates the account",
            given: vec![],
            when: register.clone(),
            then: Ok(vec![signed_up()]),
        },
        Case {
            name: "register creates the account once",
            given: vec![signed_up()],
            when: register,
            then: Ok(vec![]),
        },
        Case {
            name: "register refuses another address on the same id",
            given: vec![signed_up()],
            when: AccountCommand::Register {
                email: grace(),
                at: at(),
            },
            then: Err(AccountError::EmailMismatch),
        },
    ])
    .await;
}

// --- SetProfileName and SetPreferences ---

#[tokio::test]
async fn setting_the_profile_name_and_preferences() {
    let name = ProfileName::parse("Ada-L").unwrap();
    let name_set = AccountEvent::ProfileNameSet {
        profile_name: name.clone(),
    };
    let set_name = |name| AccountCommand::SetProfileName { name };
    let p = Preferences::new(BTreeMap::from([(
        "theme".to_owned(),
        PreferenceValue::Text("bauhaus".into()),
    )]))
    .unwrap();
    let preferences_set = AccountEvent::PreferencesSet {
        preferences: p.clone(),
    };
    let set_preferences = |preferences| AccountCommand::SetPreferences { preferences };
    check_all([
        Case {
            name: "the profile name is set",
            given: vec![signed_up()],
            when: set_name(name.clone()),
            then: Ok(vec![name_set.clone()]),
        },
        Case {
            name: "setting the profile name again is a no-op",
            given: vec![signed_up(), name_set],
            when: set_name(name),
            then: Ok(vec![]),
        },
        Case {
            name: "a profile name needs an account",
            given: vec![],
            when: set_name(ProfileName::parse("ada").unwrap()),
            then: Err(AccountError::NotFound),
        },
        Case {
            name: "preferences are replaced when they change",
            given: vec![signed_up()],
            when: set_preferences(p.clone()),
            then: Ok(vec![preferences_set.clone()]),
        },
        Case {
            name: "the same preferences again change nothing",
            given: vec![signed_up(), preferences_set],
            when: set_preferences(p),
            then: Ok(vec![]),
        },
        Case {
            name: "preferences need an account",
            given: vec![],
            when: set_preferences(Preferences::default()),
            then: Err(AccountError::NotFound),
        },
    ])
    .await;
}

// --- GrantPermission / RevokePermission ---

fn granted(permission: Permission, by: Option<AccountId>) -> AccountEvent {
    AccountEvent::PermissionGranted {
        permission,
        by,
        reason: None,
    }
}

fn grant(permission: Permission, by: Option<AccountId>) -> AccountCommand {
    AccountCommand::GrantPermission {
        permission,
        by,
        reason: None,
    }
}

#[tokio::test]
async fn granting_and_revoking_permissions() {
    let by = Some(AccountId(Uuid::from_u128(1)));
    let revoke = |permission| AccountCommand::RevokePermission {
        permission,
        by: None,
        reason: None,
    };
    check_all([
        Case {
            name: "a grant records the granter",
            given: vec![signed_up()],
            when: grant(Permission::Moderator, by),
            then: Ok(vec![granted(Permission::Moderator, by)]),
        },
        Case {
            name: "a grant is idempotent",
            given: vec![signed_up(), granted(Permission::Moderator, by)],
            when: grant(Permission::Moderator, by),
            then: Ok(vec![]),
        },
        Case {
            name: "a grant needs an account",
            given: vec![],
            when: grant(Permission::Admin, None),
            then: Err(AccountError::NotFound),
        },
        Case {
            name: "revoke removes a held permission",
            given: vec![signed_up(), granted(Permission::Moderator, None)],
            when: revoke(Permission::Moderator),
            then: Ok(vec![AccountEvent::PermissionRevoked {
                permission: Permission::Moderator,
                by: None,
                reason: None,
            }]),
        },
        Case {
            name: "revoke of a permission not held is refused",
            given: vec![signed_up()],
            when: revoke(Permission::Admin),
            then: Err(AccountError::NotHeld("admin")),
        },
    ])
    .await;
}

#[test]
fn permissions_parse_their_names_and_the_reviewer_alias() {
    assert_eq!(Permission::parse("Admin"), Some(Permission::Admin));
    assert_eq!(Permission::parse("reviewer"), Some(Permission::Moderator));
    assert_eq!(Permission::parse("root"), None);
}
