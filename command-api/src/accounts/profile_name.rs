//! Use case (`PATCH /api/me/profile`): a signed-in person sets their profile name, unique
//! ignoring case: reserved in one transaction, then recorded on their Account.

use super::*;

/// Profile names one account, and one client, may set an hour (each is an event, and a name
/// taken is a name others cannot have for that moment).
pub const PROFILE_NAMES: Budget = Budget::hourly("profile", 20, 100);

/// Reserves the name for the sender's account, then records it.
pub async fn run(
    accounts: &Accounts,
    sender: &Sender,
    raw: Option<&str>,
) -> Result<(ProfileName, Option<EventPosition>), IdentityError> {
    let account = signed_in(sender)?;
    let name = ProfileName::parse(raw.unwrap_or(""))
        .map_err(|e| IdentityError::invalid("profile_name", e.to_string()))?;
    accounts
        .admit(PROFILE_NAMES, account, sender, "profile name changes")
        .await?;
    let mut tx = accounts.pool().begin().await?;
    sqlx::query("DELETE FROM auth.profile_names WHERE account_id = $1 AND name_key <> $2")
        .bind(account.0)
        .bind(name.key())
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO auth.profile_names (name_key, account_id) VALUES ($1, $2)
             ON CONFLICT (name_key) DO NOTHING",
    )
    .bind(name.key())
    .bind(account.0)
    .execute(&mut *tx)
    .await?;
    let owner: Uuid =
        sqlx::query_scalar("SELECT account_id FROM auth.profile_names WHERE name_key = $1")
            .bind(name.key())
            .fetch_one(&mut *tx)
            .await?;
    if owner != account.0 {
        tx.rollback().await?;
        return Err(IdentityError::NameTaken);
    }
    tx.commit().await?;
    let position = accounts
        .commands
        .execute::<domain::Account>(
            &account.to_string(),
            AccountCommand::SetProfileName { name: name.clone() },
            &sender.metadata,
        )
        .await?;
    Ok((name, position))
}
