import type { Account } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { ApiClient } from '../../../../test/factories/client.js';
import type { Caller } from '../../../platform/operations/types.js';
import { DEMO_PASSWORD, seedDemo } from '../../../seed/demo-seed.js';
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

  /**
   * The function's facts for each caller (with and without the margin capability, as the page calls it) and the
   * expression's, for one account: the page values each gives must be the expression's.
   */
  async function compare(id: number) {
    const [row] = await db().query<{ margin: FactsJson | null; plain: FactsJson | null; inline: FactsJson | null }>(
      `SELECT account_pricing_page_facts(a.id, true) AS margin, account_pricing_page_facts(a.id, false) AS plain,
              (${PAGE_FACTS_SQL}) AS inline
         FROM accounts a WHERE a.id = $1`,
      [id],
    );
    const account = await findById(db(), id);
    if (!row || !account) throw new Error(`no account ${id}`);
    for (const [caller, facts] of [
      [withMargin, row.margin],
      [withoutMargin, row.plain],
    ] as const)
      expect(pricingExtendedValues(facts, account, caller, now), `account ${id}`).toEqual(
        pricingExtendedValues(row.inline, account, caller, now),
      );
    return row;
  }

  it('gives every account of the demo data the values of PAGE_FACTS_SQL, and its facts but those left unread', async () => {
    const accounts = await db().query<{ id: number; account_type: string }>('SELECT id, account_type FROM accounts ORDER BY id');
    expect(accounts.filter((a) => a.account_type === 'Product').length).toBeGreaterThan(3);
    let stored = 0;
    for (const { id, account_type } of accounts) {
      const { margin, plain, inline } = await compare(id);
      if (account_type !== 'Product') {
        expect([margin, plain]).toEqual([null, null]);
        continue;
      }
      const facts = inline?.service_facts ?? null;
      if (inline?.stored) {
        stored++;
        // A stored end: the days are not read; without the margin capability nothing of the service is.
        const unread = facts && { ...facts, list_days: null, service: { ...facts.service, protection_days: null } };
        expect(margin).toEqual({ ...inline, service_facts: unread });
        expect(plain).toEqual({ ...inline, service_facts: null });
      } else {
        expect(margin).toEqual(inline);
        expect(plain).toEqual({ ...inline, service_facts: facts && { ...facts, path_accounts: null, rates: null } });
      }
    }
    // The demo's subscriptions were created with their end stored (decision 0047).
    expect(stored).toBeGreaterThan(3);
  });

  it('reads the price list’s overriding days for a subscription without a stored end, as the expression does', async () => {
    const [product] = await db().query<{ id: number; service_id: number }>(
      `SELECT a.id, s.id AS service_id FROM accounts a JOIN services s ON lower(s.service_name) = lower(a.product_name)
       WHERE a.account_type = 'Product' AND s.state = 'Active' ORDER BY a.id LIMIT 1`,
    );
    if (!product) throw new Error('no demo subscription');
    await db().query('DELETE FROM price_protections WHERE account_id = $1', [product.id]);
    const before = await compare(product.id);
    expect(before.margin?.stored).toBeNull();
    // Every price list that has the service overrides its protection with 17 days.
    await db().query(
      'UPDATE marketplace_services SET override_price_protection = true, price_protection_days = 17 WHERE service_id = $1',
      [product.service_id],
    );
    const overridden = await compare(product.id);
    expect(overridden.margin?.service_facts?.list_days).toBe(17);
    expect(overridden.plain?.service_facts?.list_days).toBe(17);
    const account = await findById(db(), product.id);
    if (!account) throw new Error('gone');
    // The customer's list has the service, so its 17 days set the end (decision 0023).
    expect(overridden.inline?.service_facts?.list_days).toBe(17);
    expect(pricingExtendedValues(overridden.plain, account, withoutMargin, now).PriceProtectionEnddate).toBe(
      new Date(account.created_at.getTime() + 17 * 86_400_000).toISOString(),
    );
  });

  it('shows a change to the price list’s days on the very next read of a kept page (decision 0069)', async () => {
    const [product] = await db().query<{ id: number; service_id: number }>(
      `SELECT a.id, s.id AS service_id FROM accounts a JOIN services s ON lower(s.service_name) = lower(a.product_name)
       WHERE a.account_type = 'Product' AND s.state = 'Active' ORDER BY a.id LIMIT 1`,
    );
    if (!product) throw new Error('no demo subscription');
    const admin = await new ApiClient(t.url).signIn('provider.admin', DEMO_PASSWORD);
    const end = async () =>
      (await admin.op<Account>('LoadAccountById', { id: product.id })).body.Views.ExtendedView?.Values.PriceProtectionEnddate;
    await db().query('DELETE FROM price_protections WHERE account_id = $1', [product.id]);
    await db().query(
      'UPDATE marketplace_services SET override_price_protection = true, price_protection_days = 30 WHERE service_id = $1',
      [product.service_id],
    );
    const account = await findById(db(), product.id);
    if (!account) throw new Error('gone');
    const days = (n: number) => new Date(account.created_at.getTime() + n * 86_400_000).toISOString();
    expect(await end()).toBe(days(30));
    expect(await end()).toBe(days(30));
    await db().query('UPDATE marketplace_services SET price_protection_days = 45 WHERE service_id = $1', [product.service_id]);
    expect(await end()).toBe(days(45));
  });

  it('gives no service facts for a service that is not Active or a subscription without a service name', async () => {
    const [product] = await db().query<{ id: number; product_name: string }>(
      "SELECT id, product_name FROM accounts WHERE account_type = 'Product' AND product_name IS NOT NULL ORDER BY id DESC LIMIT 1",
    );
    if (!product) throw new Error('no demo subscription');
    await db().query("UPDATE services SET state = 'Failed' WHERE lower(service_name) = lower($1)", [product.product_name]);
    expect((await compare(product.id)).margin?.service_facts).toBeNull();
    await db().query('DELETE FROM price_protections WHERE account_id = $1', [product.id]);
    const unstored = await compare(product.id);
    expect([unstored.margin?.service_facts, unstored.plain?.service_facts]).toEqual([null, null]);
    await db().query('UPDATE accounts SET product_name = NULL WHERE id = $1', [product.id]);
    const unnamed = await compare(product.id);
    expect([unnamed.margin, unnamed.plain]).toEqual([
      { service_facts: null, stored: null },
      { service_facts: null, stored: null },
    ]);
  });
});

interface FactsJson {
  service_facts: { list_days: number | null; service: { protection_days: unknown } } | null;
  stored: { ends_at: string | null } | null;
}
