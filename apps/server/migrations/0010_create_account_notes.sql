-- Notes about companies and resellers [A3.4]. A note belongs to the organisation of its author
-- (the author's company, reseller or provider when it was written): only that organisation's
-- users see it [A2.50]; only the author edits or deletes it [A6.19].
CREATE TABLE account_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id),
  organisation_id integer NOT NULL REFERENCES accounts (id),
  author_id integer NOT NULL REFERENCES accounts (id),
  -- [A5.1] at most 1000 characters, a line break counting as two; line breaks are stored as LF.
  note text NOT NULL CHECK (
    length(btrim(note)) > 0
    AND length(note) + length(note) - length(replace(note, E'\n', '')) <= 1000
  ),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (organisation_id <> account_id)
);
-- The Notes tab lists one account's notes of one organisation, newest first.
CREATE INDEX account_notes_account_idx ON account_notes (account_id, organisation_id, created_at DESC, id DESC);
