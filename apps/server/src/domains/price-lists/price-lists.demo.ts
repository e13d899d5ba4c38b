/**
 * The demo price lists (decision 0033): the provider's catalogue list reaching every customer, and one
 * list per demo reseller with its own margins, assigned to two of its companies, so that demo companies of
 * one reseller see different prices for the same service. Acme Logistics, Brightwater Dental, Juniper
 * Legal and Dunmore Architects keep the suggested retail prices the other demo screens show.
 */
import { applyPercent } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';

interface DemoList {
  owner: string;
  name: string;
  priority: number;
  assignees: string[];
  /** Legacy: the list's own prices are the SRP with this percent; dynamic: markup rules instead. */
  percent?: string;
  rules?: { target: 'Vendor' | 'Category'; value: string; markupPercent: string }[];
}

const DEMO_LISTS: DemoList[] = [
  {
    owner: 'Blue Harbor IT',
    name: 'Blue Harbor preferred customers',
    priority: 10,
    assignees: ['Evergreen Bakeries', 'Fjord Maritime'],
    percent: '-10',
  },
  {
    owner: 'Cedar Ridge Solutions',
    name: 'Cedar Ridge growth plan',
    priority: 10,
    assignees: ['Keystone Realty', 'Lakeside Hotels'],
    rules: [
      { target: 'Category', value: 'Backup', markupPercent: '15' },
      { target: 'Vendor', value: 'Fabrikam Security', markupPercent: '8' },
    ],
  },
  {
    owner: 'Summit Peak Partners',
    name: 'Summit Peak partner prices',
    priority: 10,
    assignees: ['Oakridge Accounting', 'Pinecrest Media'],
    percent: '5',
  },
];

export const DEMO_PROVIDER_LIST = 'Northwind catalogue';

async function idOf(db: Queryable, displayName: string, types: string[]): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    'SELECT id FROM accounts WHERE display_name = $1 AND account_type = ANY ($2::text[]) ORDER BY id LIMIT 1',
    [displayName, types],
  );
  return row?.id ?? null;
}

async function insertList(
  db: Queryable,
  ownerId: number,
  name: string,
  options: { priority: number; mode: 'legacy' | 'dynamic'; propagation: boolean },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO marketplaces (owner_account_id, name, priority, pricing_mode, is_propagation_enabled, is_auto_add_enabled)
     VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
    [ownerId, name, options.priority, options.mode, options.propagation],
  );
  if (!row) throw new Error(`price list ${name} was not saved`);
  await db.query(
    `INSERT INTO marketplace_services (marketplace_id, service_id, status)
     SELECT $1, id, 'Added' FROM services WHERE state = 'Active' ORDER BY id`,
    [row.id],
  );
  return row.id;
}

/** Seeds the demo price lists once (idempotent: nothing when the provider's list exists). */
export async function seedDemoPriceLists(db: Queryable): Promise<{ created: boolean }> {
  const [provider] = await db.query<{ id: number }>(
    "SELECT id FROM accounts WHERE account_type = 'Provider' ORDER BY id LIMIT 1",
  );
  if (!provider) return { created: false };
  const [existing] = await db.query('SELECT 1 FROM marketplaces WHERE owner_account_id = $1 AND name = $2', [
    provider.id,
    DEMO_PROVIDER_LIST,
  ]);
  if (existing) return { created: false };

  const catalogue = await insertList(db, provider.id, DEMO_PROVIDER_LIST, { priority: 100, mode: 'legacy', propagation: true });
  await db.query(
    `INSERT INTO marketplace_assignments (marketplace_id, account_id)
     SELECT $1, id FROM accounts WHERE account_type = 'Reseller' AND parent_id = $2 AND display_name NOT LIKE 'Benchmark reseller%'`,
    [catalogue, provider.id],
  );

  for (const list of DEMO_LISTS) {
    const ownerId = await idOf(db, list.owner, ['Reseller']);
    if (ownerId === null) continue;
    const id = await insertList(db, ownerId, list.name, {
      priority: list.priority,
      mode: list.rules ? 'dynamic' : 'legacy',
      propagation: false,
    });
    if (list.percent) {
      const srps = await db.query<{ service_id: number; rule_id: string; currency: string; charge: string }>(
        'SELECT service_id, rule_id, currency, charge::text AS charge FROM service_suggested_retail_prices ORDER BY service_id, rule_id, currency',
      );
      for (const p of srps) {
        await db.query(
          `INSERT INTO marketplace_prices (marketplace_id, service_id, rule_id, currency, custom_price)
           SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM marketplace_services WHERE marketplace_id = $1 AND service_id = $2)`,
          [id, p.service_id, p.rule_id, p.currency, applyPercent(p.charge, list.percent)],
        );
      }
    }
    for (const rule of list.rules ?? []) {
      const value = rule.target === 'Vendor' ? String(await idOf(db, rule.value, ['Company'])) : rule.value;
      await db.query(
        'INSERT INTO marketplace_pricing_rules (marketplace_id, target_kind, target_value, markup_percent) VALUES ($1, $2, $3, $4)',
        [id, rule.target, value, rule.markupPercent],
      );
    }
    for (const assignee of list.assignees) {
      const accountId = await idOf(db, assignee, ['Company']);
      if (accountId !== null)
        await db.query('INSERT INTO marketplace_assignments (marketplace_id, account_id) VALUES ($1, $2)', [id, accountId]);
    }
  }
  return { created: true };
}
