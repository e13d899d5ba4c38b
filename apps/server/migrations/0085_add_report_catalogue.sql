-- The portal's Reports page [M2.50]-[M2.53]: a report's group and description for the "My reports"
-- menu, and how often each user opened each report for "Most frequently used reports" [M7.22].
ALTER TABLE reports ADD COLUMN report_group text NOT NULL DEFAULT 'Reports';
ALTER TABLE reports ADD COLUMN description text NOT NULL DEFAULT '';

CREATE TABLE report_usage (
  user_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  report_id uuid NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  uses integer NOT NULL DEFAULT 0,
  last_used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, report_id)
);
CREATE INDEX report_usage_frequent_idx ON report_usage (user_id, uses DESC, last_used_at DESC);
