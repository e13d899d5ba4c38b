-- [A2.41] [A5.11] [A7.13] Acceptance of a catalogue service's terms and conditions by a company, per terms
-- revision: the creation wizard's terms step records it with AcceptTermsAndConditions.
CREATE TABLE service_terms_acceptances (
  company_id integer NOT NULL REFERENCES accounts (id),
  service_name text NOT NULL,
  revision integer NOT NULL,
  accepted_by integer REFERENCES accounts (id),
  accepted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, service_name, revision)
);
