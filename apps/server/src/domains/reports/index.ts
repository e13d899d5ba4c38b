export { reportOperations } from './reports.operations.js';
export { EMBED_SIGNING_SECRET_COLUMN } from './reports.repository.js';
export { type ReportRoutesOptions, reportRoutes } from './reports.routes.js';
export { mayReadDataset } from './reports.rules.js';
export {
  type AccountReportPreparation,
  checkEmbedToken,
  DEMO_DASHBOARD_ID,
  DEMO_DASHBOARD_NAME,
  DEMO_ORDERS_REPORT_ID,
  DEMO_ORDERS_REPORT_NAME,
  DEMO_REPORT_ID,
  DEMO_REPORT_NAME,
  DEMO_SUBSCRIPTIONS_REPORT_ID,
  DEMO_SUBSCRIPTIONS_REPORT_NAME,
  DEMO_WORKGROUP_ID,
  type EmbedTokenResponse,
  issueDashboardToken,
  issueEmbedToken,
  loadDashboardData,
  loadEmbedData,
  prepareAccountReport,
  seedDemoReports,
  type TokenSettings,
  tokenSettingsFromEnv,
} from './reports.service.js';
export { reportExecuteJobHandler, reportExportJobHandler } from './server-reports.job.js';
export { REPORT_EXECUTE_JOB_TYPE, REPORT_EXPORT_JOB_TYPE } from './server-reports.service.js';
