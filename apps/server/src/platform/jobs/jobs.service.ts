import type { Job } from '@portal/contracts';
import type { Queryable } from '../db/db.js';
import { notFound } from '../errors/domain-error.js';
import type { Caller } from '../operations/types.js';
import { isInScope } from '../tenancy/scope.js';
import { findJob, type JobRow } from './jobs.repository.js';

/** The job as the wire shows it. */
export function toJob(row: JobRow): Job {
  return {
    Id: row.id,
    Type: row.type,
    Status: row.status,
    Progress: row.progress,
    ProgressMessage: row.progress_message,
    Result: row.result && typeof row.result === 'object' ? (row.result as Record<string, unknown>) : null,
    Error: row.error,
    Attempts: row.attempts,
    MaxAttempts: row.max_attempts,
    AccountId: row.account_id,
    CreatedAt: row.created_at.toISOString(),
    UpdatedAt: row.updated_at.toISOString(),
    FinishedAt: row.finished_at?.toISOString() ?? null,
  };
}

/**
 * A job the caller may see: its creator, or a caller whose scope includes the job's account.
 * Any other job answers exactly like one that does not exist.
 */
export async function getVisibleJob(db: Queryable, caller: Caller, id: string): Promise<JobRow> {
  const row = await findJob(db, id);
  if (!row) throw notFound('Job');
  if (row.created_by === caller.userId) return row;
  if (row.account_id !== null) {
    // The tenancy key of an account is its path; the job only keeps the account id.
    const [account] = await db.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [row.account_id]);
    if (account && isInScope(caller.scope.rootPath, account.path)) return row;
  }
  throw notFound('Job');
}

/** Reads a job back in the transaction that created it (for operations that start one). */
export async function loadJob(db: Queryable, id: string): Promise<Job> {
  const row = await findJob(db, id);
  if (!row) throw new Error(`job ${id} vanished after insert`);
  return toJob(row);
}
