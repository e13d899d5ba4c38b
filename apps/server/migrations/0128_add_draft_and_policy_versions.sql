-- Optimistic concurrency on the service tool's drafts (decision 0036): the draft a window read carries a version,
-- and its autosave and dismiss send it back, so a second window (or tab) of the same user cannot silently
-- overwrite or drop a draft it never saw. Versions come from one sequence rather than counting up per row: a draft
-- dismissed (or deleted by a save) and then started again never repeats a version an old window still holds.
CREATE SEQUENCE service_draft_versions AS integer;
ALTER TABLE service_drafts ADD COLUMN version integer NOT NULL DEFAULT nextval('service_draft_versions');

-- An organisation's security settings (password policy, second-factor enforcement) are edited in a form too: the
-- form sends back the version it read (0 while the organisation has no policy of its own).
ALTER TABLE security_policies ADD COLUMN version integer NOT NULL DEFAULT 1;
