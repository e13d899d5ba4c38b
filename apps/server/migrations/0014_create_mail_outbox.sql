-- Every e-mail the portal sends (platform/mail). The row is written in the transaction of the change
-- that sends it; a durable job then delivers it over SMTP when SMTP_URL is set, or keeps it in the
-- outbox only ('stored') when it is not. The Outbox screen reads this table.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id uuid REFERENCES jobs (id),
  account_id integer REFERENCES accounts (id),
  -- Set when delivered, from MAIL_FROM.
  mail_from text,
  mail_to text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'stored', 'failed')),
  error text,
  smtp_message_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC, id DESC);
CREATE INDEX mail_outbox_account_idx ON mail_outbox (account_id, created_at DESC);
