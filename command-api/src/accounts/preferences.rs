//! Use case (`PUT /api/me/preferences`): a signed-in person replaces their preferences (one
//! flat object), recorded on their Account.

use super::*;

/// Preference changes one account, and one client, may make an hour: a settings screen saved
/// now and then, not an event stream every projector must read.
pub const PREFERENCES: Budget = Budget::hourly("prefs", 60, 300);

/// Records `raw` as the sender's account's preferences.
pub async fn run(
    accounts: &Accounts,
    sender: &Sender,
    raw: serde_json::Value,
) -> Result<(Preferences, Option<EventPosition>), IdentityError> {
    let account = signed_in(sender)?;
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
    accounts
        .admit(PREFERENCES, account, sender, "preference changes")
        .await?;
    let position = accounts
        .commands
        .execute::<domain::Account>(
            &account.to_string(),
            AccountCommand::SetPreferences {
                preferences: preferences.clone(),
            },
            &sender.metadata,
        )
        .await?;
    Ok((preferences, position))
}
