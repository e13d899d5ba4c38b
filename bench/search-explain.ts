/**
 * Where marketplace search spends its time: runs SearchServices, GetSearchServicesMetadata and
 * SearchServicesAutocomplete once each (warm: after one unmeasured run) on the data of bench/search.ts, calling the
 * domain directly, and prints every statement each one issues with its EXPLAIN ANALYZE plan.
 *
 *   scripts/with-postgres.sh npx tsx bench/search-explain.ts               PostgreSQL
 *   npx tsx bench/search-explain.ts --backend pglite [--services 50000]
 */
import { parseArgs } from 'node:util';
import { GetSearchServicesMetadata, SearchServices, SearchServicesAutocomplete } from '@portal/contracts';
import { callerForUser } from '../apps/server/src/domains/auth/index.js';
import {
  autocomplete,
  searchMetadata,
  searchServices,
} from '../apps/server/src/domains/marketplace-search/marketplace-search.service.js';
import type { Queryable } from '../apps/server/src/platform/db/db.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../apps/server/src/platform/db/paths.js';
import { seedDemo } from '../apps/server/src/seed/demo-seed.js';
import { type Backend, openBenchDb } from './fixture.js';
import { generateSearchData } from './search-data.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'postgres' },
    services: { type: 'string', default: '50000' },
  },
  strict: true,
});

const bench = await openBenchDb(args.backend as Backend);
const { db } = bench;
try {
  await migrate(db, MIGRATIONS_DIR);
  await seedDemo(db);
  await generateSearchData(db, Number(args.services));

  /** Runs each statement under EXPLAIN ANALYZE (printed), then for real. */
  let printing = false;
  const explaining: Queryable = {
    async query<T>(sql: string, params?: readonly unknown[]) {
      if (printing) {
        const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
        console.log(`\n--- statement\n${sql.replace(/\n\s*/g, '\n  ')}\n--- plan`);
        for (const line of plan) console.log(line['QUERY PLAN']);
      }
      return db.query<T>(sql, params);
    },
  } as Queryable;

  const userId = async (username: string) =>
    (await db.query<{ id: number }>('SELECT id FROM accounts WHERE username = $1', [username]))[0]?.id ?? 0;
  const viewing = async (username: string) => {
    const caller = await callerForUser(db, await userId(username));
    if (!caller) throw new Error(`no caller ${username}`);
    return { caller, now: new Date() };
  };
  const provider = await viewing('provider.admin');
  const reseller = await viewing('blueharbor.admin');

  const cases: [string, () => Promise<unknown>][] = [
    [
      'SearchServices page 1, provider',
      async () => searchServices(explaining, { ...provider }, SearchServices.input.parse({ options: {}, page: 1, limit: 20 })),
    ],
    [
      'SearchServices page 1, reseller',
      async () => searchServices(explaining, { ...reseller }, SearchServices.input.parse({ options: {}, page: 1, limit: 20 })),
    ],
    [
      'GetSearchServicesMetadata one category, provider',
      async () =>
        searchMetadata(
          explaining,
          { ...provider },
          GetSearchServicesMetadata.input.parse({ options: { ServiceCategories: ['Backup'] } }).options,
        ),
    ],
    [
      'SearchServicesAutocomplete "sec", provider',
      async () => autocomplete(explaining, { ...provider }, SearchServicesAutocomplete.input.parse({ Text: 'sec' })),
    ],
  ];
  for (const [name, run] of cases) {
    printing = false;
    await run();
    printing = true;
    console.log(`\n===== ${name}`);
    await run();
  }
} finally {
  await bench.dispose();
}
