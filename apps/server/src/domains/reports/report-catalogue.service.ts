import { DEFAULT_REPORT_EXECUTION_MS, FREQUENT_REPORTS_MAX, type ReportListEntry, reportLink } from '@portal/contracts';
import { notFound } from '../../platform/errors/domain-error.js';
import type { Caller, OperationContext } from '../../platform/operations/types.js';
import * as repo from './reports.repository.js';

/**
 * The portal's Reports page [M7.22]: the reports a caller sees (owned inside its scope or shared
 * down from above, as for embed tokens), its most used ones, and opening one.
 */
const entry = (row: repo.CatalogueRow): ReportListEntry => ({
  reportName: row.name,
  reportGroup: row.group,
  reportDescription: row.description,
  reportLink: reportLink(row.name),
  // An analytics report draws live data in the browser: it has no server-side run to time.
  reportExecutionTime: DEFAULT_REPORT_EXECUTION_MS,
  hasParameters: false,
  kind: 'PowerBI',
  status: 'default',
  parameters: [],
  chartTypes: [],
});

export async function listReports(ctx: OperationContext, caller: Caller): Promise<ReportListEntry[]> {
  return (await repo.listVisibleReports(ctx.db, caller.scope.rootPath)).map(entry);
}

export async function frequentReports(ctx: OperationContext, caller: Caller): Promise<ReportListEntry[]> {
  const rows = await repo.listFrequentReports(ctx.db, caller.scope.rootPath, caller.userId, FREQUENT_REPORTS_MAX);
  return rows.map(entry);
}

/**
 * Finds a visible report by its link (or exact name), counts the caller's use of it and answers
 * the ids its embed token is asked for with. A report the caller cannot see is not found.
 */
export async function executeReport(ctx: OperationContext, caller: Caller, input: { name: string }) {
  const rows = await repo.listVisibleReports(ctx.db, caller.scope.rootPath);
  const row =
    rows.find((r) => reportLink(r.name) === input.name) ?? rows.find((r) => r.name.toLowerCase() === input.name.toLowerCase());
  if (!row) throw notFound('Report');
  await repo.recordReportUse(ctx.db, caller.userId, row.id, ctx.now);
  ctx.audit({ after: { ReportId: row.id, ReportName: row.name } });
  return { Report: entry(row), PowerBiConfiguration: { reportId: row.id, workgroupId: row.workgroupId }, Run: null };
}
