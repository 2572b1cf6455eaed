//! Granting and revoking permissions by e-mail address (the CLI and `ADMIN_EMAILS`).

use super::*;

impl Accounts {
    /// `plinth admin grant|revoke`: changes a permission of the address's account, creating the
    /// account first when the address has never signed in (so a moderator can be prepared).
    pub async fn set_permission_by_email(
        &self,
        email: &str,
        permission: Permission,
        grant: bool,
    ) -> anyhow::Result<(Uuid, Option<EventPosition>)> {
        let email = EmailAddress::parse(email).map_err(|e| anyhow::anyhow!("{e}"))?;
        let (account_id, _) = self
            .account_row(&email)
            .await
            .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let id = account_id.to_string();
        let metadata = EventMetadata::system(EventSource::AdminCli, Uuid::now_v7());
        self.commands
            .account(
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
            }
        } else {
            AccountCommand::RevokePermission {
                permission,
                by: None,
            }
        };
        let position = self
            .commands
            .account(&id, command, &metadata)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok((account_id, position))
    }
}
