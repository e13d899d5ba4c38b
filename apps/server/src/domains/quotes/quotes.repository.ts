/** The quotes tables (migration 0138): quotes, quote_revisions, quote_groups. */
import type { ChargeSummary, QuoteLine, QuoteStatus } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';

export interface QuoteRow {
  id: number;
  owner_account_id: number;
  owner_name: string;
  owner_path: string;
  author_id: number;
  customer_account_id: number | null;
  customer_name: string | null;
  company_name: string;
  name: string;
  number_of_users: number;
  marketplace_id: number | null;
  price_template_name: string;
  currency: string;
  total_rc: string | null;
  total_nrc: string | null;
  status: QuoteStatus;
  valid_until: string;
  approved_at: Date | null;
  group_id: number | null;
  group_name: string | null;
  archived: boolean;
  latest_revision: number;
  order_numbers: string[];
  version: number;
  created_at: Date;
  updated_at: Date;
  author_name: string;
}

export interface RevisionRow {
  quote_id: number;
  revision: number;
  author_id: number;
  author_name: string;
  company_name: string;
  name: string;
  number_of_users: number;
  customer_account_id: number | null;
  marketplace_id: number | null;
  price_template_name: string;
  currency: string;
  valid_until: string;
  lines: QuoteLine[];
  total_rc: string | null;
  total_nrc: string | null;
  /** The charge summary of the lines at the save (migration 0144); null when a line had no price, or saved before. */
  charges: ChargeSummary | null;
  created_at: Date;
}

const QUOTE_SELECT = `
  SELECT q.id, q.owner_account_id, o.display_name AS owner_name, o.path AS owner_path, q.author_id,
         q.customer_account_id, c.display_name AS customer_name, q.company_name, q.name, q.number_of_users,
         q.marketplace_id, q.price_template_name, q.currency, trim_scale(q.total_rc)::text AS total_rc, trim_scale(q.total_nrc)::text AS total_nrc,
         q.status, to_char(q.valid_until, 'YYYY-MM-DD') AS valid_until, q.approved_at, q.group_id, g.name AS group_name,
         q.archived, q.latest_revision, q.order_numbers, q.version, q.created_at, q.updated_at, u.display_name AS author_name
  FROM quotes q
  JOIN accounts o ON o.id = q.owner_account_id
  JOIN accounts u ON u.id = q.author_id
  LEFT JOIN accounts c ON c.id = q.customer_account_id
  LEFT JOIN quote_groups g ON g.id = q.group_id`;

export async function findQuote(db: Queryable, id: number, forUpdate = false): Promise<QuoteRow | null> {
  const [row] = await db.query<QuoteRow>(`${QUOTE_SELECT} WHERE q.id = $1${forUpdate ? ' FOR UPDATE OF q' : ''}`, [id]);
  return row ?? null;
}

export type QuoteListKind = 'own' | 'customers' | 'archive' | 'builder';

const SORT_SQL: Record<string, string> = {
  ModifyDate: 'q.updated_at',
  CreateDate: 'q.created_at',
  Name: 'lower(q.name)',
  Status: 'q.status',
  YearlyChargeAmount: 'q.total_rc',
};

export async function listQuotes(
  db: Queryable,
  p: {
    kind: QuoteListKind;
    rootId: number;
    rootPath: string;
    search: string;
    groupId: number | null;
    sortKey: string;
    direction: 'ASC' | 'DESC';
    limit: number;
    offset: number;
  },
): Promise<{ rows: QuoteRow[]; total: number }> {
  const where =
    p.kind === 'customers'
      ? 'o.path >= $2 AND o.path < $3 AND q.owner_account_id <> $1 AND NOT q.archived'
      : p.kind === 'archive'
        ? 'q.owner_account_id = $1 AND o.path >= $2 AND o.path < $3 AND q.archived'
        : 'q.owner_account_id = $1 AND o.path >= $2 AND o.path < $3 AND NOT q.archived';
  const filter = `${where} AND ($4 = '' OR q.name ILIKE '%' || $4 || '%' OR q.company_name ILIKE '%' || $4 || '%'
                    OR coalesce(c.display_name, '') ILIKE '%' || $4 || '%') AND ($5::int IS NULL OR q.group_id = $5)`;
  const params = [p.rootId, p.rootPath, pathUpperBound(p.rootPath), p.search.replace(/[\\%_]/g, (c) => `\\${c}`), p.groupId];
  const order = `${SORT_SQL[p.sortKey] ?? 'q.updated_at'} ${p.direction === 'ASC' ? 'ASC' : 'DESC'} NULLS LAST, q.id DESC`;
  const rows = await db.query<QuoteRow>(`${QUOTE_SELECT} WHERE ${filter} ORDER BY ${order} LIMIT $6 OFFSET $7`, [
    ...params,
    p.limit,
    p.offset,
  ]);
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM quotes q JOIN accounts o ON o.id = q.owner_account_id
     LEFT JOIN accounts c ON c.id = q.customer_account_id WHERE ${filter}`,
    params,
  );
  return { rows, total: count?.n ?? 0 };
}

const REVISION_SELECT = `
  SELECT r.quote_id, r.revision, r.author_id, u.display_name AS author_name, r.company_name, r.name, r.number_of_users,
         r.customer_account_id, r.marketplace_id, r.price_template_name, r.currency,
         to_char(r.valid_until, 'YYYY-MM-DD') AS valid_until, r.lines, trim_scale(r.total_rc)::text AS total_rc,
         trim_scale(r.total_nrc)::text AS total_nrc, r.charges, r.created_at
  FROM quote_revisions r JOIN accounts u ON u.id = r.author_id`;

export async function findRevision(db: Queryable, quoteId: number, revision: number): Promise<RevisionRow | null> {
  const [row] = await db.query<RevisionRow>(`${REVISION_SELECT} WHERE r.quote_id = $1 AND r.revision = $2`, [quoteId, revision]);
  return row ?? null;
}

export async function listRevisions(
  db: Queryable,
  quoteIds: readonly number[],
): Promise<Omit<RevisionRow, 'lines' | 'charges'>[]> {
  if (quoteIds.length === 0) return [];
  return db.query(
    `SELECT r.quote_id, r.revision, r.author_id, u.display_name AS author_name, trim_scale(r.total_rc)::text AS total_rc,
            trim_scale(r.total_nrc)::text AS total_nrc, r.created_at
     FROM quote_revisions r JOIN accounts u ON u.id = r.author_id
     WHERE r.quote_id = ANY ($1::int[]) ORDER BY r.quote_id, r.revision DESC`,
    [quoteIds],
  );
}

export interface QuoteWrite {
  companyName: string;
  name: string;
  numberOfUsers: number;
  customerId: number | null;
  marketplaceId: number;
  priceTemplateName: string;
  currency: string;
  validUntil: string;
  lines: QuoteLine[];
  totalRc: string | null;
  totalNrc: string | null;
  /** The charge summary of the lines; null when a line has no price. */
  charges: ChargeSummary | null;
}

export async function insertQuote(
  db: Queryable,
  p: QuoteWrite & { ownerId: number; authorId: number; status: QuoteStatus; now: Date },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO quotes (owner_account_id, author_id, customer_account_id, company_name, name, number_of_users, marketplace_id,
       price_template_name, currency, total_rc, total_nrc, status, valid_until, latest_revision, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 1, $14, $14) RETURNING id`,
    [
      p.ownerId,
      p.authorId,
      p.customerId,
      p.companyName,
      p.name,
      p.numberOfUsers,
      p.marketplaceId,
      p.priceTemplateName,
      p.currency,
      p.totalRc,
      p.totalNrc,
      p.status,
      p.validUntil,
      p.now,
    ],
  );
  if (!row) throw new Error('quote insert returned no row');
  return row.id;
}

/** The new latest revision's header on the quote; only when `revision - 1` is still the latest (else 0 rows). */
export async function advanceQuote(
  db: Queryable,
  p: QuoteWrite & { id: number; revision: number; status: QuoteStatus; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE quotes SET customer_account_id = $3, company_name = $4, name = $5, number_of_users = $6, marketplace_id = $7,
       price_template_name = $8, currency = $9, total_rc = $10, total_nrc = $11, status = $12, valid_until = $13,
       latest_revision = $2, version = version + 1, updated_at = $14,
       approved_at = CASE WHEN $12 = 'draft' THEN NULL ELSE approved_at END,
       approved_by = CASE WHEN $12 = 'draft' THEN NULL ELSE approved_by END
     WHERE id = $1 AND latest_revision = $2 - 1 RETURNING id`,
    [
      p.id,
      p.revision,
      p.customerId,
      p.companyName,
      p.name,
      p.numberOfUsers,
      p.marketplaceId,
      p.priceTemplateName,
      p.currency,
      p.totalRc,
      p.totalNrc,
      p.status,
      p.validUntil,
      p.now,
    ],
  );
  return rows.length === 1;
}

export async function insertRevision(
  db: Queryable,
  p: QuoteWrite & { quoteId: number; revision: number; authorId: number; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO quote_revisions (quote_id, revision, author_id, company_name, name, number_of_users, customer_account_id,
       marketplace_id, price_template_name, currency, valid_until, lines, total_rc, total_nrc, created_at, charges)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, $16::jsonb)`,
    [
      p.quoteId,
      p.revision,
      p.authorId,
      p.companyName,
      p.name,
      p.numberOfUsers,
      p.customerId,
      p.marketplaceId,
      p.priceTemplateName,
      p.currency,
      p.validUntil,
      JSON.stringify(p.lines),
      p.totalRc,
      p.totalNrc,
      p.now,
      p.charges === null ? null : JSON.stringify(p.charges),
    ],
  );
}

export async function setStatus(
  db: Queryable,
  p: { id: number; version: number; status: QuoteStatus; validUntil?: string; approvedBy?: number | null; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE quotes SET status = $3, valid_until = coalesce($4::date, valid_until),
       approved_at = CASE WHEN $3 = 'approved' THEN $6::timestamptz ELSE NULL END,
       approved_by = CASE WHEN $3 = 'approved' THEN $5::int ELSE NULL END,
       version = version + 1, updated_at = $6
     WHERE id = $1 AND version = $2 RETURNING id`,
    [p.id, p.version, p.status, p.validUntil ?? null, p.approvedBy ?? null, p.now],
  );
  return rows.length === 1;
}

/** Quotes of an owner among ids (for the bulk changes); the others are not the owner's. */
export async function ownedIds(db: Queryable, ownerId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM quotes WHERE owner_account_id = $1 AND id = ANY ($2::int[]) FOR UPDATE',
    [ownerId, ids],
  );
  return rows.map((r) => r.id);
}

export async function deleteQuotes(db: Queryable, ids: readonly number[]): Promise<void> {
  await db.query('DELETE FROM quotes WHERE id = ANY ($1::int[])', [ids]);
}

export async function setArchived(db: Queryable, ids: readonly number[], archived: boolean, now: Date): Promise<void> {
  await db.query('UPDATE quotes SET archived = $2, version = version + 1, updated_at = $3 WHERE id = ANY ($1::int[])', [
    ids,
    archived,
    now,
  ]);
}

export async function setGroup(db: Queryable, ids: readonly number[], groupId: number | null, now: Date): Promise<void> {
  await db.query('UPDATE quotes SET group_id = $2, version = version + 1, updated_at = $3 WHERE id = ANY ($1::int[])', [
    ids,
    groupId,
    now,
  ]);
}

export async function markOrdered(
  db: Queryable,
  p: { id: number; status: QuoteStatus; orderNumbers: readonly string[]; now: Date },
): Promise<void> {
  await db.query(
    `UPDATE quotes SET status = $2, order_numbers = order_numbers || $3::text[], version = version + 1, updated_at = $4
     WHERE id = $1`,
    [p.id, p.status, p.orderNumbers, p.now],
  );
}

/** [M4.25] Open quotes past their validity date become expired; returns how many. */
export async function expireDue(db: Queryable, today: string, now: Date, limit: number): Promise<number> {
  const rows = await db.query(
    `UPDATE quotes SET status = 'expired', version = version + 1, updated_at = $2
     WHERE id IN (SELECT id FROM quotes WHERE status IN ('draft', 'pending', 'approved', 'active') AND valid_until < $1::date
                  ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [today, now, limit],
  );
  return rows.length;
}

// Groups

export interface GroupRow {
  id: number;
  owner_account_id: number;
  name: string;
  version: number;
  created_at: Date;
  quote_count: number;
}

const GROUP_SELECT = `SELECT g.id, g.owner_account_id, g.name, g.version, g.created_at,
  (SELECT count(*)::int FROM quotes q WHERE q.group_id = g.id) AS quote_count FROM quote_groups g`;

export async function listGroups(db: Queryable, ownerId: number): Promise<GroupRow[]> {
  return db.query<GroupRow>(`${GROUP_SELECT} WHERE g.owner_account_id = $1 ORDER BY lower(g.name), g.id`, [ownerId]);
}

export async function findGroup(db: Queryable, id: number): Promise<GroupRow | null> {
  const [row] = await db.query<GroupRow>(`${GROUP_SELECT} WHERE g.id = $1`, [id]);
  return row ?? null;
}

export async function groupNameTaken(db: Queryable, ownerId: number, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM quote_groups WHERE owner_account_id = $1 AND lower(name) = lower($2) AND ($3::int IS NULL OR id <> $3)',
    [ownerId, name, exceptId],
  );
  return rows.length > 0;
}

export async function insertGroup(db: Queryable, ownerId: number, name: string, now: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO quote_groups (owner_account_id, name, created_at) VALUES ($1, $2, $3) RETURNING id',
    [ownerId, name, now],
  );
  if (!row) throw new Error('group insert returned no row');
  return row.id;
}

export async function renameGroup(db: Queryable, id: number, version: number, name: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE quote_groups SET name = $3, version = version + 1 WHERE id = $1 AND version = $2 RETURNING id',
    [id, version, name],
  );
  return rows.length === 1;
}

export async function deleteGroup(db: Queryable, id: number, now: Date): Promise<number> {
  const moved = await db.query(
    'UPDATE quotes SET group_id = NULL, version = version + 1, updated_at = $2 WHERE group_id = $1 RETURNING id',
    [id, now],
  );
  await db.query('DELETE FROM quote_groups WHERE id = $1', [id]);
  return moved.length;
}
