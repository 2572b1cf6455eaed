//! Identity's write side (DESIGN §5), one use case a file, each a `run` over the [`Accounts`]
//! context, who acts ([`Device`], [`Sender`] or [`Admin`](crate::actor::Admin)) and plain
//! input: magic links and codes (`request_link`, `inspect`, `verify`), signing out (`logout`),
//! profile names (`profile_name`), preferences (`preferences`) and permissions
//! (`permissions`). Secrets (link tokens, codes, session tokens) are kept only as
//! SHA-256 hashes in the `auth` schema and never enter an event, a log line or a read model.
//!
//! `is_signup` without a leak: the answer to a link request depends only on what the caller
//! already proves with their own token — it is `false` when that token is a session of the
//! account with this address, or an anonymous identity that account has claimed (this device
//! signed in with this address before), and `true` otherwise. A stranger asking about someone
//! else's address always gets `true`, whether or not it has an account; the mail itself, which
//! only the address's owner reads, says which it is. The mail is sent after the answer, so the
//! response time does not depend on the address either.

use chrono::{DateTime, Utc};
use cqrs_es::Aggregate;
use domain::account::PROFILE_NAME_TAKEN;
use domain::{
    Account, AccountCommand, ActorRole, EmailAddress, EventMetadata, EventSource, Permission,
    Preferences, ProfileName,
};
use platform::auth::UserToken;
use platform::mail::{Mail, Mailer};
use platform::position::EventPosition;
use platform::ratelimit::{self, Budget, Limit};
use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

use crate::actor::{Device, Holder, Sender};
use crate::{CommandError, Commands};

pub mod inspect;
pub mod logout;
pub mod permissions;
pub mod preferences;
pub mod profile_name;
pub mod request_link;
mod session;
pub mod verify;

pub use permissions::{PermissionChange, PermissionError};
pub use preferences::PREFERENCES;
pub use profile_name::PROFILE_NAMES;

/// SPEC §9: a magic link (and its code) expires in 1 hour.
pub const LINK_TTL: Duration = Duration::from_secs(60 * 60);
/// A session lasts 180 days unless revoked.
pub const SESSION_TTL: Duration = Duration::from_secs(180 * 24 * 60 * 60);
/// Wrong codes before a link's code is dead. The link itself stays usable: a code can be guessed
/// (one in a million a try), a 256-bit link cannot, so guessing must not lock its owner out.
pub const MAX_CODE_ATTEMPTS: i32 = 5;
/// Wrong codes for one address in a day, across all its links; past it only the link signs in.
pub const CODE_ATTEMPTS_PER_EMAIL: Limit = Limit {
    max: 20,
    window: Duration::from_secs(24 * 60 * 60),
};

pub const LINKS_PER_EMAIL: Limit = Limit::per_hour(5);
pub const LINKS_PER_IP: Limit = Limit::per_hour(20);
/// Failed verifications from one client before it must wait (successes do not count).
pub const FAILED_VERIFICATIONS_PER_IP: Limit = Limit {
    max: 30,
    window: Duration::from_secs(15 * 60),
};

pub const VERIFY_FAILED: &str = "Failed to verify magic link";

/// Why an identity write was refused; `error.rs` says how each is answered.
#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error("Sign in first")]
    NotSignedIn,
    /// A link or code that does not sign in (the same words whatever the reason).
    #[error("{VERIFY_FAILED}")]
    LinkFailed,
    #[error("{PROFILE_NAME_TAKEN}")]
    NameTaken,
    #[error("too many {what}: try again in {retry_after_secs} s")]
    RateLimited {
        retry_after_secs: u64,
        what: &'static str,
    },
    #[error(transparent)]
    Account(#[from] CommandError<domain::AccountError>),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

crate::commands::sqlx_is_store!(IdentityError);

impl IdentityError {
    fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        IdentityError::Invalid {
            field,
            message: message.into(),
        }
    }
}

/// The sender's account, or why there is none.
fn signed_in(sender: &Sender) -> Result<domain::AccountId, IdentityError> {
    sender.account.ok_or(IdentityError::NotSignedIn)
}

#[derive(Debug, Clone)]
pub struct AuthSettings {
    /// Base of links in mail (`PUBLIC_URL`), without a trailing slash.
    pub public_url: String,
    pub product_name: String,
    /// `ADMIN_EMAILS`, lower-cased.
    pub admin_emails: Vec<String>,
}

#[derive(Clone)]
pub struct Accounts {
    commands: Commands,
    mailer: Mailer,
    settings: Arc<AuthSettings>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MagicLinkRequest {
    pub email: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MagicLinkAnswer {
    pub success: bool,
    pub message: String,
    /// False only when the caller's own token already belongs to this address's account.
    pub is_signup: bool,
}

/// `{token}` from the link, or `{email, code}` from the mail's 6-digit code.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct VerifyRequest {
    pub token: Option<String>,
    pub email: Option<String>,
    pub code: Option<String>,
    /// Whether the calling device's anonymous work becomes the account's (default true). The web
    /// app asks the person first: a link someone else sent must not take this device's work.
    pub claim_anonymous_work: Option<bool>,
}

/// `{token}`: a link to look at before signing in with it.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct InspectRequest {
    pub token: Option<String>,
}

/// What signing in with a link would do; nothing is changed by asking.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InspectAnswer {
    pub success: bool,
    /// The address the link signs in as (the link's holder can sign in as it anyway).
    pub email: String,
    /// No account has this address yet: signing in creates it.
    pub is_new_account: bool,
    /// Submissions of the calling device's anonymous identity that signing in could claim; 0 when
    /// the caller is signed in or the identity is already claimed.
    pub anonymous_submissions: i64,
    /// Everything the calling device's unclaimed anonymous identity recorded (submissions,
    /// lists and what they hold, feedback), counted from the event store so work not yet in
    /// any read model counts too; the sign-in page asks before claiming whenever it is above 0.
    pub anonymous_work: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct VerifyAnswer {
    pub success: bool,
    pub message: String,
    pub is_new_account: bool,
    /// True when the device's anonymous identity was claimed by (and replaced with) the account.
    pub uuid_replaced: bool,
    pub user: VerifiedUser,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct VerifiedUser {
    pub uuid: Uuid,
    pub email: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LogoutAnswer {
    pub success: bool,
    /// The fresh anonymous token the client adopts (also in `X-User-Token`).
    pub new_user_token: String,
}

/// A successful verification: the answer, the new session token and the last event position.
pub struct Verified {
    pub answer: VerifyAnswer,
    pub session: UserToken,
    pub position: Option<EventPosition>,
}

fn sha256(bytes: &[u8]) -> Vec<u8> {
    Sha256::digest(bytes).to_vec()
}

/// The per-address bucket of wrong codes (the address only as a hash).
fn code_bucket(email: &EmailAddress) -> String {
    format!(
        "code:email:{}",
        hex::encode(sha256(email.as_str().as_bytes()))
    )
}

fn code_hash(token_hash: &[u8], code: &str) -> Vec<u8> {
    let mut h = Sha256::new();
    h.update(token_hash);
    h.update(code.as_bytes());
    h.finalize().to_vec()
}

fn parse_email(raw: Option<&str>) -> Result<EmailAddress, IdentityError> {
    EmailAddress::parse(raw.unwrap_or(""))
        .map_err(|e| IdentityError::invalid("email", e.to_string()))
}

fn interval(d: Duration) -> f64 {
    d.as_secs_f64()
}

impl Accounts {
    pub fn new(commands: Commands, mailer: Mailer, settings: AuthSettings) -> Self {
        Self {
            commands,
            mailer,
            settings: Arc::new(settings),
        }
    }

    pub fn pool(&self) -> &PgPool {
        self.commands.pool()
    }

    async fn limit(
        &self,
        bucket: &str,
        limit: Limit,
        what: &'static str,
    ) -> Result<(), IdentityError> {
        self.reserve(bucket, limit, what).await.map(|_| ())
    }

    /// Counts one change of `account`'s, from the sender's client, against `budget`; a refusal
    /// is a 429 naming `what`.
    async fn admit(
        &self,
        budget: Budget,
        account: domain::AccountId,
        sender: &Sender,
        what: &'static str,
    ) -> Result<(), IdentityError> {
        budget
            .admit(self.pool(), account.0, &sender.client)
            .await?
            .map_err(|retry_after_secs| IdentityError::RateLimited {
                retry_after_secs,
                what,
            })
    }

    /// [`ratelimit::reserve`] with the refusal as a 429 naming `what`.
    async fn reserve(
        &self,
        bucket: &str,
        limit: Limit,
        what: &'static str,
    ) -> Result<ratelimit::Reservation, IdentityError> {
        ratelimit::reserve(self.pool(), bucket, limit)
            .await?
            .map_err(|retry_after_secs| IdentityError::RateLimited {
                retry_after_secs,
                what,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_hash_is_salted_by_its_link() {
        let a = code_hash(&[1; 32], "123456");
        assert_eq!(a, code_hash(&[1; 32], "123456"));
        assert_ne!(a, code_hash(&[2; 32], "123456"));
        assert_ne!(a, code_hash(&[1; 32], "123457"));
    }
}
