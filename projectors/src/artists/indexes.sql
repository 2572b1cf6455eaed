-- Read model `artists`: its indexes, created after a replay has loaded the rows.
CREATE INDEX IF NOT EXISTS artists_name_trgm ON artists
    USING gin (lower(name) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS artists_name ON artists (lower(name), id);
CREATE INDEX IF NOT EXISTS artists_updated ON artists (updated_at DESC, id);
CREATE INDEX IF NOT EXISTS artists_created ON artists (created_at DESC, id);
