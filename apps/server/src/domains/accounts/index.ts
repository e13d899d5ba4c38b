export {
  type AccountExtension,
  type AccountSavedEvent,
  type ExtendedFields,
  extensionFunctionBody,
  extensionsWithFunctions,
  registerAccountExtension,
} from './account-extensions.js';
export { accountFindingOperations } from './account-finding.operations.js';
export { accountOperations } from './accounts.operations.js';
export {
  countProductsByService,
  findOrganisationsInScope,
  type OrganisationRow,
  type ProductCountRow,
} from './accounts.reports.js';
export {
  type AccountRow,
  countSubtreeAccounts,
  findById,
  findLayoutPages,
  findLocation,
  findLocationInScope,
  findNearestOfType,
  findReportPage,
  hasChildrenOfTypes,
  insertAccount,
  isUsernameTaken,
  listChildrenOfTypes,
  listFieldDefinitions,
  listSubtreeAccounts,
  moveSubtree,
  type NewAccount,
  type ReportPage,
  type SubtreeFilter,
  saveReportPage,
  searchInScope,
  terminateSubtree,
  userLanguageSql,
} from './accounts.repository.js';
export { viewsFromDefinitions } from './accounts.rules.js';
export {
  accountFieldValues,
  createAccountRecord,
  findOrganisation,
  organisationOfPathSql,
  setSubscriptionService,
  terminateDue,
} from './accounts.service.js';
export { customActionOperations } from './custom-actions.operations.js';
export type { CustomActionRunner, CustomActionRunners } from './custom-actions.service.js';
export {
  SCHEDULED_TERMINATIONS_JOB_TYPE,
  scheduledTerminationsJobHandler,
} from './scheduled-terminations.job.js';
