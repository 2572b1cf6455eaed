-- The moderators' queue: by status (and type), oldest first.
CREATE INDEX IF NOT EXISTS feedback_queue ON feedback (status, issue_type, created_at, id);
-- The rate limits: what one identity sent lately.
CREATE INDEX IF NOT EXISTS feedback_sender ON feedback (sender, created_at);
