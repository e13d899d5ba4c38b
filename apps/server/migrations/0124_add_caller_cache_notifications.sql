-- Every server process caches the callers of its sessions (session, organisation, capabilities). Whatever
-- changes one of them announces it on the channel 'caller_cache' when its transaction commits, whichever
-- process, worker or script wrote it. Payloads (see domains/auth/caller-cache.ts):
--   s:<session id>        a session ended or was shortened
--   u:<user id>           a user's roles or forced password change changed
--   a:<account id>:<path> an account's path, state, type, name or username changed (path before the change)
--   *                     too much at once: forget every cached caller
-- A statement touching more than 50 rows announces '*' instead of one message per row.

CREATE FUNCTION notify_caller_cache(messages text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m text;
BEGIN
  IF messages IS NULL OR cardinality(messages) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(messages) > 50 THEN
    PERFORM pg_notify('caller_cache', '*');
    RETURN;
  END IF;
  FOREACH m IN ARRAY messages LOOP
    PERFORM pg_notify('caller_cache', m);
  END LOOP;
END $$;

CREATE FUNCTION caller_cache_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM notify_caller_cache(ARRAY(SELECT 's:' || id FROM old_rows));
  ELSE
    -- Extending a session (a later expiry, a new last_seen_at) changes nothing a cached caller relies on.
    PERFORM notify_caller_cache(ARRAY(
      SELECT 's:' || o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.expires_at < o.expires_at OR n.created_at IS DISTINCT FROM o.created_at OR n.user_id <> o.user_id
         OR n.impersonator_id IS DISTINCT FROM o.impersonator_id
         OR n.origin_session_id IS DISTINCT FROM o.origin_session_id));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_caller_cache_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_sessions_changed();
CREATE TRIGGER sessions_caller_cache_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_sessions_changed();

CREATE FUNCTION caller_cache_user_roles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM notify_caller_cache(ARRAY(SELECT DISTINCT 'u:' || user_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM notify_caller_cache(ARRAY(SELECT DISTINCT 'u:' || user_id FROM old_rows));
  ELSE
    PERFORM notify_caller_cache(ARRAY(
      SELECT 'u:' || user_id FROM old_rows UNION SELECT 'u:' || user_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER user_roles_caller_cache_insert AFTER INSERT ON user_roles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_user_roles_changed();
CREATE TRIGGER user_roles_caller_cache_delete AFTER DELETE ON user_roles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_user_roles_changed();
CREATE TRIGGER user_roles_caller_cache_update AFTER UPDATE ON user_roles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_user_roles_changed();

-- A role's capabilities are shared by all its holders: any real change forgets every cached caller.
CREATE FUNCTION caller_cache_role_capabilities_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := EXISTS (SELECT 1 FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM old_rows);
  ELSE
    changed := EXISTS (SELECT 1 FROM new_rows);
  END IF;
  IF changed THEN
    PERFORM pg_notify('caller_cache', '*');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER role_capabilities_caller_cache_insert AFTER INSERT ON role_capabilities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_role_capabilities_changed();
CREATE TRIGGER role_capabilities_caller_cache_delete AFTER DELETE ON role_capabilities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_role_capabilities_changed();
CREATE TRIGGER role_capabilities_caller_cache_update AFTER UPDATE ON role_capabilities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_role_capabilities_changed();

CREATE FUNCTION caller_cache_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM notify_caller_cache(ARRAY(SELECT 'a:' || id || ':' || path FROM old_rows));
  ELSE
    PERFORM notify_caller_cache(ARRAY(
      SELECT 'a:' || o.id || ':' || o.path FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.path <> o.path OR n.state <> o.state OR n.account_type <> o.account_type
         OR n.display_name <> o.display_name OR n.username IS DISTINCT FROM o.username));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER accounts_caller_cache_update AFTER UPDATE ON accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_accounts_changed();
CREATE TRIGGER accounts_caller_cache_delete AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_accounts_changed();

CREATE FUNCTION caller_cache_credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM notify_caller_cache(ARRAY(SELECT 'u:' || account_id FROM new_rows WHERE must_change_password));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM notify_caller_cache(ARRAY(SELECT 'u:' || account_id FROM old_rows WHERE must_change_password));
  ELSE
    PERFORM notify_caller_cache(ARRAY(
      SELECT 'u:' || o.account_id FROM old_rows o JOIN new_rows n ON n.account_id = o.account_id
      WHERE n.must_change_password <> o.must_change_password));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER user_credentials_caller_cache_insert AFTER INSERT ON user_credentials
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_credentials_changed();
CREATE TRIGGER user_credentials_caller_cache_update AFTER UPDATE ON user_credentials
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_credentials_changed();
CREATE TRIGGER user_credentials_caller_cache_delete AFTER DELETE ON user_credentials
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION caller_cache_credentials_changed();

-- The layout of an account type (field definitions, layout pages, report pages, custom actions) is cached per
-- process too (domains/accounts/layout-cache.ts): any change to them announces '*' on 'account_layout_cache'.
CREATE FUNCTION account_layout_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('account_layout_cache', '*');
  RETURN NULL;
END $$;

CREATE TRIGGER field_definitions_layout_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON field_definitions
  FOR EACH STATEMENT EXECUTE FUNCTION account_layout_changed();
CREATE TRIGGER account_layouts_layout_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON account_layouts
  FOR EACH STATEMENT EXECUTE FUNCTION account_layout_changed();
CREATE TRIGGER account_report_pages_layout_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON account_report_pages
  FOR EACH STATEMENT EXECUTE FUNCTION account_layout_changed();
CREATE TRIGGER custom_actions_layout_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON custom_actions
  FOR EACH STATEMENT EXECUTE FUNCTION account_layout_changed();
