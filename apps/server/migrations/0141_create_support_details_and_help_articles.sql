-- The footer's help (domains/help, decision 0052).
-- [M3.22] Support details of a provider or reseller: GetSupportDetails answers those of the nearest organisation
-- at or above the caller that has any set. An empty text is a detail not set.
CREATE TABLE support_details (
  account_id integer PRIMARY KEY REFERENCES accounts (id),
  technical_email text NOT NULL DEFAULT '',
  phone_number text NOT NULL DEFAULT '',
  working_days_regular text NOT NULL DEFAULT '',
  working_hours_regular text NOT NULL DEFAULT '',
  working_days_others text NOT NULL DEFAULT '',
  working_hours_others text NOT NULL DEFAULT '',
  billing_working_days text NOT NULL DEFAULT '',
  billing_working_hours text NOT NULL DEFAULT '',
  billing_phone_number text NOT NULL DEFAULT '',
  billing_email text NOT NULL DEFAULT '',
  sales_phone_number text NOT NULL DEFAULT '',
  sales_email text NOT NULL DEFAULT '',
  support_url text NOT NULL DEFAULT '',
  support_button_text text NOT NULL DEFAULT '',
  imprint text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  updated_by integer REFERENCES accounts (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- [M2.59] The help articles the chat assistant answers from: markdown files shipped with the server
-- (apps/server/help-articles), loaded into this table at start; found with full-text search.
CREATE TABLE help_articles (
  slug text PRIMARY KEY,
  title text NOT NULL,
  keywords text NOT NULL DEFAULT '',
  screen text NOT NULL,
  body text NOT NULL,
  content_hash text NOT NULL,
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', keywords), 'B') ||
    setweight(to_tsvector('english', body), 'C')
  ) STORED
);
CREATE INDEX help_articles_search_idx ON help_articles USING gin (search);
