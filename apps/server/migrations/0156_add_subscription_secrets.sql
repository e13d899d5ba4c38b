-- Decision 0081: a subscription's Password-type service fields leave its attributes for a table of their own, sealed
-- under the keys of decision 0035 (domains/account-creation/subscription-secrets.ts). The values moved here are still
-- clear: the next start seals them (`resealStoredSecrets`, SEALED_COLUMNS), as migration 0122 did for its columns.
CREATE TABLE subscription_secrets (
  id bigserial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- "Service.<field id>", the key the attributes used.
  field text NOT NULL,
  value text NOT NULL,
  UNIQUE (account_id, field)
);

INSERT INTO subscription_secrets (account_id, field, value)
SELECT a.id, 'Service.' || (f ->> 'Id'), a.attributes ->> ('Service.' || (f ->> 'Id'))
  FROM accounts a
  JOIN services s ON lower(s.service_name) = lower(a.product_name)
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(s.definition -> 'Fields') = 'array' THEN s.definition -> 'Fields' ELSE '[]'::jsonb END) f
 WHERE a.account_type = 'Product' AND f ->> 'FieldType' = 'Password'
   AND COALESCE(a.attributes ->> ('Service.' || (f ->> 'Id')), '') <> '';

UPDATE accounts a
   SET attributes = a.attributes - ARRAY(SELECT s.field FROM subscription_secrets s WHERE s.account_id = a.id)
 WHERE a.id IN (SELECT account_id FROM subscription_secrets);
