-- The Notifications tab of a user [A2.17] (platform/mail, decision 0053): the kinds of e-mail a user switched off.
-- Every kind is on until switched off, so only switched-off kinds have a row; switching one on again deletes it.
CREATE TABLE notification_opt_outs (
  account_id integer NOT NULL REFERENCES accounts (id),
  kind text NOT NULL,
  updated_by integer REFERENCES accounts (id),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, kind)
);

-- Every e-mail names its kind (null for those queued before this migration).
ALTER TABLE mail_outbox ADD COLUMN kind text;
-- A message the recipient switched off is kept in the outbox for support staff, marked and never delivered.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check
  CHECK (status IN ('queued', 'sent', 'stored', 'failed', 'switched_off'));
