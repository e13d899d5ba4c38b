import type { Queryable } from '../../platform/db/db.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';

export interface NoteRow {
  id: string;
  account_id: number;
  account_path: string;
  organisation_id: number;
  author_id: number;
  note: string;
  created_at: Date;
  updated_at: Date;
  version: number;
  author_name: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
  author_path: string | null;
}

/** The organisation whose notes a caller sees, and the subtree the noted account must lie in. */
export interface NotesScope {
  organisationId: number;
  rootPath: string;
}

// Author names and paths come from accounts (read only), as the credit history does.
const NOTE_COLUMNS = `n.id::text AS id, n.account_id, acc.path AS account_path, n.organisation_id, n.author_id, n.note,
  n.created_at, n.updated_at, n.version, u.display_name AS author_name, u.first_name AS author_first_name,
  u.last_name AS author_last_name, u.path AS author_path`;
const NOTE_FROM = `account_notes n JOIN accounts acc ON acc.id = n.account_id LEFT JOIN accounts u ON u.id = n.author_id`;
// The organisation filter and the scope range go into every read.
const IN_SCOPE = 'n.organisation_id = $1 AND acc.path >= $2 AND acc.path < $3';
const scopeParams = (scope: NotesScope) => [scope.organisationId, scope.rootPath, pathUpperBound(scope.rootPath)];

/** One page of an account's notes of the caller's organisation, newest first. */
export async function listByAccount(
  db: Queryable,
  scope: NotesScope,
  accountId: number,
  page: { limit: number; offset: number },
): Promise<NoteRow[]> {
  return db.query<NoteRow>(
    `SELECT ${NOTE_COLUMNS} FROM ${NOTE_FROM}
     WHERE ${IN_SCOPE} AND n.account_id = $4
     ORDER BY n.created_at DESC, n.id DESC LIMIT $5 OFFSET $6`,
    [...scopeParams(scope), accountId, page.limit, page.offset],
  );
}

export async function countByAccount(db: Queryable, scope: NotesScope, accountId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM account_notes n JOIN accounts acc ON acc.id = n.account_id
     WHERE ${IN_SCOPE} AND n.account_id = $4`,
    [...scopeParams(scope), accountId],
  );
  return row?.n ?? 0;
}

/** A note of the caller's organisation inside its scope, or null (absent and out of scope look the same). */
export async function findById(db: Queryable, scope: NotesScope, id: string): Promise<NoteRow | null> {
  const [row] = await db.query<NoteRow>(`SELECT ${NOTE_COLUMNS} FROM ${NOTE_FROM} WHERE ${IN_SCOPE} AND n.id = $4::bigint`, [
    ...scopeParams(scope),
    id,
  ]);
  return row ?? null;
}

/** The same as findById, holding the row until the transaction ends so two edits do not interleave. */
export async function findByIdForUpdate(db: Queryable, scope: NotesScope, id: string): Promise<NoteRow | null> {
  const [row] = await db.query<NoteRow>(
    `SELECT ${NOTE_COLUMNS} FROM ${NOTE_FROM} WHERE ${IN_SCOPE} AND n.id = $4::bigint FOR UPDATE OF n`,
    [...scopeParams(scope), id],
  );
  return row ?? null;
}

export interface NewNote {
  accountId: number;
  organisationId: number;
  authorId: number;
  note: string;
  createdAt: Date;
}

export async function insert(db: Queryable, n: NewNote): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO account_notes (account_id, organisation_id, author_id, note, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5) RETURNING id::text AS id`,
    [n.accountId, n.organisationId, n.authorId, n.note, n.createdAt],
  );
  if (!row) throw new Error('note was not saved');
  return row.id;
}

/** Saves the text and moves the version on (decision 0036); the caller holds the row locked. */
export async function update(db: Queryable, id: string, note: string, updatedAt: Date): Promise<void> {
  await db.query('UPDATE account_notes SET note = $2, updated_at = $3, version = version + 1 WHERE id = $1::bigint', [
    id,
    note,
    updatedAt,
  ]);
}

export async function deleteById(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM account_notes WHERE id = $1::bigint', [id]);
}

/** Demo seed only: ids and organisations of accounts by display name (companies) and by username (users). */
export async function findDemoAccounts(
  db: Queryable,
  companies: readonly string[],
  usernames: readonly string[],
): Promise<{ companies: Map<string, number>; users: Map<string, { id: number; path: string }> }> {
  const rows = await db.query<{ id: number; display_name: string; username: string | null; path: string }>(
    `SELECT id, display_name, username, path FROM accounts
     WHERE (account_type = 'Company' AND display_name = ANY($1::text[])) OR username = ANY($2::text[])`,
    [companies, usernames],
  );
  return {
    companies: new Map(rows.filter((r) => r.username === null).map((r) => [r.display_name, r.id])),
    users: new Map(rows.filter((r) => r.username !== null).map((r) => [r.username as string, { id: r.id, path: r.path }])),
  };
}
