export { accountCreationOperations } from './account-creation.operations.js';
export { creatableFields, decideCreate } from './account-creation.rules.js';
export { type CreatedAccount, createAccount } from './account-creation.service.js';
