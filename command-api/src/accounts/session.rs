//! Signing out: the session revoked.

use super::*;

impl Accounts {
    pub(super) async fn revoke(&self, token: &UserToken) -> Result<(), IdentityError> {
        sqlx::query("UPDATE auth.sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL")
            .bind(token.hash().as_slice())
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// `POST /api/auth/logout`: ends the caller's session and hands back a fresh anonymous token.
    pub async fn logout(&self, caller: &Caller) -> Result<LogoutAnswer, IdentityError> {
        if caller.account().is_some() {
            self.revoke(&caller.token).await?;
        }
        Ok(LogoutAnswer {
            success: true,
            new_user_token: UserToken::generate().expose().to_owned(),
        })
    }
}
