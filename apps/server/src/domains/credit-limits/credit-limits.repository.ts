import type { CreditAttachment } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';

export interface CreditRecordRow {
  id: string;
  account_id: number;
  credit_limit: string | null;
  is_locked: boolean;
  previous_limit: string | null;
  previous_is_locked: boolean;
  comment: string;
  currency: string | null;
  created_by: number;
  created_at: Date;
  author_username: string | null;
  author_name: string | null;
  author_path: string | null;
  attachments: CreditAttachment[];
}

// numeric is read as text so money never passes through a float.
const RECORD_COLUMNS = `r.id::text AS id, r.account_id, r.credit_limit::text AS credit_limit, r.is_locked,
  r.previous_limit::text AS previous_limit, r.previous_is_locked, r.comment, r.currency, r.created_by, r.created_at,
  u.username AS author_username, u.display_name AS author_name, u.path AS author_path,
  COALESCE((SELECT json_agg(json_build_object('Url', a.stored_name, 'Title', a.title) ORDER BY a.position)
            FROM credit_limit_attachments a WHERE a.record_id = r.id), '[]'::json) AS attachments`;

/** The newest record of an account (its current limit and lock), or null when none was ever written. */
export async function findLatest(db: Queryable, accountId: number): Promise<CreditRecordRow | null> {
  const [row] = await db.query<CreditRecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM credit_limit_records r JOIN accounts u ON u.id = r.created_by
     WHERE r.account_id = $1 ORDER BY r.id DESC LIMIT 1`,
    [accountId],
  );
  return row ?? null;
}

/** One page of an account's history, newest first. */
export async function listByAccount(
  db: Queryable,
  accountId: number,
  page: { limit: number; offset: number },
): Promise<CreditRecordRow[]> {
  return db.query<CreditRecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM credit_limit_records r JOIN accounts u ON u.id = r.created_by
     WHERE r.account_id = $1 ORDER BY r.id DESC LIMIT $2 OFFSET $3`,
    [accountId, page.limit, page.offset],
  );
}

export async function countByAccount(db: Queryable, accountId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM credit_limit_records WHERE account_id = $1', [
    accountId,
  ]);
  return row?.n ?? 0;
}

/** Serialises writers of one account's credit limit until the transaction ends. */
export async function lockAccountCredit(db: Queryable, accountId: number): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('credit_limit'), $1)", [accountId]);
}

export interface NewCreditRecord {
  accountId: number;
  limit: string | null;
  isLocked: boolean;
  previousLimit: string | null;
  previousIsLocked: boolean;
  comment: string;
  currency: string | null;
  createdBy: number;
  createdAt: Date;
  attachments: readonly CreditAttachment[];
}

export async function insert(db: Queryable, r: NewCreditRecord): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO credit_limit_records
       (account_id, credit_limit, is_locked, previous_limit, previous_is_locked, comment, currency, created_by, created_at)
     VALUES ($1, $2::numeric, $3, $4::numeric, $5, $6, $7, $8, $9) RETURNING id::text AS id`,
    [r.accountId, r.limit, r.isLocked, r.previousLimit, r.previousIsLocked, r.comment, r.currency, r.createdBy, r.createdAt],
  );
  if (!row) throw new Error('credit limit record was not saved');
  for (const [position, a] of r.attachments.entries()) {
    await db.query(
      'INSERT INTO credit_limit_attachments (stored_name, record_id, account_id, title, position) VALUES ($1, $2, $3, $4, $5)',
      [a.Url, row.id, r.accountId, a.Title, position],
    );
  }
  return row.id;
}

export async function findById(db: Queryable, id: string): Promise<CreditRecordRow | null> {
  const [row] = await db.query<CreditRecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM credit_limit_records r JOIN accounts u ON u.id = r.created_by WHERE r.id = $1::bigint`,
    [id],
  );
  return row ?? null;
}

/** The account a stored file is attached to through a credit record, or null. */
export async function findAttachmentAccount(db: Queryable, storedName: string): Promise<number | null> {
  const [row] = await db.query<{ account_id: number }>('SELECT account_id FROM credit_limit_attachments WHERE stored_name = $1', [
    storedName,
  ]);
  return row?.account_id ?? null;
}

/** Demo seed only: ids of accounts by display name (companies) and by username (users). */
export async function findDemoAccounts(
  db: Queryable,
  companies: readonly string[],
  usernames: readonly string[],
): Promise<{ companies: Map<string, { id: number; currency: string | null }>; users: Map<string, number> }> {
  const rows = await db.query<{ id: number; display_name: string; username: string | null; currency: string | null }>(
    `SELECT id, display_name, username, currency FROM accounts
     WHERE (account_type = 'Company' AND display_name = ANY($1::text[])) OR username = ANY($2::text[])`,
    [companies, usernames],
  );
  return {
    companies: new Map(rows.filter((r) => r.username === null).map((r) => [r.display_name, { id: r.id, currency: r.currency }])),
    users: new Map(rows.filter((r) => r.username !== null).map((r) => [r.username as string, r.id])),
  };
}

/** The stored files credit records keep as attachments: the orphan upload sweep never removes them. */
export const ATTACHMENT_FILE_NAMES_SQL = 'SELECT stored_name FROM credit_limit_attachments';

export interface CreditPolicyRow {
  account_id: number;
  orders_without_limit: 'Allowed' | 'Reviewed';
  version: number;
  updated_by_name: string | null;
  updated_at: Date;
}

const POLICY_COLUMNS = `p.account_id, p.orders_without_limit, p.version, u.display_name AS updated_by_name, p.updated_at`;

/** A reseller's (or the provider's) own credit setting, or null when it never saved one (decision 0046). */
export async function findPolicy(db: Queryable, accountId: number): Promise<CreditPolicyRow | null> {
  const [row] = await db.query<CreditPolicyRow>(
    `SELECT ${POLICY_COLUMNS} FROM credit_policies p LEFT JOIN accounts u ON u.id = p.updated_by WHERE p.account_id = $1`,
    [accountId],
  );
  return row ?? null;
}

/**
 * The setting that applies to a company's orders: the one of the nearest Reseller or Provider among the
 * company's ancestors (`ancestorIds`, from its path); 'Allowed' when that one never saved a setting.
 */
export async function findPolicyAbove(db: Queryable, ancestorIds: readonly number[]): Promise<'Allowed' | 'Reviewed'> {
  const [row] = await db.query<{ orders_without_limit: 'Allowed' | 'Reviewed' | null }>(
    `SELECT p.orders_without_limit
       FROM (SELECT id FROM accounts WHERE id = ANY($1::int[]) AND account_type IN ('Reseller', 'Provider')
              ORDER BY depth DESC LIMIT 1) owner
       LEFT JOIN credit_policies p ON p.account_id = owner.id`,
    [ancestorIds],
  );
  return row?.orders_without_limit ?? 'Allowed';
}

/** Saves a setting (the caller holds the account's credit lock and checked the version). */
export async function savePolicy(
  db: Queryable,
  p: { accountId: number; ordersWithoutLimit: 'Allowed' | 'Reviewed'; updatedBy: number; updatedAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO credit_policies AS cp (account_id, orders_without_limit, version, updated_by, updated_at)
     VALUES ($1, $2, 1, $3, $4)
     ON CONFLICT (account_id) DO UPDATE
       SET orders_without_limit = EXCLUDED.orders_without_limit, version = cp.version + 1,
           updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
    [p.accountId, p.ordersWithoutLimit, p.updatedBy, p.updatedAt],
  );
}
