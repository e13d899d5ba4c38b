export { type ReportRoutesOptions, reportRoutes } from './reports.routes.js';
export {
  checkEmbedToken,
  DEMO_REPORT_ID,
  DEMO_REPORT_NAME,
  DEMO_WORKGROUP_ID,
  type EmbedTokenResponse,
  issueEmbedToken,
  loadEmbedData,
  seedDemoReports,
  type TokenSettings,
  tokenSettingsFromEnv,
} from './reports.service.js';
