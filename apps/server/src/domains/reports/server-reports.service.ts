/**
 * Server-run reports (decision 0056) [M2.53] [M3.23] [M4.24] [M5.14] [M9.13]: list entries of the catalogue rows the
 * caller may run, Execute (the kept run or a queued report.execute job), the kept result paged and sorted in SQL,
 * and the export job (report.export) refused above REPORT_EXPORT_ROW_CAP rows.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_REPORT_EXECUTION_MS,
  hasCapability,
  type Job,
  REPORT_EXPORT_ROW_CAP,
  type ReportChartType,
  type ReportListEntry,
  type ReportRun,
  type ReportStatus,
  reportLink,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, forbidden, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { enqueueJob, loadJob } from '../../platform/jobs/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { DEAL_PARTS } from './server-reports.computations.js';
import * as repo from './server-reports.repository.js';
import { parseParameters, resolveDefault, sameParameters, sortExpression } from './server-reports.rules.js';

export const REPORT_EXECUTE_JOB_TYPE = 'report.execute';
export const REPORT_EXPORT_JOB_TYPE = 'report.export';

/** Whether the caller holds one of the capabilities the report's data needs (none listed: a session is enough). */
export const mayRun = (caller: Caller, report: repo.ServerReportRow) =>
  report.needs.length === 0 || report.needs.some((req) => hasCapability(caller.capabilities, req));

/** The parts of a mixed report the caller reads (the deals report: discounts and special deals). */
export function partsFor(caller: Caller, report: repo.ServerReportRow): string[] {
  if (report.computation !== 'pricing.dealsInForce') return [];
  return Object.entries(DEAL_PARTS)
    .filter(([, key]) => caller.capabilities.has(key))
    .map(([part]) => part);
}

export function serverEntry(report: repo.ServerReportRow, status: ReportStatus, now: Date): ReportListEntry {
  return {
    reportName: report.name,
    reportGroup: report.group,
    reportDescription: report.description,
    reportLink: reportLink(report.name),
    reportExecutionTime: report.averageMs ?? DEFAULT_REPORT_EXECUTION_MS,
    hasParameters: report.parameters.length > 0,
    kind: 'Server',
    status,
    // Date defaults are stored as tokens (today, monthsAgo:12...): the entry carries the day they mean now.
    parameters: report.parameters.map((p) => ({ ...p, Default: resolveDefault(p.Default, now) })),
    chartTypes: report.chartTypes as ReportChartType[],
  };
}

/** The server reports the caller may run, with its state of each. */
export async function listServerEntries(db: Queryable, caller: Caller, now: Date): Promise<ReportListEntry[]> {
  const [reports, states] = await Promise.all([repo.listServerReports(db), repo.listUserRunStates(db, caller.userId)]);
  return reports.filter((r) => mayRun(caller, r)).map((r) => serverEntry(r, states.get(r.id) ?? 'default', now));
}

/** A server report by link or name; null when there is none (a PowerBI report may carry the name). */
export async function findServerReportByName(db: Queryable, name: string): Promise<repo.ServerReportRow | null> {
  const reports = await repo.listServerReports(db);
  return (
    reports.find((r) => reportLink(r.name) === name) ?? reports.find((r) => r.name.toLowerCase() === name.toLowerCase()) ?? null
  );
}

async function requireRunnable(db: Queryable, caller: Caller, name: string): Promise<repo.ServerReportRow> {
  const report = await findServerReportByName(db, name);
  if (!report) throw notFound('Report');
  if (!mayRun(caller, report)) throw forbidden('You do not have access to the data of this report');
  return report;
}

export function toRun(run: repo.RunRow): ReportRun {
  return {
    JobId: run.jobId,
    Status: run.status,
    Parameters: run.parameters,
    StartedAt: run.startedAt.toISOString(),
    LoadedAt: run.loadedAt ? run.loadedAt.toISOString() : null,
    ExpectedMs: run.expectedMs,
    ExecutionMs: run.executionMs,
    Error: run.error,
    TotalRows: run.totalRows,
  };
}

/**
 * Execute: the kept run when its parameters are the same and flag is false (a failed run is run again); otherwise
 * the kept run and its rows are removed and a new run is queued as a report.execute job, in this transaction.
 */
export async function executeServerReport(
  db: Queryable,
  caller: Caller,
  report: repo.ServerReportRow,
  input: { parameters: Record<string, string>; flag: boolean },
  now: Date,
): Promise<{ entry: ReportListEntry; run: ReportRun }> {
  if (!mayRun(caller, report)) throw forbidden('You do not have access to the data of this report');
  const parsed = parseParameters(report.parameters, input.parameters, now);
  if (!parsed.ok) throw validationFailed(parsed.errors);
  const kept = await repo.findUserRun(db, caller.userId, report.id);
  const parts = partsFor(caller, report);
  if (
    kept &&
    !input.flag &&
    kept.status !== 'failed' &&
    kept.scopeAccountId === caller.scope.rootId &&
    sameParameters(kept.parameters, parsed.values) &&
    sameParameters(Object.fromEntries(kept.parts.map((p) => [p, p])), Object.fromEntries(parts.map((p) => [p, p])))
  ) {
    return { entry: serverEntry(report, kept.status, now), run: toRun(kept) };
  }
  if (kept) await repo.deleteUserRun(db, caller.userId, report.id);
  const runId = randomUUID();
  const jobId = await enqueueJob(db, {
    type: REPORT_EXECUTE_JOB_TYPE,
    payload: { runId },
    createdBy: caller.userId,
    accountId: caller.scope.rootId,
    maxAttempts: 2,
  });
  await repo.insertRun(db, {
    id: runId,
    reportId: report.id,
    userId: caller.userId,
    scopeAccountId: caller.scope.rootId,
    jobId,
    parameters: parsed.values,
    parts,
    startedAt: now,
    expectedMs: report.averageMs ?? DEFAULT_REPORT_EXECUTION_MS,
  });
  const run = await repo.findRun(db, runId);
  if (!run) throw new Error(`report run ${runId} vanished`);
  return { entry: serverEntry(report, 'loading', now), run: toRun(run) };
}

/** [M2.53] The caller's kept run: one page of its rows sorted by a column (or in the report's order) and the chart. */
export async function getReportResult(
  db: Queryable,
  caller: Caller,
  input: { name: string; page: number; pageSize: number; sortBy: string | null; sortDirection: 'asc' | 'desc' },
  now: Date,
) {
  const report = await requireRunnable(db, caller, input.name);
  const run = await repo.findUserRun(db, caller.userId, report.id);
  if (!run || run.scopeAccountId !== caller.scope.rootId) throw notFound('Report result');
  let orderBy: string | null = null;
  if (input.sortBy !== null && run.status === 'loaded') {
    orderBy = sortExpression(run.columns, input.sortBy);
    if (orderBy === null) {
      throw validationFailed([{ field: 'sortBy', message: `The report has no column ${input.sortBy}` }]);
    }
  }
  const rows =
    run.status === 'loaded'
      ? await repo.pageRows(db, {
          runId: run.id,
          orderBy,
          direction: input.sortDirection,
          limit: input.pageSize,
          offset: (input.page - 1) * input.pageSize,
        })
      : [];
  return {
    Report: serverEntry(report, run.status, now),
    Run: toRun(run),
    Columns: run.status === 'loaded' ? run.columns : [],
    Rows: rows,
    Page: input.page,
    PageSize: input.pageSize,
    Chart: run.status === 'loaded' ? run.chart : null,
  };
}

export const dataLimitExceeded = () =>
  new DomainError('DATA_LIMIT_EXCEEDED', 'Report contains large amounts of data and cannot be exported to XLS.', [], {
    title: 'Data limit exceeded',
  });

/** [M5.14] Queues the .xlsx of the caller's loaded run; above REPORT_EXPORT_ROW_CAP rows it is refused at once. */
export async function startReportExport(db: Queryable, caller: Caller, input: { name: string }): Promise<Job> {
  const report = await requireRunnable(db, caller, input.name);
  const run = await repo.findUserRun(db, caller.userId, report.id);
  if (!run || run.scopeAccountId !== caller.scope.rootId) throw notFound('Report result');
  if (run.status !== 'loaded') {
    throw new DomainError('CONFLICT', 'The report has no loaded result to export; execute it first');
  }
  if (run.totalRows > REPORT_EXPORT_ROW_CAP) throw dataLimitExceeded();
  const jobId = await enqueueJob(db, {
    type: REPORT_EXPORT_JOB_TYPE,
    payload: { runId: run.id, jobId: run.jobId },
    createdBy: caller.userId,
    accountId: caller.scope.rootId,
    maxAttempts: 3,
  });
  return loadJob(db, jobId);
}
