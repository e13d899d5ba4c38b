-- Price protection (domains/account-pricing), decision 0047: the end of a subscription's price protection is
-- stored when the subscription is created (its service's PriceProtectionLengthInDays, or its price list's
-- override), so that changing the service later moves no existing end date. ends_at null: no protection.
-- ResetPriceProtection sets a new end; versioned as decision 0036 says.
CREATE TABLE price_protections (
  account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  ends_at timestamptz,
  version integer NOT NULL CHECK (version > 0),
  updated_by integer REFERENCES accounts (id),
  updated_at timestamptz NOT NULL
);

-- Backfill: every existing Product account keeps the end the page computed on read until today (creation time
-- plus the price list's overriding days, else the Active service's whole positive days), so nothing moves.
INSERT INTO price_protections (account_id, ends_at, version, updated_at)
SELECT a.id,
       CASE WHEN d.days > 0 THEN a.created_at + make_interval(days => d.days) END,
       1, now()
FROM accounts a
LEFT JOIN LATERAL (
  SELECT COALESCE(
           (SELECT CASE WHEN l.override_price_protection THEN l.price_protection_days END
            FROM (
              WITH q AS (SELECT p AS account_path FROM unnest(ARRAY[a.path]) AS p),
                   customer AS (
                     SELECT q.account_path, c.id AS customer_id, c.path AS customer_path
                     FROM q CROSS JOIN LATERAL (
                       SELECT ca.id, ca.path FROM accounts ca
                       WHERE ca.id = ANY (string_to_array(btrim(q.account_path, '/'), '/')::int[])
                         AND ca.account_type IN ('Company', 'Reseller', 'Provider')
                       ORDER BY ca.depth DESC LIMIT 1) c)
              SELECT DISTINCT ON (customer.account_path, ms.service_id)
                     ms.override_price_protection, ms.price_protection_days
              FROM customer
              JOIN marketplace_assignments ma
                ON ma.account_id = ANY (string_to_array(btrim(customer.customer_path, '/'), '/')::int[])
              JOIN marketplaces m ON m.id = ma.marketplace_id AND (ma.account_id = customer.customer_id OR m.is_propagation_enabled)
              JOIN marketplace_services ms ON ms.marketplace_id = m.id AND ms.service_id = svc.id
              JOIN accounts assignee ON assignee.id = ma.account_id
              ORDER BY customer.account_path, ms.service_id, m.priority, (ma.account_id = customer.customer_id) DESC,
                       assignee.depth DESC, m.id) l),
           CASE WHEN jsonb_typeof(svc.definition -> 'PriceProtectionLengthInDays') = 'number'
                 AND (svc.definition ->> 'PriceProtectionLengthInDays')::numeric
                     = floor((svc.definition ->> 'PriceProtectionLengthInDays')::numeric)
                THEN (svc.definition ->> 'PriceProtectionLengthInDays')::numeric::integer END) AS days
  FROM services svc
  WHERE lower(svc.service_name) = lower(a.product_name) AND svc.state = 'Active'
  LIMIT 1
) d ON true
WHERE a.account_type = 'Product';
