import { ExecuteReport, ExportReport, GetFrequentReports, GetReportResult, ListReports } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import { executeReport, frequentReports, listReports } from './report-catalogue.service.js';
import { getReportResult, startReportExport } from './server-reports.service.js';

export const reportOperations = [
  handle(ListReports, async (ctx) => ({ Reports: await listReports(ctx, requireCaller(ctx)) })),
  handle(GetFrequentReports, async (ctx) => ({ Reports: await frequentReports(ctx, requireCaller(ctx)) })),
  handle(ExecuteReport, (ctx, input) => executeReport(ctx, requireCaller(ctx), input)),
  handle(GetReportResult, (ctx, input) => getReportResult(ctx.db, requireCaller(ctx), input, ctx.now)),
  handle(ExportReport, (ctx, input) => startReportExport(ctx.db, requireCaller(ctx), input)),
];
