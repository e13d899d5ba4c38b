import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { addToPriceList, makePriceList, setListPrice } from '../factories/price-lists.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * Decision 0033: the one pricing rule prices a customer's subscription from the price list assigned to it
 * that holds the service (lowest priority first, direct before propagated), falling back to the suggested
 * retail price; the price preview and a recorded order agree, and a later price change never rewrites an order.
 */

let t: TestApp;
let provider: number;
let resellerA: number;
let resellerB: number;
const companies: Record<string, number> = {};
const clients: Record<string, ApiClient> = {};
const SERVICE = 'PL Plain';
let serviceId: number;
let monthlyRule: string;
let setupRule: string;

/** The test's price lists, through the shared factory: the service in them is always SERVICE. */
const priceList = (
  owner: number,
  name: string,
  over: { priority?: number; mode?: 'legacy' | 'dynamic'; propagation?: boolean } = {},
) =>
  makePriceList(t.db, { ownerId: owner, name, priority: over.priority, pricingMode: over.mode, propagation: over.propagation });
const addService = (list: number, status: 'Added' | 'Hidden' = 'Added') => addToPriceList(t.db, list, serviceId, status);
const setPrice = (list: number, ruleId: string, price: string) =>
  setListPrice(t.db, { marketplaceId: list, serviceId, ruleId, currency: 'EUR', price });
const assign = (list: number, accountId: number) =>
  t.db.query('INSERT INTO marketplace_assignments (marketplace_id, account_id) VALUES ($1, $2)', [list, accountId]);

async function subscriptionOf(company: string) {
  const user = await makeUser(t.db, { parentId: companies[company]!, capabilities: [] });
  return insertAccount(t.db, {
    type: 'Product',
    parentId: user.id,
    displayName: `${SERVICE} of ${company}`,
    productName: SERVICE,
    attributes: { 'Product.Quantity': 2 } as never,
  });
}

async function previewTotals(accountId: number) {
  const res = await clients.provider!.op('GetAccountPricePreview', { accountId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { monthly: res.body.Monthly.Total, setup: res.body.Setup.Total };
}

beforeAll(async () => {
  t = await buildTestApp();
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null, currency: 'EUR' });
  resellerA = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR' });
  resellerB = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR' });
  for (const [name, parent] of [
    ['direct', resellerA],
    ['priority', resellerA],
    ['none', resellerA],
    ['hidden', resellerA],
    ['sync', resellerA],
    ['propagated', resellerB],
    ['ordered', resellerA],
    ['excel', resellerA],
  ] as const)
    companies[name] = await makeAccount(t.db, { type: 'Company', parentId: parent, currency: 'EUR' });
  const admin = await makeUser(t.db, {
    parentId: provider,
    capabilities: [
      ...READ_ALL,
      ...SERVICE_TOOL_ALL,
      'BILLING_SHOWPRODUCTPRICE_READ',
      'PRODUCT_ACCOUNT_CREATE',
      'MARKETPLACE_READ',
      'MARKETPLACE_UPDATE',
    ],
  });
  clients.provider = await new ApiClient(t.url).signIn(admin.username);
  await createService(
    t.db,
    clients.provider,
    serviceInput(SERVICE, {
      Descriptions: [{ Type: 'Description', LocalizationLanguageCode: 'en', Title: 'Plain', Content: 'No terms' }],
      BillingRules: [
        {
          ChargeType: 'Monthly',
          Charge: '5',
          LicenceType: 'CORP-SEAT',
          SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '10' }],
        },
        { ChargeType: 'Setup', Charge: '5', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '20' }] },
      ],
    } as never),
  );
  const rules = await t.db.query<{ service_id: number; rule_id: string; charge_type: string }>(
    `SELECT p.service_id, p.rule_id, p.charge_type FROM service_suggested_retail_prices p
     JOIN services s ON s.id = p.service_id WHERE s.service_name = $1`,
    [SERVICE],
  );
  serviceId = rules[0]!.service_id;
  monthlyRule = rules.find((r) => r.charge_type === 'Monthly')!.rule_id;
  setupRule = rules.find((r) => r.charge_type === 'Setup')!.rule_id;
});
afterAll(() => t.close());

describe('pricing from the customer’s price list (decision 0033)', () => {
  it('sells at the assigned list’s own price per fee, and at the SRP where it has none', async () => {
    const list = await priceList(resellerA, 'Direct list');
    await addService(list);
    await setPrice(list, monthlyRule, '8.25');
    await assign(list, companies.direct!);
    const sub = await subscriptionOf('direct');

    expect(await previewTotals(sub)).toEqual({ monthly: '16.5', setup: '40' });
  });

  it('sells at the SRP to a customer without a price list', async () => {
    const sub = await subscriptionOf('none');

    expect(await previewTotals(sub)).toEqual({ monthly: '20', setup: '40' });
  });

  it('takes the list with the lowest priority number when several hold the service', async () => {
    const low = await priceList(resellerA, 'Everyday', { priority: 100 });
    const high = await priceList(resellerA, 'Preferred', { priority: 10 });
    for (const [list, price] of [
      [low, '9'],
      [high, '7'],
    ] as const) {
      await addService(list);
      await setPrice(list, monthlyRule, price);
      await assign(list, companies.priority!);
    }
    const sub = await subscriptionOf('priority');

    expect((await previewTotals(sub)).monthly).toBe('14');
  });

  it('reaches the customers of an assigned reseller only when propagation is on, with the dynamic markup', async () => {
    const list = await priceList(provider, 'Provider dynamic', { mode: 'dynamic', propagation: false });
    await addService(list);
    await t.db.query(
      `INSERT INTO marketplace_pricing_rules (marketplace_id, target_kind, target_value, markup_percent) VALUES ($1, 'Service', $2, 12.5)`,
      [list, String(serviceId)],
    );
    await assign(list, resellerB);
    const sub = await subscriptionOf('propagated');
    const before = await previewTotals(sub);

    await t.db.query('UPDATE marketplaces SET is_propagation_enabled = true WHERE id = $1', [list]);

    expect(before).toEqual({ monthly: '20', setup: '40' });
    expect(await previewTotals(sub)).toEqual({ monthly: '22.5', setup: '45' });
  });

  it('keeps pricing a hidden service’s existing subscriptions from the list', async () => {
    const list = await priceList(resellerA, 'Retiring list');
    await addService(list, 'Hidden');
    await setPrice(list, setupRule, '0');
    await assign(list, companies.hidden!);
    const sub = await subscriptionOf('hidden');

    expect(await previewTotals(sub)).toEqual({ monthly: '20', setup: '0' });
  });

  it('[M4.15] follows the SRP while the list’s auto SRP sync is on', async () => {
    const list = await priceList(resellerA, 'Synced list');
    await addService(list);
    await setPrice(list, monthlyRule, '1');
    await assign(list, companies.sync!);
    const sub = await subscriptionOf('sync');
    const own = await previewTotals(sub);

    await t.db.query('UPDATE marketplaces SET is_auto_srp_sync_enabled = true WHERE id = $1', [list]);

    expect(own.monthly).toBe('2');
    expect((await previewTotals(sub)).monthly).toBe('20');
  });

  it('records an order at the list’s price, and a later price change leaves the recorded order as it was', async () => {
    const list = await priceList(resellerA, 'Order list');
    await addService(list);
    await setPrice(list, monthlyRule, '6');
    await setPrice(list, setupRule, '15');
    await assign(list, companies.ordered!);
    const buyer = await makeUser(t.db, { parentId: companies.ordered!, capabilities: [] });

    const created = await clients.provider!.op('CreateAccount', {
      accountType: 'Product',
      parentId: buyer.id,
      productName: SERVICE,
      views: {
        Default: { Values: { DisplayName: 'Ordered plain' } },
        Product: { Values: { Quantity: '3' } },
        Service: { Values: {} },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await setPrice(list, monthlyRule, '99');

    const [order] = await t.db.query<{ monthly_selling: string; setup_selling: string }>(
      'SELECT monthly_selling::text AS monthly_selling, setup_selling::text AS setup_selling FROM orders WHERE account_id = $1',
      [created.body.AccountId],
    );
    expect(Number(order!.monthly_selling)).toBe(18);
    expect(Number(order!.setup_selling)).toBe(45);
    expect((await previewTotals(created.body.AccountId)).monthly).toBe('297');
  });

  it('follows a price from an Excel upload to the price preview and the order total', async () => {
    const client = clients.provider!;
    const list = await priceList(provider, 'Excel list');
    await addService(list);
    await assign(list, companies.excel!);
    const [{ version } = { version: 1 }] = await t.db.query<{ version: number }>(
      'SELECT version FROM marketplaces WHERE id = $1',
      [list],
    );
    const started = await client.op('ExportMarketplacePricesToExcel', { marketplaceId: list, filter: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await t.app.jobs.runDue();
    const job = await client.op('GetJob', { id: started.body.Id });
    const file = await fetch(`${t.url}${job.body.Result.DownloadUrl}`, { headers: { cookie: client.cookie ?? '' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const col = (name: string) => headers.indexOf(name) + 1;
    sheet.eachRow((row, n) => {
      if (n > 1 && row.getCell(col('Currency')).value === 'EUR' && String(row.getCell(col('Fee')).value).includes('Monthly'))
        row.getCell(col('Custom price')).value = '7.40';
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), 'prices.xlsx');
    const uploaded = await (
      await fetch(`${t.url}/keeper/upload`, { method: 'POST', body: form, headers: { cookie: client.cookie ?? '' } })
    ).json();
    const preview = await client.op('GetUpdatedMarketplacePricesFromExcel', { fileUrl: uploaded.data.path, marketplaceId: list });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const saved = await client.op('UpdateMarketplaceServiceCharges', {
      marketplaceId: list,
      version: preview.body.Version ?? version,
      chargeItems: preview.body.Changes.map((ch: Record<string, unknown>) => ({
        ServiceId: ch.ServiceId,
        PriceableItem: ch.PriceableItem,
        Currency: ch.Currency,
        CustomPrice: ch.CustomPrice,
      })),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const buyer = await makeUser(t.db, { parentId: companies.excel!, capabilities: [] });

    const created = await client.op('CreateAccount', {
      accountType: 'Product',
      parentId: buyer.id,
      productName: SERVICE,
      views: {
        Default: { Values: { DisplayName: 'From Excel' } },
        Product: { Values: { Quantity: '4' } },
        Service: { Values: {} },
      },
    });

    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await previewTotals(created.body.AccountId)).toEqual({ monthly: '29.6', setup: '80' });
    const [order] = await t.db.query<{ monthly_selling: string }>(
      'SELECT monthly_selling::text AS monthly_selling FROM orders WHERE account_id = $1',
      [created.body.AccountId],
    );
    expect(Number(order!.monthly_selling)).toBe(29.6);
  });

  it('adds a service that becomes Active to the lists that add new services automatically, and to no other', async () => {
    const auto = await priceList(provider, 'Auto provider list', { propagation: true });
    const manual = await priceList(provider, 'Manual provider list');
    const resellerAuto = await priceList(resellerA, 'Auto reseller list');
    const otherResellerAuto = await priceList(resellerB, 'Auto list of the other reseller');
    await t.db.query('UPDATE marketplaces SET is_auto_add_enabled = true WHERE id = ANY($1::int[])', [
      [auto, resellerAuto, otherResellerAuto],
    ]);
    await assign(auto, resellerA);

    const created = await clients.provider!.op('CreateService', serviceInput('PL Auto Added'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await t.app.jobs.runDue();

    const rows = await t.db.query<{ marketplace_id: number; status: string }>(
      `SELECT ms.marketplace_id, ms.status FROM marketplace_services ms JOIN services s ON s.id = ms.service_id
       WHERE s.service_name = 'PL Auto Added' ORDER BY ms.marketplace_id`,
    );
    expect(rows).toEqual([auto, resellerAuto].sort((a, b) => a - b).map((id) => ({ marketplace_id: id, status: 'Added' })));
    expect(rows.map((r) => r.marketplace_id)).not.toContain(manual);
    expect(rows.map((r) => r.marketplace_id)).not.toContain(otherResellerAuto);
  });
});
