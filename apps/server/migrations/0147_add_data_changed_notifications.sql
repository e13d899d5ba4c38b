-- Every server process keeps the answers of some read operations (the account page first: platform/operations/
-- answer-cache.ts, decision 0069). Whatever changes data such an answer may read announces it on the channel
-- 'data_changed' when its transaction commits, whichever process, worker or script wrote it, and every process drops
-- every kept answer. One statement-level trigger per table: a statement announces once, however many rows it touched
-- (and PostgreSQL sends one notification per transaction for the same channel and payload).
--
-- Left out, because ordinary reads, sign-ins and the job runner write them all the time and no kept answer reads
-- them (UNANNOUNCED_TABLES of answer-cache.ts is the same list; kept-answers.test.ts compares it with the database):
--   schema_migrations, audit_log, idempotency_keys, jobs, sessions, login_attempts, mail_outbox, report_usage,
--   report_runs, report_run_rows, sign_in_alerts, sso_sign_ins, password_reset_attempts, catalogue_search_generation
-- A table created by a later migration gets its trigger in that migration (the test fails until it does).

CREATE FUNCTION notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', '');
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = 'public'
      AND tablename NOT IN ('schema_migrations', 'audit_log', 'idempotency_keys', 'jobs', 'sessions', 'login_attempts',
                            'mail_outbox', 'report_usage', 'report_runs', 'report_run_rows', 'sign_in_alerts',
                            'sso_sign_ins', 'password_reset_attempts', 'catalogue_search_generation')
    ORDER BY tablename
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed()',
      t || '_data_changed', t);
  END LOOP;
END $$;
