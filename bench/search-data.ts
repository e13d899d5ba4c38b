import type { Db } from '../apps/server/src/platform/db/db.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../apps/server/src/platform/db/paths.js';
import { seedDemo } from '../apps/server/src/seed/demo-seed.js';

/** The words generated service names are made of (a name is two of them and a number). */
export const WORDS = ['Cloud', 'Backup', 'Secure', 'Mail', 'Office', 'Vault', 'Sync', 'Guard', 'Desk', 'Stream', 'Edge', 'Pulse'];

/**
 * On top of the demo tenant: `count` Active services owned by the demo vendors, with categories, tags and a simple
 * monthly fee, and a price list of the provider's holding a fifth of them, assigned (with propagation) to every
 * reseller, so a reseller searches through a list; the list has its own price (EUR and USD) for half of its services,
 * so a reseller's page reads list prices too. Each service's one tag is written with the service (`search_tags`, migration
 * 0150) and then linked: the links' trigger finds the array already right and does not write the 50,000 rows again
 * (which would leave half the table dead until a VACUUM that PGlite never runs); likewise the list's entries are written
 * with the services (decision 0077). Ends with ANALYZE, as autovacuum would soon after a bulk load.
 */
export async function generateSearchData(db: Db, count: number): Promise<void> {
  const words = `ARRAY['${WORDS.join("','")}']`;
  // The bench list first, so that the services' entries in it are written by the statement writing the services: the
  // narrow table's row (migration 0153) then reads its lists when it is inserted, and the entries' trigger finds every
  // row already right (writing the entries afterwards rewrote 10,000 of its rows, dead until a VACUUM).
  await db.exec(`
    INSERT INTO marketplaces (owner_account_id, name, is_propagation_enabled)
      SELECT id, 'Bench list', true FROM accounts WHERE account_type = 'Provider' ORDER BY id LIMIT 1;
  `);
  await db.exec(`
    WITH generated AS (
      INSERT INTO services (service_name, display_name, short_description, category, owner_account_id, state, definition, ranking, created_at, search_tags)
      SELECT 'bench-service-' || g,
             (${words})[1 + g % 12] || ' ' || (${words})[1 + (g / 12) % 12] || ' ' || g,
             'A generated service',
             (SELECT name FROM service_categories ORDER BY sort OFFSET g % 6 LIMIT 1),
             (SELECT id FROM accounts WHERE is_vendor ORDER BY id OFFSET g % 3 LIMIT 1),
             'Active',
             '{"BillingRules":[{"Id":"r1","ChargeType":"Monthly","Charge":"4","enabled":true,"SuggestedRetailPrices":[{"Currency":"EUR","Charge":"6"}]}]}'::jsonb,
             1 + g % 2000,
             now() - (g % 400) * interval '1 day',
             ARRAY[(SELECT value FROM service_tags ORDER BY value OFFSET g % 10 LIMIT 1)]
      FROM generate_series(1, ${count}) g
      RETURNING id)
    INSERT INTO marketplace_services (marketplace_id, service_id)
      SELECT (SELECT max(id) FROM marketplaces), id FROM generated WHERE id % 5 = 0;
    INSERT INTO marketplace_services (marketplace_id, service_id)
      SELECT (SELECT max(id) FROM marketplaces), id FROM services WHERE id % 5 = 0 AND service_name NOT LIKE 'bench-service-%';
    INSERT INTO service_tag_links (service_id, tag, position)
    SELECT s.id, s.search_tags[1], 0 FROM services s WHERE s.service_name LIKE 'bench-service-%';
  `);
  await db.exec(`
    INSERT INTO marketplace_assignments (marketplace_id, account_id)
      SELECT (SELECT max(id) FROM marketplaces), id FROM accounts WHERE account_type = 'Reseller';
    INSERT INTO marketplace_prices (marketplace_id, service_id, rule_id, currency, custom_price)
      SELECT (SELECT max(id) FROM marketplaces), id, 'r1', c.code, 5 FROM services
        CROSS JOIN (VALUES ('EUR'), ('USD')) AS c(code)
      WHERE id % 10 = 0 AND service_name LIKE 'bench-service-%';
  `);
  await db.exec('ANALYZE');
}

/** A new bench database made ready for search: migrated, the demo tenant seeded, `count` services generated. */
export async function seedSearchBench(db: Db, count: number): Promise<void> {
  await migrate(db, MIGRATIONS_DIR);
  await seedDemo(db);
  await generateSearchData(db, count);
}
