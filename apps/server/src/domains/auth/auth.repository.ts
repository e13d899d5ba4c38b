import type { Queryable } from '../../platform/db/db.js';

export interface SessionRow {
  id: string;
  user_id: number;
  impersonator_id: number | null;
  created_at: Date;
  expires_at: Date;
  last_seen_at: Date;
  origin_created_at: Date | null;
  origin_expires_at: Date | null;
  username: string;
  display_name: string;
  path: string;
  impersonator_display_name: string | null;
  origin_session_id: string | null;
  must_change_password: boolean;
  /** The user's organisation (the accounts domain's rule, joined in); null when the user has none. */
  organisation_id: number | null;
  organisation_type: string | null;
  organisation_path: string | null;
  organisation_name: string | null;
  /** The user's capabilities through its roles, sorted. */
  capabilities: string[];
}

/**
 * A session that is usable now: not idle-expired, younger than the absolute limit (notBefore), its user not
 * terminated, and, for an impersonation, the impersonator's own session still usable too.
 */
export async function findActiveSession(
  db: Queryable,
  id: string,
  now: Date,
  notBefore: Date,
  organisationSql: (pathSql: string) => string,
): Promise<SessionRow | null> {
  // One statement for a cold session: the session, its user, the organisation and the capabilities together.
  const [row] = await db.query<SessionRow>(
    `SELECT s.id, s.user_id, s.impersonator_id, s.created_at, s.expires_at, s.last_seen_at,
            o.created_at AS origin_created_at, o.expires_at AS origin_expires_at, u.username, u.display_name, u.path,
            imp.display_name AS impersonator_display_name, s.origin_session_id,
            COALESCE(c.must_change_password, false) AS must_change_password,
            org.id AS organisation_id, org.account_type AS organisation_type, org.path AS organisation_path,
            org.display_name AS organisation_name,
            ARRAY(${capabilitiesOfUserSql('s.user_id')}) AS capabilities
     FROM sessions s JOIN accounts u ON u.id = s.user_id LEFT JOIN accounts imp ON imp.id = s.impersonator_id
       LEFT JOIN user_credentials c ON c.account_id = s.user_id
       LEFT JOIN sessions o ON o.id = s.origin_session_id
       LEFT JOIN LATERAL (${organisationSql('u.path')}) org ON true
     WHERE s.id = $1 AND s.expires_at > $2 AND s.created_at > $3 AND u.state <> 'Terminated'
       AND (s.origin_session_id IS NULL OR (o.expires_at > $2 AND o.created_at > $3 AND imp.state <> 'Terminated'))`,
    [id, now, notBefore],
  );
  return row ?? null;
}

export async function extendSession(db: Queryable, id: string, now: Date, expiresAt: Date) {
  await db.query('UPDATE sessions SET last_seen_at = $2, expires_at = $3 WHERE id = $1', [id, now, expiresAt]);
}

export async function insertSession(
  db: Queryable,
  s: {
    id: string;
    userId: number;
    expiresAt: Date;
    ip: string;
    userAgent: string;
  },
) {
  await db.query('INSERT INTO sessions (id, user_id, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5)', [
    s.id,
    s.userId,
    s.expiresAt,
    s.ip,
    s.userAgent.slice(0, 500),
  ]);
}

export async function deleteSession(db: Queryable, id: string) {
  await db.query('DELETE FROM sessions WHERE id = $1', [id]);
}

/** A user's capabilities through its roles, one per row, sorted: a subquery over a user id given as SQL. */
const capabilitiesOfUserSql = (userSql: string) =>
  `SELECT DISTINCT rc.capability FROM user_roles ur JOIN role_capabilities rc ON rc.role_id = ur.role_id
    WHERE ur.user_id = ${userSql} ORDER BY rc.capability`;

export async function listCapabilities(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db.query<{ capability: string }>(capabilitiesOfUserSql('$1'), [userId]);
  return rows.map((r) => r.capability);
}

export async function findUserForSignIn(db: Queryable, username: string) {
  const [row] = await db.query<{
    id: number;
    state: string;
    path: string;
    username: string;
    password_hash: string | null;
    password_changed_at: Date | null;
  }>(
    `SELECT a.id, a.state, a.path, a.username, c.password_hash, c.password_changed_at
     FROM accounts a LEFT JOIN user_credentials c ON c.account_id = a.id
     WHERE lower(a.username) = lower($1) AND a.account_type = 'User'`,
    [username],
  );
  return row ?? null;
}

export async function recordSignInAttempt(db: Queryable, username: string, ip: string, succeeded: boolean) {
  await db.query('INSERT INTO login_attempts (username, ip, succeeded) VALUES ($1, $2, $3)', [
    username.slice(0, 200),
    ip,
    succeeded,
  ]);
}

/** Failures in a row for one username from one address since `since` and since the last success there. */
export async function consecutiveFailures(db: Queryable, username: string, ip: string, since: Date) {
  const [row] = await db.query<{ failures: number; last_failure_at: Date | null }>(
    `SELECT count(*)::int AS failures, max(attempted_at) AS last_failure_at
     FROM login_attempts f
     WHERE lower(f.username) = lower($1) AND f.ip = $2 AND NOT f.succeeded AND f.attempted_at > $3
       AND f.attempted_at > coalesce((SELECT max(s.attempted_at) FROM login_attempts s
                                      WHERE lower(s.username) = lower($1) AND s.ip = $2 AND s.succeeded
                                        AND s.attempted_at > $3), $3)`,
    [username, ip, since],
  );
  return { failures: row?.failures ?? 0, lastFailureAt: row?.last_failure_at ?? null };
}

/** Failed sign-ins for a username from any address since `since`. */
export async function countFailuresForUsername(db: Queryable, username: string, since: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM login_attempts WHERE lower(username) = lower($1) AND NOT succeeded AND attempted_at > $2`,
    [username, since],
  );
  return row?.n ?? 0;
}

/** The user a username names, with what the failed sign-ins e-mail needs. */
export async function findAlertRecipient(db: Queryable, username: string) {
  const [row] = await db.query<{ id: number; username: string; display_name: string; email: string | null }>(
    `SELECT id, username, display_name, email FROM accounts
     WHERE lower(username) = lower($1) AND account_type = 'User' AND state <> 'Terminated'`,
    [username],
  );
  return row ?? null;
}

/**
 * Claims the failed sign-ins e-mail of a user for this window: true when no e-mail was sent since `windowStart`
 * (the row is then stamped `now`), false when one was. One statement, so two failing requests never both send.
 */
export async function claimSignInAlert(db: Queryable, accountId: number, now: Date, windowStart: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO sign_in_alerts (account_id, last_sent_at) VALUES ($1, $2)
     ON CONFLICT (account_id) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at
       WHERE sign_in_alerts.last_sent_at <= $3
     RETURNING account_id`,
    [accountId, now, windowStart],
  );
  return rows.length > 0;
}

/** Sets a password; any pending "choose a new password" is over unless `mustChange` asks for one. */
export async function upsertPassword(db: Queryable, accountId: number, hash: string, mustChange = false) {
  await db.query(
    `INSERT INTO user_credentials (account_id, password_hash, must_change_password) VALUES ($1, $2, $3)
     ON CONFLICT (account_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, password_changed_at = now(),
       must_change_password = EXCLUDED.must_change_password`,
    [accountId, hash, mustChange],
  );
}

/** Stores many ready-made hashes in one statement (bulk first-time passwords). */
export async function upsertPasswordHashes(
  db: Queryable,
  entries: readonly { accountId: number; hash: string }[],
  mustChange = false,
) {
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO user_credentials (account_id, password_hash, must_change_password)
     SELECT id, hash, $3 FROM unnest($1::int[], $2::text[]) AS t (id, hash)
     ON CONFLICT (account_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, password_changed_at = now(),
       must_change_password = EXCLUDED.must_change_password`,
    [entries.map((e) => e.accountId), entries.map((e) => e.hash), mustChange],
  );
}
