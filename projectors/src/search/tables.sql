-- Read model `search`: its tables, created idempotently in the schema first on the search path
-- (`rm` live, a fresh schema during a replay). Indexes are in indexes.sql.
CREATE TABLE IF NOT EXISTS search_docs (
    id         uuid PRIMARY KEY,
    kind       text NOT NULL,
    doc        jsonb NOT NULL,
    version    bigint NOT NULL,
    artist_ids uuid[] NOT NULL DEFAULT '{}',
    -- An artwork's photos as `artworks::gallery::Gallery` arranges them, for the lead thumbnail.
    gallery    jsonb,
    last_tx    bigint NOT NULL,
    last_pos   bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS search_artists (
    id   uuid PRIMARY KEY,
    name text NOT NULL
);
CREATE TABLE IF NOT EXISTS search_meta (
    generation uuid NOT NULL
);
-- A new generation per fresh schema: the search index sees a replay by it and rebuilds.
INSERT INTO search_meta (generation)
SELECT gen_random_uuid() WHERE NOT EXISTS (SELECT 1 FROM search_meta);
