-- Read model `submissions`: its indexes, created after a replay has loaded the rows.
CREATE INDEX IF NOT EXISTS submissions_queue
    ON submissions (status, created_at, id);
CREATE INDEX IF NOT EXISTS submissions_queue_kind
    ON submissions (status, kind, created_at, id);
CREATE INDEX IF NOT EXISTS submissions_submitter
    ON submissions (submitter, created_at DESC);
CREATE INDEX IF NOT EXISTS edits_queue
    ON edits (subject_type, status, created_at, id);
CREATE INDEX IF NOT EXISTS edits_of_subject
    ON edits (subject_id, submitter, status);
