-- Read model `search`: its indexes, created after a replay has loaded the rows.
CREATE INDEX IF NOT EXISTS search_docs_change ON search_docs (last_tx, last_pos);
CREATE INDEX IF NOT EXISTS search_docs_artists ON search_docs USING gin (artist_ids);
