import type { ProvisioningRequestStatus } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';

export interface RequestRow {
  id: number;
  account_id: number;
  account_display_name: string;
  account_state: string;
  product_name: string;
  action: string;
  method: 'Http' | 'Email';
  status: ProvisioningRequestStatus;
  variables: Record<string, string>;
  attempts: number;
  retryable: boolean;
  last_error: string | null;
  target: string | null;
  response_status: number | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

const COLUMNS = `r.id, r.account_id, a.display_name AS account_display_name, a.state AS account_state, r.product_name,
  r.action, r.method, r.status, r.variables, r.attempts, r.retryable, r.last_error, r.target, r.response_status,
  r.created_by, u.display_name AS created_by_name, r.created_at, r.updated_at, r.finished_at`;
const FROM = `provisioning_requests r JOIN accounts a ON a.id = r.account_id LEFT JOIN accounts u ON u.id = r.created_by`;

export async function findById(db: Queryable, id: number): Promise<RequestRow | null> {
  const [row] = await db.query<RequestRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1`, [id]);
  return row ?? null;
}

/** The account's newest request that failed (Error or Escalated), or null. */
export async function findLastFailed(db: Queryable, accountId: number): Promise<RequestRow | null> {
  const [row] = await db.query<RequestRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE r.account_id = $1 AND r.status IN ('Error', 'Escalated')
     ORDER BY r.created_at DESC, r.id DESC LIMIT 1`,
    [accountId],
  );
  return row ?? null;
}

export interface StatusCounts {
  pending: number;
  sent: number;
  error: number;
  escalated: number;
}

/**
 * The account page's facts (an AccountExtension's `extendedSql`, over the account row `a`): the counts of
 * `countOpen` and the status, retryable flag and attempts of the request `findLastFailed` answers, as one json
 * object (ProvisioningFacts).
 */
export const PAGE_FACTS_SQL = `SELECT json_build_object(
    'pending', count(*) FILTER (WHERE p.status = 'Pending'),
    'sent', count(*) FILTER (WHERE p.status = 'Sent'),
    'error', count(*) FILTER (WHERE p.status = 'Error'),
    'escalated', count(*) FILTER (WHERE p.status = 'Escalated'),
    'lastFailed', (SELECT json_build_object('status', f.status, 'retryable', f.retryable, 'attempts', f.attempts)
                   FROM provisioning_requests f WHERE f.account_id = a.id AND f.status IN ('Error', 'Escalated')
                   ORDER BY f.created_at DESC, f.id DESC LIMIT 1))
  FROM provisioning_requests p WHERE p.account_id = a.id AND p.status IN ('Pending', 'Sent', 'Error', 'Escalated')`;

export interface ProvisioningFacts extends StatusCounts {
  lastFailed: Pick<RequestRow, 'status' | 'retryable' | 'attempts'> | null;
}

/** Requests of the account and every account below it (by materialized path), newest first. */
export async function listInSubtree(
  db: Queryable,
  filter: { rootPath: string; upperBound: string; createdBy: number | null },
  page: { limit: number; offset: number },
): Promise<{ rows: RequestRow[]; total: number }> {
  // The subtree is a range on the C-collated path (index friendly).
  const where = `a.path >= $1 AND a.path < $2 AND ($3::int IS NULL OR r.created_by = $3)`;
  const params = [filter.rootPath, filter.upperBound, filter.createdBy];
  const rows = await db.query<RequestRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT $4 OFFSET $5`,
    [...params, page.limit, page.offset],
  );
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM provisioning_requests r JOIN accounts a ON a.id = r.account_id WHERE ${where}`,
    params,
  );
  return { rows, total: count?.n ?? 0 };
}

export async function insertRequest(
  db: Queryable,
  r: {
    accountId: number;
    productName: string;
    action: string;
    method: 'Http' | 'Email';
    variables: Record<string, string>;
    createdBy: number | null;
    status?: ProvisioningRequestStatus;
    now: Date;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO provisioning_requests (account_id, product_name, action, method, status, variables, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::timestamptz, $8::timestamptz) RETURNING id`,
    [r.accountId, r.productName, r.action, r.method, r.status ?? 'Pending', JSON.stringify(r.variables), r.createdBy, r.now],
  );
  if (!row) throw new Error('provisioning request was not inserted');
  return row.id;
}

export async function setJob(db: Queryable, id: number, jobId: string): Promise<void> {
  await db.query('UPDATE provisioning_requests SET job_id = $2 WHERE id = $1', [id, jobId]);
}

/** Takes the request's row lock for this transaction (retry and the job's write serialise on it). */
export async function lockRequest(db: Queryable, id: number): Promise<void> {
  await db.query('SELECT 1 FROM provisioning_requests WHERE id = $1 FOR UPDATE', [id]);
}

/** Records an attempt, only while the request is still Pending (a recreate may have canceled it meanwhile). */
export async function recordAttempt(
  db: Queryable,
  a: {
    id: number;
    status: ProvisioningRequestStatus;
    retryable: boolean;
    error: string | null;
    target: string | null;
    responseStatus: number | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE provisioning_requests SET status = $2::text, attempts = attempts + 1, retryable = $3, last_error = $4,
       target = COALESCE($5::text, target), response_status = $6, updated_at = $7::timestamptz,
       finished_at = CASE WHEN $2::text IN ('Done', 'Escalated') THEN $7::timestamptz ELSE NULL END
     WHERE id = $1 AND status = 'Pending' RETURNING id`,
    [a.id, a.status, a.retryable, a.error, a.target, a.responseStatus, a.now],
  );
  return rows.length > 0;
}

/** Puts a failed request back in the queue for a retry. */
export async function requeue(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE provisioning_requests SET status = 'Pending', retryable = false, updated_at = $2 WHERE id = $1 AND status = 'Error'`,
    [id, now],
  );
}

/** [A2.37] Cancels every open request of the account; returns how many. */
export async function cancelOpen(db: Queryable, accountId: number, now: Date): Promise<number> {
  const rows = await db.query(
    `UPDATE provisioning_requests SET status = 'Canceled', updated_at = $2::timestamptz, finished_at = $2::timestamptz
     WHERE account_id = $1 AND status IN ('Pending', 'Sent', 'Error', 'Escalated') RETURNING id`,
    [accountId, now],
  );
  return rows.length;
}

/** Keeps the hash of the callback token a send is about to hand out; only while the request is Pending. */
export async function storeCallbackHash(db: Queryable, id: number, hash: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE provisioning_requests SET callback_hash = $2 WHERE id = $1 AND status = 'Pending' RETURNING id`,
    [id, hash],
  );
  return rows.length > 0;
}

export interface CallbackTarget {
  id: number;
  account_id: number;
  status: ProvisioningRequestStatus;
  attempts: number;
  callback_hash: string | null;
}

/** The request a vendor reports on, locked for the rest of the transaction. */
export async function lockCallbackTarget(db: Queryable, id: number): Promise<CallbackTarget | null> {
  const [row] = await db.query<CallbackTarget>(
    `SELECT id, account_id, status, attempts, callback_hash FROM provisioning_requests WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row ?? null;
}

/** Records the vendor's report on a request waiting for it (Sent). */
export async function recordVendorReport(
  db: Queryable,
  r: {
    id: number;
    status: ProvisioningRequestStatus;
    retryable: boolean;
    error: string | null;
    message: string | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE provisioning_requests SET status = $2::text, retryable = $3, last_error = $4, vendor_message = $5,
       reported_at = $6::timestamptz, updated_at = $6::timestamptz,
       finished_at = CASE WHEN $2::text IN ('Done', 'Escalated') THEN $6::timestamptz ELSE NULL END
     WHERE id = $1 AND status = 'Sent' RETURNING id`,
    [r.id, r.status, r.retryable, r.error, r.message, r.now],
  );
  return rows.length > 0;
}

/** The newest requests of one account (at most `limit`), as an order's detail shows its provisioning. */
export async function listForAccount(db: Queryable, accountId: number, limit: number): Promise<RequestRow[]> {
  return db.query<RequestRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE r.account_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT ${Number(limit)}`,
    [accountId],
  );
}

export interface OutcomeRecipient {
  id: number;
  display_name: string;
  email: string;
  placer: boolean;
}

/**
 * Who hears that a subscription's provisioning failed or was escalated (decision 0053): the user who placed the
 * subscription's newest order (orders.placed_by, when known) and the Company administrators of the customer company
 * (the order's company, else the subscription's parent); users with an e-mail address who are not terminated.
 */
export async function listOutcomeRecipients(db: Queryable, accountId: number): Promise<OutcomeRecipient[]> {
  return db.query<OutcomeRecipient>(
    `WITH o AS (SELECT placed_by, company_id FROM orders WHERE account_id = $1 ORDER BY placed_at DESC, id DESC LIMIT 1),
       c AS (SELECT path FROM accounts WHERE id = COALESCE((SELECT company_id FROM o), (SELECT parent_id FROM accounts WHERE id = $1)))
     SELECT u.id, u.display_name, btrim(u.email) AS email, u.id IS NOT DISTINCT FROM (SELECT placed_by FROM o) AS placer
       FROM accounts u
      WHERE u.account_type = 'User' AND u.state <> 'Terminated' AND u.email IS NOT NULL AND btrim(u.email) <> ''
        AND (u.id = (SELECT placed_by FROM o)
          OR (starts_with(u.path, (SELECT path FROM c)) AND EXISTS (
                SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                 WHERE ur.user_id = u.id AND r.name = 'Company administrator')))
      ORDER BY u.id`,
    [accountId],
  );
}
