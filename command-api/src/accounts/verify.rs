//! Use case (`POST /api/auth/verify-magic-link`): a device signs in with a link or a code: the
//! token or code consumed once, failures counted, the account found or created, the anonymous
//! identity claimed, a session issued. What a link would do before it is used is `inspect`.

use super::*;

pub(super) const FAILED_ATTEMPTS: &str = "failed sign-in attempts";
const WRONG_CODES: &str = "wrong codes for this address; the link in the mail still works";

/// The rate-limit bucket of a client's failed verifications.
pub(super) fn failures_bucket(client: &str) -> String {
    format!("verify-failed:ip:{client}")
}

impl Accounts {
    /// Marks the link (or the address's link with this code) used and answers its address, or
    /// `None` for a wrong or dead one. Each wrong try counts against the client's failed
    /// verifications; a valid link is never refused by those limits (nobody can guess one, so
    /// a burst of wrong codes from the same network must not lock its owner out).
    async fn consume(
        &self,
        req: &VerifyRequest,
        client: &str,
    ) -> Result<Option<EmailAddress>, IdentityError> {
        if let Some(raw) = req.token.as_deref() {
            let email: Option<String> = match UserToken::parse(raw) {
                Some(token) => {
                    sqlx::query_scalar(
                        "UPDATE auth.link_tokens SET used_at = now()
                      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
                      RETURNING email",
                    )
                    .bind(token.hash().as_slice())
                    .fetch_optional(self.pool())
                    .await?
                }
                None => None,
            };
            return match email {
                Some(email) => Ok(Some(
                    EmailAddress::parse(&email).map_err(|e| IdentityError::Store(e.into()))?,
                )),
                None => {
                    self.limit(client, FAILED_VERIFICATIONS_PER_IP, FAILED_ATTEMPTS)
                        .await?;
                    Ok(None)
                }
            };
        }
        let email = parse_email(req.email.as_deref())?;
        let code = req.code.as_deref().unwrap_or("").trim();
        if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
            return Err(IdentityError::invalid(
                "code",
                "The code is the 6 digits from the mail",
            ));
        }
        self.consume_code(email, code, client).await
    }

    /// A code is guessable, so every try is counted *before* it is compared: against the
    /// client's failed verifications and the address's wrong codes of the day, each decided in
    /// one locked step; the right code gives both back. The comparison itself holds the row
    /// locks of the address's live codes, so a code dies after exactly
    /// [`MAX_CODE_ATTEMPTS`] wrong tries however many arrive at once.
    async fn consume_code(
        &self,
        email: EmailAddress,
        code: &str,
        client: &str,
    ) -> Result<Option<EmailAddress>, IdentityError> {
        let counted = self
            .reserve(client, FAILED_VERIFICATIONS_PER_IP, FAILED_ATTEMPTS)
            .await?;
        let daily = match self
            .reserve(&code_bucket(&email), CODE_ATTEMPTS_PER_EMAIL, WRONG_CODES)
            .await
        {
            Ok(daily) => daily,
            Err(refused) => {
                ratelimit::release(self.pool(), &counted).await?;
                return Err(refused);
            }
        };
        let right = self.compare_code(&email, code).await?;
        if right {
            ratelimit::release(self.pool(), &counted).await?;
            ratelimit::release(self.pool(), &daily).await?;
        }
        Ok(right.then_some(email))
    }

    /// Compares `code` with the address's live codes under their row locks, and in the same
    /// transaction marks the matching link used or costs every live code one attempt.
    async fn compare_code(&self, email: &EmailAddress, code: &str) -> Result<bool, IdentityError> {
        let mut tx = self.pool().begin().await?;
        let live: Vec<(Vec<u8>, bool)> = sqlx::query_as(
            "SELECT token_hash,
                    failed_attempts < $3 AND code_hash = sha256(token_hash || convert_to($2, 'UTF8'))
               FROM auth.link_tokens
              WHERE email = $1 AND used_at IS NULL AND expires_at > now()
              ORDER BY token_hash
                FOR UPDATE",
        )
        .bind(email.as_str())
        .bind(code)
        .bind(MAX_CODE_ATTEMPTS)
        .fetch_all(&mut *tx)
        .await?;
        let right = live.iter().find(|(_, matches)| *matches);
        if let Some((token_hash, _)) = right {
            sqlx::query("UPDATE auth.link_tokens SET used_at = now() WHERE token_hash = $1")
                .bind(token_hash)
                .execute(&mut *tx)
                .await?;
        } else {
            // Each wrong code costs every live code of the address an attempt.
            sqlx::query(
                "UPDATE auth.link_tokens SET failed_attempts = failed_attempts + 1
                  WHERE email = $1 AND used_at IS NULL AND expires_at > now()",
            )
            .bind(email.as_str())
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(right.is_some())
    }

    /// The address's account row, created on first use: the atomic sign-up decision.
    pub(super) async fn account_row(
        &self,
        email: &EmailAddress,
    ) -> Result<(Uuid, DateTime<Utc>), IdentityError> {
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
    pub(super) async fn claim(
        &self,
        anon: Uuid,
        account_id: Uuid,
    ) -> Result<Option<Uuid>, IdentityError> {
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
}

/// Signs the device in with `req`'s link or code.
pub async fn run(
    accounts: &Accounts,
    device: &Device,
    req: &VerifyRequest,
) -> Result<Verified, IdentityError> {
    if req.token.is_none() && req.email.is_none() {
        return Err(IdentityError::invalid(
            "token",
            "A token, or an email and code, is required",
        ));
    }
    let Some(email) = accounts
        .consume(req, &failures_bucket(&device.client))
        .await?
    else {
        return Err(IdentityError::LinkFailed);
    };
    // Other links of the address die with this one.
    sqlx::query("UPDATE auth.link_tokens SET used_at = now() WHERE email = $1 AND used_at IS NULL")
        .bind(email.as_str())
        .execute(accounts.pool())
        .await?;

    let (account_id, created_at) = accounts.account_row(&email).await?;
    let is_new_account = platform::eventlog::last_position_of(
        accounts.pool(),
        Account::TYPE,
        &account_id.to_string(),
    )
    .await?
    .is_none();
    let claim = match device.anonymous() {
        Some(anon) if req.claim_anonymous_work.unwrap_or(true) => accounts
            .claim(anon.0, account_id)
            .await?
            .map(domain::ActorId),
        _ => None,
    };
    let bootstrap_admin = accounts
        .settings
        .admin_emails
        .iter()
        .any(|e| e == email.as_str());
    let at = Utc::now();
    let mut metadata = device.metadata.clone();
    metadata.actor_id = account_id.to_string();
    metadata.actor_role = if bootstrap_admin {
        ActorRole::Admin
    } else {
        ActorRole::User
    };
    let position = accounts
        .commands
        .execute::<domain::Account>(
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

    // A session the device held (another account on it) is replaced: end it.
    if device.signed_in() {
        accounts.revoke(&device.token).await?;
    }
    let session = UserToken::generate();
    sqlx::query(
        "INSERT INTO auth.sessions (token_hash, account_id, expires_at)
             VALUES ($1, $2, now() + make_interval(secs => $3))",
    )
    .bind(session.hash().as_slice())
    .bind(account_id)
    .bind(interval(SESSION_TTL))
    .execute(accounts.pool())
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
