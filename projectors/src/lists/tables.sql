-- Read model `lists`: its tables, created idempotently in the schema first on the search path
-- (`rm` live, a fresh schema during a replay). Indexes are in indexes.sql.
CREATE TABLE IF NOT EXISTS lists (
    id         uuid PRIMARY KEY,
    -- The identity it belongs to: an account, or an anonymous identity (kept once claimed).
    owner      uuid NOT NULL,
    kind       text NOT NULL,
    name       text NOT NULL,
    public     boolean NOT NULL,
    item_count integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS list_items (
    list_id    uuid NOT NULL,
    artwork_id uuid NOT NULL,
    added_at   timestamptz NOT NULL,
    PRIMARY KEY (list_id, artwork_id)
);
