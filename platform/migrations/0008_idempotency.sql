-- Idempotency keys of write requests (`Idempotency-Key` on POST /api/logbook, issue 15): one row
-- per identity and key. While `status` is NULL the first request is in flight (a retry is told
-- 409); once it succeeded its answer is kept for 24 hours and replayed to a retry. A failed
-- request's row is removed, so its retry runs again.
CREATE SCHEMA IF NOT EXISTS api;

CREATE TABLE api.idempotency_keys (
    actor_id   uuid        NOT NULL,
    key        text        NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    started_at timestamptz NOT NULL DEFAULT now(),
    status     smallint,
    body       jsonb,
    position   text,
    PRIMARY KEY (actor_id, key)
);

CREATE INDEX idempotency_keys_age ON api.idempotency_keys (started_at);
