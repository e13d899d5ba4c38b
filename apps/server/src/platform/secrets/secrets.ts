import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Secrets at rest (decision 0035): AES-256-GCM with a key from configuration. Every ciphertext names the
 * key that sealed it, so old keys still open what they sealed while the current key seals everything new;
 * `resealStoredSecrets` moves stored values to the current key at start-up.
 *
 * Stored form: `sealed:v1:<key id>:<base64url of 12-byte IV | 16-byte tag | ciphertext>`. The purpose
 * (e.g. `identity_providers.client_secret`) is the additional authenticated data: a ciphertext copied
 * into another column does not open.
 */
export interface SecretKey {
  id: string;
  key: Buffer;
}

export interface Keyring {
  /** The key new secrets are sealed with. */
  current: SecretKey;
  /** Every key that may open a stored secret, the current one included. */
  all: readonly SecretKey[];
}

const PREFIX = 'sealed:v1:';

/** A key id derived from the key itself: the same key always has the same id, and the id says nothing of it. */
function keyId(key: Buffer): string {
  return createHash('sha256').update('portal-secrets-key-id').update(key).digest('hex').slice(0, 12);
}

/** One key as configured: `<id>:<base64 of 32 bytes>` or just the base64 (the id is then derived). */
export function parseKey(text: string, source: string): SecretKey {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  const [id, encoded] = colon > 0 ? [trimmed.slice(0, colon), trimmed.slice(colon + 1)] : [null, trimmed];
  const key = Buffer.from(encoded, 'base64');
  if (key.length !== 32) throw new Error(`${source}: a key is 32 bytes in base64 (openssl rand -base64 32)`);
  if (id !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(id)) throw new Error(`${source}: a key id is letters, digits, _ or -`);
  return { id: id ?? keyId(key), key };
}

export function makeKeyring(current: SecretKey, older: readonly SecretKey[] = []): Keyring {
  return { current, all: [current, ...older.filter((k) => k.id !== current.id)] };
}

/** A fresh random key, e.g. for tests or the first start. */
export function generateKey(): SecretKey {
  const key = randomBytes(32);
  return { id: keyId(key), key };
}

/**
 * The keyring from configuration: SECRETS_KEY (current) and SECRETS_OLD_KEYS (comma separated, opening
 * only). Without SECRETS_KEY, the key file (DATA_DIR/secrets.key: one key a line, the first is current)
 * is read, and written with a new random key on the first start.
 */
export function loadKeyring(settings: { secretsKey: string | null; secretsOldKeys: string[]; keyFile: string }): Keyring {
  const older = settings.secretsOldKeys.map((k) => parseKey(k, 'SECRETS_OLD_KEYS'));
  if (settings.secretsKey) return makeKeyring(parseKey(settings.secretsKey, 'SECRETS_KEY'), older);
  if (!existsSync(settings.keyFile)) createKeyFile(settings.keyFile);
  const lines = readFileSync(settings.keyFile, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const [first, ...rest] = lines.map((l) => parseKey(l, settings.keyFile));
  if (!first) throw new Error(`${settings.keyFile} holds no key`);
  return makeKeyring(first, [...rest, ...older]);
}

/**
 * Writes a fresh key file whole before it appears under its name: the key goes to a private temporary
 * file which is then hard-linked into place. Two processes starting together on one DATA_DIR never see
 * a half-written file; the one that links second keeps the winner's key (EEXIST).
 */
function createKeyFile(keyFile: string) {
  const fresh = generateKey();
  mkdirSync(dirname(keyFile), { recursive: true });
  const temporary = `${keyFile}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${fresh.id}:${fresh.key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(temporary, 0o600);
  try {
    linkSync(temporary, keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** The key id a stored value was sealed with, or null when it is not sealed. */
export function sealedWith(stored: string): string | null {
  if (!isSealed(stored)) return null;
  return stored.slice(PREFIX.length).split(':')[0] ?? null;
}

export function seal(keyring: Keyring, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const packed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  return `${PREFIX}${keyring.current.id}:${packed}`;
}

export class SecretUnreadableError extends Error {}

/** The plain text of a sealed value; a value stored before sealing existed comes back as it is. */
export function open(keyring: Keyring, purpose: string, stored: string): string {
  if (!isSealed(stored)) return stored;
  const [id, packed] = stored.slice(PREFIX.length).split(':');
  const key = keyring.all.find((k) => k.id === id);
  if (!key || !packed) throw new SecretUnreadableError(`a stored secret was sealed with key ${id}, which is not configured`);
  const raw = Buffer.from(packed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadableError(`a stored secret sealed with key ${id} does not open: wrong key or altered value`);
  }
}

let configured: Keyring | null = null;

/** Sets the keyring the process seals and opens with (the server and the worker at start, tests per app). */
export function configureSecrets(keyring: Keyring): void {
  configured = keyring;
}

export function secretsKeyring(): Keyring {
  if (!configured) throw new Error('secrets are used before configureSecrets');
  return configured;
}

export const sealSecret = (purpose: string, plain: string) => seal(secretsKeyring(), purpose, plain);
export const openSecret = (purpose: string, stored: string) => open(secretsKeyring(), purpose, stored);
