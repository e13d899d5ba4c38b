-- Drafts of the service tool [S3.7], [S4.2]: one per user and window, under the key 'create' or
-- 'edit_' plus the service name. Kept on the server rather than in the browser's local storage so a
-- draft follows the user (docs/decisions/0016-service-tool-drafts.md). An edit draft goes with its service.
CREATE TABLE service_drafts (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  draft_key text NOT NULL,
  service_id integer REFERENCES services (id) ON DELETE CASCADE,
  data jsonb NOT NULL,
  added_at timestamptz NOT NULL,
  CHECK ((draft_key = 'create') = (service_id IS NULL)),
  UNIQUE (user_id, draft_key)
);
CREATE INDEX service_drafts_service_idx ON service_drafts (service_id) WHERE service_id IS NOT NULL;
