-- The last first-time password issued to a user (domains/credentials): when, by whom and how it
-- was delivered. Only the argon2id hash of the password itself is kept, in user_credentials.
-- A user still signs in with it while user_credentials.password_changed_at <= issued_at; the
-- sign-in flow can use that to ask for a new password.
CREATE TABLE first_time_passwords (
  account_id integer PRIMARY KEY REFERENCES accounts (id),
  issued_at timestamptz NOT NULL,
  issued_by integer REFERENCES accounts (id),
  delivery text NOT NULL CHECK (delivery IN ('email', 'export')),
  job_id uuid REFERENCES jobs (id)
);
