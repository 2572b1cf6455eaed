-- Read model `artists`: its tables, created idempotently in the schema first on the search path
-- (`rm` live, a fresh schema during a replay). Indexes are in indexes.sql.
CREATE TABLE IF NOT EXISTS artists (
    id         uuid PRIMARY KEY,
    name       text NOT NULL,
    aliases    jsonb NOT NULL DEFAULT '[]',
    biography  text,
    country    text,
    website    text,
    birth_year integer,
    death_year integer,
    provenance jsonb,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    version    bigint NOT NULL,
    last_tx    bigint NOT NULL,
    last_pos   bigint NOT NULL
);
