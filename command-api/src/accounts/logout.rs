//! Use case (`POST /api/auth/logout`): a device signs out; its session ends and it is handed a
//! fresh anonymous token.

use super::*;

/// Ends the device's session, if it holds one, and answers a new anonymous token.
pub async fn run(accounts: &Accounts, device: &Device) -> Result<LogoutAnswer, IdentityError> {
    if device.signed_in() {
        accounts.revoke(&device.token).await?;
    }
    Ok(LogoutAnswer {
        success: true,
        new_user_token: UserToken::generate().expose().to_owned(),
    })
}
