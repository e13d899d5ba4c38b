-- Credit limits (domains/credit-limits), decision 0046: what an order of a customer (company) without a
-- credit limit gets, a setting of the nearest reseller (or the provider) above it. No row means
-- 'Allowed' (every such order completes), which is what the portal did before this setting existed.
-- Versioned as decision 0036 says: the version moves on by one with every saved change.
CREATE TABLE credit_policies (
  account_id integer PRIMARY KEY REFERENCES accounts (id),
  orders_without_limit text NOT NULL CHECK (orders_without_limit IN ('Allowed', 'Reviewed')),
  version integer NOT NULL CHECK (version > 0),
  updated_by integer REFERENCES accounts (id),
  updated_at timestamptz NOT NULL
);

-- What is open against a company's limit: the first invoices of its orders under review.
CREATE INDEX orders_company_under_review_idx ON orders (company_id) WHERE status = 'UnderReview';
