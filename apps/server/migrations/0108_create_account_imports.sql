-- [A3.9] Import records of the bulk import wizard: type, name, number of errors, rows created, who and when.
CREATE TABLE account_imports (
  id serial PRIMARY KEY,
  name text NOT NULL,
  account_type text NOT NULL,
  parent_id integer NOT NULL REFERENCES accounts (id),
  -- The uploaded template (stored_files.name) and its original file name.
  upload_name text NOT NULL,
  file_name text NOT NULL,
  status text NOT NULL DEFAULT 'Queued' CHECK (status IN ('Queued', 'Succeeded', 'Failed')),
  row_count integer NOT NULL,
  rows_created integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  error text,
  -- Set in the same transaction, right after the job is queued.
  job_id uuid REFERENCES jobs (id),
  created_by integer NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX account_imports_creator_idx ON account_imports (created_by, created_at);
CREATE INDEX account_imports_job_idx ON account_imports (job_id);
