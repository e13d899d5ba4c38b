import type { Queryable } from '../db/db.js';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface JobRow {
  id: string;
  type: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  locked_by: string | null;
  locked_until: Date | null;
  progress: number;
  progress_message: string | null;
  checkpoint: unknown;
  result: unknown;
  output_file: string | null;
  error: string | null;
  created_by: number | null;
  account_id: number | null;
  /** The schedule a run of a recurring job belongs to (its type), or null for a job queued once. */
  schedule_key: string | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const JOB_COLUMNS = `id, type, payload, status, attempts, max_attempts, run_at, locked_by, locked_until, progress,
  progress_message, checkpoint, result, output_file, error, created_by, account_id, schedule_key, created_at, updated_at, started_at, finished_at`;

export interface NewJob {
  type: string;
  payload: unknown;
  createdBy: number | null;
  accountId: number | null;
  maxAttempts?: number;
  runAt?: Date;
}

export async function insertJob(db: Queryable, job: NewJob): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO jobs (type, payload, created_by, account_id, max_attempts, run_at)
     VALUES ($1, $2, $3, $4, $5, coalesce($6, now())) RETURNING id`,
    [job.type, JSON.stringify(job.payload ?? {}), job.createdBy, job.accountId, job.maxAttempts ?? 5, job.runAt ?? null],
  );
  if (!row) throw new Error(`job ${job.type} was not saved`);
  return row.id;
}

/**
 * Queues a run of a recurring job unless a run of the same schedule already waits or runs (the partial unique
 * index of migration 0126 decides, so workers starting side by side queue it once). True when queued.
 */
export async function queueScheduledRun(
  db: Queryable,
  params: { type: string; scheduleKey: string; runAt: Date; maxAttempts: number },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO jobs (type, payload, schedule_key, run_at, max_attempts) VALUES ($1, '{}'::jsonb, $2, $3, $4)
     ON CONFLICT (schedule_key) WHERE status IN ('queued', 'running') DO NOTHING RETURNING id`,
    [params.type, params.scheduleKey, params.runAt, params.maxAttempts],
  );
  return rows.length > 0;
}

/** Deletes the finished runs of a schedule that ended before `before`: a schedule keeps only recent history. */
export async function pruneScheduledRuns(db: Queryable, scheduleKey: string, before: Date): Promise<void> {
  await db.query(`DELETE FROM jobs WHERE schedule_key = $1 AND status IN ('succeeded', 'failed') AND finished_at < $2`, [
    scheduleKey,
    before,
  ]);
}

export async function findJob(db: Queryable, id: string): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1`, [id]);
  return row ?? null;
}

/**
 * Takes the next job of the given types that is due, or whose worker's lease expired with attempts
 * left, and marks it running for this worker. SKIP LOCKED lets several workers claim side by side
 * without waiting for each other or taking the same job.
 */
export async function claimNext(
  db: Queryable,
  params: { workerId: string; types: readonly string[]; now: Date; leaseUntil: Date },
): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(
    `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = $1, locked_until = $2,
            started_at = coalesce(started_at, $3), updated_at = $3
     WHERE id = (
       SELECT id FROM jobs
       WHERE type = ANY($4::text[])
         AND ((status = 'queued' AND run_at <= $3)
           OR (status = 'running' AND locked_until <= $3 AND attempts < max_attempts))
       ORDER BY run_at, created_at
       LIMIT 1
       FOR UPDATE SKIP LOCKED)
     RETURNING ${JOB_COLUMNS}`,
    [params.workerId, params.leaseUntil, params.now, params.types],
  );
  return row ?? null;
}

/** Fails running jobs whose worker died during their last allowed attempt. */
export async function failAbandoned(
  db: Queryable,
  params: { types: readonly string[]; now: Date; error: string },
): Promise<JobRow[]> {
  return db.query<JobRow>(
    `UPDATE jobs SET status = 'failed', error = $3, last_error_detail = 'lease expired', locked_by = NULL,
            locked_until = NULL, finished_at = $2, updated_at = $2
     WHERE id IN (
       SELECT id FROM jobs
       WHERE type = ANY($1::text[]) AND status = 'running' AND locked_until <= $2 AND attempts >= max_attempts
       FOR UPDATE SKIP LOCKED)
     RETURNING ${JOB_COLUMNS}`,
    [params.types, params.now, params.error],
  );
}

/** Extends the lease; false when another worker took the job over (this worker's lease had expired). */
export async function extendLease(db: Queryable, id: string, workerId: string, leaseUntil: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET locked_until = $3 WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [id, workerId, leaseUntil],
  );
  return rows.length > 0;
}

export async function updateProgress(
  db: Queryable,
  params: { id: string; workerId: string; percent: number; message: string | null; leaseUntil: Date; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET progress = $3, progress_message = $4, locked_until = $5, updated_at = $6
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [params.id, params.workerId, params.percent, params.message, params.leaseUntil, params.now],
  );
  return rows.length > 0;
}

export async function markSucceeded(
  db: Queryable,
  params: { id: string; workerId: string; result: unknown; message: string | null; outputFile: string | null; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET status = 'succeeded', progress = 100, progress_message = coalesce($4, progress_message),
            result = $3, output_file = $6, error = NULL, locked_by = NULL, locked_until = NULL, finished_at = $5,
            updated_at = $5
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [params.id, params.workerId, JSON.stringify(params.result ?? null), params.message, params.now, params.outputFile],
  );
  return rows.length > 0;
}

/** Saves where a chunked job got to (in the chunk's transaction) with its progress; false when the lease was lost. */
export async function saveCheckpoint(
  db: Queryable,
  params: { id: string; workerId: string; checkpoint: unknown; percent: number; message: string | null; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET checkpoint = $3, progress = $4, progress_message = $5, updated_at = $6
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [params.id, params.workerId, JSON.stringify(params.checkpoint), params.percent, params.message, params.now],
  );
  return rows.length > 0;
}

/** Finished jobs whose output file is older than `before`: the files to delete. */
export async function listExpiredOutputFiles(db: Queryable, before: Date, limit: number) {
  return db.query<{ id: string; output_file: string }>(
    `SELECT id, output_file FROM jobs WHERE output_file IS NOT NULL AND finished_at < $1 ORDER BY finished_at LIMIT $2`,
    [before, limit],
  );
}

export async function clearOutputFile(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE jobs SET output_file = NULL WHERE id = $1', [id]);
}

export async function markForRetry(
  db: Queryable,
  params: { id: string; workerId: string; runAt: Date; error: string; detail: string; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET status = 'queued', run_at = $3, error = $4, last_error_detail = $5, locked_by = NULL,
            locked_until = NULL, updated_at = $6
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [params.id, params.workerId, params.runAt, params.error, params.detail, params.now],
  );
  return rows.length > 0;
}

export async function markFailed(
  db: Queryable,
  params: { id: string; workerId: string; error: string; detail: string; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET status = 'failed', error = $3, last_error_detail = $4, locked_by = NULL, locked_until = NULL,
            finished_at = $5, updated_at = $5
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [params.id, params.workerId, params.error, params.detail, params.now],
  );
  return rows.length > 0;
}

/** Hands a job back untouched (the worker is shutting down): queued again, this attempt not counted. */
export async function release(db: Queryable, params: { id: string; workerId: string; now: Date }): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET status = 'queued', run_at = $3, attempts = greatest(attempts - 1, 0), locked_by = NULL,
            locked_until = NULL, updated_at = $3
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [params.id, params.workerId, params.now],
  );
  return rows.length > 0;
}

/** The files jobs produced and still offer for download: the orphan upload sweep never removes them. */
export const OUTPUT_FILE_NAMES_SQL = 'SELECT output_file FROM jobs';
