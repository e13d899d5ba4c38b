import { SUPPORT_DETAIL_FIELDS, type SupportDetailField, type SupportDetails } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import type { HelpArticle } from './help.rules.js';

/** The column of each support detail. */
const COLUMN: Record<SupportDetailField, string> = {
  SupportTechnicalEmail: 'technical_email',
  SupportPhoneNumber: 'phone_number',
  SupportWorkingDaysRegular: 'working_days_regular',
  SupportWorkingHoursRegular: 'working_hours_regular',
  SupportWorkingDaysOthers: 'working_days_others',
  SupportWorkingHoursOthers: 'working_hours_others',
  SupportBillingWorkingDays: 'billing_working_days',
  SupportBillingWorkingHours: 'billing_working_hours',
  SupportBillingPhoneNumber: 'billing_phone_number',
  SupportBillingEmail: 'billing_email',
  SupportSalesPhoneNumber: 'sales_phone_number',
  SupportSalesEmail: 'sales_email',
  SupportUrl: 'support_url',
  SupportButtonText: 'support_button_text',
  Imprint: 'imprint',
};

const DETAIL_COLUMNS = SUPPORT_DETAIL_FIELDS.map((field) => `s.${COLUMN[field]} AS "${field}"`).join(', ');

export interface SupportDetailsRow {
  accountId: number;
  details: SupportDetails;
  version: number;
  updatedBy: string | null;
  updatedAt: Date | null;
}

type Raw = SupportDetails & { account_id: number; version: number; updated_by: string | null; updated_at: Date | null };

const toRow = (raw: Raw): SupportDetailsRow => ({
  accountId: raw.account_id,
  details: Object.fromEntries(SUPPORT_DETAIL_FIELDS.map((field) => [field, raw[field]])) as SupportDetails,
  version: raw.version,
  updatedBy: raw.updated_by,
  updatedAt: raw.updated_at,
});

const SELECT = `SELECT s.account_id, s.version, s.updated_at, u.display_name AS updated_by, ${DETAIL_COLUMNS}
  FROM support_details s LEFT JOIN accounts u ON u.id = s.updated_by`;

/** The saved support details of the given organisations (those that have a row). */
export async function listSupportDetails(db: Queryable, accountIds: readonly number[]): Promise<SupportDetailsRow[]> {
  const rows = await db.query<Raw>(`${SELECT} WHERE s.account_id = ANY($1::int[])`, [accountIds]);
  return rows.map(toRow);
}

/** One organisation's saved support details, or null while none were saved. */
export async function findSupportDetails(db: Queryable, accountId: number): Promise<SupportDetailsRow | null> {
  const [row] = await db.query<Raw>(`${SELECT} WHERE s.account_id = $1`, [accountId]);
  return row ? toRow(row) : null;
}

const VALUES = SUPPORT_DETAIL_FIELDS.map((field) => COLUMN[field]);

/** The first save (version 1); false when another save created the row first. */
export async function insertSupportDetails(
  db: Queryable,
  row: { accountId: number; details: SupportDetails; updatedBy: number | null; now: Date },
): Promise<boolean> {
  const params = SUPPORT_DETAIL_FIELDS.map((field) => row.details[field]);
  const placeholders = VALUES.map((_, i) => `$${i + 4}`).join(', ');
  const saved = await db.query(
    `INSERT INTO support_details (account_id, updated_by, updated_at, ${VALUES.join(', ')})
     VALUES ($1, $2, $3, ${placeholders})
     ON CONFLICT (account_id) DO NOTHING RETURNING account_id`,
    [row.accountId, row.updatedBy, row.now, ...params],
  );
  return saved.length > 0;
}

/** Saves over `version`; false when the saved version is no longer `version`. */
export async function updateSupportDetails(
  db: Queryable,
  row: { accountId: number; version: number; details: SupportDetails; updatedBy: number | null; now: Date },
): Promise<boolean> {
  const params = SUPPORT_DETAIL_FIELDS.map((field) => row.details[field]);
  const sets = VALUES.map((column, i) => `${column} = $${i + 5}`).join(', ');
  const saved = await db.query(
    `UPDATE support_details SET ${sets}, version = version + 1, updated_by = $3, updated_at = $4
     WHERE account_id = $1 AND version = $2 RETURNING account_id`,
    [row.accountId, row.version, row.updatedBy, row.now, ...params],
  );
  return saved.length > 0;
}

export interface ArticleHit {
  slug: string;
  title: string;
  screen: string;
  body: string;
  rank: number;
}

/**
 * Articles matching a tsquery, best first: ts_rank_cd over the title (weight A), keywords (B) and text (C), with a
 * `anyWord` loosens the query from all of its words to any of them.
 */
export async function searchArticles(db: Queryable, question: string, anyWord: boolean, limit: number): Promise<ArticleHit[]> {
  const query = anyWord
    ? "to_tsquery('english', replace(websearch_to_tsquery('english', $1)::text, ' & ', ' | '))"
    : "websearch_to_tsquery('english', $1)";
  return db.query<ArticleHit>(
    `SELECT a.slug, a.title, a.screen, a.body, ts_rank_cd(a.search, q)::float8 AS rank
     FROM help_articles a, ${query} q
     WHERE numnode(q) > 0 AND a.search @@ q
     ORDER BY rank DESC, a.slug
     LIMIT $2`,
    [question, limit],
  );
}

/** The slug and content hash of every loaded article. */
export async function listArticleHashes(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ slug: string; content_hash: string }>('SELECT slug, content_hash FROM help_articles');
  return new Map(rows.map((r) => [r.slug, r.content_hash]));
}

/** Adds or replaces articles, in one statement. */
export async function upsertArticles(db: Queryable, articles: readonly (HelpArticle & { hash: string })[]): Promise<void> {
  if (articles.length === 0) return;
  await db.query(
    `INSERT INTO help_articles (slug, title, keywords, screen, body, content_hash)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
     ON CONFLICT (slug) DO UPDATE SET title = excluded.title, keywords = excluded.keywords, screen = excluded.screen,
       body = excluded.body, content_hash = excluded.content_hash`,
    [
      articles.map((a) => a.slug),
      articles.map((a) => a.title),
      articles.map((a) => a.keywords),
      articles.map((a) => a.screen),
      articles.map((a) => a.body),
      articles.map((a) => a.hash),
    ],
  );
}

/** Removes the articles no longer shipped. */
export async function deleteArticles(db: Queryable, slugs: readonly string[]): Promise<void> {
  if (slugs.length > 0) await db.query('DELETE FROM help_articles WHERE slug = ANY($1::text[])', [slugs]);
}
