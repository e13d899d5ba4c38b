import type { Queryable } from '../../platform/db/db.js';

export interface PreparationRow {
  account_id: number;
  page_name: string;
  job_id: string;
}

/** The latest preparation of a report page for an account; `forUpdate` locks it for a refresh. */
export async function findPreparation(
  db: Queryable,
  accountId: number,
  pageName: string,
  options: { forUpdate?: boolean } = {},
): Promise<PreparationRow | null> {
  const [row] = await db.query<PreparationRow>(
    `SELECT account_id, page_name, job_id FROM account_report_preparations WHERE account_id = $1 AND page_name = $2${
      options.forUpdate ? ' FOR UPDATE' : ''
    }`,
    [accountId, pageName],
  );
  return row ?? null;
}

/** Records the first preparation; false when another request recorded one first. */
export async function insertPreparation(
  db: Queryable,
  p: { accountId: number; pageName: string; jobId: string; requestedBy: number },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO account_report_preparations (account_id, page_name, job_id, requested_by)
     VALUES ($1, $2, $3, $4) ON CONFLICT (account_id, page_name) DO NOTHING RETURNING job_id`,
    [p.accountId, p.pageName, p.jobId, p.requestedBy],
  );
  return rows.length > 0;
}

/** Points a preparation at its new job. */
export async function updatePreparation(
  db: Queryable,
  p: { accountId: number; pageName: string; jobId: string; requestedBy: number },
): Promise<void> {
  await db.query(
    `UPDATE account_report_preparations SET job_id = $3, requested_by = $4, requested_at = now()
     WHERE account_id = $1 AND page_name = $2`,
    [p.accountId, p.pageName, p.jobId, p.requestedBy],
  );
}
