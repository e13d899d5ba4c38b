-- [A2.11] Report pages of the account layouts: per account type, a tab that embeds a report for
-- the account (decision 0028). Layout data like account_layouts; the demo seed adds its pages.
CREATE TABLE account_report_pages (
  account_type text NOT NULL CHECK (account_type IN ('Provider', 'Reseller', 'Company', 'Department', 'User', 'Product')),
  name text NOT NULL CHECK (name ~ '^[A-Za-z][A-Za-z0-9_]{0,49}$'),
  display_name text NOT NULL,
  workgroup_id text NOT NULL,
  report_id text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_type, name)
);

-- [A7.3] The latest preparation of a report page's data for an account: the durable job that
-- prepares it (platform/jobs). Its status, progress, result and error are the report's status.
CREATE TABLE account_report_preparations (
  account_id integer NOT NULL REFERENCES accounts (id),
  page_name text NOT NULL,
  job_id uuid NOT NULL REFERENCES jobs (id),
  requested_by integer REFERENCES accounts (id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, page_name)
);

-- ACCOUNT_REPORT_READ opens the report pages. Existing installations get it on the standard
-- administrator roles; new ones get it from the role seed.
INSERT INTO role_capabilities (role_id, capability)
SELECT id, 'ACCOUNT_REPORT_READ' FROM roles
WHERE name IN ('Provider administrator', 'Reseller administrator', 'Company administrator')
ON CONFLICT DO NOTHING;
