-- Read model `notifications`: its tables, created idempotently in the schema first on the search
-- path (`rm` live, a fresh schema during a replay). Indexes are in indexes.sql.
CREATE TABLE IF NOT EXISTS notifications (
    -- Derived from the event that made it (`domain::metadata::event_id`): one per event, however
    -- often that event is delivered or replayed.
    id            uuid PRIMARY KEY,
    -- The identity it is for (an anonymous one's are read by the account that claims it).
    recipient     uuid NOT NULL,
    type          text NOT NULL,
    title         text NOT NULL,
    message       text NOT NULL,
    link          text,
    submission_id uuid,
    created_at    timestamptz NOT NULL,
    is_dismissed  boolean NOT NULL DEFAULT false,
    -- For `badge_awarded`: the badge (SPEC §3 Badge fields), for the toast.
    badge         jsonb
);
-- Added with badges: databases made before them gain the column in place.
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS badge jsonb;
-- Who sent each submission and what it was, to address its outcome.
CREATE TABLE IF NOT EXISTS notification_sources (
    submission_id uuid PRIMARY KEY,
    submitter     uuid NOT NULL,
    kind          text NOT NULL,
    subject       uuid
);
