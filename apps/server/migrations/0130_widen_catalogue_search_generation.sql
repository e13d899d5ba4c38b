-- Marketplace search resolves who sees what (decision 0033) inside its page statement, from the caller's
-- organisation path: the price lists assigned to it or propagated to it from above, the lists its subtree
-- owns, and whether it is a vendor. A total kept under a catalogue search generation (migration 0125) is
-- keyed on that path, not on the list ids, so every write that can change those answers must now add one
-- to the generation too: a price list's assignments, a list's owner or propagation flag, a list created or
-- deleted, and an account becoming (or ceasing to be) a vendor or changing type.
CREATE TRIGGER marketplace_assignments_search_generation
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON marketplace_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_search_generation();
CREATE TRIGGER marketplaces_search_generation
  AFTER INSERT OR DELETE OR UPDATE OF owner_account_id, is_propagation_enabled ON marketplaces
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_search_generation();
CREATE TRIGGER marketplaces_search_generation_truncate
  AFTER TRUNCATE ON marketplaces FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_search_generation();

DROP TRIGGER accounts_search_generation ON accounts;
CREATE TRIGGER accounts_search_generation
  AFTER DELETE OR UPDATE OF path, is_vendor, account_type ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_search_generation();
