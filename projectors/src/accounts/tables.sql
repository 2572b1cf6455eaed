-- Read model `accounts`: its tables, created idempotently in the schema first on the search path
-- (`rm` live, a fresh schema during a replay). Indexes are in indexes.sql.
CREATE TABLE IF NOT EXISTS accounts (
    account_id      uuid PRIMARY KEY,
    profile_name    text,
    preferences     jsonb NOT NULL DEFAULT '{}',
    created_at      timestamptz NOT NULL,
    last_sign_in_at timestamptz,
    version         bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS account_permissions (
    account_id uuid NOT NULL,
    permission text NOT NULL,
    is_active  boolean NOT NULL,
    granted_by uuid,
    changed_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, permission)
);
CREATE TABLE IF NOT EXISTS account_identities (
    anonymous_id uuid PRIMARY KEY,
    account_id   uuid NOT NULL,
    claimed_at   timestamptz NOT NULL
);
