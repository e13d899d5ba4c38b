-- Issue 13, decision 0076: the account page of a subscription (Product) calls account_pricing_page_facts (migration
-- 0148), whose one statement read every pricing fact on every page, and PostgreSQL starts every node of a statement on
-- each execution: the customer's price-list resolution (a CTE, a LATERAL and four joins) although the page reads its
-- days only for a subscription without a stored protection end (decision 0047: one inserted outside createAccount),
-- and the service's owner currency, the path's currencies and the provider's rates although the page reads them only
-- for a caller with BILLING_SHOWPRODUCTPRICE_MARGIN read (ExchangeRateNotUpToDate, decision 0029). The function now
-- takes that as a second argument and reads each fact in a statement of its own branch, only when it is read; what is
-- not read is null. The body is PAGE_FACTS_FUNCTION_BODY of domains/account-pricing (account-extension-functions.test.ts
-- holds it to the TypeScript text; page-facts.test.ts compares the page's values with PAGE_FACTS_SQL's).

DROP FUNCTION account_pricing_page_facts(integer);

CREATE FUNCTION account_pricing_page_facts(integer, boolean) RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_path text; v_product_name text; v_has_stored boolean; v_ends_at timestamptz;
  v_service_id integer; v_owner_currency text; v_path_accounts json; v_rates json;
  v_protection_days jsonb; v_list_days integer;
BEGIN
  IF $2 THEN
    SELECT a.path, a.product_name, pp.account_id IS NOT NULL, pp.ends_at, svc.id, svc.owner_currency,
           CASE WHEN svc.id IS NOT NULL THEN (SELECT json_agg(pa) FROM (SELECT account_type, currency, depth FROM accounts WHERE id = ANY(string_to_array(btrim(a.path, '/'), '/')::int[])) pa) END,
           CASE WHEN svc.id IS NOT NULL THEN (SELECT json_agg(r) FROM (SELECT DISTINCT ON (r.currency) r.currency, r.rate::text AS rate, to_char(r.effective_on, 'YYYY-MM-DD') AS effective_on
   FROM exchange_rates r LEFT JOIN accounts u ON u.id = r.updated_by
   WHERE r.provider_id = split_part(a.path, '/', 2)::int
   ORDER BY r.currency, r.effective_on DESC) r) END
      INTO v_path, v_product_name, v_has_stored, v_ends_at, v_service_id, v_owner_currency, v_path_accounts, v_rates
      FROM accounts a
      LEFT JOIN price_protections pp ON pp.account_id = a.id
      LEFT JOIN LATERAL (SELECT s.id, o.currency AS owner_currency, s.definition -> 'PriceProtectionLengthInDays' AS protection_days
   FROM services s JOIN accounts o ON o.id = s.owner_account_id WHERE lower(s.service_name) = lower(a.product_name) AND s.state = 'Active' LIMIT 1) svc ON a.product_name IS NOT NULL
     WHERE a.id = $1 AND a.account_type = 'Product';
  ELSE
    SELECT a.path, a.product_name, pp.account_id IS NOT NULL, pp.ends_at
      INTO v_path, v_product_name, v_has_stored, v_ends_at
      FROM accounts a LEFT JOIN price_protections pp ON pp.account_id = a.id
     WHERE a.id = $1 AND a.account_type = 'Product';
  END IF;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF NOT v_has_stored AND v_product_name IS NOT NULL THEN
    SELECT svc.id, svc.owner_currency, svc.protection_days,
           (SELECT CASE WHEN l.override_price_protection THEN l.price_protection_days END
              FROM (WITH q AS (SELECT p AS account_path FROM unnest(ARRAY[v_path]) AS p),
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
              assignee.depth DESC, m.id) l)
      INTO v_service_id, v_owner_currency, v_protection_days, v_list_days
      FROM (SELECT s.id, o.currency AS owner_currency, s.definition -> 'PriceProtectionLengthInDays' AS protection_days
   FROM services s JOIN accounts o ON o.id = s.owner_account_id WHERE lower(s.service_name) = lower(v_product_name) AND s.state = 'Active' LIMIT 1) svc;
  END IF;
  RETURN json_build_object(
    'service_facts', CASE WHEN v_service_id IS NOT NULL THEN json_build_object(
      'service', json_build_object('id', v_service_id, 'owner_currency', v_owner_currency,
                                   'protection_days', v_protection_days),
      'list_days', v_list_days, 'path_accounts', v_path_accounts, 'rates', v_rates) END,
    'stored', CASE WHEN v_has_stored THEN json_build_object('ends_at', v_ends_at) END);
END
$$;
