/** SQL of the server reports' catalogue rows (`reports` of kind Server) and their kept runs (migration 0145). */
import type { CapabilityRequirement, ReportChart, ReportColumn, ReportParameter, ReportRow } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import type { RunParameters } from './server-reports.rules.js';

export interface ServerReportRow {
  id: string;
  name: string;
  group: string;
  description: string;
  computation: string;
  parameters: ReportParameter[];
  chartTypes: string[];
  needs: CapabilityRequirement[];
  averageMs: number | null;
  runCount: number;
}

const SERVER_COLUMNS = `r.id::text AS id, r.name, r.report_group AS "group", r.description, r.computation, r.parameters,
  r.chart_types AS "chartTypes", r.needs, r.average_execution_ms AS "averageMs", r.run_count AS "runCount"`;

/** Every server report of the catalogue, by group and name. */
export async function listServerReports(db: Queryable): Promise<ServerReportRow[]> {
  return db.query<ServerReportRow>(
    `SELECT ${SERVER_COLUMNS} FROM reports r WHERE r.kind = 'Server' ORDER BY r.report_group, r.name, r.id`,
  );
}

export async function findServerReport(db: Queryable, id: string): Promise<ServerReportRow | null> {
  const [row] = await db.query<ServerReportRow>(`SELECT ${SERVER_COLUMNS} FROM reports r WHERE r.kind = 'Server' AND r.id = $1`, [
    id,
  ]);
  return row ?? null;
}

/** Adds a finished run's time to the report's running mean (under the row's lock, so runs finishing together all count). */
export async function recordExecutionTime(db: Queryable, id: string, next: (avg: number | null, runs: number) => number) {
  const [row] = await db.query<{ averageMs: number | null; runCount: number }>(
    'SELECT average_execution_ms AS "averageMs", run_count AS "runCount" FROM reports WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!row) return;
  await db.query('UPDATE reports SET average_execution_ms = $2, run_count = run_count + 1 WHERE id = $1', [
    id,
    next(row.averageMs, row.runCount),
  ]);
}

export interface RunRow {
  id: string;
  reportId: string;
  userId: number;
  scopeAccountId: number;
  jobId: string | null;
  status: 'loading' | 'loaded' | 'failed';
  parameters: RunParameters;
  parts: string[];
  startedAt: Date;
  loadedAt: Date | null;
  expectedMs: number;
  executionMs: number | null;
  error: string | null;
  totalRows: number;
  columns: ReportColumn[];
  chart: ReportChart | null;
}

const RUN_COLUMNS = `id::text AS id, report_id::text AS "reportId", user_id AS "userId", scope_account_id AS "scopeAccountId",
  job_id::text AS "jobId", status, parameters -> 'values' AS parameters, parameters -> 'parts' AS parts,
  started_at AS "startedAt", loaded_at AS "loadedAt", expected_ms AS "expectedMs", execution_ms AS "executionMs", error,
  total_rows AS "totalRows", columns, chart`;

const toRun = (r: RunRow): RunRow => ({
  ...r,
  parts: r.parts ?? [],
  startedAt: new Date(r.startedAt),
  loadedAt: r.loadedAt ? new Date(r.loadedAt) : null,
});

/** The user's kept run of a report. */
export async function findUserRun(db: Queryable, userId: number, reportId: string): Promise<RunRow | null> {
  const [row] = await db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM report_runs WHERE user_id = $1 AND report_id = $2`, [
    userId,
    reportId,
  ]);
  return row ? toRun(row) : null;
}

export async function findRun(db: Queryable, id: string): Promise<RunRow | null> {
  const [row] = await db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM report_runs WHERE id = $1`, [id]);
  return row ? toRun(row) : null;
}

/** The user's runs' states by report id (for the list's status). */
export async function listUserRunStates(db: Queryable, userId: number): Promise<Map<string, RunRow['status']>> {
  const rows = await db.query<{ reportId: string; status: RunRow['status'] }>(
    'SELECT report_id::text AS "reportId", status FROM report_runs WHERE user_id = $1',
    [userId],
  );
  return new Map(rows.map((r) => [r.reportId, r.status]));
}

/** Removes the user's kept run of a report with its rows (it is being replaced). */
export async function deleteUserRun(db: Queryable, userId: number, reportId: string): Promise<void> {
  await db.query(
    'DELETE FROM report_run_rows WHERE run_id IN (SELECT id FROM report_runs WHERE user_id = $1 AND report_id = $2)',
    [userId, reportId],
  );
  await db.query('DELETE FROM report_runs WHERE user_id = $1 AND report_id = $2', [userId, reportId]);
}

export async function insertRun(
  db: Queryable,
  r: {
    id: string;
    reportId: string;
    userId: number;
    scopeAccountId: number;
    jobId: string;
    parameters: RunParameters;
    parts: readonly string[];
    startedAt: Date;
    expectedMs: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO report_runs (id, report_id, user_id, scope_account_id, job_id, status, parameters, started_at, expected_ms)
     VALUES ($1, $2, $3, $4, $5, 'loading', $6, $7, $8)`,
    [
      r.id,
      r.reportId,
      r.userId,
      r.scopeAccountId,
      r.jobId,
      JSON.stringify({ values: r.parameters, parts: r.parts }),
      r.startedAt,
      r.expectedMs,
    ],
  );
}

/** Keeps a chunk of rows of a run, numbered from `from`. */
export async function insertRows(db: Queryable, runId: string, from: number, rows: readonly ReportRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO report_run_rows (run_id, row_no, cells)
     SELECT $1, $2::int + (t.n)::int - 1, t.cells FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS t(cells, n)`,
    [runId, from, JSON.stringify(rows)],
  );
}

export async function clearRows(db: Queryable, runId: string): Promise<void> {
  await db.query('DELETE FROM report_run_rows WHERE run_id = $1', [runId]);
}

/** Marks a run loaded; false when it is gone or no longer this job's (replaced meanwhile). */
export async function finishRun(
  db: Queryable,
  p: {
    id: string;
    jobId: string;
    loadedAt: Date;
    executionMs: number;
    totalRows: number;
    columns: readonly ReportColumn[];
    chart: ReportChart;
  },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE report_runs SET status = 'loaded', loaded_at = $3, execution_ms = $4, total_rows = $5, columns = $6, chart = $7,
            error = NULL
      WHERE id = $1 AND job_id = $2 RETURNING id`,
    [p.id, p.jobId, p.loadedAt, p.executionMs, p.totalRows, JSON.stringify(p.columns), JSON.stringify(p.chart)],
  );
  return rows.length > 0;
}

/** Marks a run failed with the message the user reads [M8.11], and drops any rows it kept. */
export async function failRun(db: Queryable, p: { id: string; jobId: string; error: string; executionMs: number | null }) {
  await db.query('DELETE FROM report_run_rows WHERE run_id = $1', [p.id]);
  await db.query(
    `UPDATE report_runs SET status = 'failed', error = $3, execution_ms = $4, total_rows = 0 WHERE id = $1 AND job_id = $2`,
    [p.id, p.jobId, p.error, p.executionMs],
  );
}

/** One page of a run's rows, ordered by `orderBy` (an expression over `cells`) or the report's own order. */
export async function pageRows(
  db: Queryable,
  p: { runId: string; orderBy: string | null; direction: 'asc' | 'desc'; limit: number; offset: number },
): Promise<ReportRow[]> {
  const dir = p.direction === 'desc' ? 'DESC' : 'ASC';
  const order = p.orderBy ? `${p.orderBy} ${dir} NULLS LAST, row_no ${dir}` : 'row_no';
  const rows = await db.query<{ cells: ReportRow }>(
    `SELECT cells FROM report_run_rows WHERE run_id = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`,
    [p.runId, p.limit, p.offset],
  );
  return rows.map((r) => r.cells);
}

/**
 * A chunk of a run's rows in the report's order, after row `afterRow`, with the number of its last row (null when no
 * row is left). The chunk comes back as one JSON text (json_agg in SQL) parsed once here: a row per table row would
 * cost the driver a result row and a JSON parse each (the export reads 100,000 of them, issue 19).
 */
export async function rowChunkAfter(
  db: Queryable,
  runId: string,
  afterRow: number,
  limit: number,
): Promise<{ rows: ReportRow[]; lastRow: number } | null> {
  const [chunk] = await db.query<{ rows: string | null; lastRow: number | null }>(
    `SELECT json_agg(cells ORDER BY row_no)::text AS rows, max(row_no) AS "lastRow"
       FROM (SELECT row_no, cells FROM report_run_rows WHERE run_id = $1 AND row_no > $2 ORDER BY row_no LIMIT $3) c`,
    [runId, afterRow, limit],
  );
  if (!chunk?.rows || chunk.lastRow === null) return null;
  return { rows: JSON.parse(chunk.rows) as ReportRow[], lastRow: chunk.lastRow };
}
