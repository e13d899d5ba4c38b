export { authOperations } from './auth.operations.js';
export {
  type AuthSettings,
  createCallerResolver,
  SESSION_COOKIE,
  setPassword,
  storePasswordHashes,
} from './auth.service.js';
export { hashPassword } from './passwords.js';
