-- Marketplace search's narrow table (domains/marketplace-search, issue 12, decision 0077). Autocomplete's vendor ("the
-- most frequent vendor in the matches", [M9.7]) and a reseller's or company's metadata (its set is the union of price
-- lists) read every matching service; on `services` (some 16 rows to a page, 50,000 generated services) that was
-- nearly every page of the table for a common text or a category. This table holds, for each Active service only, the
-- columns those searches filter and group on, so the matches are read from a table several times denser, through its
-- own trigram index. It is kept by the statement triggers below in the same statement as every change to `services`
-- (a service's tags reach it through `services.search_tags`, which the links' triggers of migration 0150 rewrite in
-- their statement), whoever writes them: it always holds exactly the Active services, with their current values.
-- Nothing else writes it.
CREATE TABLE service_search_rows (
  id integer PRIMARY KEY,
  owner_account_id integer NOT NULL,
  category text,
  ranking integer NOT NULL,
  created_at timestamptz NOT NULL,
  search_name text NOT NULL,
  search_tags text[] NOT NULL
);
INSERT INTO service_search_rows (id, owner_account_id, category, ranking, created_at, search_name, search_tags)
  SELECT id, owner_account_id, category, ranking, created_at, search_name, search_tags FROM services WHERE state = 'Active';
CREATE INDEX service_search_rows_search_name_trgm_idx ON service_search_rows USING gin (search_name gin_trgm_ops);
CREATE INDEX service_search_rows_category_idx ON service_search_rows (category);
-- Announced like every table (migration 0147); it only changes with services, which are announced too.
CREATE TRIGGER service_search_rows_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_search_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();

CREATE FUNCTION keep_service_search_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its event has (plpgsql plans a statement when it first runs it).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO service_search_rows (id, owner_account_id, category, ranking, created_at, search_name, search_tags)
    SELECT id, owner_account_id, category, ranking, created_at, search_name, search_tags FROM new_rows
    WHERE state = 'Active';
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM service_search_rows r USING old_rows o WHERE r.id = o.id AND o.state = 'Active';
  ELSIF TG_OP = 'UPDATE' THEN
    -- Rows that were Active and are no longer (or whose id changed) leave; Active rows are written only when one of
    -- the kept columns differs, so an update of anything else (a description, a price) writes nothing here.
    DELETE FROM service_search_rows r
    WHERE r.id IN (SELECT o.id FROM old_rows o WHERE o.state = 'Active'
                   EXCEPT SELECT n.id FROM new_rows n WHERE n.state = 'Active');
    INSERT INTO service_search_rows AS r (id, owner_account_id, category, ranking, created_at, search_name, search_tags)
    SELECT n.id, n.owner_account_id, n.category, n.ranking, n.created_at, n.search_name, n.search_tags FROM new_rows n
    WHERE n.state = 'Active'
      AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id AND o.state = 'Active'
        AND (o.owner_account_id, o.category, o.ranking, o.created_at, o.search_name, o.search_tags)
          IS NOT DISTINCT FROM (n.owner_account_id, n.category, n.ranking, n.created_at, n.search_name, n.search_tags))
    ORDER BY n.id
    ON CONFLICT (id) DO UPDATE SET owner_account_id = EXCLUDED.owner_account_id, category = EXCLUDED.category,
      ranking = EXCLUDED.ranking, created_at = EXCLUDED.created_at, search_name = EXCLUDED.search_name,
      search_tags = EXCLUDED.search_tags;
  ELSE
    DELETE FROM service_search_rows;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER services_search_rows_insert AFTER INSERT ON services
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_service_search_rows();
CREATE TRIGGER services_search_rows_delete AFTER DELETE ON services
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_service_search_rows();
CREATE TRIGGER services_search_rows_update AFTER UPDATE ON services
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_service_search_rows();
CREATE TRIGGER services_search_rows_truncate AFTER TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION keep_service_search_rows();
