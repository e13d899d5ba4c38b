-- Single sign-on through OpenID Connect (decision 0015): identity providers of a reseller or company, and the
-- short-lived, single-use records of sign-ins under way. The client secret is stored for the token request and
-- never leaves the server; a sign-in record keeps only a SHA-256 of its state and of the browser binding.
CREATE TABLE identity_providers (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id),
  name text NOT NULL,
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_secret text NOT NULL,
  scopes text NOT NULL,
  username_claim text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  email_domains text[] NOT NULL DEFAULT '{}',
  usernames text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_providers_account_idx ON identity_providers (account_id);

CREATE TABLE sso_sign_ins (
  state_hash text PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES identity_providers (id) ON DELETE CASCADE,
  browser_hash text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  redirect text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sso_sign_ins_expiry_idx ON sso_sign_ins (expires_at);
