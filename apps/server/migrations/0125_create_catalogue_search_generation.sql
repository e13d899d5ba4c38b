-- Marketplace search totals (domains/marketplace-search). A search page is cut from an index in
-- order and stops after its rows; the total of the whole matching set is counted once and kept in
-- the server's memory under the catalogue's search generation. Every statement that can change
-- which services a search finds (a service's state, names, owner, category or creation date, its
-- tags, a price list's services, an account's place in the tree) adds one to the generation in
-- the same transaction, so a total is never served for data other than what it counted: the page
-- query reads the generation in its own snapshot and a total counted under another generation is
-- counted again.
CREATE TABLE catalogue_search_generation (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  value bigint NOT NULL
);
INSERT INTO catalogue_search_generation (singleton, value) VALUES (true, 1);

CREATE FUNCTION bump_catalogue_search_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_search_generation SET value = value + 1 WHERE singleton;
  RETURN NULL;
END
$$;

CREATE TRIGGER services_search_generation
  AFTER INSERT OR DELETE OR UPDATE OF state, display_name, service_name, owner_account_id, category, created_at
  ON services FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_search_generation();
CREATE TRIGGER services_search_generation_truncate
  AFTER TRUNCATE ON services FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_search_generation();
CREATE TRIGGER service_tag_links_search_generation
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON service_tag_links FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_search_generation();
CREATE TRIGGER marketplace_services_search_generation
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON marketplace_services FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_search_generation();
CREATE TRIGGER accounts_search_generation
  AFTER DELETE OR UPDATE OF path ON accounts FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_search_generation();

-- Sorting by name walks this index instead of sorting every Active service.
CREATE INDEX services_active_name_idx ON services (lower(display_name), id) WHERE state = 'Active';
