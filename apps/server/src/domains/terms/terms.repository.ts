import type { Queryable } from '../../platform/db/db.js';
import { userLanguageSql } from '../accounts/index.js';
import type { RevisionFacts } from './terms.rules.js';

export interface RevisionRow extends RevisionFacts {
  isPrivacyPolicy: boolean;
  publishedAt: Date;
}

interface RevisionDbRow {
  id: number;
  terms_id: number;
  version: number;
  is_major: boolean;
  is_privacy_policy: boolean;
  published_at: Date;
}

/** The columns and order of every revision, as `toRevision` reads them. */
const REVISIONS_SELECT = 'SELECT r.id, r.terms_id, r.version, r.is_major, t.is_privacy_policy, r.published_at';
const REVISIONS_FROM = `FROM platform_terms_revisions r JOIN platform_terms t ON t.id = r.terms_id
     ORDER BY t.is_privacy_policy, t.id, r.version`;

const toRevision = (r: RevisionDbRow): RevisionRow => ({
  id: r.id,
  termsId: r.terms_id,
  version: r.version,
  isMajor: r.is_major,
  isPrivacyPolicy: r.is_privacy_policy,
  publishedAt: r.published_at,
});

export async function listRevisions(db: Queryable): Promise<RevisionRow[]> {
  return (await db.query<RevisionDbRow>(`${REVISIONS_SELECT} ${REVISIONS_FROM}`)).map(toRevision);
}

/**
 * Every revision (as listRevisions) with whether the user accepted it, and the user's User.Language field, in one
 * statement: what the pending terms of GetCurrentUser need before their texts. Prepared (a fixed text, run on every
 * GetCurrentUser): planning it cost more than running it, about 0.4 ms against 0.1 ms on PostgreSQL (issue 13,
 * decision 0067).
 */
export async function listRevisionsForUser(db: Queryable, userId: number) {
  const rows = await db.query<RevisionDbRow & { accepted: boolean; language: string | null }>(
    `${REVISIONS_SELECT},
            EXISTS (SELECT 1 FROM platform_terms_acceptances a WHERE a.user_id = $1 AND a.revision_id = r.id) AS accepted,
            ${userLanguageSql('$1')} AS language
     ${REVISIONS_FROM}`,
    [userId],
    { prepare: true },
  );
  return {
    revisions: rows.map(toRevision),
    acceptedIds: new Set(rows.filter((r) => r.accepted).map((r) => r.id)),
    // Only read when a revision is pending, so there is a row whenever it matters.
    language: rows[0]?.language ?? null,
  };
}

/** [M9.15] The text of each revision in the language asked for, falling back to en. */
export async function findTexts(
  db: Queryable,
  revisionIds: readonly number[],
  language: string,
): Promise<Map<number, { name: string; body: string }>> {
  if (revisionIds.length === 0) return new Map();
  const rows = await db.query<{ revision_id: number; name: string; body: string }>(
    `SELECT DISTINCT ON (revision_id) revision_id, name, body FROM platform_terms_texts
     WHERE revision_id = ANY($1::int[]) AND language IN ($2, 'en')
     ORDER BY revision_id, (language = $2) DESC`,
    [revisionIds, language],
  );
  return new Map(rows.map((r) => [r.revision_id, { name: r.name, body: r.body }]));
}

export async function insertAcceptance(db: Queryable, userId: number, revisionId: number, now: Date) {
  await db.query(
    `INSERT INTO platform_terms_acceptances (user_id, revision_id, accepted_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [userId, revisionId, now],
  );
}

/** Per document, the newest revision the user accepted. */
export async function listConfirmed(db: Queryable, userId: number) {
  return db.query<{ id: number; version: number; is_privacy_policy: boolean; accepted_at: Date }>(
    `SELECT * FROM (
       SELECT DISTINCT ON (r.terms_id) r.id, r.terms_id, r.version, t.is_privacy_policy, a.accepted_at
       FROM platform_terms_acceptances a
         JOIN platform_terms_revisions r ON r.id = a.revision_id
         JOIN platform_terms t ON t.id = r.terms_id
       WHERE a.user_id = $1
       ORDER BY r.terms_id, r.version DESC) c
     ORDER BY c.is_privacy_policy, c.terms_id`,
    [userId],
  );
}

export async function countAcceptances(db: Queryable): Promise<Map<number, number>> {
  const rows = await db.query<{ revision_id: number; n: number }>(
    'SELECT revision_id, count(*)::int AS n FROM platform_terms_acceptances GROUP BY revision_id',
  );
  return new Map(rows.map((r) => [r.revision_id, r.n]));
}

export async function listLanguages(db: Queryable): Promise<Map<number, string[]>> {
  const rows = await db.query<{ revision_id: number; language: string }>(
    'SELECT revision_id, language FROM platform_terms_texts ORDER BY revision_id, language',
  );
  const map = new Map<number, string[]>();
  for (const r of rows) map.set(r.revision_id, [...(map.get(r.revision_id) ?? []), r.language]);
  return map;
}

export async function insertTerms(db: Queryable, isPrivacyPolicy: boolean): Promise<number> {
  const [row] = await db.query<{ id: number }>('INSERT INTO platform_terms (is_privacy_policy) VALUES ($1) RETURNING id', [
    isPrivacyPolicy,
  ]);
  if (!row) throw new Error('platform terms were not saved');
  return row.id;
}

export async function termsExists(db: Queryable, termsId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM platform_terms WHERE id = $1 FOR UPDATE', [termsId]);
  return rows.length > 0;
}

export async function insertRevision(
  db: Queryable,
  r: {
    termsId: number;
    version: number;
    isMajor: boolean;
    publishedBy: number | null;
    texts: readonly { Language: string; Name: string; TermsText: string }[];
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO platform_terms_revisions (terms_id, version, is_major, published_by) VALUES ($1, $2, $3, $4) RETURNING id`,
    [r.termsId, r.version, r.isMajor, r.publishedBy],
  );
  if (!row) throw new Error('terms revision was not saved');
  for (const t of r.texts) {
    await db.query('INSERT INTO platform_terms_texts (revision_id, language, name, body) VALUES ($1, $2, $3, $4)', [
      row.id,
      t.Language,
      t.Name,
      t.TermsText,
    ]);
  }
  return row.id;
}

/** [A5.11] Records that a company accepted a revision of a service's terms (once per revision). */
export async function insertServiceTermsAcceptance(
  db: Queryable,
  a: { companyId: number; serviceName: string; revision: number; acceptedBy: number },
): Promise<void> {
  await db.query(
    `INSERT INTO service_terms_acceptances (company_id, service_name, revision, accepted_by) VALUES ($1, lower($2), $3, $4)
     ON CONFLICT (company_id, service_name, revision) DO NOTHING`,
    [a.companyId, a.serviceName, a.revision, a.acceptedBy],
  );
}

export async function hasServiceTermsAcceptance(
  db: Queryable,
  a: { companyId: number; serviceName: string; revision: number },
): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM service_terms_acceptances WHERE company_id = $1 AND service_name = lower($2) AND revision = $3',
    [a.companyId, a.serviceName, a.revision],
  );
  return rows.length > 0;
}

/** The newest revision of each service's terms a company accepted, by lower-case service name. */
export async function listLatestServiceTermsAcceptances(
  db: Queryable,
  companyId: number,
  serviceNames: readonly string[],
): Promise<{ service_name: string; revision: number }[]> {
  return db.query<{ service_name: string; revision: number }>(
    `SELECT service_name, max(revision)::int AS revision FROM service_terms_acceptances
     WHERE company_id = $1 AND service_name = ANY ($2::text[]) GROUP BY service_name`,
    [companyId, serviceNames.map((n) => n.toLowerCase())],
  );
}
