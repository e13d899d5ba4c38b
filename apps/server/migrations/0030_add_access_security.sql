-- Impersonation [A6.8]: the impersonated session remembers the impersonator's own session; ending that
-- session (sign-out, revoke, expiry sweep) ends the impersonation with it.
ALTER TABLE sessions ADD COLUMN origin_session_id text REFERENCES sessions (id) ON DELETE CASCADE;
CREATE INDEX sessions_origin_idx ON sessions (origin_session_id);

-- One-time hand-over from Impersonate to Authenticate; only a SHA-256 of the token is kept.
CREATE TABLE impersonation_grants (
  token_hash text PRIMARY KEY,
  impersonator_id integer NOT NULL REFERENCES accounts (id),
  target_id integer NOT NULL REFERENCES accounts (id),
  origin_session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

-- Password policy and second-factor enforcement of a company or reseller [A2.19].
CREATE TABLE security_policies (
  account_id integer PRIMARY KEY REFERENCES accounts (id),
  min_length integer NOT NULL,
  required_classes text[] NOT NULL DEFAULT '{}',
  expiry_days integer,
  mfa_required boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES accounts (id)
);

-- A user's authenticator (TOTP, RFC 6238). The secret must be readable to check codes; confirmed_at is null
-- while the enrolment is unfinished. last_step is the newest time step used, so a code works once.
CREATE TABLE mfa_factors (
  user_id integer PRIMARY KEY REFERENCES accounts (id),
  secret text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Recovery codes: SHA-256 only, each usable once.
CREATE TABLE mfa_recovery_codes (
  user_id integer NOT NULL REFERENCES accounts (id),
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
