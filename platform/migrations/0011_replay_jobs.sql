-- Replays an admin starts (POST /api/admin/replay): the job, its progress and its result, kept
-- where every process can read them (GET /api/admin/replay is a read, served by query-api in the
-- split deployment). The process running a job writes it every half second; a running job not
-- written for two minutes was left by a process that stopped, and the next start marks it failed.
CREATE TABLE rm.replay_jobs (
    id           uuid PRIMARY KEY,
    requested_by uuid        NOT NULL,
    started_at   timestamptz NOT NULL,
    state        text        NOT NULL CHECK (state IN ('running', 'done', 'failed')),
    job          jsonb       NOT NULL,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- One replay at a time, over every process.
CREATE UNIQUE INDEX replay_jobs_one_running ON rm.replay_jobs ((true)) WHERE state = 'running';
CREATE INDEX replay_jobs_started_at ON rm.replay_jobs (started_at DESC);
