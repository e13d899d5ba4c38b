-- Issue 13, decision 0076: the account page of a subscription (Product) calls account_pricing_page_facts (migration
-- 0148), whose one statement resolved the customer's price list on every page: a CTE, a LATERAL and four joins whose
-- nodes PostgreSQL starts on every call, for a value (the list's overriding protection days) that the page reads only
-- when the subscription has no stored protection end (decision 0047: only one inserted outside createAccount). The
-- function now reads its facts in one statement and resolves the price list in a second one, only for such a
-- subscription. Its value is what `pricingExtendedValues` reads from PAGE_FACTS_SQL (list_days is null where a
-- stored end makes it unread). The body is PAGE_FACTS_FUNCTION_BODY of domains/account-pricing
-- (account-extension-functions.test.ts holds it to the TypeScript text).

CREATE OR REPLACE FUNCTION account_pricing_page_facts(integer) RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE v_facts record; v_list_days integer;
BEGIN
  SELECT a.path, pp.account_id IS NOT NULL AS has_stored, pp.ends_at,
         svc.id AS service_id, svc.owner_currency, svc.protection_days,
         CASE WHEN svc.id IS NOT NULL THEN (SELECT json_agg(pa) FROM (SELECT account_type, currency, depth FROM accounts WHERE id = ANY(string_to_array(btrim(a.path, '/'), '/')::int[])) pa) END AS path_accounts,
         CASE WHEN svc.id IS NOT NULL THEN (SELECT json_agg(r) FROM (SELECT DISTINCT ON (r.currency) r.currency, r.rate::text AS rate, to_char(r.effective_on, 'YYYY-MM-DD') AS effective_on
   FROM exchange_rates r LEFT JOIN accounts u ON u.id = r.updated_by
   WHERE r.provider_id = split_part(a.path, '/', 2)::int
   ORDER BY r.currency, r.effective_on DESC) r) END AS rates
    INTO v_facts
    FROM accounts a
    LEFT JOIN price_protections pp ON pp.account_id = a.id
    LEFT JOIN LATERAL (SELECT s.id, o.currency AS owner_currency, s.definition -> 'PriceProtectionLengthInDays' AS protection_days
   FROM services s JOIN accounts o ON o.id = s.owner_account_id WHERE lower(s.service_name) = lower(a.product_name) AND s.state = 'Active' LIMIT 1) svc ON a.product_name IS NOT NULL
   WHERE a.id = $1 AND a.account_type = 'Product';
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF NOT v_facts.has_stored AND v_facts.service_id IS NOT NULL THEN
    v_list_days := (SELECT CASE WHEN l.override_price_protection THEN l.price_protection_days END
                    FROM (WITH q AS (SELECT p AS account_path FROM unnest(ARRAY[v_facts.path]) AS p),
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
     JOIN marketplace_services ms ON ms.marketplace_id = m.id AND ms.service_id = ANY (ARRAY[v_facts.service_id])
     JOIN accounts assignee ON assignee.id = ma.account_id
     ORDER BY customer.account_path, ms.service_id, m.priority, (ma.account_id = customer.customer_id) DESC,
              assignee.depth DESC, m.id) l);
  END IF;
  RETURN json_build_object(
    'service_facts', CASE WHEN v_facts.service_id IS NOT NULL THEN json_build_object(
      'service', json_build_object('id', v_facts.service_id, 'owner_currency', v_facts.owner_currency,
                                   'protection_days', v_facts.protection_days),
      'list_days', v_list_days, 'path_accounts', v_facts.path_accounts, 'rates', v_facts.rates) END,
    'stored', CASE WHEN v_facts.has_stored THEN json_build_object('ends_at', v_facts.ends_at) END);
END
$$;
