// Which of the server's test files reach a database, for the run against PostgreSQL (decision 0031).
//
// A test file reaches a database when it lives in apps/server/test/ (the API and database tests: `buildTestApp`,
// the factories, the scripts that start a server) or when its source opens one itself: `createDb`, `buildApp`,
// `buildTestApp`, `useScratchDb`, the test factories, PGlite or the `pg` client. The pure rule tests in `__tests__` folders do
// none of these and run only on the first pass (PGlite). The choice is made from the files' contents at every
// run, never from a list: a new database test is chosen the moment it exists, and
// apps/server/test/database-test-selection.test.ts fails if a rule test reaches a database another way.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** How a test file's source shows that it opens a database. */
export const DATABASE_USE =
  /\bcreateDb\b|\buseScratchDb\b|\bbuildApp\b|\bbuildTestApp\b|\/factories(\/|\.js|['"])|@electric-sql\/pglite|from ['"]pg['"]|\bDATABASE_URL\b/;

function walk(dir, found) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else if (/\.test\.tsx?$/.test(entry.name)) found.push(relative(root, path));
  }
  return found;
}

/** Every test file of the server, relative to the repository root, sorted. */
export function serverTestFiles() {
  return walk(join(root, 'apps/server'), []).sort();
}

/** Whether a server test file reaches a database (see the top of this file). */
export function usesDatabase(file) {
  if (file.startsWith('apps/server/test/')) return true;
  return DATABASE_USE.test(readFileSync(join(root, file), 'utf8'));
}

/** The server's test files that reach a database: what runs again against PostgreSQL. */
export function databaseTestFiles() {
  return serverTestFiles().filter(usesDatabase);
}
