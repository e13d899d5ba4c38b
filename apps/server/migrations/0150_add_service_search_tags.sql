-- Marketplace search's facets (domains/marketplace-search, issue 12, decision 0074). GetSearchServicesMetadata counts
-- the matching services by category, by vendor and by tag, and autocomplete counts the services carrying each tag
-- that contains the text. Counting tags through service_tag_links joined every link of the catalogue (or probed it
-- once per matching service); the services' tags are therefore also kept on the service row, as a sorted array, so
-- that the matching set is grouped once by (category, owner, tags) and the three counts are sums over those few
-- groups. The array is kept by the triggers below in the same statement as the links it mirrors, whoever writes
-- them: it always holds exactly the tags of the service's links, sorted, without duplicates (a link is unique per
-- service and tag). Nothing else writes it.
ALTER TABLE services ADD COLUMN search_tags text[] NOT NULL DEFAULT '{}';
UPDATE services s SET search_tags = ARRAY(SELECT t.tag FROM service_tag_links t WHERE t.service_id = s.id ORDER BY t.tag)
  WHERE EXISTS (SELECT 1 FROM service_tag_links t WHERE t.service_id = s.id);

-- The tags of these services, read again from their links (a service deleted meanwhile is simply not found).
-- A row whose array is already right is not written again.
CREATE FUNCTION refresh_service_search_tags(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE services s SET search_tags = x.tags
  FROM (SELECT u.id, ARRAY(SELECT t.tag FROM service_tag_links t WHERE t.service_id = u.id ORDER BY t.tag) AS tags
        FROM unnest(ids) AS u(id)) x
  WHERE s.id = x.id AND s.search_tags IS DISTINCT FROM x.tags
$$;

CREATE FUNCTION keep_service_search_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its event has (plpgsql plans a statement when it first runs it).
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_service_search_tags(ARRAY(SELECT DISTINCT service_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_service_search_tags(ARRAY(SELECT DISTINCT service_id FROM old_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_service_search_tags(ARRAY(SELECT service_id FROM old_rows UNION SELECT service_id FROM new_rows));
  ELSE
    UPDATE services SET search_tags = '{}' WHERE search_tags <> '{}';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER service_tag_links_search_tags_insert AFTER INSERT ON service_tag_links
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_service_search_tags();
CREATE TRIGGER service_tag_links_search_tags_delete AFTER DELETE ON service_tag_links
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_service_search_tags();
CREATE TRIGGER service_tag_links_search_tags_update AFTER UPDATE ON service_tag_links
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_service_search_tags();
CREATE TRIGGER service_tag_links_search_tags_truncate AFTER TRUNCATE ON service_tag_links
  FOR EACH STATEMENT EXECUTE FUNCTION keep_service_search_tags();

-- The Active catalogue counted by (category, owner, tags): what GetSearchServicesMetadata answers for the whole Active
-- catalogue (the provider's Global set) filtered by categories, vendors or tags only, summed over a few rows instead
-- of grouping every matching service. Kept by the statement triggers below in the same statement as the services they
-- count, whoever writes them (a service's tags change through the trigger above, which updates the service row). A
-- group's row is kept at 0 when its last service leaves (readers take only groups above 0): the groups ever seen are few.
CREATE TABLE service_facet_counts (
  category text,
  owner_account_id integer NOT NULL,
  search_tags text[] NOT NULL,
  -- No CHECK (services >= 0): the triggers of one statement may run in either order (a statement inserting a service
  -- and its links: the links' trigger moves the service to its tags' group before the services' own trigger adds it),
  -- so a group may be below 0 between two triggers of one statement; sums commute, and every statement ends exact.
  services integer NOT NULL
);
CREATE UNIQUE INDEX service_facet_counts_key ON service_facet_counts (category, owner_account_id, search_tags) NULLS NOT DISTINCT;
-- Announced like every table (migration 0147); it only changes with services, which are announced too.
CREATE TRIGGER service_facet_counts_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_facet_counts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
INSERT INTO service_facet_counts (category, owner_account_id, search_tags, services)
  SELECT category, owner_account_id, search_tags, count(*)::int FROM services WHERE state = 'Active'
  GROUP BY category, owner_account_id, search_tags;

-- Adds the changed statement's Active rows (`delta` of their groups: +1 for each new row, -1 for each old one).
CREATE FUNCTION add_service_facet_counts(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO service_facet_counts AS f (category, owner_account_id, search_tags, services)
  SELECT d.category, d.owner_account_id, d.search_tags, d.n
  FROM jsonb_to_recordset(delta) AS d(category text, owner_account_id integer, search_tags text[], n integer)
  WHERE d.n <> 0
  ORDER BY d.category, d.owner_account_id, d.search_tags
  ON CONFLICT (category, owner_account_id, search_tags) DO UPDATE SET services = f.services + EXCLUDED.services
$$;

CREATE FUNCTION keep_service_facet_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    PERFORM add_service_facet_counts((SELECT jsonb_agg(g) FROM (
      SELECT category, owner_account_id, search_tags, count(*)::int AS n FROM new_rows WHERE state = 'Active'
      GROUP BY category, owner_account_id, search_tags) g));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_service_facet_counts((SELECT jsonb_agg(g) FROM (
      SELECT category, owner_account_id, search_tags, -count(*)::int AS n FROM old_rows WHERE state = 'Active'
      GROUP BY category, owner_account_id, search_tags) g));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM add_service_facet_counts((SELECT jsonb_agg(g) FROM (
      SELECT category, owner_account_id, search_tags, sum(n)::int AS n FROM (
        SELECT category, owner_account_id, search_tags, 1 AS n FROM new_rows WHERE state = 'Active'
        UNION ALL SELECT category, owner_account_id, search_tags, -1 FROM old_rows WHERE state = 'Active') c
      GROUP BY category, owner_account_id, search_tags HAVING sum(n) <> 0) g));
  ELSE
    UPDATE service_facet_counts SET services = 0 WHERE services <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER services_facet_counts_insert AFTER INSERT ON services
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_service_facet_counts();
CREATE TRIGGER services_facet_counts_delete AFTER DELETE ON services
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_service_facet_counts();
CREATE TRIGGER services_facet_counts_update AFTER UPDATE ON services
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_service_facet_counts();
CREATE TRIGGER services_facet_counts_truncate AFTER TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION keep_service_facet_counts();
