import { beforeAll, describe, expect, it } from 'vitest';
import { useScratchDb } from '../../../../test/scratch-db.js';
// app.ts registers the account extensions (provisioning, pricing, orders, subscription fields), as in the server.
import '../../../app.js';
import { migrate } from '../../../platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../../../platform/db/paths.js';
import { expectedFunctionBody, extensionsWithFunctions } from '../account-extensions.js';

/** Whitespace does not matter to PL/pgSQL: compare the texts with every run of it as one space. */
const normalised = (sql: string) => sql.replace(/\s+/g, ' ').trim();

describe('account extensions given as functions (decision 0067)', () => {
  const db = useScratchDb('extension_functions');
  beforeAll(async () => {
    await migrate(db(), MIGRATIONS_DIR);
  });

  it('pricing, orders and the subscription fields give their Product-only page values through a function', () => {
    expect(extensionsWithFunctions().map((e) => [e.name, e.extendedFunction])).toEqual([
      ['pricing', 'account_pricing_page_facts'],
      ['orders', 'orders_page_under_review'],
      ['subscription-fields', 'subscription_page_service_fields'],
    ]);
  });

  it.each(extensionsWithFunctions().map((e) => [e.name, e] as const))(
    'the database function of %s is its extendedSql (or its own body), stable (else add a migration with the body printed here)',
    async (_name, extension) => {
      const rows = await db().query<{ source: string; volatility: string; args: number }>(
        'SELECT prosrc AS source, provolatile AS volatility, pronargs::int AS args FROM pg_proc WHERE proname = $1',
        [extension.extendedFunction],
      );
      expect(rows).toHaveLength(1);
      const expected = expectedFunctionBody(extension);
      expect(normalised(rows[0]?.source ?? ''), `the body ${extension.extendedFunction} should have:\n${expected}`).toBe(
        normalised(expected),
      );
      expect(rows[0]?.volatility).toBe('s');
      // The account's id, and whether the caller holds its capability when it names one (decision 0076).
      expect(rows[0]?.args).toBe(extension.extendedFunctionCapability ? 2 : 1);
    },
  );
});
