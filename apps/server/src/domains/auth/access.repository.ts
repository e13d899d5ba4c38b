import type { PasswordClass, SecurityPolicy } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { openSecret, purposeOf, type SealedColumn, sealSecret } from '../../platform/secrets/index.js';

// ---------------------------------------------------------------- impersonation grants

export async function insertGrant(
  db: Queryable,
  g: { tokenHash: string; impersonatorId: number; targetId: number; originSessionId: string; expiresAt: Date },
) {
  await db.query(
    `INSERT INTO impersonation_grants (token_hash, impersonator_id, target_id, origin_session_id, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [g.tokenHash, g.impersonatorId, g.targetId, g.originSessionId, g.expiresAt],
  );
}

/** Removes and returns a grant: a token is good for one exchange only. Expired grants go too. */
export async function takeGrant(db: Queryable, tokenHash: string, now: Date) {
  await db.query('DELETE FROM impersonation_grants WHERE expires_at <= $1', [now]);
  const [row] = await db.query<{ impersonator_id: number; target_id: number; origin_session_id: string }>(
    'DELETE FROM impersonation_grants WHERE token_hash = $1 RETURNING impersonator_id, target_id, origin_session_id',
    [tokenHash],
  );
  return row ?? null;
}

// ---------------------------------------------------------------- sessions

export interface SessionListRow {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ip: string | null;
  user_agent: string | null;
  impersonator_id: number | null;
  impersonator_display_name: string | null;
}

export async function listActiveSessions(db: Queryable, userId: number, now: Date, notBefore: Date): Promise<SessionListRow[]> {
  return db.query<SessionListRow>(
    `SELECT s.id, s.created_at, s.last_seen_at, s.expires_at, s.ip, s.user_agent, s.impersonator_id,
            imp.display_name AS impersonator_display_name
     FROM sessions s LEFT JOIN accounts imp ON imp.id = s.impersonator_id
     WHERE s.user_id = $1 AND s.expires_at > $2 AND s.created_at > $3
     ORDER BY s.last_seen_at DESC`,
    [userId, now, notBefore],
  );
}

export async function findSession(db: Queryable, id: string) {
  const [row] = await db.query<{ id: string; user_id: number; origin_session_id: string | null; expires_at: Date }>(
    'SELECT id, user_id, origin_session_id, expires_at FROM sessions WHERE id = $1',
    [id],
  );
  return row ?? null;
}

export async function insertImpersonatedSession(
  db: Queryable,
  s: {
    id: string;
    userId: number;
    impersonatorId: number;
    originSessionId: string;
    expiresAt: Date;
    ip: string;
    userAgent: string;
  },
) {
  await db.query(
    `INSERT INTO sessions (id, user_id, impersonator_id, origin_session_id, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [s.id, s.userId, s.impersonatorId, s.originSessionId, s.expiresAt, s.ip, s.userAgent.slice(0, 500)],
  );
}

/** Ends every session of a user except the ones named (impersonations hanging off them end through the cascade). */
export async function deleteOtherSessions(db: Queryable, userId: number, keep: string[]) {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND NOT (id = ANY($2::text[]))', [userId, keep]);
}

// ---------------------------------------------------------------- security policies

interface PolicyRow {
  account_id: number;
  min_length: number;
  required_classes: string[];
  expiry_days: number | null;
  mfa_required: boolean;
}

const toPolicy = (r: PolicyRow): SecurityPolicy => ({
  MinLength: r.min_length,
  RequiredClasses: r.required_classes as PasswordClass[],
  ExpiryDays: r.expiry_days,
  MfaRequired: r.mfa_required,
});

/** Policies set by any of these accounts (the ids on an account's path), by account id. */
export async function listPolicies(db: Queryable, accountIds: readonly number[]): Promise<Map<number, SecurityPolicy>> {
  const rows = await db.query<PolicyRow>(
    `SELECT account_id, min_length, required_classes, expiry_days, mfa_required
     FROM security_policies WHERE account_id = ANY($1::int[])`,
    [accountIds],
  );
  return new Map(rows.map((r) => [r.account_id, toPolicy(r)]));
}

/** The version of an organisation's own policy and who saved it last (decision 0036); null while it has none. */
export async function findPolicyChange(db: Queryable, accountId: number) {
  const [row] = await db.query<{ version: number; updated_by: string | null; updated_at: Date }>(
    `SELECT p.version, u.display_name AS updated_by, p.updated_at
     FROM security_policies p LEFT JOIN accounts u ON u.id = p.updated_by WHERE p.account_id = $1`,
    [accountId],
  );
  return row ?? null;
}

/**
 * Saves the organisation's own policy over the version its form read (decision 0036), in the statement that writes:
 * version 0 adds one only where there is none, any other replaces only the policy still at that version. False when
 * the version was stale: nothing was written.
 */
export async function savePolicyAt(db: Queryable, accountId: number, p: SecurityPolicy, updatedBy: number, version: number) {
  const values = [accountId, p.MinLength, p.RequiredClasses, p.ExpiryDays, p.MfaRequired, updatedBy];
  const rows =
    version === 0
      ? await db.query(
          `INSERT INTO security_policies (account_id, min_length, required_classes, expiry_days, mfa_required, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account_id) DO NOTHING RETURNING account_id`,
          values,
        )
      : await db.query(
          `UPDATE security_policies SET min_length = $2, required_classes = $3, expiry_days = $4, mfa_required = $5,
             updated_by = $6, updated_at = now(), version = version + 1
           WHERE account_id = $1 AND version = $7 RETURNING account_id`,
          [...values, version],
        );
  return rows.length > 0;
}

// ---------------------------------------------------------------- credentials and second factor

export async function findCredentials(db: Queryable, userId: number) {
  const [row] = await db.query<{ password_hash: string; password_changed_at: Date }>(
    'SELECT password_hash, password_changed_at FROM user_credentials WHERE account_id = $1',
    [userId],
  );
  return row ?? null;
}

/**
 * Authenticator secrets are stored sealed (decision 0035): the code check opens them. Values written before they were
 * sealed are sealed at the next start (`SEALED_COLUMNS`), and open as they are meanwhile.
 */
export const TOTP_SECRET_COLUMN: SealedColumn = { table: 'mfa_factors', column: 'secret', key: 'user_id' };

export interface FactorRow {
  secret: string;
  confirmed_at: Date | null;
  last_step: string | null;
}

export async function findFactor(db: Queryable, userId: number, forUpdate = false): Promise<FactorRow | null> {
  const [row] = await db.query<FactorRow>(
    `SELECT secret, confirmed_at, last_step FROM mfa_factors WHERE user_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return row ? { ...row, secret: openSecret(purposeOf(TOTP_SECRET_COLUMN), row.secret) } : null;
}

/** Starts (or restarts) an unfinished enrolment; a confirmed factor is never replaced this way. */
export async function upsertPendingFactor(db: Queryable, userId: number, secret: string) {
  await db.query(
    `INSERT INTO mfa_factors (user_id, secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = now(), last_step = NULL
     WHERE mfa_factors.confirmed_at IS NULL`,
    [userId, sealSecret(purposeOf(TOTP_SECRET_COLUMN), secret)],
  );
}

export async function confirmFactor(db: Queryable, userId: number, step: number, now: Date) {
  await db.query('UPDATE mfa_factors SET confirmed_at = $2, last_step = $3 WHERE user_id = $1', [userId, now, step]);
}

export async function recordStep(db: Queryable, userId: number, step: number) {
  await db.query('UPDATE mfa_factors SET last_step = $2 WHERE user_id = $1', [userId, step]);
}

export async function deleteFactor(db: Queryable, userId: number) {
  await db.query('DELETE FROM mfa_recovery_codes WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM mfa_factors WHERE user_id = $1', [userId]);
}

export async function replaceRecoveryCodes(db: Queryable, userId: number, hashes: string[]) {
  await db.query('DELETE FROM mfa_recovery_codes WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO mfa_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [userId, hashes]);
}

/** Marks a recovery code used; false when it does not exist or was used before. */
export async function useRecoveryCode(db: Queryable, userId: number, hash: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    'UPDATE mfa_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING code_hash',
    [userId, hash, now],
  );
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM mfa_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return row?.n ?? 0;
}
