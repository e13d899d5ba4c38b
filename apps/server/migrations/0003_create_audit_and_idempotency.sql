-- Written by the operation layer in the same transaction as the change it describes.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  actor_id integer REFERENCES accounts (id),
  impersonator_id integer REFERENCES accounts (id),
  operation text NOT NULL,
  account_id integer REFERENCES accounts (id),
  before jsonb,
  after jsonb,
  request_id text
);
CREATE INDEX audit_log_account_idx ON audit_log (account_id, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC);

CREATE TABLE idempotency_keys (
  owner text NOT NULL,
  key text NOT NULL,
  operation text NOT NULL,
  request_hash text NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner, key)
);
