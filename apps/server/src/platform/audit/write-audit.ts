import type { Queryable } from '../db/db.js';

export interface AuditRecord {
  actorId: number | null;
  impersonatorId: number | null;
  operation: string;
  accountId: number | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
}

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, /password|token|secret/i.test(k) ? '[redacted]' : redact(v)]),
    );
  }
  return value;
}

/** Writes one audit row in the caller's transaction; secrets in before/after are redacted. */
export async function writeAudit(tx: Queryable, r: AuditRecord): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor_id, impersonator_id, operation, account_id, before, after, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      r.actorId,
      r.impersonatorId,
      r.operation,
      r.accountId,
      r.before === undefined ? null : JSON.stringify(redact(r.before)),
      r.after === undefined ? null : JSON.stringify(redact(r.after)),
      r.requestId,
    ],
  );
}
