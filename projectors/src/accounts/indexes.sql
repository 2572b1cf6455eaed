-- Read model `accounts`: its indexes, created after a replay has loaded the rows.
CREATE UNIQUE INDEX IF NOT EXISTS accounts_profile_name
    ON accounts (lower(profile_name)) WHERE profile_name IS NOT NULL;
CREATE INDEX IF NOT EXISTS account_permissions_active
    ON account_permissions (permission) WHERE is_active;
CREATE INDEX IF NOT EXISTS account_identities_account
    ON account_identities (account_id);
