export { purposeOf, resealStoredSecrets, type SealedColumn } from './reseal.js';
export {
  configureSecrets,
  generateKey,
  isSealed,
  type Keyring,
  loadKeyring,
  makeKeyring,
  open,
  openSecret,
  parseKey,
  SecretUnreadableError,
  seal,
  sealedWith,
  sealSecret,
  secretsKeyring,
} from './secrets.js';
