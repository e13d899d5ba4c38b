import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import type { Caller } from '../../../platform/operations/types.js';
import { seedDemo } from '../../../seed/demo-seed.js';
import { findById } from '../../accounts/index.js';
import { MARGIN_CAPABILITY, PAGE_FACTS_SQL, pricingExtendedValues } from '../account-pricing.service.js';

const callerWith = (capabilities: string[]): Caller => ({
  userId: 1,
  username: 'test',
  displayName: 'Test',
  sessionId: 'test',
  impersonatorId: null,
  impersonatorDisplayName: null,
  scope: { rootId: 1, rootPath: '/1/', rootType: 'Provider', rootDisplayName: 'Provider' },
  capabilities: new Set(capabilities),
});
const withMargin = callerWith([MARGIN_CAPABILITY]);
const withoutMargin = callerWith([]);

/**
 * Issue 13, decision 0076: the page's function `account_pricing_page_facts` (migration 0152) reads PAGE_FACTS_SQL's
 * facts in steps, the price list only for a subscription without a stored end. The page's values must stay those of
 * the expression: for every account of the demo data, and for the cases the demo data does not have (no stored end,
 * with and without a price list overriding the days; a service that is not Active; no service name).
 */
describe('the pricing facts of the account page (decision 0076)', () => {
  // The real app (it registers the account extensions and keys the demo's sealed secrets) on a migrated database.
  let t: TestApp;
  const db = () => t.db;
  const now = new Date('2026-11-27T12:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.db);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The function's facts and the expression's for one account, and the page values each gives both callers. */
  async function compare(id: number) {
    const [row] = await db().query<{ fn: unknown; inline: unknown }>(
      `SELECT account_pricing_page_facts(a.id) AS fn, (${PAGE_FACTS_SQL}) AS inline FROM accounts a WHERE a.id = $1`,
      [id],
    );
    const account = await findById(db(), id);
    if (!row || !account) throw new Error(`no account ${id}`);
    for (const caller of [withMargin, withoutMargin])
      expect(pricingExtendedValues(row.fn, account, caller, now), `account ${id}`).toEqual(
        pricingExtendedValues(row.inline, account, caller, now),
      );
    return row as { fn: FactsJson | null; inline: FactsJson | null };
  }

  it('gives every account of the demo data the values of PAGE_FACTS_SQL, and the same facts but the unread list days', async () => {
    const accounts = await db().query<{ id: number; account_type: string }>('SELECT id, account_type FROM accounts ORDER BY id');
    expect(accounts.filter((a) => a.account_type === 'Product').length).toBeGreaterThan(3);
    for (const { id, account_type } of accounts) {
      const { fn, inline } = await compare(id);
      if (account_type !== 'Product') {
        expect(fn).toBeNull();
        continue;
      }
      const unread =
        inline?.stored && inline.service_facts ? { ...inline.service_facts, list_days: null } : inline?.service_facts;
      expect(fn).toEqual({ ...inline, service_facts: unread ?? null });
    }
  });

  it('reads the price list’s overriding days for a subscription without a stored end, as the expression does', async () => {
    const [product] = await db().query<{ id: number; service_id: number }>(
      `SELECT a.id, s.id AS service_id FROM accounts a JOIN services s ON lower(s.service_name) = lower(a.product_name)
       WHERE a.account_type = 'Product' AND s.state = 'Active' ORDER BY a.id LIMIT 1`,
    );
    if (!product) throw new Error('no demo subscription');
    await db().query('DELETE FROM price_protections WHERE account_id = $1', [product.id]);
    const before = await compare(product.id);
    expect(before.fn?.stored).toBeNull();
    // Every price list that has the service overrides its protection with 17 days.
    await db().query(
      'UPDATE marketplace_services SET override_price_protection = true, price_protection_days = 17 WHERE service_id = $1',
      [product.service_id],
    );
    const overridden = await compare(product.id);
    expect(overridden.fn?.service_facts?.list_days).toBe(overridden.inline?.service_facts?.list_days);
    const account = await findById(db(), product.id);
    if (!account) throw new Error('gone');
    // The customer's list has the service, so its 17 days set the end (decision 0023).
    expect(overridden.inline?.service_facts?.list_days).toBe(17);
    expect(pricingExtendedValues(overridden.fn, account, withoutMargin, now).PriceProtectionEnddate).toBe(
      new Date(account.created_at.getTime() + 17 * 86_400_000).toISOString(),
    );
  });

  it('gives no service facts for a service that is not Active or a subscription without a service name', async () => {
    const [product] = await db().query<{ id: number; product_name: string }>(
      "SELECT id, product_name FROM accounts WHERE account_type = 'Product' AND product_name IS NOT NULL ORDER BY id DESC LIMIT 1",
    );
    if (!product) throw new Error('no demo subscription');
    await db().query("UPDATE services SET state = 'Failed' WHERE lower(service_name) = lower($1)", [product.product_name]);
    expect((await compare(product.id)).fn?.service_facts).toBeNull();
    await db().query('DELETE FROM price_protections WHERE account_id = $1', [product.id]);
    expect((await compare(product.id)).fn?.service_facts).toBeNull();
    await db().query('UPDATE accounts SET product_name = NULL WHERE id = $1', [product.id]);
    expect((await compare(product.id)).fn).toEqual({ service_facts: null, stored: null });
  });
});

interface FactsJson {
  service_facts: { list_days: number | null } | null;
  stored: { ends_at: string | null } | null;
}
