import type { Queryable } from '../../platform/db/db.js';

export interface ResetUser {
  id: number;
  username: string;
  display_name: string;
  email: string | null;
  path: string;
}

/** Active users whose username is this, or whose e-mail address is this (case-insensitive). */
export async function findUsers(db: Queryable, usernameOrEmail: string, limit: number): Promise<ResetUser[]> {
  return db.query<ResetUser>(
    `SELECT id, username, display_name, email, path FROM accounts
     WHERE account_type = 'User' AND state <> 'Terminated' AND username IS NOT NULL
       AND (lower(username) = lower($1) OR lower(trim(email)) = lower($1))
     ORDER BY (lower(username) = lower($1)) DESC, id LIMIT $2`,
    [usernameOrEmail, limit],
  );
}

export async function findUserByUsername(db: Queryable, username: string): Promise<ResetUser | null> {
  const [row] = await db.query<ResetUser>(
    `SELECT id, username, display_name, email, path FROM accounts
     WHERE account_type = 'User' AND state <> 'Terminated' AND lower(username) = lower($1)`,
    [username],
  );
  return row ?? null;
}

export async function insertToken(db: Queryable, p: { tokenHash: string; userId: number; expiresAt: Date }) {
  await db.query('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    p.tokenHash,
    p.userId,
    p.expiresAt,
  ]);
}

/** The token row, locked so two resets with the same link cannot both pass. */
export async function lockToken(db: Queryable, tokenHash: string) {
  const [row] = await db.query<{ user_id: number; expires_at: Date; used_at: Date | null }>(
    'SELECT user_id, expires_at, used_at FROM password_reset_tokens WHERE token_hash = $1 FOR UPDATE',
    [tokenHash],
  );
  return row ? { userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at } : null;
}

/** Spends every open link of the user (the one just used among them). */
export async function spendAllTokens(db: Queryable, userId: number, now: Date): Promise<number> {
  const rows = await db.query<{ token_hash: string }>(
    'UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL RETURNING token_hash',
    [userId, now],
  );
  return rows.length;
}

export async function recordAttempt(db: Queryable, kind: 'request' | 'failed-reset', username: string, ip: string) {
  await db.query('INSERT INTO password_reset_attempts (kind, username, ip) VALUES ($1, $2, $3)', [
    kind,
    username.slice(0, 200),
    ip,
  ]);
}

export async function countAttempts(db: Queryable, kind: 'request' | 'failed-reset', username: string, ip: string, since: Date) {
  const [row] = await db.query<{ by_user: number; by_ip: number }>(
    `SELECT count(*) FILTER (WHERE lower(username) = lower($2))::int AS by_user,
            count(*) FILTER (WHERE ip = $3)::int AS by_ip
     FROM password_reset_attempts
     WHERE kind = $1 AND attempted_at > $4 AND (lower(username) = lower($2) OR ip = $3)`,
    [kind, username, ip, since],
  );
  return row ?? { by_user: 0, by_ip: 0 };
}
