export { importJobHandler } from './account-import.job.js';
export { accountImportOperations } from './account-import.operations.js';
export { importTemplateReferences } from './account-import.service.js';
