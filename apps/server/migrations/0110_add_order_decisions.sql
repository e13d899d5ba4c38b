-- Order review (domains/orders): who approved or declined an order under review, when, and the
-- reason given for a decline. Null while the order was never decided (every order that completed
-- at placing). See docs/decisions/0032-order-review.md.
ALTER TABLE orders
  ADD COLUMN decided_by integer REFERENCES accounts (id),
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN decision_reason text CHECK (decision_reason IS NULL OR char_length(decision_reason) BETWEEN 1 AND 500);
