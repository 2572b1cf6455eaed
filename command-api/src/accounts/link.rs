//! Asking for a magic link (and its code): rate limits per address and client, the mail sent
//! after the answer, and the pruning of expired links.

use super::*;

impl Accounts {
    /// `POST /api/auth/request-magic-link`.
    pub async fn request_link(
        &self,
        raw_email: Option<&str>,
        ip: ClientIp,
        caller: &Caller,
    ) -> Result<MagicLinkAnswer, IdentityError> {
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

    /// Does the caller's own token already belong to the account with this address?
    pub(super) async fn caller_knows(
        &self,
        caller: &Caller,
        email: &EmailAddress,
    ) -> Result<bool, IdentityError> {
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
}
