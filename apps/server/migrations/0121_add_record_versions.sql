-- Optimistic concurrency (decision 0036): every edited record carries a version that moves on with each saved
-- edit, and who saved it last. An edit sends back the version its user read; a stale one answers 409 with the
-- record as it is now. Credit limits need no column: their version is the number of records in the history.
ALTER TABLE accounts ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN updated_by integer REFERENCES accounts (id);
ALTER TABLE account_notes ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE identity_providers ADD COLUMN version integer NOT NULL DEFAULT 1, ADD COLUMN updated_by integer REFERENCES accounts (id);
ALTER TABLE services ADD COLUMN version integer NOT NULL DEFAULT 1;
