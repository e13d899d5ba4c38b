-- The fees of a service as prices read them (price workbooks, issue 12, decision 0060). A service's definition keeps
-- its BillingRules as the catalogue wrote them (jsonb, with every field of the schema); an export or an upload
-- preview reads thousands of them, and turning that jsonb into text for every read was most of what reading a list
-- cost the embedded database (PGlite runs on the server's own thread). The fields prices use are kept, as json text
-- made once when the definition is written, in a generated column: per rule, in the rules' order, the array
--   [Id, enabled, ChargeType, Charge, Condition, UdrcField, PriceableItemId, AdvancePaymentConfiguration,
--    [[Currency, Charge], ...] of its SuggestedRetailPrices]
-- with each value as stored (null when missing; the schema's defaults are applied where it is read:
-- storedFeeRules in domains/price-lists/prices.rules.ts). The function never fails, whatever the definition holds
-- (a definition that is not what the catalogue writes gives fewer or emptier fees, never a failed write).
CREATE FUNCTION service_price_fees(definition jsonb) RETURNS json
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(
    json_agg(
      json_build_array(
        r -> 'Id', r -> 'enabled', r -> 'ChargeType', r -> 'Charge', r -> 'Condition', r -> 'UdrcField',
        r -> 'PriceableItemId', r -> 'AdvancePaymentConfiguration',
        CASE WHEN jsonb_typeof(r -> 'SuggestedRetailPrices') = 'array' THEN (
          SELECT json_agg(json_build_array(p -> 'Currency', p -> 'Charge') ORDER BY o)
          FROM jsonb_array_elements(r -> 'SuggestedRetailPrices') WITH ORDINALITY AS srp(p, o)
        ) END
      ) ORDER BY n
    ),
    '[]'::json
  )
  FROM jsonb_array_elements(
    CASE WHEN jsonb_typeof(definition -> 'BillingRules') = 'array' THEN definition -> 'BillingRules' ELSE '[]'::jsonb END
  ) WITH ORDINALITY AS rule(r, n)
$$;

ALTER TABLE services ADD COLUMN price_fees json GENERATED ALWAYS AS (service_price_fees(definition)) STORED;
