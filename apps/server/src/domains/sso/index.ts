export { ssoOperations } from './sso.operations.js';
export type { SsoSettings } from './sso.service.js';
