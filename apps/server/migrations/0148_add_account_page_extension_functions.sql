-- Issue 13, decision 0067: the account page's statement (decision 0063: one statement for every account type, the
-- tenant guard's lookup too) carried pricing's and orders' Product-only expressions for every type, and PostgreSQL
-- starts every sub-plan of a statement's plan on each execution, whether a CASE then skips it or not: about 0.6x a
-- primary-key select on every page. These functions return the same values for one account id; the page's statement
-- calls them only for a Product (`AccountExtension.extendedFunction`), and PL/pgSQL plans a function's query when it
-- is first called on a connection and keeps the plan.
--
-- Each body is `extensionFunctionBody` of the extension's `extendedSql`, which stays the one text of the rule:
-- account-extension-functions.test.ts fails when a function here differs from it (change the TypeScript, then add a
-- migration with CREATE OR REPLACE FUNCTION and the body the test prints). STABLE: the function reads the calling
-- statement's snapshot, as the expression did inside it.

CREATE FUNCTION account_pricing_page_facts(integer) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN RETURN (SELECT (CASE WHEN a.account_type = 'Product' THEN json_build_object(
  'service_facts', CASE WHEN a.account_type = 'Product' AND a.product_name IS NOT NULL THEN (
  SELECT json_build_object(
    'service', json_build_object('id', svc.id, 'owner_currency', svc.owner_currency, 'protection_days', svc.protection_days),
    'list_days', (SELECT CASE WHEN l.override_price_protection THEN l.price_protection_days END
                  FROM (WITH q AS (SELECT p AS account_path FROM unnest(ARRAY[a.path]) AS p),
     customer AS (
       SELECT q.account_path, c.id AS customer_id, c.path AS customer_path
       FROM q CROSS JOIN LATERAL (
         SELECT a.id, a.path FROM accounts a
         WHERE a.id = ANY (string_to_array(btrim(q.account_path, '/'), '/')::int[])
           AND a.account_type IN ('Company', 'Reseller', 'Provider')
         ORDER BY a.depth DESC LIMIT 1) c)
     SELECT DISTINCT ON (customer.account_path, ms.service_id)
            customer.account_path, ms.service_id, m.id AS marketplace_id, m.name, m.pricing_mode, m.is_auto_srp_sync_enabled,
            ms.override_price_protection, ms.price_protection_days
     FROM customer
     JOIN marketplace_assignments ma
       ON ma.account_id = ANY (string_to_array(btrim(customer.customer_path, '/'), '/')::int[])
     JOIN marketplaces m ON m.id = ma.marketplace_id AND (ma.account_id = customer.customer_id OR m.is_propagation_enabled)
     JOIN marketplace_services ms ON ms.marketplace_id = m.id AND ms.service_id = ANY (ARRAY[svc.id])
     JOIN accounts assignee ON assignee.id = ma.account_id
     ORDER BY customer.account_path, ms.service_id, m.priority, (ma.account_id = customer.customer_id) DESC,
              assignee.depth DESC, m.id) l),
    'path_accounts', (SELECT json_agg(pa) FROM (SELECT account_type, currency, depth FROM accounts WHERE id = ANY(string_to_array(btrim(a.path, '/'), '/')::int[])) pa),
    'rates', (SELECT json_agg(r) FROM (SELECT DISTINCT ON (r.currency) r.currency, r.rate::text AS rate, to_char(r.effective_on, 'YYYY-MM-DD') AS effective_on
   FROM exchange_rates r LEFT JOIN accounts u ON u.id = r.updated_by
   WHERE r.provider_id = split_part(a.path, '/', 2)::int
   ORDER BY r.currency, r.effective_on DESC) r))
  FROM (SELECT s.id, o.currency AS owner_currency, s.definition -> 'PriceProtectionLengthInDays' AS protection_days
   FROM services s JOIN accounts o ON o.id = s.owner_account_id WHERE lower(s.service_name) = lower(a.product_name) AND s.state = 'Active' LIMIT 1) svc) END,
  'stored', (SELECT json_build_object('ends_at', pp.ends_at) FROM price_protections pp WHERE pp.account_id = a.id)) END) FROM accounts a WHERE a.id = $1); END
$$;

CREATE FUNCTION orders_page_under_review(integer) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN RETURN (SELECT (CASE WHEN a.account_type = 'Product' THEN (
    SELECT CASE WHEN o.id = (SELECT min(f.id) FROM orders f WHERE f.account_id = a.id) THEN 'NewOrder' ELSE 'Change' END
      FROM orders o WHERE o.account_id = a.id AND o.status = 'UnderReview' ORDER BY o.id LIMIT 1) END) FROM accounts a WHERE a.id = $1); END
$$;

