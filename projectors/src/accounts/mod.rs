//! Read model of accounts: public profile facts, preferences, permissions and claimed anonymous
//! identities. No e-mail address: that stays in the Account stream and the `auth` schema.

use async_trait::async_trait;
use cqrs_es::Aggregate;
use domain::{Account, AccountEvent};
use platform::eventlog::EventEnvelope;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::Projector;

pub struct AccountsProjector;

#[async_trait]
impl Projector for AccountsProjector {
    fn name(&self) -> &'static str {
        "accounts"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["accounts", "account_permissions", "account_identities"]
    }

    fn create_tables(&self, s: &str) -> String {
        format!(
            "CREATE TABLE IF NOT EXISTS {s}.accounts (
                account_id      uuid PRIMARY KEY,
                profile_name    text,
                preferences     jsonb NOT NULL DEFAULT '{{}}',
                created_at      timestamptz NOT NULL,
                last_sign_in_at timestamptz,
                version         bigint NOT NULL
            );
            CREATE TABLE IF NOT EXISTS {s}.account_permissions (
                account_id uuid NOT NULL,
                permission text NOT NULL,
                is_active  boolean NOT NULL,
                granted_by uuid,
                changed_at timestamptz NOT NULL,
                PRIMARY KEY (account_id, permission)
            );
            CREATE TABLE IF NOT EXISTS {s}.account_identities (
                anonymous_id uuid PRIMARY KEY,
                account_id   uuid NOT NULL,
                claimed_at   timestamptz NOT NULL
            );"
        )
    }

    fn create_indexes(&self, s: &str) -> String {
        format!(
            "CREATE UNIQUE INDEX IF NOT EXISTS accounts_profile_name
                ON {s}.accounts (lower(profile_name)) WHERE profile_name IS NOT NULL;
             CREATE INDEX IF NOT EXISTS account_permissions_active
                ON {s}.account_permissions (permission) WHERE is_active;
             CREATE INDEX IF NOT EXISTS account_identities_account
                ON {s}.account_identities (account_id);"
        )
    }

    async fn apply(
        &self,
        db: &mut PgConnection,
        s: &str,
        events: &[EventEnvelope],
    ) -> anyhow::Result<()> {
        for e in events.iter().filter(|e| e.aggregate_type == Account::TYPE) {
            let id = Uuid::parse_str(&e.aggregate_id)?;
            match serde_json::from_value::<AccountEvent>(e.payload.clone())? {
                AccountEvent::AccountSignedUp { at, .. } => {
                    sqlx::query(&format!(
                        "INSERT INTO {s}.accounts (account_id, created_at, version)
                         VALUES ($1, $2, $3) ON CONFLICT (account_id) DO NOTHING"
                    ))
                    .bind(id)
                    .bind(at)
                    .bind(e.sequence)
                    .execute(&mut *db)
                    .await?;
                }
                AccountEvent::AccountSignedIn { at } => {
                    self.update(db, s, id, e.sequence, "last_sign_in_at = $3", at)
                        .await?;
                }
                AccountEvent::AnonymousIdentityClaimed { anonymous_id, at } => {
                    sqlx::query(&format!(
                        "INSERT INTO {s}.account_identities (anonymous_id, account_id, claimed_at)
                         VALUES ($1, $2, $3) ON CONFLICT (anonymous_id) DO NOTHING"
                    ))
                    .bind(anonymous_id)
                    .bind(id)
                    .bind(at)
                    .execute(&mut *db)
                    .await?;
                }
                AccountEvent::ProfileNameSet { profile_name } => {
                    self.update(
                        db,
                        s,
                        id,
                        e.sequence,
                        "profile_name = $3",
                        String::from(profile_name),
                    )
                    .await?;
                }
                AccountEvent::PreferencesSet { preferences } => {
                    self.update(
                        db,
                        s,
                        id,
                        e.sequence,
                        "preferences = $3",
                        serde_json::to_value(&preferences)?,
                    )
                    .await?;
                }
                AccountEvent::PermissionGranted { permission, by } => {
                    set_permission(db, s, id, permission.as_str(), true, by, e).await?;
                }
                AccountEvent::PermissionRevoked { permission, by } => {
                    set_permission(db, s, id, permission.as_str(), false, by, e).await?;
                }
            }
        }
        Ok(())
    }
}

impl AccountsProjector {
    /// Sets one column of an account row, unless the row already reflects a later event.
    async fn update<T>(
        &self,
        db: &mut PgConnection,
        s: &str,
        id: Uuid,
        sequence: i64,
        assignment: &str,
        value: T,
    ) -> anyhow::Result<()>
    where
        T: for<'q> sqlx::Encode<'q, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send,
    {
        sqlx::query(&format!(
            "UPDATE {s}.accounts SET {assignment}, version = $2
              WHERE account_id = $1 AND version < $2"
        ))
        .bind(id)
        .bind(sequence)
        .bind(value)
        .execute(&mut *db)
        .await?;
        Ok(())
    }
}

async fn set_permission(
    db: &mut PgConnection,
    s: &str,
    id: Uuid,
    permission: &str,
    active: bool,
    by: Option<Uuid>,
    e: &EventEnvelope,
) -> anyhow::Result<()> {
    sqlx::query(&format!(
        "INSERT INTO {s}.account_permissions (account_id, permission, is_active, granted_by, changed_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (account_id, permission)
         DO UPDATE SET is_active = excluded.is_active, granted_by = excluded.granted_by,
                       changed_at = excluded.changed_at"
    ))
    .bind(id)
    .bind(permission)
    .bind(active)
    .bind(by)
    .bind(e.recorded_at)
    .execute(&mut *db)
    .await?;
    Ok(())
}
