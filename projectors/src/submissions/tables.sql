-- Read model `submissions`: its tables, created idempotently in the schema first on the search path
-- (`rm` live, a fresh schema during a replay). Indexes are in indexes.sql.
CREATE TABLE IF NOT EXISTS submissions (
    id            uuid PRIMARY KEY,
    kind          text NOT NULL,
    status        text NOT NULL,
    submitter     uuid NOT NULL,
    lat           double precision NOT NULL,
    lon           double precision NOT NULL,
    title         text,
    description   text,
    artwork_type  text,
    tags          jsonb NOT NULL DEFAULT '{}',
    artist_names  jsonb NOT NULL DEFAULT '[]',
    note          text,
    condition     text,
    photos        jsonb NOT NULL DEFAULT '[]',
    artwork_id    uuid,
    outcome       text,
    reason        text,
    reviewer      uuid,
    created_at    timestamptz NOT NULL,
    decided_at    timestamptz,
    version       bigint NOT NULL,
    last_tx       bigint NOT NULL,
    last_pos      bigint NOT NULL
);
-- Edit proposals: their changes as the domain records them (`FieldEdit`s, each field with the
-- value the proposer saw and the new one), and what a moderator applied.
CREATE TABLE IF NOT EXISTS artwork_edits (
    id          uuid PRIMARY KEY,
    artwork_id  uuid NOT NULL,
    submitter   uuid NOT NULL,
    status      text NOT NULL,
    edits       jsonb NOT NULL,
    note        text,
    applied     jsonb,
    reason      text,
    reviewer    uuid,
    created_at  timestamptz NOT NULL,
    decided_at  timestamptz,
    version     bigint NOT NULL,
    last_tx     bigint NOT NULL,
    last_pos    bigint NOT NULL
);
-- Artist edits and new artists' proposals (`new_artist`), as `artwork_edits` holds artwork
-- edits: the `ArtistFieldEdit`s with the value the proposer saw, and what a moderator applied.
CREATE TABLE IF NOT EXISTS artist_edits (
    id          uuid PRIMARY KEY,
    artist_id   uuid NOT NULL,
    new_artist  boolean NOT NULL,
    submitter   uuid NOT NULL,
    status      text NOT NULL,
    edits       jsonb NOT NULL,
    note        text,
    applied     jsonb,
    reason      text,
    reviewer    uuid,
    created_at  timestamptz NOT NULL,
    decided_at  timestamptz,
    version     bigint NOT NULL,
    last_tx     bigint NOT NULL,
    last_pos    bigint NOT NULL
);
