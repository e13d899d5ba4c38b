-- Self-hosted analytics reports: the definition (pages, visuals, dataset bindings) is data.
-- Datasets are not stored: they are computed live from the portal database within the scope of
-- the embed token that asks for them.
CREATE TABLE reports (
  id uuid PRIMARY KEY,
  workgroup_id uuid NOT NULL,
  name text NOT NULL,
  owner_account_id integer NOT NULL REFERENCES accounts (id),
  pages jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reports_workgroup_idx ON reports (workgroup_id, id);
CREATE INDEX reports_owner_idx ON reports (owner_account_id);

-- The key that signs embed tokens when EMBED_TOKEN_SECRET is not set: generated once, then kept.
CREATE TABLE embed_token_keys (
  name text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
