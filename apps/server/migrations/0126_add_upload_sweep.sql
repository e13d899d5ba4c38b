-- Recurring jobs (platform/jobs/README.md): a run of a schedule carries the schedule's key, and at most one
-- run per key waits or runs at a time, so several workers starting at once queue it once. Each run queues
-- the next in the transaction that finishes it.
ALTER TABLE jobs ADD COLUMN schedule_key text;
CREATE UNIQUE INDEX jobs_schedule_key_idx ON jobs (schedule_key) WHERE status IN ('queued', 'running');

-- Orphan uploads (platform/files/README.md): when the sweep first found that no record refers to the file;
-- cleared when a record refers to it again. A file is removed once this is older than the grace period.
ALTER TABLE stored_files ADD COLUMN orphaned_at timestamptz;
CREATE INDEX stored_files_orphaned_idx ON stored_files (orphaned_at) WHERE orphaned_at IS NOT NULL;
