-- Secrets at rest, continued (decision 0035, issue 14).
--
-- Http provisioning actions' Basic-auth passwords leave the service document for a table of their own, one row per
-- service and action, whose auth_password the server seals (platform/secrets) at the next start (resealStoredSecrets
-- over SEALED_COLUMNS), as it re-seals it after a key rotation. SQL has no key: the values moved here are clear until
-- that start. The documents (definition, pending input, drafts) and the audit log keep an empty AuthPassword.
--
-- Embed signing keys (embed_token_keys.secret, 0012) stay where they are and are sealed at the same start; a clear key
-- still opens as it is meanwhile, so embed tokens already issued stay valid.
CREATE TABLE service_provisioning_passwords (
  id bigserial PRIMARY KEY,
  service_id integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  action text NOT NULL,
  auth_password text NOT NULL,
  UNIQUE (service_id, action)
);

-- A service being created keeps its input in pending; an active one in definition. The definition wins when both hold one.
INSERT INTO service_provisioning_passwords (service_id, action, auth_password)
SELECT s.id, a ->> 'Action', a -> 'ProvisioningHttp' ->> 'AuthPassword'
FROM services s, jsonb_array_elements(s.definition -> 'ProvisioningActions') a
WHERE jsonb_typeof(s.definition -> 'ProvisioningActions') = 'array'
  AND a ->> 'Method' = 'Http' AND a -> 'ProvisioningHttp' ->> 'Auth' = 'Basic'
  AND coalesce(a -> 'ProvisioningHttp' ->> 'AuthPassword', '') <> ''
ON CONFLICT (service_id, action) DO NOTHING;

INSERT INTO service_provisioning_passwords (service_id, action, auth_password)
SELECT s.id, a ->> 'Action', a -> 'ProvisioningHttp' ->> 'AuthPassword'
FROM services s, jsonb_array_elements(s.pending -> 'ProvisioningActions') a
WHERE jsonb_typeof(s.pending -> 'ProvisioningActions') = 'array'
  AND a ->> 'Method' = 'Http' AND a -> 'ProvisioningHttp' ->> 'Auth' = 'Basic'
  AND coalesce(a -> 'ProvisioningHttp' ->> 'AuthPassword', '') <> ''
ON CONFLICT (service_id, action) DO NOTHING;

-- Every stored copy loses the passwords it held: the documents, drafts, and the audit entries of saves.
CREATE FUNCTION pg_temp.without_auth_passwords(doc jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN doc IS NULL THEN NULL
    ELSE regexp_replace(doc::text, '"AuthPassword": "(?:[^"\\]|\\.)*"', '"AuthPassword": ""', 'g')::jsonb END
$$;

UPDATE services SET definition = pg_temp.without_auth_passwords(definition)
WHERE definition::text ~ '"AuthPassword": "(?:[^"\\]|\\.)+"';
UPDATE services SET pending = pg_temp.without_auth_passwords(pending)
WHERE pending::text ~ '"AuthPassword": "(?:[^"\\]|\\.)+"';
UPDATE service_drafts SET data = pg_temp.without_auth_passwords(data)
WHERE data::text ~ '"AuthPassword": "(?:[^"\\]|\\.)+"';
UPDATE audit_log SET before = pg_temp.without_auth_passwords(before), after = pg_temp.without_auth_passwords(after)
WHERE operation IN ('CreateService', 'UpdateService')
  AND (before::text ~ '"AuthPassword": "(?:[^"\\]|\\.)+"' OR after::text ~ '"AuthPassword": "(?:[^"\\]|\\.)+"');

DROP FUNCTION pg_temp.without_auth_passwords(jsonb);
