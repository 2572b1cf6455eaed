//! Use case (`POST /api/auth/magic-link/inspect`): whom a link signs in as, and what this
//! device would bring along, so the person can say yes before anything happens. Changes
//! nothing; a link that is not live counts against the client's failed verifications.

use super::verify::{failures_bucket, FAILED_ATTEMPTS};
use super::*;

/// Whom the link in `req` signs in as, and what the device would bring along.
pub async fn run(
    accounts: &Accounts,
    device: &Device,
    req: &InspectRequest,
) -> Result<InspectAnswer, IdentityError> {
    let email: Option<String> = match req.token.as_deref().and_then(UserToken::parse) {
        Some(token) => {
            sqlx::query_scalar(
                "SELECT email FROM auth.link_tokens
                      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()",
            )
            .bind(token.hash().as_slice())
            .fetch_optional(accounts.pool())
            .await?
        }
        None => None,
    };
    let Some(email) = email else {
        accounts
            .limit(
                &failures_bucket(&device.client),
                FAILED_VERIFICATIONS_PER_IP,
                FAILED_ATTEMPTS,
            )
            .await?;
        return Err(IdentityError::LinkFailed);
    };
    let account: Option<Uuid> =
        sqlx::query_scalar("SELECT account_id FROM auth.accounts WHERE email = $1")
            .bind(&email)
            .fetch_optional(accounts.pool())
            .await?;
    let is_new_account = match account {
        None => true,
        Some(id) => {
            platform::eventlog::last_position_of(accounts.pool(), Account::TYPE, &id.to_string())
                .await?
                .is_none()
        }
    };
    let (anonymous_submissions, anonymous_work) = match device.anonymous() {
        None => (0, 0),
        Some(anon) => (
            projectors::submissions::read::unclaimed_count(accounts.pool(), anon.0).await?,
            unclaimed_work(accounts.pool(), anon.0).await?,
        ),
    };
    Ok(InspectAnswer {
        success: true,
        email,
        is_new_account,
        anonymous_submissions,
        anonymous_work,
    })
}

/// The events an anonymous identity recorded, unless an account claimed it already.
async fn unclaimed_work(pool: &PgPool, anonymous: Uuid) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT count(*) FROM es.events
          WHERE metadata ->> 'actor_id' = $1::text
            AND NOT EXISTS (SELECT 1 FROM auth.identity_claims WHERE anonymous_id = $1)",
    )
    .bind(anonymous)
    .fetch_one(pool)
    .await
}
