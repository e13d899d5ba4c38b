import type { Queryable } from '../db/db.js';
import { pathUpperBound } from '../tenancy/scope.js';

export type OutboxStatus = 'queued' | 'sent' | 'stored' | 'failed' | 'switched_off';

export interface OutboxRow {
  id: string;
  job_id: string | null;
  account_id: number | null;
  account_display_name: string | null;
  account_path: string | null;
  mail_from: string | null;
  mail_to: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  /** The full text of a message holding credentials, sealed, until it is handed to the mail server. */
  sealed_text: string | null;
  status: OutboxStatus;
  error: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

export async function insertMessage(
  db: Queryable,
  m: {
    to: string;
    subject: string;
    text: string;
    html: string | null;
    sealed: string | null;
    accountId: number | null;
    kind: string;
    status: 'queued' | 'switched_off';
  },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO mail_outbox (mail_to, subject, body_text, body_html, sealed_text, account_id, kind, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [m.to, m.subject, m.text, m.html, m.sealed, m.accountId, m.kind, m.status],
  );
  if (!row) throw new Error('outbox message was not saved');
  return row.id;
}

export async function setJob(db: Queryable, id: string, jobId: string): Promise<void> {
  await db.query('UPDATE mail_outbox SET job_id = $2 WHERE id = $1', [id, jobId]);
}

// Joins accounts for the recipient's name and path: the path is the tenancy key the scope filter needs.
const SELECT_MESSAGE = `SELECT m.id, m.job_id, m.account_id, a.display_name AS account_display_name, a.path AS account_path,
    m.mail_from, m.mail_to, m.subject, m.body_text, m.body_html, m.sealed_text, m.status, m.error, m.created_at, m.delivered_at
  FROM mail_outbox m LEFT JOIN accounts a ON a.id = m.account_id`;

export async function findMessage(db: Queryable, id: string): Promise<OutboxRow | null> {
  const [row] = await db.query<OutboxRow>(`${SELECT_MESSAGE} WHERE m.id = $1`, [id]);
  return row ?? null;
}

export interface OutboxScope {
  /** The caller's scope root path; messages to accounts below it are visible. */
  rootPath: string;
  /** Whether messages sent to no account (system mail) are visible: the provider's staff only. */
  includeUnaddressed: boolean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function scopeFilter(scope: OutboxScope, search: string) {
  const params: unknown[] = [scope.rootPath, pathUpperBound(scope.rootPath), scope.includeUnaddressed];
  let where = '((a.path >= $1 AND a.path < $2) OR (m.account_id IS NULL AND $3::boolean))';
  if (search !== '') {
    params.push(`%${escapeLike(search)}%`);
    where += ` AND (m.mail_to ILIKE $${params.length} OR m.subject ILIKE $${params.length})`;
  }
  return { where, params };
}

export async function listMessages(
  db: Queryable,
  scope: OutboxScope,
  query: { search: string; limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const { where, params } = scopeFilter(scope, query.search);
  const [rows, counted] = await Promise.all([
    db.query<OutboxRow>(
      `${SELECT_MESSAGE} WHERE ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, query.offset],
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox m LEFT JOIN accounts a ON a.id = m.account_id WHERE ${where}`,
      params,
    ),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export async function markDelivered(
  db: Queryable,
  id: string,
  d: { status: 'sent' | 'stored'; from: string; smtpMessageId: string | null; now: Date },
): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET status = $2, mail_from = $3, smtp_message_id = $4, delivered_at = $5, error = NULL,
       sealed_text = NULL WHERE id = $1`,
    [id, d.status, d.from, d.smtpMessageId, d.now],
  );
}

/** Records why the last delivery attempt failed; `failed` marks it given up. */
export async function recordFailure(db: Queryable, id: string, error: string, failed: boolean): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET error = $2, status = CASE WHEN $3::boolean THEN 'failed' ELSE status END,
       sealed_text = CASE WHEN $3::boolean THEN NULL ELSE sealed_text END WHERE id = $1 AND status = 'queued'`,
    [id, error, failed],
  );
}

// Notification opt-outs (decision 0053): the kinds of e-mail an account switched off; every other kind is on.

export async function isSwitchedOff(db: Queryable, accountId: number, kind: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM notification_opt_outs WHERE account_id = $1 AND kind = $2', [accountId, kind]);
  return rows.length > 0;
}

export async function listOptOuts(db: Queryable, accountId: number): Promise<string[]> {
  const rows = await db.query<{ kind: string }>('SELECT kind FROM notification_opt_outs WHERE account_id = $1 ORDER BY kind', [
    accountId,
  ]);
  return rows.map((r) => r.kind);
}

/** Switches kinds off (a row each) and on (no row), by whom and when. */
export async function setOptOuts(
  db: Queryable,
  accountId: number,
  change: { off: readonly string[]; on: readonly string[]; by: number; now: Date },
): Promise<void> {
  if (change.on.length > 0)
    await db.query('DELETE FROM notification_opt_outs WHERE account_id = $1 AND kind = ANY($2::text[])', [accountId, change.on]);
  if (change.off.length > 0)
    await db.query(
      `INSERT INTO notification_opt_outs (account_id, kind, updated_by, updated_at)
       SELECT $1, k, $3, $4 FROM unnest($2::text[]) AS k
       ON CONFLICT (account_id, kind) DO NOTHING`,
      [accountId, change.off, change.by, change.now],
    );
}
