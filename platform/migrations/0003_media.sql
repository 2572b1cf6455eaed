-- Uploaded photos' processing state (DESIGN §5 uploads). Operational, not domain facts: the
-- Submission events say which photos belong to what; this table says whether a photo's served
-- variants exist yet, so the worker that makes them can resume after a restart and deleted
-- photos stay deleted.

CREATE SCHEMA IF NOT EXISTS media;

CREATE TABLE media.photos (
    key          uuid PRIMARY KEY,
    -- uploaded → ready | failed; any → deleted (rejected or withdrawn submissions)
    status       text NOT NULL DEFAULT 'uploaded',
    uploaded_by  uuid NOT NULL,
    bytes        integer NOT NULL,
    format       text NOT NULL,
    attempts     integer NOT NULL DEFAULT 0,
    claimed_at   timestamptz,
    error        text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    processed_at timestamptz
);

CREATE INDEX photos_todo ON media.photos (created_at) WHERE status = 'uploaded';
