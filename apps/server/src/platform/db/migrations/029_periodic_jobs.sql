-- Periodic jobs shared by every server process (docs/deploy.md, "Jobs"): each job's next slot on the
-- server clock, and one row per run, written by the one process that holds the job's lock.
CREATE TABLE periodic_jobs (
  name text PRIMARY KEY,
  next_due_at timestamptz NOT NULL
);

CREATE TABLE job_runs (
  id bigserial PRIMARY KEY,
  job text NOT NULL REFERENCES periodic_jobs (name),
  -- The slot (server clock) this run served.
  due_at timestamptz NOT NULL,
  -- host:pid of the process that ran it.
  worker text NOT NULL,
  -- Real time, not the server clock: when the run began and ended.
  started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  finished_at timestamptz,
  outcome text CHECK (outcome IN ('ok', 'failed')),
  error text
);
CREATE INDEX job_runs_by_job ON job_runs (job, id DESC);
