-- Read model `lists`: its indexes, created after a replay has loaded the rows.
CREATE INDEX IF NOT EXISTS lists_owner ON lists (owner, kind);
CREATE INDEX IF NOT EXISTS list_items_artwork ON list_items (artwork_id);
CREATE INDEX IF NOT EXISTS list_items_added ON list_items (list_id, added_at DESC, artwork_id);
