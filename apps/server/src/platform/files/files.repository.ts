import type { Queryable } from '../db/db.js';

export interface StoredFileRow {
  name: string;
  original_name: string;
  content_type: string;
  size_bytes: number;
  uploaded_by: number;
}

export async function insertStoredFile(db: Queryable, f: StoredFileRow): Promise<void> {
  await db.query(
    'INSERT INTO stored_files (name, original_name, content_type, size_bytes, uploaded_by) VALUES ($1, $2, $3, $4, $5)',
    [f.name, f.original_name, f.content_type, f.size_bytes, f.uploaded_by],
  );
}

/** The metadata of a stored file, or null. */
export async function findStoredFile(db: Queryable, name: string): Promise<StoredFileRow | null> {
  const [row] = await db.query<StoredFileRow>(
    'SELECT name, original_name, content_type, size_bytes, uploaded_by FROM stored_files WHERE name = $1',
    [name],
  );
  return row ?? null;
}

/**
 * findStoredFile for the transaction that attaches the file to a record: the row stays locked (FOR KEY SHARE)
 * until that transaction ends, so the orphan sweep skips it meanwhile and cannot remove it under the new reference.
 */
export async function findStoredFileToAttach(db: Queryable, name: string): Promise<StoredFileRow | null> {
  const [row] = await db.query<StoredFileRow>(
    'SELECT name, original_name, content_type, size_bytes, uploaded_by FROM stored_files WHERE name = $1 FOR KEY SHARE',
    [name],
  );
  return row ?? null;
}

export async function deleteStoredFile(db: Queryable, name: string): Promise<void> {
  await db.query('DELETE FROM stored_files WHERE name = $1', [name]);
}

/** When a stored file was uploaded, or null (an upload that expires, such as an import template, needs it). */
export async function findUploadedAt(db: Queryable, name: string): Promise<Date | null> {
  const [row] = await db.query<{ uploaded_at: Date | string }>('SELECT uploaded_at FROM stored_files WHERE name = $1', [name]);
  return row ? new Date(row.uploaded_at) : null;
}
