-- Sign-in throttling per username and source address (issue 14): the e-mail telling a user that sign-ins keep
-- failing is sent at most once per window; this row remembers when it last was.
CREATE TABLE sign_in_alerts (
  account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  last_sent_at timestamptz NOT NULL
);
-- Consecutive failures are counted per username and address.
CREATE INDEX login_attempts_username_ip_idx ON login_attempts (lower(username), ip, attempted_at);
