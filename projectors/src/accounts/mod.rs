//! Read model of accounts: public profile facts, preferences, permissions and claimed anonymous
//! identities. No e-mail address: that stays in the Account stream and the `auth` schema.

pub mod read;

use domain::{Account, AccountEvent};
use platform::eventlog::EventEnvelope;
use sqlx::PgConnection;
use uuid::Uuid;

read_model!(
    AccountsProjector,
    "accounts",
    ["accounts", "account_permissions", "account_identities"]
);

/// Applies a batch of events, as [`Projector::apply`](crate::Projector::apply) says.
async fn apply(db: &mut PgConnection, events: &[EventEnvelope]) -> anyhow::Result<()> {
    for decoded in crate::events_of::<Account>(events) {
        let (e, id, event) = decoded?;
        let seq = e.sequence;
        // Updates skip a row that already reflects a later event.
        match event {
            AccountEvent::AccountSignedUp { at, .. } => {
                sqlx::query!(
                    "INSERT INTO accounts (account_id, created_at, version)
                         VALUES ($1, $2, $3) ON CONFLICT (account_id) DO NOTHING",
                    id,
                    at,
                    seq
                )
                .execute(&mut *db)
                .await?;
            }
            AccountEvent::AccountSignedIn { at } => {
                update(db, id, seq, Update::SignedIn(at)).await?;
            }
            AccountEvent::AnonymousIdentityClaimed { anonymous_id, at } => {
                sqlx::query!(
                    "INSERT INTO account_identities (anonymous_id, account_id, claimed_at)
                         VALUES ($1, $2, $3) ON CONFLICT (anonymous_id) DO NOTHING",
                    anonymous_id.0,
                    id,
                    at
                )
                .execute(&mut *db)
                .await?;
            }
            AccountEvent::ProfileNameSet { profile_name } => {
                update(db, id, seq, Update::ProfileName(profile_name.into())).await?;
            }
            AccountEvent::PreferencesSet { preferences } => {
                let preferences = serde_json::to_value(&preferences)?;
                update(db, id, seq, Update::Preferences(preferences)).await?;
            }
            AccountEvent::PermissionGranted { permission, by, .. } => {
                set_permission(db, id, permission.as_str(), true, by.map(|b| b.0), e).await?;
            }
            AccountEvent::PermissionRevoked { permission, by, .. } => {
                set_permission(db, id, permission.as_str(), false, by.map(|b| b.0), e).await?;
            }
        }
    }
    Ok(())
}

/// One column of an account row an event sets.
enum Update {
    SignedIn(chrono::DateTime<chrono::Utc>),
    ProfileName(String),
    Preferences(serde_json::Value),
}

/// Sets the column, unless the row already reflects a later event.
async fn update(db: &mut PgConnection, id: Uuid, seq: i64, u: Update) -> anyhow::Result<()> {
    let (mut signed_in, mut name, mut preferences) = (None, None, None);
    match u {
        Update::SignedIn(at) => signed_in = Some(at),
        Update::ProfileName(n) => name = Some(n),
        Update::Preferences(p) => preferences = Some(p),
    }
    sqlx::query!(
        "UPDATE accounts SET last_sign_in_at = coalesce($3, last_sign_in_at),
                profile_name = coalesce($4, profile_name),
                preferences = coalesce($5, preferences),
                version = $2
          WHERE account_id = $1 AND version < $2",
        id,
        seq,
        signed_in,
        name,
        preferences
    )
    .execute(&mut *db)
    .await?;
    Ok(())
}

async fn set_permission(
    db: &mut PgConnection,
    id: Uuid,
    permission: &str,
    active: bool,
    by: Option<Uuid>,
    e: &EventEnvelope,
) -> anyhow::Result<()> {
    sqlx::query!(
        "INSERT INTO account_permissions (account_id, permission, is_active, granted_by, changed_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (account_id, permission)
         DO UPDATE SET is_active = excluded.is_active, granted_by = excluded.granted_by,
                       changed_at = excluded.changed_at",
        id,
        permission,
        active,
        by,
        e.recorded_at
    )
    .execute(&mut *db)
    .await?;
    Ok(())
}
