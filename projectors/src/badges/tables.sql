-- Read model `badges`: its tables, created idempotently in the schema first on the search path
-- (`rm` live, a fresh schema during a replay). Indexes are in indexes.sql.
-- Every badge definition, active or not (a deactivated badge keeps its awards).
CREATE TABLE IF NOT EXISTS badges (
    id          uuid PRIMARY KEY,
    key         text NOT NULL,
    title       text NOT NULL,
    description text NOT NULL,
    icon_emoji  text NOT NULL,
    rule        jsonb NOT NULL,
    active      boolean NOT NULL,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL
);
-- Awards, one per account and badge, as the badge looked when it was awarded.
CREATE TABLE IF NOT EXISTS badge_awards (
    account_id  uuid NOT NULL,
    badge_id    uuid NOT NULL,
    key         text NOT NULL,
    title       text NOT NULL,
    description text NOT NULL,
    icon_emoji  text NOT NULL,
    reason      text NOT NULL,
    awarded_at  timestamptz NOT NULL,
    PRIMARY KEY (account_id, badge_id)
);
