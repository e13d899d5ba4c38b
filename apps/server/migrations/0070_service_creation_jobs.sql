-- [S1.1] Service creation runs as the durable job 'catalogue.create-service' (platform/jobs) instead of the
-- catalogue's own sweep: the sweep's attempt counter and schedule go, and a service the old sweep had not
-- finished yet gets its job, so nothing stored as Creating is left behind.
INSERT INTO jobs (type, payload, created_by, account_id, max_attempts)
SELECT 'catalogue.create-service', jsonb_build_object('serviceId', id), created_by, owner_account_id, 5
FROM services
WHERE state = 'Creating';

DROP INDEX services_creating_idx;
ALTER TABLE services DROP COLUMN attempts, DROP COLUMN next_attempt_at;
