export { TOTP_SECRET_COLUMN } from './access.repository.js';
export { checkPassword as checkPasswordPolicy, effectivePolicy, PLATFORM_POLICY } from './access.rules.js';
export { authOperations } from './auth.operations.js';
export {
  assertNotThrottled,
  recordSignInOutcome,
  setPassword,
  startSession,
  storePasswordHashes,
} from './auth.service.js';
export { hashPassword } from './passwords.js';
export { findRolesByName, grantRole, type RoleRow } from './roles.repository.js';
export { assertAcceptablePassword, policyForPath } from './security.service.js';
export { type AuthSettings, callerForUser, createCallerResolver, SESSION_COOKIE } from './session-core.js';
export { endAllSessions } from './sessions.service.js';
