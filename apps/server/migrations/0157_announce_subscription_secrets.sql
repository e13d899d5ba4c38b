-- Migration 0147 announces a change to every table but a short list of logs and queues (UNANNOUNCED_TABLES);
-- subscription_secrets (migration 0156) came without the trigger. No kept answer reads it today, but it is account data
-- like the attributes it came from, so it is announced like them: a later page that shows a field as given stays fresh.
-- Writes here are rare (a subscription's creation or change), so the cost is nil.
DROP TRIGGER IF EXISTS subscription_secrets_data_changed ON subscription_secrets;
CREATE TRIGGER subscription_secrets_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subscription_secrets
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
