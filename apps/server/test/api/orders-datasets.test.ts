import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { recordOrder } from '../../src/domains/orders/index.js';
import { lastMonths } from '../../src/domains/orders/orders.rules.js';
import { DEMO_ORDERS_REPORT_ID, DEMO_WORKGROUP_ID, seedDemoReports } from '../../src/domains/reports/index.js';
import { DomainError } from '../../src/platform/errors/domain-error.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * The orders record and the orders and revenue datasets of the embedded reports, through the real
 * server: totals priced by the pricing rule [M5.8], the credit-limit status [M4.23], and the tenant
 * scope of the embed token (a reseller, another reseller, a company user, a token limited to an account).
 */

const SERVICE = 'Orders Test Seats';
let t: TestApp;
const ids: Record<string, number> = {};
const clients: Record<string, ApiClient> = {};
const months = lastMonths(new Date());
const monthAgo = (n: number, day = 10) => {
  const m = months[months.length - 1 - n]?.start as Date;
  return new Date(m.getTime() + (day - 1) * 86_400_000 + 9 * 3_600_000);
};

async function product(parentId: number, seats: number | null, name: string) {
  return insertAccount(t.db, {
    type: 'Product',
    parentId,
    displayName: name,
    productName: SERVICE,
    attributes: { 'Product.Quantity': 1, ...(seats === null ? {} : { 'Service.Seats': seats }) },
  });
}

const tokenPath = (accountId?: number) =>
  `/api/powerbi/workgroups/${DEMO_WORKGROUP_ID}/reports/${DEMO_ORDERS_REPORT_ID}${accountId === undefined ? '' : `/accounts/${accountId}`}/token`;

async function datasets(who: string, accountId?: number) {
  const client = clients[who] as ApiClient;
  const token = await fetch(`${t.url}${tokenPath(accountId)}`, { headers: client.cookie ? { cookie: client.cookie } : {} });
  if (token.status !== 200) return { status: token.status, body: await token.json() };
  const { embedToken } = (await token.json()) as { embedToken: string };
  const res = await fetch(`${t.url}/api/embed/data?reportId=${DEMO_ORDERS_REPORT_ID}&groupId=${DEMO_WORKGROUP_ID}`, {
    headers: { authorization: `Bearer ${embedToken}` },
  });
  return { status: res.status, body: await res.json() };
}

const numbers = (rows: { Number: string }[]) => rows.map((r) => r.Number).sort();

beforeAll(async () => {
  t = await buildTestApp();
  ids.P = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'P', currency: 'EUR' });
  ids.R1 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R1', currency: 'EUR' });
  ids.R2 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R2', currency: 'USD' });
  ids.C1 = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'C1', currency: 'EUR' });
  ids.C2 = await makeAccount(t.db, { type: 'Company', parentId: ids.R2, displayName: 'C2', currency: 'USD' });
  ids.D1 = await makeAccount(t.db, { type: 'Department', parentId: ids.C1, displayName: 'D1' });
  // The orders and revenue datasets need what the Orders page needs (ListOrders).
  const READ_ORDERS = [...READ_ALL, 'CREDITCHECK_COMPANYORDERS_READ'];
  const provider = await makeUser(t.db, { parentId: ids.P, capabilities: [...READ_ORDERS, ...SERVICE_TOOL_ALL] });
  const r1 = await makeUser(t.db, { parentId: ids.R1, capabilities: READ_ORDERS });
  const r2 = await makeUser(t.db, { parentId: ids.R2, capabilities: READ_ORDERS });
  const c1 = await makeUser(t.db, { parentId: ids.C1, capabilities: READ_ORDERS });
  ids.C1User = c1.id;
  for (const [name, user] of Object.entries({ provider, r1, r2, c1 }))
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  await seedDemoReports(t.db);
  await createService(
    t.db,
    clients.provider as ApiClient,
    serviceInput(SERVICE, {
      BillingRules: [
        {
          Id: null,
          ChargeType: 'Monthly',
          Charge: '4.5',
          LicenceType: 'CORP-SEAT',
          UdrcField: '__gen__seats',
          SuggestedRetailPrices: [
            { Currency: 'EUR', Charge: '6.00' },
            { Currency: 'USD', Charge: '6.50' },
          ],
        },
        {
          ChargeType: 'Setup',
          Charge: '10',
          SuggestedRetailPrices: [
            { Currency: 'EUR', Charge: '20' },
            { Currency: 'USD', Charge: '22' },
          ],
        },
      ],
    }),
  );
  // C1 may owe at most 50 EUR.
  await t.db.query(
    `INSERT INTO credit_limit_records (account_id, credit_limit, is_locked, previous_is_locked, comment, currency, created_by, created_at)
     VALUES ($1, 50, false, false, 'test limit', 'EUR', $2, now())`,
    [ids.C1, c1.id],
  );
  ids.S1 = await product(c1.id, 3, 'Seats for C1');
  ids.S2 = await product(ids.D1, 10, 'Many seats for D1');
  ids.S3 = await product(ids.C2, 2, 'Seats for C2');
  ids.S4 = await product(ids.C1, null, 'Unconfigured');
});
afterAll(async () => {
  await t?.close();
});

describe('recording an order', () => {
  it('[M5.8] [M3.20] stores the totals at order time priced from the fees, the quantity and the customer currency', async () => {
    const order = await recordOrder(t.db, { accountId: ids.S1 as number, placedBy: ids.C1User as number, placedAt: monthAgo(2) });

    expect(order).toMatchObject({
      orderNumber: expect.stringMatching(/^ORD-\d{6}$/),
      accountId: ids.S1,
      companyId: ids.C1,
      resellerId: ids.R1,
      serviceName: SERVICE,
      serviceDisplayName: SERVICE,
      quantity: 1,
      currency: 'EUR',
      monthlySelling: '18',
      setupSelling: '20',
      purchaseCurrency: 'EUR',
      monthlyPurchase: '13.5',
      setupPurchase: '10',
      status: 'Completed',
      placedBy: ids.C1User,
    });
  });

  it('[M4.23] puts an order above the company credit limit under review', async () => {
    const order = await recordOrder(t.db, { accountId: ids.S2 as number, placedBy: null, placedAt: monthAgo(1) });

    // 10 seats x 6.00 + 20 setup = 80 EUR, above the limit of 50.
    expect(order.status).toBe('UnderReview');
    expect(order.monthlySelling).toBe('60');
  });

  it('[M5.8] refuses a subscription whose per-unit field holds no value, naming the field', async () => {
    const error = await recordOrder(t.db, { accountId: ids.S4 as number, placedBy: null, placedAt: new Date() }).catch((e) => e);

    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual([{ field: 'Service.Seats', message: 'Error in product configuration missing udrc test field' }]);
  });

  it('refuses an account that is not a Product account, naming accountId', async () => {
    const error = await recordOrder(t.db, { accountId: ids.C1 as number, placedBy: null, placedAt: new Date() }).catch((e) => e);

    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields[0].field).toBe('accountId');
  });
});

describe('orders and revenue datasets', () => {
  beforeAll(async () => {
    const order = await recordOrder(t.db, { accountId: ids.S3 as number, placedBy: null, placedAt: monthAgo(4) });
    ids.O3 = order.id;
    // S3 was terminated in the middle of last month.
    await t.db.query("UPDATE accounts SET state = 'Terminated', termination_date = $2 WHERE id = $1", [ids.S3, monthAgo(1, 15)]);
  });

  it('lists one row per order with company, reseller, service, status, day, month, totals and a link to the subscription', async () => {
    const data = await datasets('provider');

    expect(data.status).toBe(200);
    expect(data.body.report.name).toBe('Orders and revenue');
    const s2 = data.body.datasets.orders.find((o: { Link: string }) => o.Link === `/#/Account/View/${ids.S2}`);
    expect(s2).toEqual({
      Number: expect.stringMatching(/^ORD-\d{6}$/),
      Company: 'C1',
      Reseller: 'R1',
      Service: SERVICE,
      Status: 'Under review',
      Kind: 'New',
      Day: monthAgo(1).toISOString().slice(0, 10),
      Month: months[10]?.key,
      Quantity: 1,
      Currency: 'EUR',
      MonthlyTotal: 60,
      SetupTotal: 20,
      Link: `/#/Account/View/${ids.S2}`,
    });
    expect(data.body.datasets.orders).toHaveLength(3);
  });

  it('binds orders to the token scope: a reseller sees its own, another reseller its own, a company user its company', async () => {
    const all = numbers((await datasets('provider')).body.datasets.orders);
    const r1 = (await datasets('r1')).body.datasets.orders;
    const r2 = (await datasets('r2')).body.datasets.orders;
    const c1 = (await datasets('c1')).body.datasets.orders;

    expect(r1.map((o: { Company: string }) => o.Company)).toEqual(['C1', 'C1']);
    expect(r2.map((o: { Company: string; Currency: string }) => [o.Company, o.Currency])).toEqual([['C2', 'USD']]);
    expect(numbers(c1)).toEqual(numbers(r1));
    expect([...numbers(r1), ...numbers(r2)].sort()).toEqual(all);
  });

  it('limits a token asked for one account to that account: the department holds one order', async () => {
    const data = await datasets('r1', ids.D1);

    expect(data.body.datasets.orders.map((o: { Link: string }) => o.Link)).toEqual([`/#/Account/View/${ids.S2}`]);
    expect(data.body.scope.accountId).toBe(ids.D1);
  });

  it('refuses a token for an account of another reseller with the same 404 as a missing one', async () => {
    const foreign = await datasets('r1', ids.C2);
    const missing = await datasets('r1', 999_999);

    expect(foreign.status).toBe(404);
    expect({ ...foreign.body, requestId: null }).toEqual({ ...missing.body, requestId: null });
  });

  it('[M5.8] gives the monthly recurring revenue of the last 12 months: completed orders only, from the month placed', async () => {
    const r1 = (await datasets('r1')).body.datasets.revenue;

    // S1 (18 EUR a month) was placed 2 months ago; S2 is under review and makes no revenue yet.
    expect(r1).toEqual(
      [months[9], months[10], months[11]].map((m, i) => ({
        Month: m?.key,
        Company: 'C1',
        Reseller: 'R1',
        Service: SERVICE,
        Currency: 'EUR',
        Amount: 18,
        ThisMonthAmount: i === 2 ? 18 : 0,
        Subscriptions: 1,
      })),
    );
  });

  it('names the 12 months the revenue ranges over, oldest first, so a chart draws a month without revenue as a zero (decision 0083)', async () => {
    const data = (await datasets('r1')).body;

    expect(data.categories).toEqual({ revenue: { Month: months.map((m) => m.key) } });
    expect(months).toHaveLength(12);
    // R1 had revenue in three of them only.
    expect(new Set(data.datasets.revenue.map((r: { Month: string }) => r.Month)).size).toBe(3);
  });

  it('counts a terminated subscription up to the month it was terminated in, in its own currency', async () => {
    const r2 = (await datasets('r2')).body.datasets.revenue;

    expect(r2.map((r: { Month: string }) => r.Month)).toEqual([months[7]?.key, months[8]?.key, months[9]?.key, months[10]?.key]);
    expect(new Set(r2.map((r: { Currency: string; Amount: number }) => `${r.Amount} ${r.Currency}`))).toEqual(
      new Set(['13 USD']),
    );
  });

  it('never adds currencies together and never shows one organisation the revenue of another', async () => {
    const all = (await datasets('provider')).body.datasets.revenue;
    const c1 = (await datasets('c1')).body.datasets.revenue;

    expect(new Set(all.map((r: { Currency: string }) => r.Currency))).toEqual(new Set(['EUR', 'USD']));
    expect(
      all.filter((r: { Company: string }) => r.Company === 'C2').every((r: { Currency: string }) => r.Currency === 'USD'),
    ).toBe(true);
    expect(new Set(c1.map((r: { Company: string }) => r.Company))).toEqual(new Set(['C1']));
  });
});
