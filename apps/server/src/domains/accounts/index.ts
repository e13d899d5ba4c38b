export { accountOperations } from './accounts.operations.js';
export {
  findById,
  findLocation,
  insertAccount,
  moveSubtree,
  type NewAccount,
} from './accounts.repository.js';
export { findOrganisation, terminateDue } from './accounts.service.js';
export { customActionOperations } from './custom-actions.operations.js';
