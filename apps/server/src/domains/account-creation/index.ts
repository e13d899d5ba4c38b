export { accountCreationOperations } from './account-creation.operations.js';
export {
  creatableFields,
  decideCreate,
  SERVICE_VIEW,
  serviceFieldDefinitions,
  subscriptionFieldDefinitions,
  toParentItem,
} from './account-creation.rules.js';
export { type CreatedAccount, createAccount } from './account-creation.service.js';
export { SUBSCRIPTION_FIELDS_SQL, subscriptionFields, subscriptionFieldsAccountExtension } from './subscription-fields.js';
export { SUBSCRIPTION_SECRET_COLUMN } from './subscription-secrets.js';
