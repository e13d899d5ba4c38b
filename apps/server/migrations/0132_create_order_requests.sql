-- Issue 15, decision 0043: PlaceOrder is idempotent by the request id the ordering wizard makes once per run. A
-- row is inserted in the order's own transaction (a concurrent request with the same id waits on the key, then
-- finds the row) and holds the answer it gave; a failed order rolls its row back, so a retry places it again.
CREATE TABLE order_requests (
  user_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  request_id uuid NOT NULL,
  customer_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  result jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, request_id)
);
