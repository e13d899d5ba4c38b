export { bulkTargetRefused } from './credentials.errors.js';
export { credentialOperations } from './credentials.operations.js';
export { decideBulkTarget, selectRecipients } from './credentials.rules.js';
export {
  findIssued,
  type IssuedPassword,
  issueFirstTimePasswords,
  storeFirstTimePasswords,
} from './credentials.service.js';
export { sendToAllJobHandler } from './send-to-all.job.js';
