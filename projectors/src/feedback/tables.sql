-- Read model `feedback`: its tables, created idempotently in the schema first on the search path
-- (`rm` live, a fresh schema during a replay). Indexes are in indexes.sql.
CREATE TABLE IF NOT EXISTS feedback (
    id              uuid PRIMARY KEY,
    subject_type    text NOT NULL,
    subject_id      uuid,
    issue_type      text NOT NULL,
    note            text NOT NULL,
    -- An account or an anonymous identity; never shown to moderators beyond its kind.
    sender          uuid NOT NULL,
    status          text NOT NULL,
    created_at      timestamptz NOT NULL,
    decided_at      timestamptz,
    decided_by      uuid,
    decision_note   text,
    removed_artwork uuid
);
