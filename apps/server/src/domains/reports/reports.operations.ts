import { ExecuteReport, GetFrequentReports, ListReports } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import { executeReport, frequentReports, listReports } from './report-catalogue.service.js';

export const reportOperations = [
  handle(ListReports, async (ctx) => ({ Reports: await listReports(ctx, requireCaller(ctx)) })),
  handle(GetFrequentReports, async (ctx) => ({ Reports: await frequentReports(ctx, requireCaller(ctx)) })),
  handle(ExecuteReport, (ctx, input) => executeReport(ctx, requireCaller(ctx), input)),
];
