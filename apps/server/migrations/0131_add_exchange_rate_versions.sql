-- Decision 0036: a provider's exchange rates are edited together on one screen, so one version covers them all.
-- The screen reads it (ListExchangeRates.Version, 0 before the first save) and a save sends it back; a save over a
-- version someone else moved on answers 409 with the rates as they are now.
CREATE TABLE exchange_rate_versions (
  provider_id integer PRIMARY KEY REFERENCES accounts (id),
  version integer NOT NULL CHECK (version > 0),
  -- Who saved last and when.
  updated_by integer REFERENCES accounts (id),
  updated_at timestamptz NOT NULL
);
