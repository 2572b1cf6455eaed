//! What signing in and out share: a session token revoked.

use super::*;

impl Accounts {
    /// Revokes the session `token` is, if it is a live one.
    pub(super) async fn revoke(&self, token: &UserToken) -> Result<(), IdentityError> {
        sqlx::query("UPDATE auth.sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL")
            .bind(token.hash().as_slice())
            .execute(self.pool())
            .await?;
        Ok(())
    }
}
