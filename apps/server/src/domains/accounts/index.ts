export {
  type AccountExtension,
  type AccountSavedEvent,
  registerAccountExtension,
} from './account-extensions.js';
export { accountOperations } from './accounts.operations.js';
export {
  type AccountRow,
  countSubtreeAccounts,
  findById,
  findLocation,
  findNearestOfType,
  findReportPage,
  insertAccount,
  listSubtreeAccounts,
  moveSubtree,
  type NewAccount,
  type ReportPage,
  type SubtreeFilter,
  saveReportPage,
} from './accounts.repository.js';
export { accountFieldValues, findOrganisation, setSubscriptionService, terminateDue } from './accounts.service.js';
export { customActionOperations } from './custom-actions.operations.js';
export type { CustomActionRunner, CustomActionRunners } from './custom-actions.service.js';
