import { DEFAULT_REPORT_EXECUTION_MS, FREQUENT_REPORTS_MAX, type ReportListEntry, reportLink } from '@portal/contracts';
import { notFound } from '../../platform/errors/domain-error.js';
import type { Caller, OperationContext } from '../../platform/operations/types.js';
import * as repo from './reports.repository.js';
import { executeServerReport, findServerReportByName, listServerEntries } from './server-reports.service.js';

/**
 * The portal's Reports page [M7.22]: the reports a caller sees (analytics reports owned inside its scope or shared
 * down from above, as for embed tokens; server reports whose data it may read, decision 0056), its most used ones,
 * and opening one.
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

const byGroupAndName = (a: ReportListEntry, b: ReportListEntry) =>
  a.reportGroup.localeCompare(b.reportGroup) || a.reportName.localeCompare(b.reportName);

export async function listReports(ctx: OperationContext, caller: Caller): Promise<ReportListEntry[]> {
  const analytics = (await repo.listVisibleReports(ctx.db, caller.scope.rootPath)).map(entry);
  const server = await listServerEntries(ctx.db, caller, ctx.now);
  return [...analytics, ...server].sort(byGroupAndName);
}

export async function frequentReports(ctx: OperationContext, caller: Caller): Promise<ReportListEntry[]> {
  // Read a few more than shown: a server report the caller may no longer run is left out.
  const rows = await repo.listFrequentReports(ctx.db, caller.scope.rootPath, caller.userId, FREQUENT_REPORTS_MAX * 4);
  const server = new Map((await listServerEntries(ctx.db, caller, ctx.now)).map((e) => [e.reportName, e]));
  const out: ReportListEntry[] = [];
  for (const row of rows) {
    const e = row.kind === 'Server' ? server.get(row.name) : entry(row);
    if (e) out.push(e);
    if (out.length === FREQUENT_REPORTS_MAX) break;
  }
  return out;
}

/**
 * Finds a report the caller sees by its link (or exact name) and counts the caller's use of it. An analytics report
 * answers the ids its embed token is asked for with; a server report answers the kept run or queues a new one
 * (decision 0056). A report the caller cannot see is not found.
 */
export async function executeReport(
  ctx: OperationContext,
  caller: Caller,
  input: { name: string; parameters: Record<string, string>; flag: boolean },
) {
  const server = await findServerReportByName(ctx.db, input.name);
  if (server) {
    const { entry: e, run } = await executeServerReport(ctx.db, caller, server, input, ctx.now);
    await repo.recordReportUse(ctx.db, caller.userId, server.id, ctx.now);
    ctx.audit({ after: { ReportId: server.id, ReportName: server.name, Parameters: run.Parameters, Refresh: input.flag } });
    return { Report: e, PowerBiConfiguration: null, Run: run };
  }
  const rows = await repo.listVisibleReports(ctx.db, caller.scope.rootPath);
  const row =
    rows.find((r) => reportLink(r.name) === input.name) ?? rows.find((r) => r.name.toLowerCase() === input.name.toLowerCase());
  if (!row) throw notFound('Report');
  await repo.recordReportUse(ctx.db, caller.userId, row.id, ctx.now);
  ctx.audit({ after: { ReportId: row.id, ReportName: row.name } });
  return { Report: entry(row), PowerBiConfiguration: { reportId: row.id, workgroupId: row.workgroupId }, Run: null };
}
