-- Searching accounts by part of their name (move targets, pickers) uses a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX accounts_display_name_trgm_idx ON accounts USING gin (display_name gin_trgm_ops);
