-- Orders (domains/orders), decision 0046: why an order went to review, set when the credit check decides it.
-- AboveLimit: what is open plus the order is above the company's credit limit; AmountUnknown: the company has a
-- limit but the order has no price to check against it; NoLimit: the company has no credit limit and its
-- reseller's setting reviews every such order. Null for an order that was not reviewed, and for the orders
-- recorded before this column (they keep the words they had: above the credit limit).
ALTER TABLE orders ADD COLUMN review_reason text CHECK (review_reason IN ('AboveLimit', 'AmountUnknown', 'NoLimit'));
