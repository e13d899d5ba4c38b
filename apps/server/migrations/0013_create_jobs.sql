-- Durable jobs (platform/jobs): e-mails, exports, bulk credential sends. A worker claims a queued
-- job whose run_at has come (FOR UPDATE SKIP LOCKED, so several workers may share the table),
-- holds it with a lease (locked_until) that its heartbeat extends, and retries a failed attempt
-- with exponential backoff through run_at. A running job whose lease expired was left by a
-- crashed worker and is claimed again.
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  progress_message text,
  -- Where a chunked job got to, saved in the transaction of each chunk so a retry resumes there.
  checkpoint jsonb,
  result jsonb,
  -- A file the job produced (stored_files.name), downloadable by the job's creator only.
  output_file text REFERENCES stored_files (name) ON DELETE SET NULL,
  -- What the user is told when the job failed; the technical detail stays in last_error_detail.
  error text,
  last_error_detail text,
  created_by integer REFERENCES accounts (id),
  account_id integer REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE status = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE status = 'running';
CREATE INDEX jobs_account_idx ON jobs (account_id, created_at DESC);
CREATE INDEX jobs_creator_idx ON jobs (created_by, created_at DESC);
