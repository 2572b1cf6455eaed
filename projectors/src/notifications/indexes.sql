-- Read model `notifications`: its indexes, created after a replay has loaded the rows.
CREATE INDEX IF NOT EXISTS notifications_recipient
    ON notifications (recipient, created_at DESC, id);
CREATE INDEX IF NOT EXISTS notifications_unread
    ON notifications (recipient) WHERE NOT is_dismissed;
