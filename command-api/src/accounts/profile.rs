//! The signed-in account's profile name and preferences.

use super::*;

/// Preference changes one account, and one client, may make an hour: a settings screen saved
/// now and then, not an event stream every projector must read.
pub const PREFERENCES: Budget = Budget::hourly("prefs", 60, 300);

/// Profile names one account, and one client, may set an hour (each is an event, and a name
/// taken is a name others cannot have for that moment).
pub const PROFILE_NAMES: Budget = Budget::hourly("profile", 20, 100);

impl Accounts {
    /// `PATCH /api/me/profile`: reserves the name (unique case-insensitively), then records it.
    pub async fn set_profile_name(
        &self,
        caller: &Caller,
        client: &str,
        raw: Option<&str>,
    ) -> Result<(ProfileName, Option<EventPosition>), IdentityError> {
        let account = signed_in(caller)?;
        let name = ProfileName::parse(raw.unwrap_or(""))
            .map_err(|e| IdentityError::invalid("profile_name", e.to_string()))?;
        PROFILE_NAMES
            .admit(self.pool(), account.account_id, client)
            .await?
            .map_err(|retry_after_secs| IdentityError::RateLimited {
                retry_after_secs,
                what: "profile name changes",
            })?;
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
            return Err(IdentityError::NameTaken);
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
        client: &str,
        raw: serde_json::Value,
    ) -> Result<(Preferences, Option<EventPosition>), IdentityError> {
        let account = signed_in(caller)?;
        let preferences: Preferences = serde_json::from_value(raw).map_err(|e| {
            // serde's own words for a bad shape name its internals: say what is wanted.
            let message = if e.to_string().contains("Preference") {
                e.to_string()
            } else {
                "Preferences must be one flat object of strings, numbers and booleans".to_owned()
            };
            IdentityError::invalid("preferences", message)
        })?;
        // Counted once the input is good, so a mistake costs nothing.
        PREFERENCES
            .admit(self.pool(), account.account_id, client)
            .await?
            .map_err(|retry_after_secs| IdentityError::RateLimited {
                retry_after_secs,
                what: "preference changes",
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
}
