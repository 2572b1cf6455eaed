//! The `Account` aggregate: a signed-in person's identity, profile name, preferences,
//! permissions, and the anonymous identities whose work they have claimed.
//!
//! Only this stream may carry an e-mail address (DESIGN §3). Sessions and link tokens are
//! security state kept hashed outside the event store: no event here holds a secret.
//!
//! Kept in one file on purpose: the aggregate's state, commands, events and `handle` are one
//! consistency boundary; its given/when/then tests are in `account_tests.rs`.

use crate::ids::{AccountId, ActorId};
use crate::submission::Reason;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// SPEC §5 and §9: e-mail addresses are at most 254 characters.
pub const EMAIL_MAX_CHARS: usize = 254;

/// A normalised e-mail address: trimmed and lower-cased, so one address is one account.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct EmailAddress(String);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    #[error("Email address is required")]
    Required,
    #[error("Please enter a valid email address")]
    Invalid,
}

impl EmailAddress {
    /// SPEC §5: required; `local@domain.tld` with no spaces and one `@`; at most 254 characters.
    pub fn parse(s: &str) -> Result<Self, EmailError> {
        let v = s.trim();
        if v.is_empty() {
            return Err(EmailError::Required);
        }
        if v.chars().count() > EMAIL_MAX_CHARS
            || v.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(EmailError::Invalid);
        }
        let Some((local, domain)) = v.split_once('@') else {
            return Err(EmailError::Invalid);
        };
        let domain_ok = domain
            .rsplit_once('.')
            .is_some_and(|(host, tld)| !host.is_empty() && !tld.is_empty());
        if local.is_empty() || domain.contains('@') || !domain_ok {
            return Err(EmailError::Invalid);
        }
        Ok(Self(v.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// For logs: the first character of the local part and the domain (`a…@example.org`).
    pub fn masked(&self) -> String {
        match self.0.split_once('@') {
            Some((local, domain)) => {
                let first: String = local.chars().take(1).collect();
                format!("{first}…@{domain}")
            }
            None => "…".to_owned(),
        }
    }
}

checked!(EmailAddress(String), EmailError, |s: String| Self::parse(
    &s
));

/// A public profile name: 3–20 ASCII letters, digits and inner dashes, not a reserved word.
/// ASCII only, so no two names look alike through homoglyphs; unique case-insensitively (the
/// write side reserves `key()` before setting it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ProfileName(String);

pub const PROFILE_NAME_MIN: usize = 3;
/// Said when another account holds the name (in any letter case).
pub const PROFILE_NAME_TAKEN: &str = "That profile name is already taken";
pub const PROFILE_NAME_MAX: usize = 20;

/// Names that would pass for the product, its staff or its routes.
const RESERVED_NAMES: &[&str] = &[
    "admin",
    "administrator",
    "anonymous",
    "api",
    "help",
    "mod",
    "moderator",
    "moderators",
    "null",
    "official",
    "plinth",
    "profile",
    "review",
    "reviewer",
    "root",
    "staff",
    "support",
    "system",
    "undefined",
    "user",
    "users",
    "verify",
    "me",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ProfileNameError {
    #[error("Profile name must be 3 to 20 characters")]
    Length,
    #[error("Profile name may contain only letters, digits and dashes, and must start and end with a letter or digit")]
    Characters,
    #[error("That profile name is reserved")]
    Reserved,
}

impl ProfileName {
    pub fn parse(s: &str) -> Result<Self, ProfileNameError> {
        let v = s.trim();
        let n = v.chars().count();
        if !(PROFILE_NAME_MIN..=PROFILE_NAME_MAX).contains(&n) {
            return Err(ProfileNameError::Length);
        }
        let bytes = v.as_bytes();
        let inner_ok = v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        let ends_ok = bytes.first().is_some_and(u8::is_ascii_alphanumeric)
            && bytes.last().is_some_and(u8::is_ascii_alphanumeric);
        if !inner_ok || !ends_ok || v.contains("--") {
            return Err(ProfileNameError::Characters);
        }
        if RESERVED_NAMES.contains(&v.to_ascii_lowercase().as_str()) {
            return Err(ProfileNameError::Reserved);
        }
        Ok(Self(v.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The uniqueness key: names differing only in case are the same name.
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }
}

checked!(ProfileName(String), ProfileNameError, |s: String| {
    Self::parse(&s)
});

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Permission {
    Admin,
    Moderator,
}

impl Permission {
    pub const ALL: [Permission; 2] = [Permission::Admin, Permission::Moderator];

    pub fn as_str(&self) -> &'static str {
        match self {
            Permission::Admin => "admin",
            Permission::Moderator => "moderator",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "admin" => Some(Permission::Admin),
            "moderator" | "reviewer" => Some(Permission::Moderator),
            _ => None,
        }
    }
}

/// A preference value: small and flat by design.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PreferenceValue {
    Bool(bool),
    Number(f64),
    Text(String),
}

/// The caller's settings (theme, units, notification choices…): at most 32 keys of
/// `[a-z0-9_]{1,40}`, text values at most 200 characters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(
    try_from = "BTreeMap<String, PreferenceValue>",
    into = "BTreeMap<String, PreferenceValue>"
)]
pub struct Preferences(BTreeMap<String, PreferenceValue>);

pub const PREFERENCES_MAX_KEYS: usize = 32;
const PREFERENCE_KEY_MAX: usize = 40;
const PREFERENCE_TEXT_MAX: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PreferencesError {
    #[error("At most {PREFERENCES_MAX_KEYS} preferences")]
    TooMany,
    #[error("Preference names are 1 to 40 lower-case letters, digits or underscores: '{0}'")]
    BadKey(String),
    #[error("Preference '{0}' is too long (at most 200 characters)")]
    TooLong(String),
    #[error("Preference '{0}' must be a finite number")]
    NotFinite(String),
}

impl Preferences {
    pub fn new(map: BTreeMap<String, PreferenceValue>) -> Result<Self, PreferencesError> {
        if map.len() > PREFERENCES_MAX_KEYS {
            return Err(PreferencesError::TooMany);
        }
        for (k, v) in &map {
            let key_ok = !k.is_empty()
                && k.len() <= PREFERENCE_KEY_MAX
                && k.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
            if !key_ok {
                let shown: String = k.chars().take(PREFERENCE_KEY_MAX).collect();
                return Err(PreferencesError::BadKey(shown));
            }
            match v {
                PreferenceValue::Text(t) if t.chars().count() > PREFERENCE_TEXT_MAX => {
                    return Err(PreferencesError::TooLong(k.clone()))
                }
                PreferenceValue::Number(n) if !n.is_finite() => {
                    return Err(PreferencesError::NotFinite(k.clone()))
                }
                _ => {}
            }
        }
        Ok(Self(map))
    }

    pub fn as_map(&self) -> &BTreeMap<String, PreferenceValue> {
        &self.0
    }
}

checked!(
    Preferences(BTreeMap<String, PreferenceValue>),
    PreferencesError,
    Self::new
);

#[derive(Debug, Clone, PartialEq)]
pub enum AccountCommand {
    /// A verified magic link or code: signs up on first use of the address, signs in always,
    /// claims the anonymous identity the verifying device was using, and grants admin to a
    /// bootstrap address (`ADMIN_EMAILS`) that does not hold it yet.
    Authenticate {
        email: EmailAddress,
        at: DateTime<Utc>,
        claim: Option<ActorId>,
        bootstrap_admin: bool,
    },
    /// An operator creates the account ahead of its first sign-in (`plinth admin grant`).
    Register {
        email: EmailAddress,
        at: DateTime<Utc>,
    },
    SetProfileName {
        name: ProfileName,
    },
    SetPreferences {
        preferences: Preferences,
    },
    GrantPermission {
        permission: Permission,
        by: Option<AccountId>,
        reason: Option<Reason>,
    },
    RevokePermission {
        permission: Permission,
        by: Option<AccountId>,
        reason: Option<Reason>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AccountEvent {
    AccountSignedUp {
        email: EmailAddress,
        at: DateTime<Utc>,
    },
    AccountSignedIn {
        at: DateTime<Utc>,
    },
    AnonymousIdentityClaimed {
        anonymous_id: ActorId,
        at: DateTime<Utc>,
    },
    ProfileNameSet {
        profile_name: ProfileName,
    },
    PreferencesSet {
        preferences: Preferences,
    },
    PermissionGranted {
        permission: Permission,
        by: Option<AccountId>,
        /// Why (admins give one; `ADMIN_EMAILS` and the CLI do not).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<Reason>,
    },
    PermissionRevoked {
        permission: Permission,
        by: Option<AccountId>,
        /// Why (admins give one; `ADMIN_EMAILS` and the CLI do not).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<Reason>,
    },
}

event_types!(AccountEvent: AccountSignedUp, AccountSignedIn, AnonymousIdentityClaimed,
    ProfileNameSet, PreferencesSet, PermissionGranted, PermissionRevoked);

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AccountError {
    #[error("no such account")]
    NotFound,
    #[error("this account belongs to another e-mail address")]
    EmailMismatch,
    #[error("the account does not hold the {0} permission")]
    NotHeld(&'static str),
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
/// Kept as a snapshot (`es.snapshots`): a field added later must read as its default.
#[serde(default)]
pub struct Account {
    email: Option<EmailAddress>,
    profile_name: Option<ProfileName>,
    preferences: Preferences,
    permissions: BTreeSet<Permission>,
    claimed: BTreeSet<ActorId>,
}

impl Account {
    pub fn exists(&self) -> bool {
        self.email.is_some()
    }

    fn require(&self) -> Result<(), AccountError> {
        if self.exists() {
            Ok(())
        } else {
            Err(AccountError::NotFound)
        }
    }

    /// The event granting `permission` (`by` whom, and why), none when the account holds it
    /// already.
    fn grant(
        &self,
        permission: Permission,
        by: Option<AccountId>,
        reason: Option<Reason>,
    ) -> Option<AccountEvent> {
        (!self.permissions.contains(&permission)).then_some(AccountEvent::PermissionGranted {
            permission,
            by,
            reason,
        })
    }

    /// The event revoking `permission` (`by` whom, and why), or why it cannot be: there is no
    /// account, or it does not hold the permission.
    fn revoke(
        &self,
        permission: Permission,
        by: Option<AccountId>,
        reason: Option<Reason>,
    ) -> Result<AccountEvent, AccountError> {
        self.require()?;
        if !self.permissions.contains(&permission) {
            return Err(AccountError::NotHeld(permission.as_str()));
        }
        Ok(AccountEvent::PermissionRevoked {
            permission,
            by,
            reason,
        })
    }

    /// Signs up when new; refuses an account id that already belongs to another address.
    fn sign_up_if_new(
        &self,
        email: &EmailAddress,
        at: DateTime<Utc>,
        events: &mut Vec<AccountEvent>,
    ) -> Result<(), AccountError> {
        match &self.email {
            None => {
                events.push(AccountEvent::AccountSignedUp {
                    email: email.clone(),
                    at,
                });
                Ok(())
            }
            Some(e) if e == email => Ok(()),
            Some(_) => Err(AccountError::EmailMismatch),
        }
    }
}

aggregate!(Account, "account", AccountCommand => AccountEvent, AccountError);

impl Account {
    /// The events `command` records (none when it was done already), or why it is refused.
    fn decide(&self, command: AccountCommand) -> Result<Vec<AccountEvent>, AccountError> {
        let mut events = Vec::new();
        match command {
            AccountCommand::Authenticate {
                email,
                at,
                claim,
                bootstrap_admin,
            } => {
                self.sign_up_if_new(&email, at, &mut events)?;
                events.push(AccountEvent::AccountSignedIn { at });
                if let Some(anonymous_id) = claim.filter(|id| !self.claimed.contains(id)) {
                    events.push(AccountEvent::AnonymousIdentityClaimed { anonymous_id, at });
                }
                if bootstrap_admin {
                    events.extend(self.grant(Permission::Admin, None, None));
                }
            }
            AccountCommand::Register { email, at } => {
                self.sign_up_if_new(&email, at, &mut events)?;
            }
            AccountCommand::SetProfileName { name } => {
                self.require()?;
                if self.profile_name.as_ref() != Some(&name) {
                    events.push(AccountEvent::ProfileNameSet { profile_name: name });
                }
            }
            AccountCommand::SetPreferences { preferences } => {
                self.require()?;
                if self.preferences != preferences {
                    events.push(AccountEvent::PreferencesSet { preferences });
                }
            }
            AccountCommand::GrantPermission {
                permission,
                by,
                reason,
            } => {
                self.require()?;
                events.extend(self.grant(permission, by, reason));
            }
            AccountCommand::RevokePermission {
                permission,
                by,
                reason,
            } => events.push(self.revoke(permission, by, reason)?),
        }
        Ok(events)
    }

    fn evolve(&mut self, event: AccountEvent) {
        match event {
            AccountEvent::AccountSignedUp { email, .. } => self.email = Some(email),
            AccountEvent::AccountSignedIn { .. } => {}
            AccountEvent::AnonymousIdentityClaimed { anonymous_id, .. } => {
                self.claimed.insert(anonymous_id);
            }
            AccountEvent::ProfileNameSet { profile_name } => self.profile_name = Some(profile_name),
            AccountEvent::PreferencesSet { preferences } => self.preferences = preferences,
            AccountEvent::PermissionGranted { permission, .. } => {
                self.permissions.insert(permission);
            }
            AccountEvent::PermissionRevoked { permission, .. } => {
                self.permissions.remove(&permission);
            }
        }
    }
}

#[cfg(test)]
#[path = "account_tests.rs"]
mod tests;
