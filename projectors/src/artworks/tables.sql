-- Read model `artworks`: its tables, created idempotently in the schema first on the search path
-- (`rm` live, a fresh schema during a replay). Indexes are in indexes.sql.
CREATE TABLE IF NOT EXISTS artworks (
    id           uuid PRIMARY KEY,
    title        text NOT NULL,
    description  text,
    artwork_type text NOT NULL,
    status       text NOT NULL,
    lat          double precision NOT NULL,
    lon          double precision NOT NULL,
    location     point NOT NULL,
    tags         jsonb NOT NULL DEFAULT '{}',
    artist_ids   uuid[] NOT NULL DEFAULT '{}',
    provenance   jsonb,
    -- The gallery (see gallery.rs): photos shown, main photo first; those an edit hid; the main
    -- photo's key. Only `photos` is public.
    photos       jsonb NOT NULL DEFAULT '[]',
    hidden_photos jsonb NOT NULL DEFAULT '[]',
    main_photo   text,
    -- When its newest photo came (a visit or photos added); null: with the artwork itself.
    photos_at    timestamptz,
    -- A duplicate merged into another artwork (status 'merged') points there.
    merged_into  uuid,
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    version      bigint NOT NULL,
    last_tx      bigint NOT NULL,
    last_pos     bigint NOT NULL
);
-- Added 2026-12 ("Help nearby": old photos); rows from before read their creation time.
ALTER TABLE artworks ADD COLUMN IF NOT EXISTS photos_at timestamptz;
CREATE TABLE IF NOT EXISTS artwork_counts (
    status text PRIMARY KEY,
    n      bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS artwork_visits (
    submission_id uuid PRIMARY KEY,
    artwork_id    uuid NOT NULL,
    visitor       uuid NOT NULL,
    condition     text,
    note          text,
    photos        jsonb NOT NULL DEFAULT '[]',
    visited_at    timestamptz NOT NULL,
    recorded_at   timestamptz NOT NULL
);
-- The gaps ("Help nearby") each approved contribution filled: a logbook visit or photos that
-- gave an artwork its first photo, an edit whose applied change set an empty field (see
-- `domain::Gap::filled_by`). The badge counts read it ("gap filler").
CREATE TABLE IF NOT EXISTS artwork_gaps_filled (
    submission_id uuid NOT NULL,
    gap           text NOT NULL,
    artwork_id    uuid NOT NULL,
    filled_at     timestamptz NOT NULL,
    PRIMARY KEY (submission_id, gap)
);
-- "The city as it was": each approved artwork's map entry over time, one row per stretch in
-- which its place, title and type stayed the same, from the event that began it (`since_*`) to
-- the one that ended it (`until_*`, null while it lasts: moved, retitled, retyped, merged or
-- removed). The map as of a time or position is the rows whose stretch covers it.
CREATE TABLE IF NOT EXISTS artwork_spans (
    artwork_id    uuid NOT NULL,
    since_tx      bigint NOT NULL,
    since_pos     bigint NOT NULL,
    since_at      timestamptz NOT NULL,
    until_tx      bigint,
    until_pos     bigint,
    until_at      timestamptz,
    lat           double precision NOT NULL,
    lon           double precision NOT NULL,
    location      point NOT NULL,
    title         text NOT NULL,
    artwork_type  text NOT NULL,
    PRIMARY KEY (artwork_id, since_pos)
);
