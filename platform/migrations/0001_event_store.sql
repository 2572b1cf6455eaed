-- Event store (cqrs-es / postgres-es layout) plus the columns the relay needs for a global,
-- gap-free order: a global position and the writing transaction's id.
CREATE SCHEMA IF NOT EXISTS es;

CREATE TABLE es.events (
    aggregate_type  text        NOT NULL,
    aggregate_id    text        NOT NULL,
    sequence        bigint      NOT NULL CHECK (sequence > 0),
    event_type      text        NOT NULL,
    event_version   text        NOT NULL,
    payload         jsonb       NOT NULL,
    metadata        jsonb       NOT NULL,
    global_position bigint      GENERATED ALWAYS AS IDENTITY,
    tx_id           bigint      NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
    recorded_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (aggregate_type, aggregate_id, sequence)
);

-- The relay's read order.
CREATE UNIQUE INDEX events_relay_order ON es.events (tx_id, global_position);

CREATE TABLE es.snapshots (
    aggregate_type   text   NOT NULL,
    aggregate_id     text   NOT NULL,
    last_sequence    bigint NOT NULL CHECK (last_sequence >= 0),
    current_snapshot bigint NOT NULL CHECK (current_snapshot >= 0),
    payload          jsonb  NOT NULL,
    PRIMARY KEY (aggregate_type, aggregate_id)
);

-- One row per relay (normally one): the last (tx_id, position) whose publish was acknowledged.
CREATE TABLE es.relay_checkpoints (
    name       text        PRIMARY KEY,
    tx_id      bigint      NOT NULL DEFAULT 0,
    position   bigint      NOT NULL DEFAULT 0,
    published  bigint      NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- Wake the relay when events commit (NOTIFY is delivered at commit).
CREATE FUNCTION es.notify_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('plinth_events', '');
    RETURN NULL;
END $$;

CREATE TRIGGER events_notify AFTER INSERT ON es.events
    FOR EACH STATEMENT EXECUTE FUNCTION es.notify_events();

-- Read models live apart from the event store.
CREATE SCHEMA IF NOT EXISTS rm;

CREATE TABLE rm.projector_checkpoints (
    name          text        PRIMARY KEY,
    tx_id         bigint      NOT NULL DEFAULT 0,
    position      bigint      NOT NULL DEFAULT 0,
    applied       bigint      NOT NULL DEFAULT 0,
    last_error    text,
    last_error_at timestamptz,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE EXTENSION IF NOT EXISTS pg_trgm;
