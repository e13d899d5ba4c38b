import type { ImportRecord, ImportType } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';

export interface ImportRow {
  id: number;
  name: string;
  account_type: ImportType;
  parent_id: number;
  upload_name: string;
  file_name: string;
  status: ImportRecord['Status'];
  row_count: number;
  rows_created: number;
  error_count: number;
  error: string | null;
  job_id: string | null;
  created_by: number;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toRecord(row: ImportRow): ImportRecord {
  return {
    ImportId: row.id,
    Name: row.name,
    AccountType: row.account_type,
    ParentAccountId: row.parent_id,
    FileName: row.file_name,
    Status: row.status,
    Rows: row.row_count,
    RowsCreated: row.rows_created,
    NumberOfErrors: row.error_count,
    Error: row.error,
    CreatedBy: row.created_by,
    CreatedAt: iso(row.created_at) ?? '',
    FinishedAt: iso(row.finished_at),
    JobId: row.job_id ?? '',
  };
}

export async function insertImport(
  db: Queryable,
  r: {
    name: string;
    accountType: ImportType;
    parentId: number;
    uploadName: string;
    fileName: string;
    rowCount: number;
    createdBy: number;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO account_imports (name, account_type, parent_id, upload_name, file_name, row_count, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [r.name, r.accountType, r.parentId, r.uploadName, r.fileName, r.rowCount, r.createdBy],
  );
  if (!row) throw new Error('insert into account_imports returned nothing');
  return row.id;
}

export async function setImportJob(db: Queryable, id: number, jobId: string): Promise<void> {
  await db.query('UPDATE account_imports SET job_id = $2 WHERE id = $1', [id, jobId]);
}

export async function findImport(db: Queryable, id: number): Promise<ImportRow | null> {
  const [row] = await db.query<ImportRow>('SELECT * FROM account_imports WHERE id = $1', [id]);
  return row ?? null;
}

export async function finishImport(db: Queryable, id: number, r: { rowsCreated: number; now: Date }): Promise<void> {
  await db.query(
    `UPDATE account_imports SET status = 'Succeeded', rows_created = $2, error_count = 0, error = NULL, finished_at = $3
     WHERE id = $1`,
    [id, r.rowsCreated, r.now],
  );
}

/** Marks a queued import failed; one already finished keeps its outcome. */
export async function failImport(db: Queryable, id: number, r: { errorCount: number | null; error: string }): Promise<void> {
  await db.query(
    `UPDATE account_imports SET status = 'Failed', rows_created = 0, error_count = COALESCE($2, error_count), error = $3,
       finished_at = now()
     WHERE id = $1 AND status = 'Queued'`,
    [id, r.errorCount, r.error],
  );
}

/** The uploaded templates import records name: the orphan upload sweep never removes them. */
export const TEMPLATE_FILE_NAMES_SQL = 'SELECT upload_name FROM account_imports';
