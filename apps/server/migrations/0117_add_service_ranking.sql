-- Marketplace explore and search [M2.26] [M7.9] (domains/marketplace-search). A service's Ranking
-- orders search results by default [M9.6] (lower first); the provider may promote a service by
-- lowering it. The indexes serve the search's orderings and filters on the Active catalogue; the
-- trigram indexes on display_name and service_name (0020) serve the name filter.
ALTER TABLE services ADD COLUMN ranking integer NOT NULL DEFAULT 1000 CHECK (ranking BETWEEN 0 AND 1000000);

CREATE INDEX services_active_ranking_idx ON services (ranking, lower(display_name), id) WHERE state = 'Active';
CREATE INDEX services_active_created_idx ON services (created_at DESC, id DESC) WHERE state = 'Active';
CREATE INDEX services_active_updated_idx ON services (updated_at DESC, id DESC) WHERE state = 'Active';
-- [M9.7] Tags that contain the text typed in the search box.
CREATE INDEX service_tags_value_trgm_idx ON service_tags USING gin (value gin_trgm_ops);
-- The price lists an organisation owns (a range on the owner's path is joined through accounts).
CREATE INDEX marketplaces_owner_idx ON marketplaces (owner_account_id, id);
