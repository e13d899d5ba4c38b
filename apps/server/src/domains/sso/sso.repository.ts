import type { Queryable } from '../../platform/db/db.js';
import { type SealedColumn, sealSecret } from '../../platform/secrets/index.js';

/** Client secrets are stored sealed (decision 0035): only the sign-in code opens them, with `openClientSecret`. */
export const CLIENT_SECRET_COLUMN: SealedColumn = { table: 'identity_providers', column: 'client_secret' };
const sealClientSecret = (secret: string | null) =>
  secret === null || secret === '' ? secret : sealSecret('identity_providers.client_secret', secret);

export interface ProviderRow {
  id: number;
  account_id: number;
  name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  scopes: string;
  username_claim: string;
  enabled: boolean;
  email_domains: string[];
  usernames: string[];
  updated_at: Date;
  version: number;
  updated_by_name: string | null;
}

export interface ProviderFields {
  name: string;
  issuer: string;
  clientId: string;
  scopes: string;
  usernameClaim: string;
  enabled: boolean;
  emailDomains: string[];
  usernames: string[];
}

const COLUMNS = `id, account_id, name, issuer, client_id, client_secret, scopes, username_claim, enabled, email_domains,
  usernames, updated_at, version,
  (SELECT u.display_name FROM accounts u WHERE u.id = identity_providers.updated_by) AS updated_by_name`;

export async function listByAccount(db: Queryable, accountId: number): Promise<ProviderRow[]> {
  return db.query<ProviderRow>(`SELECT ${COLUMNS} FROM identity_providers WHERE account_id = $1 ORDER BY id`, [accountId]);
}

/** The providers of these organisations (the accounts on a user's path). */
export async function listByAccounts(db: Queryable, accountIds: readonly number[]): Promise<ProviderRow[]> {
  return db.query<ProviderRow>(`SELECT ${COLUMNS} FROM identity_providers WHERE account_id = ANY($1::int[]) ORDER BY id`, [
    accountIds,
  ]);
}

/** Enabled providers that route this e-mail domain, whoever owns them. */
export async function listByDomain(db: Queryable, domain: string): Promise<ProviderRow[]> {
  return db.query<ProviderRow>(
    `SELECT ${COLUMNS} FROM identity_providers WHERE enabled AND $1 = ANY(email_domains) ORDER BY id LIMIT 10`,
    [domain],
  );
}

/** A provider of this organisation, or null (a provider of another organisation is null too). */
export async function findInAccount(db: Queryable, accountId: number, id: number, lock = false): Promise<ProviderRow | null> {
  const [row] = await db.query<ProviderRow>(
    `SELECT ${COLUMNS} FROM identity_providers WHERE id = $1 AND account_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, accountId],
  );
  return row ?? null;
}

export async function findById(db: Queryable, id: number): Promise<ProviderRow | null> {
  const [row] = await db.query<ProviderRow>(`SELECT ${COLUMNS} FROM identity_providers WHERE id = $1`, [id]);
  return row ?? null;
}

export async function insert(
  db: Queryable,
  accountId: number,
  f: ProviderFields & { clientSecret: string; updatedBy: number | null },
): Promise<ProviderRow> {
  const [row] = await db.query<ProviderRow>(
    `INSERT INTO identity_providers (account_id, name, issuer, client_id, client_secret, scopes, username_claim, enabled,
       email_domains, usernames, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${COLUMNS}`,
    [
      accountId,
      f.name,
      f.issuer,
      f.clientId,
      sealClientSecret(f.clientSecret),
      f.scopes,
      f.usernameClaim,
      f.enabled,
      f.emailDomains,
      f.usernames,
      f.updatedBy,
    ],
  );
  if (!row) throw new Error('inserting an identity provider returned no row');
  return row;
}

export async function update(
  db: Queryable,
  accountId: number,
  id: number,
  f: ProviderFields & { clientSecret: string | null; updatedBy: number },
): Promise<ProviderRow | null> {
  const [row] = await db.query<ProviderRow>(
    `UPDATE identity_providers SET name = $3, issuer = $4, client_id = $5, client_secret = coalesce($6, client_secret),
       scopes = $7, username_claim = $8, enabled = $9, email_domains = $10, usernames = $11, updated_at = now(),
       version = version + 1, updated_by = $12
     WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
    [
      id,
      accountId,
      f.name,
      f.issuer,
      f.clientId,
      sealClientSecret(f.clientSecret),
      f.scopes,
      f.usernameClaim,
      f.enabled,
      f.emailDomains,
      f.usernames,
      f.updatedBy,
    ],
  );
  return row ?? null;
}

export async function remove(db: Queryable, accountId: number, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM identity_providers WHERE id = $1 AND account_id = $2 RETURNING id', [id, accountId]);
  return rows.length > 0;
}

/** Sign-ins under way of a provider end when it changes: they were started against its old settings. */
export async function endOpenSignIns(db: Queryable, providerId: number, now: Date) {
  await db.query('UPDATE sso_sign_ins SET used_at = $2 WHERE provider_id = $1 AND used_at IS NULL', [providerId, now]);
}

export interface SignInRow {
  state_hash: string;
  provider_id: number;
  browser_hash: string;
  code_verifier: string;
  nonce: string;
  redirect: string | null;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertSignIn(
  db: Queryable,
  r: {
    stateHash: string;
    providerId: number;
    browserHash: string;
    codeVerifier: string;
    nonce: string;
    redirect: string | null;
    expiresAt: Date;
  },
) {
  await db.query(
    `INSERT INTO sso_sign_ins (state_hash, provider_id, browser_hash, code_verifier, nonce, redirect, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.stateHash, r.providerId, r.browserHash, r.codeVerifier, r.nonce, r.redirect, r.expiresAt],
  );
}

/** The sign-in record, locked so two callbacks with the same state cannot both pass. */
export async function lockSignIn(db: Queryable, stateHash: string): Promise<SignInRow | null> {
  const [row] = await db.query<SignInRow>(
    `SELECT state_hash, provider_id, browser_hash, code_verifier, nonce, redirect, expires_at, used_at
     FROM sso_sign_ins WHERE state_hash = $1 FOR UPDATE`,
    [stateHash],
  );
  return row ?? null;
}

export async function spendSignIn(db: Queryable, stateHash: string, now: Date) {
  await db.query('UPDATE sso_sign_ins SET used_at = $2 WHERE state_hash = $1 AND used_at IS NULL', [stateHash, now]);
}

/** Records older than a day are of no use to anyone. */
export async function purgeOldSignIns(db: Queryable, now: Date) {
  await db.query('DELETE FROM sso_sign_ins WHERE expires_at < $1', [new Date(now.getTime() - 24 * 3600_000)]);
}

export interface SsoUser {
  id: number;
  username: string;
  email: string | null;
  path: string;
  state: string;
}

/** Active users whose username, or else whose e-mail address, is what was typed (case-insensitive). */
export async function findUsersByTyped(db: Queryable, typed: string): Promise<SsoUser[]> {
  return db.query<SsoUser>(
    `SELECT id, username, email, path, state FROM accounts
     WHERE account_type = 'User' AND state <> 'Terminated' AND username IS NOT NULL
       AND (lower(username) = lower($1) OR lower(trim(email)) = lower($1))
     ORDER BY (lower(username) = lower($1)) DESC, id LIMIT 5`,
    [typed],
  );
}

export async function findUserByUsername(db: Queryable, username: string): Promise<SsoUser | null> {
  const [row] = await db.query<SsoUser>(
    `SELECT id, username, email, path, state FROM accounts
     WHERE account_type = 'User' AND lower(username) = lower($1)`,
    [username],
  );
  return row ?? null;
}

export async function findAccountPath(db: Queryable, id: number): Promise<string | null> {
  const [row] = await db.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [id]);
  return row?.path ?? null;
}
