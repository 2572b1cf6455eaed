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
-- Edit proposals of artworks and artists (`subject_type`; `new_artist` for an artist the registry
-- does not have yet): their changes as the domain records them (`FieldEdit`s or
-- `ArtistFieldEdit`s, each field with the value the proposer saw and the new one), and what a
-- moderator applied.
CREATE TABLE IF NOT EXISTS edits (
    id            uuid PRIMARY KEY,
    subject_type  text NOT NULL,
    subject_id    uuid NOT NULL,
    new_artist    boolean NOT NULL DEFAULT false,
    submitter     uuid NOT NULL,
    status        text NOT NULL,
    edits         jsonb NOT NULL,
    note          text,
    applied       jsonb,
    reason        text,
    reviewer      uuid,
    created_at    timestamptz NOT NULL,
    decided_at    timestamptz,
    version       bigint NOT NULL,
    last_tx       bigint NOT NULL,
    last_pos      bigint NOT NULL
);
-- Until 2026-11 artwork and artist edits had a table each: a schema that still has them has their
-- rows moved here once (so no replay is needed), and they are dropped.
DO $$
DECLARE
    legacy record;
BEGIN
    FOR legacy IN
        SELECT * FROM (VALUES ('artwork_edits', 'artwork', 'artwork_id', 'false'),
                              ('artist_edits', 'artist', 'artist_id', 'new_artist'))
                   AS t (name, subject_type, subject_column, new_artist)
    LOOP
        CONTINUE WHEN to_regclass(legacy.name) IS NULL;
        EXECUTE format(
            'INSERT INTO edits (id, subject_type, subject_id, new_artist, submitter, status, edits,
                    note, applied, reason, reviewer, created_at, decided_at, version, last_tx,
                    last_pos)
                SELECT id, %L, %I, %s, submitter, status, edits, note, applied, reason, reviewer,
                       created_at, decided_at, version, last_tx, last_pos
                  FROM %I
                ON CONFLICT (id) DO NOTHING',
            legacy.subject_type, legacy.subject_column, legacy.new_artist, legacy.name);
        EXECUTE format('DROP TABLE %I', legacy.name);
    END LOOP;
END $$;
