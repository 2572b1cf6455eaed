-- Read model `submissions`: its indexes, created after a replay has loaded the rows.
CREATE INDEX IF NOT EXISTS submissions_queue
    ON submissions (status, created_at, id);
CREATE INDEX IF NOT EXISTS submissions_queue_kind
    ON submissions (status, kind, created_at, id);
CREATE INDEX IF NOT EXISTS submissions_submitter
    ON submissions (submitter, created_at DESC);
CREATE INDEX IF NOT EXISTS artwork_edits_queue
    ON artwork_edits (status, created_at, id);
CREATE INDEX IF NOT EXISTS artwork_edits_of_artwork
    ON artwork_edits (artwork_id, submitter, status);
CREATE INDEX IF NOT EXISTS artist_edits_queue
    ON artist_edits (status, created_at, id);
CREATE INDEX IF NOT EXISTS artist_edits_of_artist
    ON artist_edits (artist_id, submitter, status);
