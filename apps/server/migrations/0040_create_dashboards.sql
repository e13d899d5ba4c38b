-- Self-hosted dashboards: tiles pinned from visuals of reports. A tile names its report, page and
-- visual; the embed host draws it from that report's definition over the token's datasets.
CREATE TABLE dashboards (
  id uuid PRIMARY KEY,
  workgroup_id uuid NOT NULL,
  name text NOT NULL,
  owner_account_id integer NOT NULL REFERENCES accounts (id),
  tiles jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dashboards_workgroup_idx ON dashboards (workgroup_id, id);
CREATE INDEX dashboards_owner_idx ON dashboards (owner_account_id);
