-- OUTBOX_READ opens the Outbox screen. Existing installations get it on the standard
-- administrator roles; new ones get it from the role seed.
INSERT INTO role_capabilities (role_id, capability)
SELECT id, 'OUTBOX_READ' FROM roles
WHERE name IN ('Provider administrator', 'Reseller administrator', 'Company administrator')
ON CONFLICT DO NOTHING;
