import { relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect } from 'vitest';
// @ts-expect-error: a plain ES module of the repository's scripts, without types
import { databaseTestFiles, root } from '../../../scripts/database-tests.mjs';

/**
 * Every test file runs with this set-up (vitest.config.ts `setupFiles`). The run against PostgreSQL repeats only
 * the test files that reach a database, chosen by their contents (scripts/database-tests.mjs, decision 0031).
 * This guard makes that choice safe: on the first pass (PGlite) every database a test opens is noticed, and a
 * test file that opened one without being chosen fails, so no database test is left out of the PostgreSQL run.
 */
const opened = Symbol.for('portal.test.databaseOpened');
type Guarded = typeof PGlite & { [opened]?: { file: string | undefined; used: boolean } };
const pglite = PGlite as Guarded;
if (!pglite[opened]) {
  const state = { file: undefined as string | undefined, used: false };
  pglite[opened] = state;
  const create = PGlite.create.bind(PGlite);
  // The one way the server opens an embedded database in this thread (platform/db/pglite.ts createPglite,
  // PGLITE_THREAD=server).
  PGlite.create = ((...args: Parameters<typeof PGlite.create>) => {
    state.used = true;
    return create(...args);
  }) as typeof PGlite.create;
  // In a worker thread (PGLITE_THREAD=worker, the default) PGlite.create runs in that thread, out of reach: the
  // server starts no other thread than the embedded database's (platform/db/pglite-worker.ts), so a thread started
  // is a database opened.
  process.on('worker', () => {
    state.used = true;
  });
}
const state = pglite[opened] as { file: string | undefined; used: boolean };

beforeAll(() => {
  state.file = expect.getState().testPath;
  state.used = false;
});

afterAll(() => {
  const file = state.file ? relative(root, state.file) : undefined;
  if (!state.used || !file?.startsWith('apps/server/')) return;
  if (!(databaseTestFiles() as string[]).includes(file)) {
    throw new Error(
      `${file} opened a database but is not among the tests run again on PostgreSQL: move it to apps/server/test/ or see scripts/database-tests.mjs`,
    );
  }
});
