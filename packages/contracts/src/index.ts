export * from './accounts.js';
export * from './audit.js';
export * from './auth.js';
export * from './capabilities.js';
export * from './credentials.js';
export * from './credit-limits.js';
export * from './custom-actions.js';
export * from './errors.js';
export * from './field-validation.js';
export * from './jobs.js';
export * from './mail.js';
export * from './operation.js';

import { accountOperations } from './accounts.js';
import { auditOperations } from './audit.js';
import { authOperations } from './auth.js';
import { credentialOperations } from './credentials.js';
import { creditLimitOperations } from './credit-limits.js';
import { customActionOperations } from './custom-actions.js';
import { jobOperations } from './jobs.js';
import { mailOperations } from './mail.js';
import type { OperationDefinition } from './operation.js';

/** Every operation the API serves, in one list (the server mounts them, the docs describe them). */
export const operations: readonly OperationDefinition[] = [
  ...authOperations,
  ...accountOperations,
  ...auditOperations,
  ...customActionOperations,
  ...creditLimitOperations,
  ...jobOperations,
  ...mailOperations,
  ...credentialOperations,
];
