-- Marketplace search's name filter (domains/marketplace-search, issue 12, decision 0065). A service matches a text
-- when its display name or its service name contains it, without case. The two names, lower-cased, are kept in one
-- generated column, so that the filter is one LIKE on stored text (two ILIKEs lower-cased both names and the
-- pattern on every row tested) served by one trigram index on the Active catalogue (two indexes before, or'ed).
-- The newline between them cannot be matched across: a text holding one is searched the old way.
ALTER TABLE services ADD COLUMN search_name text
  GENERATED ALWAYS AS (lower(display_name) || E'\n' || lower(service_name)) STORED;
CREATE INDEX services_active_search_name_trgm_idx ON services USING gin (search_name gin_trgm_ops) WHERE state = 'Active';
