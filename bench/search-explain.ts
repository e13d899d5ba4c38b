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
import type { Queryable, QueryOptions } from '../apps/server/src/platform/db/db.js';
import { type Backend, openBenchDb } from './fixture.js';
import { seedSearchBench } from './search-data.js';

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'postgres' },
    services: { type: 'string', default: '50000' },
    /** Only the cases whose name contains one of these texts (separated by `|`). */
    only: { type: 'string', default: '' },
  },
  strict: true,
});

const bench = await openBenchDb(args.backend as Backend);
const { db } = bench;
try {
  await seedSearchBench(db, Number(args.services));

  /** A value as an SQL literal of unknown type (standard_conforming_strings is on). */
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number') return String(value);
    if (value instanceof Date) return `'${value.toISOString()}'`;
    if (Array.isArray(value)) return `'{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}'`;
    return `'${String(value).replaceAll("'", "''")}'`;
  };

  /**
   * Runs each statement under EXPLAIN ANALYZE (printed), then for real. A prepared statement (`QueryOptions.prepare`)
   * is explained as it runs: prepared and executed under force_generic_plan, so the plan printed is its generic plan
   * (the planning time printed is then that of the first execution; later ones reuse the plan).
   */
  let printing = false;
  const explaining: Queryable = {
    async query<T>(sql: string, params?: readonly unknown[], options?: QueryOptions) {
      if (printing) {
        const values = params ?? [];
        const plan = options?.prepare
          ? await db.transaction(async (tx) => {
              await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
              await tx.query(`PREPARE explained AS ${sql}`);
              // EXECUTE takes no bound parameters: the values are written in (bench only; the product binds them).
              const args = values.length > 0 ? `(${values.map(literal).join(', ')})` : '';
              const rows = await tx.query<{ 'QUERY PLAN': string }>(
                `EXPLAIN (ANALYZE, COSTS OFF, SUMMARY) EXECUTE explained${args}`,
              );
              await tx.query('DEALLOCATE explained');
              return rows;
            })
          : await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, SUMMARY) ${sql}`, params);
        const kind = options?.prepare ? 'prepared statement, generic plan' : 'statement';
        console.log(`\n--- ${kind}\n${sql.replace(/\n\s*/g, '\n  ')}\n--- plan`);
        for (const line of plan) console.log(line['QUERY PLAN']);
      }
      return db.query<T>(sql, params, options);
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
  // A company under that reseller: it browses through the reseller's list (propagated), and is not a vendor.
  const company = await viewing('acme.admin');

  let newWord = 0;
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
      'SearchServices page 50 by DisplayName, provider',
      async () =>
        searchServices(
          explaining,
          { ...provider },
          SearchServices.input.parse({
            options: {},
            orderBy: { Key: 'DisplayName', Direction: 'ASC' },
            page: 50,
            limit: 20,
          }),
        ),
    ],
    [
      'SearchServices "vault", provider (total kept after the unprinted run)',
      async () =>
        searchServices(
          explaining,
          { ...provider },
          SearchServices.input.parse({ options: { DisplayName: 'vault' }, page: 1, limit: 20 }),
        ),
    ],
    [
      'SearchServices "cloud sync", provider (total kept after the unprinted run)',
      async () =>
        searchServices(
          explaining,
          { ...provider },
          SearchServices.input.parse({ options: { DisplayName: 'cloud sync' }, page: 1, limit: 20 }),
        ),
    ],
    [
      'SearchServices a word never searched before, provider (counted in the page statement)',
      async () =>
        searchServices(
          explaining,
          { ...provider },
          SearchServices.input.parse({ options: { DisplayName: `Vault ${++newWord}` }, page: 1, limit: 20 }),
        ),
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
      'GetSearchServicesMetadata one category, reseller',
      async () =>
        searchMetadata(
          explaining,
          { ...reseller },
          GetSearchServicesMetadata.input.parse({ options: { ServiceCategories: ['Backup'] } }).options,
        ),
    ],
    [
      'GetSearchServicesMetadata one category, company',
      async () =>
        searchMetadata(
          explaining,
          { ...company },
          GetSearchServicesMetadata.input.parse({ options: { ServiceCategories: ['Backup'] } }).options,
        ),
    ],
    [
      'SearchServicesAutocomplete "sec", provider',
      async () => autocomplete(explaining, { ...provider }, SearchServicesAutocomplete.input.parse({ Text: 'sec' })),
    ],
    [
      'SearchServicesAutocomplete "sec", reseller',
      async () => autocomplete(explaining, { ...reseller }, SearchServicesAutocomplete.input.parse({ Text: 'sec' })),
    ],
    [
      'SearchServicesAutocomplete "sec", company',
      async () => autocomplete(explaining, { ...company }, SearchServicesAutocomplete.input.parse({ Text: 'sec' })),
    ],
  ];
  for (const [name, run] of cases) {
    if (!args.only.split('|').some((part) => name.includes(part))) continue;
    printing = false;
    await run();
    printing = true;
    console.log(`\n===== ${name}`);
    await run();
  }
} finally {
  await bench.dispose();
}
