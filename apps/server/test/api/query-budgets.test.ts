import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERVICES } from '../../src/domains/catalogue/index.js';
import { parseServerTiming } from '../../src/platform/db/query-stats.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/seed/demo-seed.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { ApiClient } from '../factories/client.js';

/**
 * Query budgets (issue 13): the exact number of SQL statements each hot operation issues, counted at the database
 * layer for the one request (the app runs with `serverTiming`, which reports the request's statements and the
 * statements of each phase in the Server-Timing header). Counts are deterministic; an N+1 or an extra lookup that
 * creeps in changes them. Every operation runs once first, so these are the warm counts a signed-in user pays.
 */

let t: TestApp;
let admin: ApiClient;
const ids: Record<string, number> = {};

async function profile(client: ApiClient, name: string, input: unknown) {
  const res = await client.op(name, input);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const header = res.headers.get('server-timing');
  if (!header) throw new Error('no Server-Timing header');
  return parseServerTiming(header);
}

/** The statements of a warm request: the first run fills the caches, the second is counted. */
async function warmStatements(name: string, input: unknown, client?: ApiClient) {
  await profile(client ?? admin, name, input);
  const counted = await profile(client ?? admin, name, input);
  return counted.statements;
}

/** Any committed statement on an announced table drops every kept answer (migration 0147), even one changing no row. */
async function forgetKeptAnswers() {
  await t.db.query('UPDATE accounts SET id = id WHERE false');
}

beforeAll(async () => {
  t = await buildTestApp({ app: { serverTiming: true } });
  await seedDemo(t.db);
  admin = await new ApiClient(t.url).signIn('provider.admin', DEMO_PASSWORD);
  const first = async (sql: string) => {
    const [row] = await t.db.query<{ id: number }>(sql);
    if (!row) throw new Error(`nothing for ${sql}`);
    return row.id;
  };
  for (const type of ['Provider', 'Reseller', 'Company', 'Department', 'User'])
    ids[type] = await first(`SELECT id FROM accounts WHERE account_type = '${type}' ORDER BY depth, id LIMIT 1`);
  ids.Product = await first(
    "SELECT id FROM accounts WHERE account_type = 'Product' AND product_name IS NOT NULL ORDER BY id LIMIT 1",
  );
  // The demo tenant takes a while to seed on a busy machine.
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('query budgets', () => {
  it('caller resolution costs 1 statement on a cold cache and none on a warm one', async () => {
    const fresh = await new ApiClient(t.url).signIn('provider.admin', DEMO_PASSWORD);
    const cold = await profile(fresh, 'ListAccountSubtree', { id: ids.Provider, limit: 5 });
    const warm = await profile(fresh, 'ListAccountSubtree', { id: ids.Provider, limit: 5 });
    expect(cold.phases.find((p) => p.name === 'caller')?.statements).toBe(1);
    expect(warm.phases.find((p) => p.name === 'caller')?.statements).toBe(0);
  });

  // Decision 0067: a Product's page calls pricing's and orders' functions (migration 0148) inside that one statement;
  // a function's query is no round trip and no statement of the Db, so every type, a Product too, stays at 1.
  it.each([
    ['Provider', 1],
    ['Reseller', 1],
    ['Company', 1],
    ['Department', 1],
    ['User', 1],
    ['Product', 1],
  ])('LoadAccountById of a %s issues %i statement: the page is the tenant guard lookup too', async (type, expected) => {
    await profile(admin, 'LoadAccountById', { id: ids[type] });
    // The page read again is a kept answer (decision 0069): no statement at all.
    expect((await profile(admin, 'LoadAccountById', { id: ids[type] })).statements).toBe(0);
    // After any data change it is computed again: this is the page's own count (the layout cache stays warm).
    await forgetKeptAnswers();
    expect((await profile(admin, 'LoadAccountById', { id: ids[type] })).statements).toBe(expected);
  });

  it('LoadAccountById of an account outside the caller’s scope issues 1 statement and answers the guard’s 404', async () => {
    const reseller = await new ApiClient(t.url).signIn('blueharbor.admin', DEMO_PASSWORD);
    await reseller.op('LoadAccountById', { id: ids.Provider });
    const res = await reseller.op('LoadAccountById', { id: ids.Provider });
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(parseServerTiming(res.headers.get('server-timing') ?? '').statements).toBe(1);
  });

  it('ListAccountSubtree (first page of 50) issues 1 statement: the page is the tenant guard lookup too, and is kept', async () => {
    const input = { id: ids.Provider, cursor: null, limit: 50 };
    expect(await warmStatements('ListAccountSubtree', input)).toBe(0);
    await forgetKeptAnswers();
    expect((await profile(admin, 'ListAccountSubtree', input)).statements).toBe(1);
    // A later page (a cursor) is the same one statement.
    const first = await admin.op<{ NextCursor: string | null }>('ListAccountSubtree', { ...input, limit: 5 });
    expect(first.body.NextCursor).not.toBeNull();
    await forgetKeptAnswers();
    expect((await profile(admin, 'ListAccountSubtree', { ...input, limit: 5, cursor: first.body.NextCursor })).statements).toBe(
      1,
    );
  });

  it('GetCurrentUser issues 1 statement when no terms are pending (user row, revisions and acceptances together)', async () => {
    const pending = await admin.op('GetCurrentUser', {});
    expect(pending.body.TermsConditions).toEqual([]);
    expect(await warmStatements('GetCurrentUser', {})).toBe(1);
  });

  it('GetPartialCompanyHierarchy (depth 1) issues 4 statements, and none when read again (kept)', async () => {
    const input = { id: ids.Reseller, depth: 1 };
    expect(await warmStatements('GetPartialCompanyHierarchy', input)).toBe(0);
    await forgetKeptAnswers();
    expect((await profile(admin, 'GetPartialCompanyHierarchy', input)).statements).toBe(4);
  });

  it('GetAccountPricePreview of a demo subscription issues 7 statements for its reseller (one reads the discount of the customer, one the special deals of the reseller) and 6 for the provider', async () => {
    const reseller = await new ApiClient(t.url).signIn('blueharbor.admin', DEMO_PASSWORD);
    expect(await warmStatements('GetAccountPricePreview', { accountId: ids.Product }, reseller)).toBe(7);
    expect(await warmStatements('GetAccountPricePreview', { accountId: ids.Product })).toBe(6);
  });

  it('SearchServices (a page of 20 with the total, warm) issues 1 statement: visibility, total and prices in it', async () => {
    // The provider's first page is a prepared statement, one text while the total is counted and one once it is kept:
    // on PGlite each is PREPAREd (a statement) the first time it runs, so warm both before counting.
    await profile(admin, 'SearchServices', { options: {}, page: 1, limit: 20 });
    expect(await warmStatements('SearchServices', { options: {}, page: 1, limit: 20 })).toBe(1);
  });

  it.each([
    ['a reseller', 'blueharbor.admin'],
    ['a company', 'acme.admin'],
  ])(
    'SearchServices of %s, priced through the price list reaching it, issues 1 statement: the list, its prices and markup rules in it',
    async (_who, username) => {
      const client = await new ApiClient(t.url).signIn(username, DEMO_PASSWORD);
      const input = { options: {}, page: 1, limit: 20 };
      const res = await client.op('SearchServices', input);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const services = res.body.Services as { Billing: string | null }[];
      expect(services.length).toBeGreaterThan(0);
      expect(services.some((s) => s.Billing !== null)).toBe(true);
      expect(await warmStatements('SearchServices', input, client)).toBe(1);
    },
  );

  it('GetSearchServicesMetadata issues 1 statement', async () => {
    expect(await warmStatements('GetSearchServicesMetadata', { options: { ServiceCategories: ['Backup'] } })).toBe(1);
  });

  it('SearchServicesAutocomplete issues 1 statement', async () => {
    expect(await warmStatements('SearchServicesAutocomplete', { Text: 'sec' })).toBe(1);
  });
});

describe('query budgets: sales quotes (issue 17)', () => {
  interface MarketService {
    ProductName: string;
    IsUserProduct: boolean;
    Fields: { Id: string; Value: string }[];
  }
  let reseller: ApiClient;
  let template: { id: number; services: MarketService[] };
  let customerId: number;
  const lines = (count: number) =>
    Array.from({ length: count }, (_, i) => {
      const s = template.services[i % template.services.length] as MarketService;
      return {
        ProductName: s.ProductName,
        Amount: s.IsUserProduct ? 100 : 1 + (i % 10),
        IsSyncWithUserAmount: s.IsUserProduct,
        Fields: s.Fields.map((f) => ({ FieldName: f.Id, FieldValue: f.Value })),
      };
    });

  beforeAll(async () => {
    reseller = await new ApiClient(t.url).signIn('blueharbor.admin', DEMO_PASSWORD);
    const templates = (await reseller.op('ListSalesQuotesPriceTemplates', {})).body.Items as { Id: number }[];
    for (const list of templates) {
      const res = await reseller.op('LoadCheckedMarketServices', {
        priceList: list.Id,
        serviceNames: DEMO_SERVICES.map((s) => s.name),
      });
      const services = res.body.Services as MarketService[];
      if (!template || services.length > template.services.length) template = { id: list.Id, services };
    }
    customerId = (await reseller.op('ListQuoteCustomers', {})).body.Items[0].AccountId;
  });

  it("LoadCheckedMarketServices of a template's services issues as many statements for all of them as for one (no lookup per service)", async () => {
    const one = await warmStatements(
      'LoadCheckedMarketServices',
      { priceList: template.id, serviceNames: [template.services[0]?.ProductName], customerId },
      reseller,
    );
    const all = await warmStatements(
      'LoadCheckedMarketServices',
      { priceList: template.id, serviceNames: template.services.map((s) => s.ProductName), customerId },
      reseller,
    );

    expect(template.services.length).toBeGreaterThan(20);
    expect(all).toBe(one);
    expect(all).toBe(12);
  });

  it("PriceSalesQuote of 100 lines issues as many statements as of 1 line: 10 for a customer (the template's prices unread), 8 for a prospect", async () => {
    const input = (count: number, customer: number | null) => ({
      PriceTemplateId: template.id,
      CustomerId: customer,
      NumberOfUsers: 100,
      Products: lines(count),
    });

    expect(await warmStatements('PriceSalesQuote', input(1, customerId), reseller)).toBe(10);
    expect(await warmStatements('PriceSalesQuote', input(100, customerId), reseller)).toBe(10);
    expect(await warmStatements('PriceSalesQuote', input(1, null), reseller)).toBe(8);
    expect(await warmStatements('PriceSalesQuote', input(100, null), reseller)).toBe(8);
  });
});
