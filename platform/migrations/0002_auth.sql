-- Identity's security state (DESIGN §5). Kept out of the event store and the read models:
-- link tokens, codes and session tokens are stored only as SHA-256 hashes; nothing here is ever
-- published. The `Account` event stream holds the facts (signed up, claimed, permissions); these
-- tables hold what must be checked atomically (single-use links, unique addresses and names).

CREATE SCHEMA IF NOT EXISTS auth;

-- One row per address: the atomic "is this address new?" decision on sign-up.
CREATE TABLE auth.accounts (
    account_id uuid PRIMARY KEY,
    email      text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL
);

-- Magic links: the link token's hash is the key; the 6-digit code is hashed with the link's hash
-- as salt. Single use: `used_at` is set by the one UPDATE that wins.
CREATE TABLE auth.link_tokens (
    token_hash      bytea PRIMARY KEY,
    email           text NOT NULL,
    code_hash       bytea NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    used_at         timestamptz,
    failed_attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX link_tokens_email ON auth.link_tokens (email, created_at DESC);

CREATE TABLE auth.sessions (
    token_hash bytea PRIMARY KEY,
    account_id uuid NOT NULL REFERENCES auth.accounts,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz
);
CREATE INDEX sessions_account ON auth.sessions (account_id);

-- Which account claimed an anonymous identity: the first claim wins.
CREATE TABLE auth.identity_claims (
    anonymous_id uuid PRIMARY KEY,
    account_id   uuid NOT NULL REFERENCES auth.accounts,
    claimed_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_claims_account ON auth.identity_claims (account_id);

-- Profile names, unique case-insensitively: reserved here before the event is written.
CREATE TABLE auth.profile_names (
    name_key   text PRIMARY KEY,
    account_id uuid NOT NULL UNIQUE REFERENCES auth.accounts
);

-- Sliding-window rate limits shared by every process: one row per counted attempt.
CREATE TABLE auth.rate_events (
    bucket text NOT NULL,
    at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_bucket ON auth.rate_events (bucket, at);
