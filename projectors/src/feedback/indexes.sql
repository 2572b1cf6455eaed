-- The moderators' queue: by status (and type), oldest first.
CREATE INDEX IF NOT EXISTS feedback_queue ON feedback (status, issue_type, created_at, id);
-- The rate limits: what one identity sent lately.
CREATE INDEX IF NOT EXISTS feedback_sender ON feedback (sender, created_at);
-- "Help nearby": the open reports that an artwork is missing.
CREATE INDEX IF NOT EXISTS feedback_missing ON feedback (subject_id)
    WHERE status = 'open' AND issue_type = 'missing';
-- "Help nearby": the open comments about an artwork (a report that it is a duplicate).
CREATE INDEX IF NOT EXISTS feedback_comments ON feedback (subject_id)
    WHERE status = 'open' AND issue_type = 'comment';
