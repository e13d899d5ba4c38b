import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db-types.js';

const MIGRATION_NAME = /^\d{4}_[a-z0-9_]+\.sql$/;

/** Applies every migration file not yet applied, in name order, each in its own transaction. */
export async function migrate(db: Db, dir: string): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const files = readdirSync(dir)
    .filter((f) => MIGRATION_NAME.test(f))
    .sort();
  const applied = [];
  for (const file of files) {
    const done = await db.transaction(async (tx) => {
      // Serialises concurrent starters against PostgreSQL; PGlite has one connection anyway.
      if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(770011)');
      const rows = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (rows.length > 0) return false;
      for (const statement of splitStatements(readFileSync(join(dir, file), 'utf8'))) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

/** Splits a migration script on semicolons that end a line, outside quotes and dollar quotes. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i] as string;
    if (quote === null && ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end;
      current += '\n';
      continue;
    }
    if (quote === null && (ch === "'" || ch === '"')) quote = ch;
    else if (quote === null && ch === '$') {
      const match = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (match) {
        quote = match[0];
        current += quote;
        i += quote.length - 1;
        continue;
      }
    } else if (quote !== null && sql.startsWith(quote, i)) {
      current += quote;
      i += quote.length - 1;
      quote = null;
      continue;
    }
    if (quote === null && ch === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
