import type { Queryable } from '../../platform/db/db.js';

/** Records that these users were issued a first-time password now (the transaction's now(), as user_credentials uses). */
export async function recordIssued(
  db: Queryable,
  accountIds: readonly number[],
  issue: { issuedBy: number | null; delivery: 'email' | 'export'; jobId: string | null },
): Promise<void> {
  if (accountIds.length === 0) return;
  await db.query(
    `INSERT INTO first_time_passwords (account_id, issued_at, issued_by, delivery, job_id)
     SELECT id, now(), $2, $3, $4 FROM unnest($1::int[]) AS id
     ON CONFLICT (account_id) DO UPDATE SET issued_at = EXCLUDED.issued_at, issued_by = EXCLUDED.issued_by,
       delivery = EXCLUDED.delivery, job_id = EXCLUDED.job_id`,
    [accountIds, issue.issuedBy, issue.delivery, issue.jobId],
  );
}

export async function findIssued(db: Queryable, accountId: number) {
  const [row] = await db.query<{
    issued_at: Date;
    issued_by: number | null;
    delivery: 'email' | 'export';
    job_id: string | null;
  }>('SELECT issued_at, issued_by, delivery, job_id FROM first_time_passwords WHERE account_id = $1', [accountId]);
  return row ?? null;
}
