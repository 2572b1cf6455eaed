//! Identity's write side (DESIGN §5): magic links and codes, sessions, profile names,
//! preferences and permissions. Secrets (link tokens, codes, session tokens) are kept only as
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
use platform::http::{ApiError, ClientIp};
use platform::identity::Caller;
use platform::mail::{Mail, Mailer};
use platform::position::EventPosition;
use platform::ratelimit::{self, Limit};
use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use std::sync::Arc;
use std::time::Duration;
use uuid::Uuid;

use crate::Commands;

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

pub const LINKS_PER_EMAIL: Limit = Limit {
    max: 5,
    window: Duration::from_secs(60 * 60),
};
pub const LINKS_PER_IP: Limit = Limit {
    max: 20,
    window: Duration::from_secs(60 * 60),
};
/// Failed verifications from one client before it must wait (successes do not count).
pub const FAILED_VERIFICATIONS_PER_IP: Limit = Limit {
    max: 30,
    window: Duration::from_secs(15 * 60),
};

pub const VERIFY_FAILED: &str = "Failed to verify magic link";

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

fn parse_email(raw: Option<&str>) -> Result<EmailAddress, ApiError> {
    EmailAddress::parse(raw.unwrap_or("")).map_err(|e| ApiError::validation("email", e.to_string()))
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

    async fn limit(&self, bucket: &str, limit: Limit, what: &str) -> Result<(), ApiError> {
        match ratelimit::hit(self.pool(), bucket, limit).await? {
            Ok(()) => Ok(()),
            Err(secs) => Err(ApiError::rate_limited(secs, what)),
        }
    }

    /// `POST /api/auth/request-magic-link`.
    pub async fn request_link(
        &self,
        raw_email: Option<&str>,
        ip: ClientIp,
        caller: &Caller,
    ) -> Result<MagicLinkAnswer, ApiError> {
        let email = parse_email(raw_email)?;
        self.limit(
            &format!("link:ip:{}", ip.bucket()),
            LINKS_PER_IP,
            "sign-in requests",
        )
        .await?;
        let email_key = hex::encode(sha256(email.as_str().as_bytes()));
        self.limit(
            &format!("link:email:{email_key}"),
            LINKS_PER_EMAIL,
            "sign-in requests for this address",
        )
        .await?;

        let link = UserToken::generate();
        let token_hash = link.hash().to_vec();
        let code = format!("{:06}", rand::rng().random_range(0..1_000_000u32));
        sqlx::query(
            "INSERT INTO auth.link_tokens (token_hash, email, code_hash, expires_at)
             VALUES ($1, $2, $3, now() + make_interval(secs => $4))",
        )
        .bind(&token_hash)
        .bind(email.as_str())
        .bind(code_hash(&token_hash, &code))
        .bind(interval(LINK_TTL))
        .execute(self.pool())
        .await?;

        let is_signup = !self.caller_knows(caller, &email).await?;
        let exists: bool =
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM auth.accounts WHERE email = $1)")
                .bind(email.as_str())
                .fetch_one(self.pool())
                .await?;
        let mail = self.link_mail(&email, &link, &code, exists);
        let mailer = self.mailer.clone();
        let masked = email.masked();
        // After the answer: the response time must not depend on the address or the mail server.
        tokio::spawn(async move {
            match mailer.send(&mail).await {
                Ok(()) => tracing::info!(to = %masked, "sign-in mail sent"),
                Err(e) => tracing::error!(to = %masked, error = %e, "sign-in mail failed"),
            }
        });
        Ok(MagicLinkAnswer {
            success: true,
            message: format!(
                "Check your email: we sent a sign-in link and a 6-digit code to {}. They expire in 1 hour.",
                email.as_str()
            ),
            is_signup,
        })
    }

    /// Deletes what no check looks at any more: rate-limit counts older than a day and links a
    /// day past their expiry. Run on a timer ([`Accounts::spawn_housekeeping`]); answers the rows
    /// deleted.
    pub async fn prune(&self) -> Result<u64, sqlx::Error> {
        let links =
            sqlx::query("DELETE FROM auth.link_tokens WHERE expires_at < now() - interval '1 day'")
                .execute(self.pool())
                .await?
                .rows_affected();
        let answers = crate::idempotency::prune(self.pool()).await?;
        Ok(links + answers + ratelimit::prune(self.pool()).await?)
    }

    /// Prunes every `every` for the life of the process (a failure is logged and retried at
    /// the next tick).
    pub fn spawn_housekeeping(&self, every: Duration) -> tokio::task::JoinHandle<()> {
        let me = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                match me.prune().await {
                    Ok(n) => tracing::debug!(rows = n, "pruned rate-limit counts and old links"),
                    Err(e) => tracing::warn!(error = %e, "pruning rate-limit counts failed"),
                }
            }
        })
    }

    /// Does the caller's own token already belong to the account with this address?
    async fn caller_knows(&self, caller: &Caller, email: &EmailAddress) -> Result<bool, ApiError> {
        if let Some(a) = caller.account() {
            return Ok(a.email == email.as_str());
        }
        let Some(anon) = caller.anonymous_id() else {
            return Ok(false);
        };
        Ok(sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM auth.identity_claims c
                              JOIN auth.accounts a USING (account_id)
                             WHERE c.anonymous_id = $1 AND a.email = $2)",
        )
        .bind(anon)
        .bind(email.as_str())
        .fetch_one(self.pool())
        .await?)
    }

    fn link_mail(&self, email: &EmailAddress, link: &UserToken, code: &str, exists: bool) -> Mail {
        let product = &self.settings.product_name;
        let url = format!(
            "{}/verify?token={}",
            self.settings.public_url,
            link.expose()
        );
        let (subject, opening) = if exists {
            (
                format!("Sign in to {product}"),
                format!("Someone (hopefully you) asked to sign in to {product} with this address."),
            )
        } else {
            (
                format!("Create your {product} account"),
                format!(
                    "Someone (hopefully you) asked to create a {product} account with this address."
                ),
            )
        };
        let text = format!(
            "{opening}\n\n\
             Open this link to continue:\n\n{url}\n\n\
             Or enter this code in the sign-in dialog: {code}\n\n\
             The link and the code work once and expire in 1 hour.\n\
             If you did not ask for this, ignore this mail: nothing happens without the link.\n"
        );
        Mail {
            to: email.as_str().to_owned(),
            subject,
            text,
        }
    }

    /// Marks the link (or the address's link with this code) used; the one UPDATE that wins.
    async fn consume(&self, req: &VerifyRequest) -> Result<Option<String>, ApiError> {
        if let Some(raw) = req.token.as_deref() {
            let Some(token) = UserToken::parse(raw) else {
                return Ok(None);
            };
            let email: Option<String> = sqlx::query_scalar(
                "UPDATE auth.link_tokens SET used_at = now()
                  WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
                  RETURNING email",
            )
            .bind(token.hash().as_slice())
            .fetch_optional(self.pool())
            .await?;
            return Ok(email);
        }
        let email = parse_email(req.email.as_deref())?;
        let code = req.code.as_deref().unwrap_or("").trim();
        if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ApiError::validation(
                "code",
                "The code is the 6 digits from the mail",
            ));
        }
        let daily = code_bucket(&email);
        if let Err(secs) = ratelimit::check(self.pool(), &daily, CODE_ATTEMPTS_PER_EMAIL).await? {
            return Err(ApiError::rate_limited(
                secs,
                "wrong codes for this address; the link in the mail still works",
            ));
        }
        let used: Option<String> = sqlx::query_scalar(
            "UPDATE auth.link_tokens SET used_at = now()
              WHERE email = $1 AND used_at IS NULL AND expires_at > now() AND failed_attempts < $3
                AND code_hash = sha256(token_hash || convert_to($2, 'UTF8'))
              RETURNING email",
        )
        .bind(email.as_str())
        .bind(code)
        .bind(MAX_CODE_ATTEMPTS)
        .fetch_optional(self.pool())
        .await?;
        if used.is_none() {
            ratelimit::record(self.pool(), &daily).await?;
            // Each wrong code costs every live code of the address an attempt.
            sqlx::query(
                "UPDATE auth.link_tokens SET failed_attempts = failed_attempts + 1
                  WHERE email = $1 AND used_at IS NULL AND expires_at > now()",
            )
            .bind(email.as_str())
            .execute(self.pool())
            .await?;
        }
        Ok(used)
    }

    /// Refuses a client that failed too many verifications lately.
    async fn check_failures(&self, bucket: &str) -> Result<(), ApiError> {
        match ratelimit::check(self.pool(), bucket, FAILED_VERIFICATIONS_PER_IP).await? {
            Ok(()) => Ok(()),
            Err(secs) => Err(ApiError::rate_limited(secs, "failed sign-in attempts")),
        }
    }

    /// `POST /api/auth/magic-link/inspect`: whom a link signs in as, and what this device would
    /// bring along, so the person can say yes before anything happens. Changes nothing.
    pub async fn inspect(
        &self,
        req: &InspectRequest,
        ip: ClientIp,
        caller: &Caller,
    ) -> Result<InspectAnswer, ApiError> {
        let bucket = format!("verify-failed:ip:{}", ip.bucket());
        self.check_failures(&bucket).await?;
        let email: Option<String> = match req.token.as_deref().and_then(UserToken::parse) {
            Some(token) => {
                sqlx::query_scalar(
                    "SELECT email FROM auth.link_tokens
                      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()",
                )
                .bind(token.hash().as_slice())
                .fetch_optional(self.pool())
                .await?
            }
            None => None,
        };
        let Some(email) = email else {
            ratelimit::record(self.pool(), &bucket).await?;
            return Err(ApiError::InvalidToken(VERIFY_FAILED.into()));
        };
        let account: Option<Uuid> =
            sqlx::query_scalar("SELECT account_id FROM auth.accounts WHERE email = $1")
                .bind(&email)
                .fetch_optional(self.pool())
                .await?;
        let is_new_account = match account {
            None => true,
            Some(id) => {
                platform::eventlog::last_position_of(self.pool(), Account::TYPE, &id.to_string())
                    .await?
                    .is_none()
            }
        };
        let anonymous_submissions = match caller.anonymous_id() {
            None => 0,
            Some(anon) => {
                sqlx::query_scalar(
                    "SELECT count(*) FROM rm.submissions s
                      WHERE s.submitter = $1
                        AND NOT EXISTS (SELECT 1 FROM auth.identity_claims c
                                         WHERE c.anonymous_id = $1)",
                )
                .bind(anon)
                .fetch_one(self.pool())
                .await?
            }
        };
        Ok(InspectAnswer {
            success: true,
            email,
            is_new_account,
            anonymous_submissions,
        })
    }

    /// `POST /api/auth/verify-magic-link`.
    pub async fn verify(
        &self,
        req: &VerifyRequest,
        ip: ClientIp,
        caller: &Caller,
    ) -> Result<Verified, ApiError> {
        if req.token.is_none() && req.email.is_none() {
            return Err(ApiError::validation(
                "token",
                "A token, or an email and code, is required",
            ));
        }
        let bucket = format!("verify-failed:ip:{}", ip.bucket());
        self.check_failures(&bucket).await?;
        let consumed = self.consume(req).await;
        if !matches!(consumed, Ok(Some(_))) {
            ratelimit::record(self.pool(), &bucket).await?;
        }
        let Some(email) = consumed? else {
            return Err(ApiError::InvalidToken(VERIFY_FAILED.into()));
        };
        let email = EmailAddress::parse(&email).map_err(ApiError::internal)?;
        // Other links of the address die with this one.
        sqlx::query(
            "UPDATE auth.link_tokens SET used_at = now() WHERE email = $1 AND used_at IS NULL",
        )
        .bind(email.as_str())
        .execute(self.pool())
        .await?;

        let (account_id, created_at) = self.account_row(&email).await?;
        let is_new_account = platform::eventlog::last_position_of(
            self.pool(),
            Account::TYPE,
            &account_id.to_string(),
        )
        .await?
        .is_none();
        let claim = match caller.anonymous_id() {
            Some(anon) if req.claim_anonymous_work.unwrap_or(true) => {
                self.claim(anon, account_id).await?
            }
            _ => None,
        };
        let bootstrap_admin = self
            .settings
            .admin_emails
            .iter()
            .any(|e| e == email.as_str());
        let at = Utc::now();
        let mut metadata = caller.metadata();
        metadata.actor_id = account_id.to_string();
        metadata.actor_role = if bootstrap_admin {
            ActorRole::Admin
        } else {
            ActorRole::User
        };
        let position = self
            .commands
            .account(
                &account_id.to_string(),
                AccountCommand::Authenticate {
                    email: email.clone(),
                    at,
                    claim,
                    bootstrap_admin,
                },
                &metadata,
            )
            .await?;

        // A session the caller held (another account on this device) is replaced: end it.
        if caller.account().is_some() {
            self.revoke(&caller.token).await?;
        }
        let session = UserToken::generate();
        sqlx::query(
            "INSERT INTO auth.sessions (token_hash, account_id, expires_at)
             VALUES ($1, $2, now() + make_interval(secs => $3))",
        )
        .bind(session.hash().as_slice())
        .bind(account_id)
        .bind(interval(SESSION_TTL))
        .execute(self.pool())
        .await?;
        tracing::info!(account.id = %account_id, is_new_account, claimed = claim.is_some(), "signed in");
        Ok(Verified {
            answer: VerifyAnswer {
                success: true,
                message: "Login successful".into(),
                is_new_account,
                uuid_replaced: claim.is_some(),
                user: VerifiedUser {
                    uuid: account_id,
                    email: email.as_str().to_owned(),
                    created_at,
                },
            },
            session,
            position,
        })
    }

    /// The address's account row, created on first use: the atomic sign-up decision.
    async fn account_row(&self, email: &EmailAddress) -> Result<(Uuid, DateTime<Utc>), ApiError> {
        sqlx::query(
            "INSERT INTO auth.accounts (account_id, email, created_at) VALUES ($1, $2, now())
             ON CONFLICT (email) DO NOTHING",
        )
        .bind(Uuid::new_v4())
        .bind(email.as_str())
        .execute(self.pool())
        .await?;
        Ok(
            sqlx::query_as("SELECT account_id, created_at FROM auth.accounts WHERE email = $1")
                .bind(email.as_str())
                .fetch_one(self.pool())
                .await?,
        )
    }

    /// Claims an anonymous identity for the account unless another account claimed it first.
    async fn claim(&self, anon: Uuid, account_id: Uuid) -> Result<Option<Uuid>, ApiError> {
        sqlx::query(
            "INSERT INTO auth.identity_claims (anonymous_id, account_id) VALUES ($1, $2)
             ON CONFLICT (anonymous_id) DO NOTHING",
        )
        .bind(anon)
        .bind(account_id)
        .execute(self.pool())
        .await?;
        let owner: Uuid = sqlx::query_scalar(
            "SELECT account_id FROM auth.identity_claims WHERE anonymous_id = $1",
        )
        .bind(anon)
        .fetch_one(self.pool())
        .await?;
        Ok((owner == account_id).then_some(anon))
    }

    async fn revoke(&self, token: &UserToken) -> Result<(), ApiError> {
        sqlx::query("UPDATE auth.sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL")
            .bind(token.hash().as_slice())
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// `POST /api/auth/logout`: ends the caller's session and hands back a fresh anonymous token.
    pub async fn logout(&self, caller: &Caller) -> Result<LogoutAnswer, ApiError> {
        if caller.account().is_some() {
            self.revoke(&caller.token).await?;
        }
        Ok(LogoutAnswer {
            success: true,
            new_user_token: UserToken::generate().expose().to_owned(),
        })
    }

    /// `PATCH /api/me/profile`: reserves the name (unique case-insensitively), then records it.
    pub async fn set_profile_name(
        &self,
        caller: &Caller,
        raw: Option<&str>,
    ) -> Result<(ProfileName, Option<EventPosition>), ApiError> {
        let account = caller.require_account()?;
        let name = ProfileName::parse(raw.unwrap_or(""))
            .map_err(|e| ApiError::validation("profile_name", e.to_string()))?;
        let mut tx = self.pool().begin().await?;
        sqlx::query("DELETE FROM auth.profile_names WHERE account_id = $1 AND name_key <> $2")
            .bind(account.account_id)
            .bind(name.key())
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO auth.profile_names (name_key, account_id) VALUES ($1, $2)
             ON CONFLICT (name_key) DO NOTHING",
        )
        .bind(name.key())
        .bind(account.account_id)
        .execute(&mut *tx)
        .await?;
        let owner: Uuid =
            sqlx::query_scalar("SELECT account_id FROM auth.profile_names WHERE name_key = $1")
                .bind(name.key())
                .fetch_one(&mut *tx)
                .await?;
        if owner != account.account_id {
            tx.rollback().await?;
            return Err(ApiError::Conflict(PROFILE_NAME_TAKEN.into()));
        }
        tx.commit().await?;
        let position = self
            .commands
            .account(
                &account.account_id.to_string(),
                AccountCommand::SetProfileName { name: name.clone() },
                &caller.metadata(),
            )
            .await?;
        Ok((name, position))
    }

    /// `PUT /api/me/preferences`.
    pub async fn set_preferences(
        &self,
        caller: &Caller,
        raw: serde_json::Value,
    ) -> Result<(Preferences, Option<EventPosition>), ApiError> {
        let account = caller.require_account()?;
        let preferences: Preferences = serde_json::from_value(raw).map_err(|e| {
            // serde's own words for a bad shape name its internals: say what is wanted.
            let message = if e.to_string().contains("Preference") {
                e.to_string()
            } else {
                "Preferences must be one flat object of strings, numbers and booleans".to_owned()
            };
            ApiError::validation("preferences", message)
        })?;
        let position = self
            .commands
            .account(
                &account.account_id.to_string(),
                AccountCommand::SetPreferences {
                    preferences: preferences.clone(),
                },
                &caller.metadata(),
            )
            .await?;
        Ok((preferences, position))
    }

    /// `plinth admin grant|revoke`: changes a permission of the address's account, creating the
    /// account first when the address has never signed in (so a moderator can be prepared).
    pub async fn set_permission_by_email(
        &self,
        email: &str,
        permission: Permission,
        grant: bool,
    ) -> anyhow::Result<(Uuid, Option<EventPosition>)> {
        let email = EmailAddress::parse(email).map_err(|e| anyhow::anyhow!("{e}"))?;
        let (account_id, _) = self
            .account_row(&email)
            .await
            .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let id = account_id.to_string();
        let metadata = EventMetadata::system(EventSource::AdminCli, Uuid::now_v7());
        self.commands
            .account(
                &id,
                AccountCommand::Register {
                    email,
                    at: Utc::now(),
                },
                &metadata,
            )
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let command = if grant {
            AccountCommand::GrantPermission {
                permission,
                by: None,
            }
        } else {
            AccountCommand::RevokePermission {
                permission,
                by: None,
            }
        };
        let position = self
            .commands
            .account(&id, command, &metadata)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok((account_id, position))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
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
