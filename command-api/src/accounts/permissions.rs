//! Use cases: an admin grants or revokes a permission of an account with a reason ([`run`]);
//! the command line does it by e-mail address ([`by_email`]).

use super::*;
use crate::actor::Admin;

/// `plinth admin grant|revoke`: changes a permission of the address's account, creating the
/// account first when the address has never signed in (so a moderator can be prepared).
pub async fn by_email(
    accounts: &Accounts,
    email: &str,
    permission: Permission,
    grant: bool,
) -> anyhow::Result<(Uuid, Option<EventPosition>)> {
    let email = EmailAddress::parse(email).map_err(|e| anyhow::anyhow!("{e}"))?;
    let (account_id, _) = accounts
        .account_row(&email)
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let id = account_id.to_string();
    let metadata = EventMetadata::system(EventSource::AdminCli, Uuid::now_v7());
    accounts
        .commands
        .execute::<domain::Account>(
            &id,
            AccountCommand::Register {
                email,
                at: Utc::now(),
            },
            &metadata,
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let command = if grant {
        AccountCommand::GrantPermission {
            permission,
            by: None,
            reason: None,
        }
    } else {
        AccountCommand::RevokePermission {
            permission,
            by: None,
            reason: None,
        }
    };
    let position = accounts
        .commands
        .execute::<domain::Account>(&id, command, &metadata)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok((account_id, position))
}

/// `POST /api/admin/permissions/grant|revoke`'s body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PermissionChange {
    pub user_uuid: Uuid,
    /// `moderator` or `admin`.
    #[schema(value_type = domain::Permission)]
    pub permission: String,
    /// Why: required, kept in the audit log.
    pub reason: String,
}

/// Why a permission change was refused.
#[derive(Debug, thiserror::Error)]
pub enum PermissionError {
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error("User not found")]
    NoSuchUser,
    #[error("This account does not hold the {0} permission")]
    NotHeld(&'static str),
    #[error("That would leave no admin: grant admin to someone else first")]
    LastAdmin,
    #[error("the record was changed by someone else; reload and try again")]
    Conflict,
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

crate::commands::sqlx_is_store!(PermissionError);

/// An admin grants or revokes a permission of an account, with a reason. Takes effect on
/// the account's very next request: roles are read from the Account stream. Answers the
/// permission changed and where the change was recorded.
pub async fn run(
    accounts: &Accounts,
    admin: &Admin,
    change: PermissionChange,
    grant: bool,
) -> Result<(Permission, Option<EventPosition>), PermissionError> {
    let by = admin.account_id;
    let permission =
        Permission::parse(change.permission.trim()).ok_or(PermissionError::Invalid {
            field: "permission",
            message: "permission must be moderator or admin".into(),
        })?;
    let reason = domain::submission::Reason::parse(&change.reason).map_err(|e| {
        PermissionError::Invalid {
            field: "reason",
            message: e.to_string(),
        }
    })?;
    // Whether an admin would be left is decided from the Account streams themselves, under
    // one lock for every admin revocation: two admins revoking each other (or one revoking
    // another, then themselves) at once cannot both pass a count that neither has changed.
    let _decision = if !grant && permission == Permission::Admin {
        let lock = platform::db::Exclusive::take(accounts.pool(), "admin-revocation").await?;
        let others = admins(accounts.pool())
            .await?
            .into_iter()
            .filter(|a| *a != change.user_uuid)
            .count();
        if others == 0 {
            return Err(PermissionError::LastAdmin);
        }
        Some(lock)
    } else {
        None
    };
    let command = if grant {
        AccountCommand::GrantPermission {
            permission,
            by: Some(by),
            reason: Some(reason),
        }
    } else {
        AccountCommand::RevokePermission {
            permission,
            by: Some(by),
            reason: Some(reason),
        }
    };
    accounts
        .commands
        .execute::<domain::Account>(&change.user_uuid.to_string(), command, &admin.metadata)
        .await
        .map_err(|e| match e {
            crate::CommandError::Rejected(domain::AccountError::NotHeld(p)) => {
                PermissionError::NotHeld(p)
            }
            crate::CommandError::Rejected(_) => PermissionError::NoSuchUser,
            crate::CommandError::Conflict => PermissionError::Conflict,
            crate::CommandError::Store(s) => PermissionError::Store(anyhow::anyhow!(s)),
        })
        .map(|position| (permission, position))
}

/// Every account whose Account stream's last grant or revoke of `admin` is a grant.
async fn admins(pool: &PgPool) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT aggregate_id::uuid FROM (
             SELECT DISTINCT ON (aggregate_id) aggregate_id, event_type
               FROM es.events
              WHERE aggregate_type = $1
                AND event_type IN ('PermissionGranted', 'PermissionRevoked')
                AND payload -> event_type ->> 'permission' = 'admin'
              ORDER BY aggregate_id, sequence DESC) last
          WHERE event_type = 'PermissionGranted'",
    )
    .bind(Account::TYPE)
    .fetch_all(pool)
    .await
}
