-- Password reset [M2.15], [M4.11]: single-use links. Only a SHA-256 of the token is stored; a link is
-- spent (used_at) when its password is set, and every other open link of the user is spent with it.
CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id) WHERE used_at IS NULL;

-- Throttling: every reset request and every failed reset attempt, by what was typed and by address.
CREATE TABLE password_reset_attempts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('request', 'failed-reset')),
  username text NOT NULL,
  ip text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_attempts_username_idx ON password_reset_attempts (lower(username), attempted_at);
CREATE INDEX password_reset_attempts_ip_idx ON password_reset_attempts (ip, attempted_at);
