export { ssoOperations } from './sso.operations.js';
export { CLIENT_SECRET_COLUMN } from './sso.repository.js';
export type { SsoSettings } from './sso.service.js';
