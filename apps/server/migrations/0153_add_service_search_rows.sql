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
  search_tags text[] NOT NULL,
  -- The price lists the service is Added to (`marketplace_services` with status Added), sorted, without duplicates: kept
  -- by the triggers on `marketplace_services` below, so a reseller's or company's set (the Added services of the lists
  -- it browses) is one array test on the row instead of a join with every entry of its lists.
  added_lists integer[] NOT NULL DEFAULT '{}'
);
-- The lists a service is Added to, read from the entries (for a row entering the table).
CREATE FUNCTION service_added_lists(service integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT ms.marketplace_id FROM marketplace_services ms WHERE ms.service_id = service AND ms.status = 'Added'
    ORDER BY ms.marketplace_id)
$$;
INSERT INTO service_search_rows (id, owner_account_id, category, ranking, created_at, search_name, search_tags, added_lists)
  SELECT id, owner_account_id, category, ranking, created_at, search_name, search_tags, service_added_lists(id)
  FROM services WHERE state = 'Active';
CREATE INDEX service_search_rows_search_name_trgm_idx ON service_search_rows USING gin (search_name gin_trgm_ops);
CREATE INDEX service_search_rows_category_idx ON service_search_rows (category);
-- Announced like every table (migration 0147); it only changes with services, which are announced too.
CREATE TRIGGER service_search_rows_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_search_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();

CREATE FUNCTION keep_service_search_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its event has (plpgsql plans a statement when it first runs it).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO service_search_rows (id, owner_account_id, category, ranking, created_at, search_name, search_tags, added_lists)
    SELECT id, owner_account_id, category, ranking, created_at, search_name, search_tags, service_added_lists(id)
    FROM new_rows WHERE state = 'Active';
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM service_search_rows r USING old_rows o WHERE r.id = o.id AND o.state = 'Active';
  ELSIF TG_OP = 'UPDATE' THEN
    -- Rows that were Active and are no longer (or whose id changed) leave; Active rows are written only when one of
    -- the kept columns differs, so an update of anything else (a description, a price) writes nothing here.
    DELETE FROM service_search_rows r
    WHERE r.id IN (SELECT o.id FROM old_rows o WHERE o.state = 'Active'
                   EXCEPT SELECT n.id FROM new_rows n WHERE n.state = 'Active');
    -- A row entering the table reads its lists from the entries; one already there keeps its own.
    INSERT INTO service_search_rows AS r (id, owner_account_id, category, ranking, created_at, search_name, search_tags, added_lists)
    SELECT n.id, n.owner_account_id, n.category, n.ranking, n.created_at, n.search_name, n.search_tags,
      service_added_lists(n.id)
    FROM new_rows n
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

-- A row's lists follow the entries' writes as changes (lists added, lists removed) applied to the row as it stands when
-- the update holds its lock (READ COMMITTED re-reads a row changed by a writer it waited for, and the new array is
-- computed from that row), so two writers of one service's entries in different lists both count. Only rows whose
-- array changes are written. A service absent from the table (not Active, or deleted by the same statement) is
-- skipped: a row reads its lists from the entries when it enters.
CREATE FUNCTION change_service_search_lists(changes jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE service_search_rows r
  SET added_lists = ARRAY(SELECT DISTINCT l FROM unnest(r.added_lists || c.adds) AS l WHERE l <> ALL (c.removes) ORDER BY l)
  FROM jsonb_to_recordset(changes) AS c(service_id integer, adds integer[], removes integer[])
  WHERE r.id = c.service_id
    AND r.added_lists IS DISTINCT FROM
      ARRAY(SELECT DISTINCT l FROM unnest(r.added_lists || c.adds) AS l WHERE l <> ALL (c.removes) ORDER BY l)
$$;

CREATE FUNCTION keep_service_search_lists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its event has. An entry Added before and after (another column
  -- changed) is neither added nor removed. The services are share-locked first: a concurrent statement making one of
  -- them Active (which reads its lists from the entries as its own snapshot sees them) then waits for this
  -- transaction, or this one for it, so the row it inserts and the changes made here cannot miss each other. They are
  -- locked in id order (as the upsert of keep_service_search_rows writes its rows), so that two such statements wait
  -- for each other rather than deadlock.
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM services s WHERE s.id IN (SELECT service_id FROM new_rows) ORDER BY s.id FOR SHARE OF s;
    PERFORM change_service_search_lists((SELECT jsonb_agg(c) FROM (
      SELECT service_id, array_agg(marketplace_id) AS adds, '{}'::integer[] AS removes FROM new_rows
      WHERE status = 'Added' GROUP BY service_id) c));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM services s WHERE s.id IN (SELECT service_id FROM old_rows) ORDER BY s.id FOR SHARE OF s;
    PERFORM change_service_search_lists((SELECT jsonb_agg(c) FROM (
      SELECT service_id, '{}'::integer[] AS adds, array_agg(marketplace_id) AS removes FROM old_rows
      WHERE status = 'Added' GROUP BY service_id) c));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM services s WHERE s.id IN (SELECT service_id FROM old_rows UNION SELECT service_id FROM new_rows)
      ORDER BY s.id FOR SHARE OF s;
    PERFORM change_service_search_lists((SELECT jsonb_agg(c) FROM (
      SELECT service_id, COALESCE(array_agg(marketplace_id) FILTER (WHERE added), '{}') AS adds,
        COALESCE(array_agg(marketplace_id) FILTER (WHERE NOT added), '{}') AS removes
      FROM (SELECT service_id, marketplace_id, true AS added FROM new_rows WHERE status = 'Added'
            UNION ALL
            (SELECT service_id, marketplace_id, false FROM old_rows WHERE status = 'Added'
             EXCEPT SELECT service_id, marketplace_id, false FROM new_rows WHERE status = 'Added')) e
      GROUP BY service_id) c));
  ELSE
    UPDATE service_search_rows SET added_lists = '{}' WHERE added_lists <> '{}';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER marketplace_services_search_rows_insert AFTER INSERT ON marketplace_services
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_service_search_lists();
CREATE TRIGGER marketplace_services_search_rows_delete AFTER DELETE ON marketplace_services
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_service_search_lists();
CREATE TRIGGER marketplace_services_search_rows_update AFTER UPDATE ON marketplace_services
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_service_search_lists();
CREATE TRIGGER marketplace_services_search_rows_truncate AFTER TRUNCATE ON marketplace_services
  FOR EACH STATEMENT EXECUTE FUNCTION keep_service_search_lists();
