export { accountCreationOperations } from './account-creation.operations.js';
export {
  creatableFields,
  decideCreate,
  SERVICE_VIEW,
  serviceFieldDefinitions,
  toParentItem,
} from './account-creation.rules.js';
export { type CreatedAccount, createAccount } from './account-creation.service.js';
