import type { Queryable } from '../../platform/db/db.js';

export interface AuditRow {
  id: string;
  occurred_at: Date;
  operation: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_path: string | null;
  impersonator_id: number | null;
  impersonator_name: string | null;
  impersonator_path: string | null;
  account_id: number | null;
  account_name: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  /** Rows about this account, or rows by this user (its actions and sign-ins). */
  subject: { accountId: number } | { userId: number };
  operation: string | null;
  from: Date | null;
  until: Date | null;
}

function where(filter: AuditFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  if ('accountId' in filter.subject) {
    params.push(filter.subject.accountId);
    clauses.push(`l.account_id = $${params.length}`);
  } else {
    params.push(filter.subject.userId);
    clauses.push(`(l.actor_id = $${params.length} OR (l.operation = 'Authenticate' AND l.account_id = $${params.length}))`);
  }
  if (filter.operation) {
    params.push(filter.operation);
    clauses.push(`l.operation = $${params.length}`);
  }
  if (filter.from) {
    params.push(filter.from);
    clauses.push(`l.occurred_at >= $${params.length}`);
  }
  if (filter.until) {
    params.push(filter.until);
    clauses.push(`l.occurred_at < $${params.length}`);
  }
  return { sql: clauses.join(' AND '), params };
}

export async function listPage(db: Queryable, filter: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
  const w = where(filter);
  return db.query<AuditRow>(
    `SELECT l.id::text AS id, l.occurred_at, l.operation, l.actor_id, actor.display_name AS actor_name, actor.path AS actor_path,
            l.impersonator_id, imp.display_name AS impersonator_name, imp.path AS impersonator_path,
            l.account_id, acc.display_name AS account_name, l.before, l.after
     FROM audit_log l
     LEFT JOIN accounts actor ON actor.id = l.actor_id
     LEFT JOIN accounts imp ON imp.id = l.impersonator_id
     LEFT JOIN accounts acc ON acc.id = l.account_id
     WHERE ${w.sql} ORDER BY l.id DESC LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
    [...w.params, limit, offset],
  );
}

export async function count(db: Queryable, filter: AuditFilter): Promise<number> {
  const w = where(filter);
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log l WHERE ${w.sql}`, w.params);
  return row?.n ?? 0;
}

export async function listOperations(db: Queryable, subject: AuditFilter['subject']): Promise<string[]> {
  const w = where({ subject, operation: null, from: null, until: null });
  const rows = await db.query<{ operation: string }>(
    `SELECT DISTINCT l.operation FROM audit_log l WHERE ${w.sql} ORDER BY 1`,
    w.params,
  );
  return rows.map((r) => r.operation);
}
