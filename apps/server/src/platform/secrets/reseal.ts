import type { Queryable } from '../db/db.js';
import { isSealed, type Keyring, open, seal, sealedWith } from './secrets.js';

/** A text column holding sealed secrets; its purpose is `<table>.<column>`. */
export interface SealedColumn {
  table: string;
  column: string;
  /** The column that tells the rows apart; `id` unless given. */
  key?: string;
}

export const purposeOf = (c: SealedColumn) => `${c.table}.${c.column}`;

/**
 * The start-up step of key rotation and of migration 0122: every stored value that is still clear, or
 * sealed with a key other than the current one, is sealed again with the current key. Each value is
 * replaced only if nobody changed it meanwhile. Answers how many values were sealed again.
 */
export async function resealStoredSecrets(db: Queryable, keyring: Keyring, columns: readonly SealedColumn[]): Promise<number> {
  let resealed = 0;
  for (const c of columns) {
    const key = c.key ?? 'id';
    const rows = await db.query<{ id: string; value: string }>(
      `SELECT ${key}::text AS id, ${c.column} AS value FROM ${c.table}
       WHERE ${c.column} IS NOT NULL AND ${c.column} <> '' AND ${c.column} NOT LIKE $1`,
      [`sealed:v1:${keyring.current.id}:%`],
    );
    for (const row of rows) {
      if (isSealed(row.value) && sealedWith(row.value) === keyring.current.id) continue;
      const plain = open(keyring, purposeOf(c), row.value);
      const updated = await db.query(
        `UPDATE ${c.table} SET ${c.column} = $3 WHERE ${key}::text = $1 AND ${c.column} = $2 RETURNING ${key}`,
        [row.id, row.value, seal(keyring, purposeOf(c), plain)],
      );
      resealed += updated.length;
    }
  }
  return resealed;
}
