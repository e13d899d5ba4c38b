export { DEMO_MISSING_REPORT_ID, seedDemoAccountReportPages } from './account-reports.demo.js';
export { prepareAccountReportJobHandler } from './account-reports.job.js';
export { type AccountReportRoutesOptions, accountReportRoutes } from './account-reports.routes.js';
export { STATUS_WAIT_MS as ACCOUNT_REPORT_STATUS_WAIT_MS } from './account-reports.service.js';
