export { DEMO_MISSING_REPORT_ID, seedDemoAccountReportPages } from './account-reports.demo.js';
export { prepareAccountReportJobHandler } from './account-reports.job.js';
export { type AccountReportRoutesOptions, accountReportRoutes } from './account-reports.routes.js';
