-- Read model `badges`: its indexes, created after a replay has loaded the rows.
CREATE UNIQUE INDEX IF NOT EXISTS badges_key ON badges (key);
CREATE INDEX IF NOT EXISTS badge_awards_badge ON badge_awards (badge_id);
