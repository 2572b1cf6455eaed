-- Read model `artworks`: its indexes, created after a replay has loaded the rows.
CREATE INDEX IF NOT EXISTS artworks_location ON artworks USING gist (location)
    WHERE status = 'approved';
-- The map's "removed" layer.
CREATE INDEX IF NOT EXISTS artworks_removed_location ON artworks USING gist (location)
    WHERE status = 'removed';
CREATE INDEX IF NOT EXISTS artworks_updated ON artworks (updated_at DESC, id)
    WHERE status = 'approved';
CREATE INDEX IF NOT EXISTS artworks_created ON artworks (created_at DESC, id)
    WHERE status = 'approved';
CREATE INDEX IF NOT EXISTS artworks_title ON artworks (lower(title), id)
    WHERE status = 'approved';
CREATE INDEX IF NOT EXISTS artworks_artists ON artworks USING gin (artist_ids);
CREATE INDEX IF NOT EXISTS artworks_change ON artworks (last_tx, last_pos);
CREATE INDEX IF NOT EXISTS artworks_photos ON artworks USING gin (photos jsonb_path_ops);
CREATE INDEX IF NOT EXISTS artwork_visits_artwork
    ON artwork_visits (artwork_id, visited_at DESC);
CREATE INDEX IF NOT EXISTS artworks_merged_into
    ON artworks (merged_into) WHERE merged_into IS NOT NULL;
-- The map as it was: stretches by place (each tested for its time after).
CREATE INDEX IF NOT EXISTS artwork_spans_location ON artwork_spans USING gist (location);
CREATE INDEX IF NOT EXISTS artwork_spans_open ON artwork_spans (artwork_id)
    WHERE until_pos IS NULL;
-- The in-memory map as it was reads the stretches that ended after its position.
CREATE INDEX IF NOT EXISTS artwork_spans_ended ON artwork_spans (until_tx, until_pos)
    WHERE until_pos IS NOT NULL;
