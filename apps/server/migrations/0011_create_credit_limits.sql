-- Credit limit history of companies and resellers [A3.3]. The current limit is the newest record;
-- each record keeps the previous limit and lock so the history reads without a self-join.
CREATE TABLE credit_limit_records (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id),
  -- Null means no limit (never assigned, or deactivated). Money: numeric, never a float.
  credit_limit numeric(15, 2) CHECK (credit_limit >= 0),
  is_locked boolean NOT NULL,
  previous_limit numeric(15, 2),
  previous_is_locked boolean NOT NULL,
  comment text NOT NULL CHECK (length(btrim(comment)) > 0),
  currency text,
  created_by integer NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_limit_records_account_idx ON credit_limit_records (account_id, id DESC);

-- One row per attached file; the primary key makes a stored file attachable to one record only.
CREATE TABLE credit_limit_attachments (
  stored_name text PRIMARY KEY,
  record_id bigint NOT NULL REFERENCES credit_limit_records (id),
  account_id integer NOT NULL REFERENCES accounts (id),
  title text NOT NULL,
  position integer NOT NULL
);
CREATE INDEX credit_limit_attachments_record_idx ON credit_limit_attachments (record_id, position);

-- Owned by platform/files (the /keeper routes): metadata of uploaded files, whose bytes live in
-- the file storage (DATA_DIR/files by default). Created here because credit attachments are its
-- first user.
CREATE TABLE stored_files (
  name text PRIMARY KEY,
  original_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  uploaded_by integer NOT NULL REFERENCES accounts (id),
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_files_uploader_idx ON stored_files (uploaded_by, uploaded_at);
