export { accountExportOperations } from './account-exports.operations.js';
export { credentialsExportJobHandler } from './credentials-export.job.js';
export { hierarchyExportJobHandler } from './hierarchy-export.job.js';
