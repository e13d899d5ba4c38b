import { previousMonthEnd } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as runs from '../../src/domains/reports/server-reports.repository.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { addToPriceList, makePriceList, setListPrice } from '../factories/price-lists.js';

/**
 * Server-run reports (decision 0056): each report's totals against a direct SQL count or sum over the caller's
 * subtree, the kept run, refresh, paging and sorting, bad parameters, failures, the average time, the export.
 */
let t: TestApp;
const ids: Record<string, number> = {};
const clients: Record<string, ApiClient> = {};
const NOW = new Date();
const today = NOW.toISOString().slice(0, 10);
const ORDERS = ['CREDITCHECK_COMPANYORDERS_READ'];
const EVERYTHING = [
  'ORDER_MANAGEMENT_READ',
  'PRODUCT_ACCOUNT_READ',
  'FIELDS_CREDITLIMIT_READ',
  'PROVISIONING_REQUEST_READ',
  'MARKETPLACE_READ',
  'DISCOUNT_TOOL_READ',
  'SPECIAL_DEAL_EXECUTE',
];

const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

async function product(parentId: number, name: string, state = 'Active') {
  const id = await makeAccount(t.db, { type: 'Product', parentId, displayName: `${name} sub` });
  await t.db.query('UPDATE accounts SET product_name = $2, state = $3 WHERE id = $1', [id, name, state]);
  return id;
}

async function order(p: {
  accountId: number;
  companyId: number;
  status?: string;
  currency?: string;
  monthly?: string | null;
  setup?: string | null;
  placedAt?: Date;
  service?: string;
}) {
  await t.db.query(
    `INSERT INTO orders (account_id, company_id, service_name, service_display_name, quantity, currency, monthly_selling,
                         setup_selling, purchase_currency, monthly_purchase, setup_purchase, status, placed_at)
     VALUES ($1, $2, $3, $3, 2, $4, $5, $6, 'EUR', 1, 0, $7, $8)`,
    [
      p.accountId,
      p.companyId,
      p.service ?? 'Backup',
      p.currency ?? 'EUR',
      p.monthly === undefined ? '10.10' : p.monthly,
      p.setup === undefined ? '0.05' : p.setup,
      p.status ?? 'Completed',
      p.placedAt ?? daysAgo(3),
    ],
  );
}

async function runDue() {
  await t.app.jobs.runDue({});
}

/** Executes a report and runs its job; answers the loaded result's first page. */
async function run(client: ApiClient, name: string, parameters: Record<string, string> = {}, pageSize = 100) {
  const exec = await client.op('ExecuteReport', { name, parameters, flag: true });
  expect(exec.status, JSON.stringify(exec.body)).toBe(200);
  await runDue();
  const res = await client.op('GetReportResult', { name, pageSize });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const column = (body: { Columns: { CellName: string }[]; Rows: unknown[][] }, name: string) => {
  const i = body.Columns.findIndex((c) => c.CellName === name);
  return body.Rows.map((r) => r[i]);
};

beforeAll(async () => {
  t = await buildTestApp();
  ids.P = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'P' });
  ids.R1 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R1' });
  ids.R2 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R2' });
  ids.C1 = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'C1' });
  ids.C1b = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'C1b' });
  ids.C2 = await makeAccount(t.db, { type: 'Company', parentId: ids.R2, displayName: 'C2' });
  ids.V = await makeAccount(t.db, { type: 'Company', parentId: ids.P, displayName: 'Vendor V' });
  const [svc] = await t.db.query<{ id: number }>(
    `INSERT INTO services (service_name, display_name, owner_account_id, state, definition)
     VALUES ('Backup', 'Cloud Backup', $1, 'Active', $2) RETURNING id`,
    [
      ids.V,
      JSON.stringify({
        BillingRules: [
          {
            Id: 'r1',
            ChargeType: 'Monthly',
            Charge: '4.5',
            SuggestedRetailPrices: [
              { Currency: 'EUR', Charge: '6.00' },
              { Currency: 'USD', Charge: '7.00' },
              { Currency: 'GBP', Charge: '5.00' },
            ],
          },
        ],
      }),
    ],
  );
  ids.S = svc?.id as number;

  ids.P1 = await product(ids.C1, 'Backup');
  ids.P1b = await product(ids.C1b, 'Backup', 'Suspended');
  ids.P1c = await product(ids.C1, 'Mail');
  ids.P2 = await product(ids.C2, 'Backup');
  await order({ accountId: ids.P1, companyId: ids.C1, monthly: '10.10', setup: '0.05' });
  await order({ accountId: ids.P1, companyId: ids.C1, monthly: '0.20', setup: null, placedAt: daysAgo(40) });
  await order({ accountId: ids.P1b, companyId: ids.C1b, status: 'UnderReview', monthly: '100.000001', setup: '5' });
  await order({ accountId: ids.P1c, companyId: ids.C1, currency: 'USD', monthly: '7', setup: '1', service: 'Mail' });
  await order({ accountId: ids.P1c, companyId: ids.C1, status: 'Canceled', monthly: '999', setup: '0' });
  await order({ accountId: ids.P2, companyId: ids.C2, monthly: '55.5', setup: '0' });
  await order({ accountId: ids.P2, companyId: ids.C2, status: 'UnderReview', monthly: '1', setup: '1' });
  await order({ accountId: ids.P1, companyId: ids.C1, placedAt: daysAgo(800) });

  for (const [key, parentId, caps] of [
    ['provider', ids.P, EVERYTHING],
    ['r1', ids.R1, EVERYTHING],
    ['r1orders', ids.R1, ORDERS],
    ['r2', ids.R2, EVERYTHING],
    ['c1', ids.C1, EVERYTHING],
    ['bare', ids.R1, []],
  ] as const) {
    const user = await makeUser(t.db, { parentId: parentId as number, capabilities: [...caps] });
    clients[key] = await new ApiClient(t.url).signIn(user.username);
  }
  // Credit limits: C1b 100 EUR (its order under review is over it), R2's C2 locked at 50.
  const author = (await t.db.query<{ id: number }>('SELECT id FROM accounts WHERE account_type = $1 LIMIT 1', ['User']))[0]?.id;
  for (const [account, limit, locked] of [
    [ids.C1b, '100.00', false],
    [ids.C2, '50.00', true],
  ] as const) {
    await t.db.query(
      `INSERT INTO credit_limit_records (account_id, credit_limit, is_locked, previous_is_locked, comment, created_by)
       VALUES ($1, $2, $3, false, 'set', $4)`,
      [account, limit, locked, author],
    );
  }
  for (const [account, status, at] of [
    [ids.P1, 'Error', daysAgo(2)],
    [ids.P1b, 'Escalated', daysAgo(1)],
    [ids.P1, 'Done', daysAgo(1)],
    [ids.P2, 'Error', daysAgo(1)],
  ] as const) {
    await t.db.query(
      `INSERT INTO provisioning_requests (account_id, product_name, action, method, status, attempts, last_error, created_at)
       VALUES ($1, 'Backup', 'CREATE', 'Http', $2, 3, 'vendor said no', $3)`,
      [account, status, at],
    );
  }
  // A discount given by R1 to C1 and by R2 to C2; a special deal on C1's subscription.
  for (const [target, seller] of [
    [ids.C1, ids.R1],
    [ids.C2, ids.R2],
  ] as const) {
    await t.db.query(
      `INSERT INTO discounts (target_account_id, seller_account_id, service_id, percent_mode, effective_start, status, version,
                              created_at, updated_at)
       VALUES ($1, $2, $3, true, $4, 'Active', 1, $4, $4)`,
      [target, seller, ids.S, daysAgo(10)],
    );
  }
  await t.db.query(
    `INSERT INTO special_deals (product_account_id, seller_account_id, buyer_account_id, percent_mode, status, version,
                                created_at, updated_at)
     VALUES ($1, $2, $3, false, 'Active', 1, $4, $4)`,
    [ids.P1, ids.R1, ids.C1, daysAgo(5)],
  );
  // Price lists: R1's own list sells the service at 7.25 EUR; R2's at the SRP.
  const l1 = await makePriceList(t.db, { ownerId: ids.R1, name: 'R1 list' });
  await addToPriceList(t.db, l1, ids.S);
  await setListPrice(t.db, { marketplaceId: l1, serviceId: ids.S, ruleId: 'r1', currency: 'EUR', price: '7.25' });
  // The provider's month-end rate for USD (none for GBP): the margins of a USD fee are converted with it.
  await t.db.query(
    `INSERT INTO exchange_rates (provider_id, currency, rate, effective_on, updated_at) VALUES ($1, 'USD', '1.08', $2::date, now())`,
    [ids.P, previousMonthEnd(new Date())],
  );
  const l2 = await makePriceList(t.db, { ownerId: ids.R2, name: 'R2 list' });
  await addToPriceList(t.db, l2, ids.S);
});
afterAll(() => t.close());

/** The direct SQL of an aggregate over a subtree (the orders of subscriptions whose path starts with the root's). */
async function sqlOrders(root: number, where: string): Promise<{ n: number; total: string }> {
  const [row] = await t.db.query<{ n: number; total: string }>(
    `SELECT count(*)::int AS n, COALESCE(sum(COALESCE(o.monthly_selling, 0) + COALESCE(o.setup_selling, 0)), 0)::text AS total
       FROM orders o JOIN accounts p ON p.id = o.account_id
      WHERE starts_with(p.path, (SELECT path FROM accounts WHERE id = $1)) AND ${where}`,
    [root],
  );
  return row as { n: number; total: string };
}

const sumDecimals = (values: unknown[]) => values.reduce<bigint>((s, v) => s + BigInt(Math.round(Number(v) * 1e6)), 0n);
const asMicro = (v: string) => BigInt(Math.round(Number(v) * 1e6));

describe('the catalogue of server reports [M3.23] [M7.22]', () => {
  it('[M3.23] [M2.51] lists the server reports the caller may run, with parameters, chart types and status', async () => {
    const res = await clients.r1!.op('ListReports');
    expect(res.status).toBe(200);
    const server = res.body.Reports.filter((r: { kind: string }) => r.kind === 'Server');
    expect(server.map((r: { reportName: string }) => r.reportName)).toEqual([
      'Credit Exposure',
      'Provisioning Failures and Escalations',
      'Discounts and Special Deals',
      'Price List Margins',
      'Orders by Date',
      'Orders by Status',
      'Revenue by Month',
      'Subscriptions by Service and Vendor',
    ]);
    const revenue = server.find((r: { reportName: string }) => r.reportName === 'Revenue by Month');
    expect(revenue).toMatchObject({
      reportGroup: 'Sales',
      reportLink: 'RevenueByMonth',
      reportExecutionTime: 50_000,
      hasParameters: true,
      status: 'default',
      chartTypes: ['Column', 'Line', 'Area', 'Pie'],
    });
    expect(revenue.parameters.map((p: { Name: string; DisplayTemplate: string }) => [p.Name, p.DisplayTemplate])).toEqual([
      ['From', 'Date'],
      ['To', 'Date'],
    ]);
    expect(revenue.parameters[1].Default).toBe(today);
  });

  it('lists only the reports whose data the caller may read (the capability of the operations reading it)', async () => {
    const orders = (await clients.r1orders!.op('ListReports')).body.Reports.filter((r: { kind: string }) => r.kind === 'Server');
    expect(orders.map((r: { reportName: string }) => r.reportName)).toEqual([
      'Orders by Date',
      'Orders by Status',
      'Revenue by Month',
    ]);
    const bare = (await clients.bare!.op('ListReports')).body.Reports.filter((r: { kind: string }) => r.kind === 'Server');
    expect(bare).toEqual([]);
  });

  it('refuses to run, read or export a report whose data the caller may not read (403)', async () => {
    for (const [op, input] of [
      ['ExecuteReport', { name: 'CreditExposure' }],
      ['GetReportResult', { name: 'CreditExposure' }],
      ['ExportReport', { name: 'CreditExposure' }],
    ] as const) {
      const res = await clients.r1orders!.op(op, input);
      expect(res.status, op).toBe(403);
    }
    expect((await new ApiClient(t.url).op('GetReportResult', { name: 'CreditExposure' })).status).toBe(401);
  });
});

describe('[M2.52] the most used reports', () => {
  it('[M2.52] counts the runs of server reports beside the analytics ones, for the user who ran them', async () => {
    const user = await makeUser(t.db, { parentId: ids.R1 as number, capabilities: EVERYTHING });
    const client = await new ApiClient(t.url).signIn(user.username);
    await client.op('ExecuteReport', { name: 'CreditExposure' });
    await client.op('ExecuteReport', { name: 'CreditExposure' });
    await client.op('ExecuteReport', { name: 'OrdersByStatus' });
    const res = await client.op('GetFrequentReports');
    expect(res.status).toBe(200);
    expect(res.body.Reports.map((r: { reportName: string; kind: string }) => [r.reportName, r.kind])).toEqual([
      ['Credit Exposure', 'Server'],
      ['Orders by Status', 'Server'],
    ]);
    // A role taken away: the report leaves the list at once.
    await t.db.query(
      "DELETE FROM role_capabilities WHERE capability = 'FIELDS_CREDITLIMIT_READ' AND role_id IN (SELECT role_id FROM user_roles WHERE user_id = $1)",
      [user.id],
    );
    const after = await new ApiClient(t.url).signIn(user.username);
    expect((await after.op('GetFrequentReports')).body.Reports.map((r: { reportName: string }) => r.reportName)).toEqual([
      'Orders by Status',
    ]);
  });
});

describe('each report counts the caller’s subtree only', () => {
  const all = { From: '2000-01-01', To: today };

  it('[M3.23] revenue by month and currency: exact sums equal to SQL over the subtree, canceled left out', async () => {
    const body = await run(clients.r1!, 'RevenueByMonth', all);
    expect(body.Columns.map((c: { CellName: string; CellType: string }) => `${c.CellName}:${c.CellType}`)).toEqual([
      'Month:String',
      'Currency:String',
      'Orders:Int32',
      'MonthlyTotal:Decimal',
      'SetupTotal:Decimal',
      'Total:Decimal',
    ]);
    const eur = await sqlOrders(ids.R1 as number, "o.status <> 'Canceled' AND o.currency = 'EUR'");
    const rows = body.Rows.filter((r: unknown[]) => r[1] === 'EUR');
    expect(rows.reduce((s: number, r: unknown[]) => s + (r[2] as number), 0)).toBe(eur.n);
    expect(sumDecimals(rows.map((r: unknown[]) => r[5]))).toBe(asMicro(eur.total));
    // Money stays exact: this month's EUR orders are 10.10 + 0.05 and 100.000001 + 5 (under review, not canceled).
    const month = daysAgo(3).toISOString().slice(0, 7);
    expect(body.Rows.find((r: unknown[]) => r[0] === month && r[1] === 'EUR')).toEqual([
      month,
      'EUR',
      2,
      '110.100001',
      '5.05',
      '115.150001',
    ]);
    expect(body.Chart.Series.map((s: { Name: string }) => s.Name).sort()).toEqual(['EUR', 'USD']);
    // R2 sees only its own: 55.5 + 2 over its subtree.
    const r2 = await run(clients.r2!, 'RevenueByMonth', all);
    const r2sql = await sqlOrders(ids.R2 as number, "o.status <> 'Canceled'");
    expect(sumDecimals(r2.Rows.map((r: unknown[]) => r[5]))).toBe(asMicro(r2sql.total));
    expect(r2.Rows.reduce((s: number, r: unknown[]) => s + (r[2] as number), 0)).toBe(2);
  });

  it('orders by status: counts equal to SQL, never another reseller’s', async () => {
    const body = await run(clients.r1!, 'OrdersByStatus', all);
    for (const status of ['Completed', 'UnderReview', 'Canceled']) {
      const sql = await sqlOrders(ids.R1 as number, `o.status = '${status}'`);
      const row = body.Rows.find((r: unknown[]) => r[0] === status);
      expect(row?.[1] ?? 0, status).toBe(sql.n);
    }
    const c1 = await run(clients.c1!, 'OrdersByStatus', all);
    const c1sql = await sqlOrders(ids.C1 as number, 'true');
    expect(c1.Rows.reduce((s: number, r: unknown[]) => s + (r[1] as number), 0)).toBe(c1sql.n);
  });

  it('orders by date: every order of the period, newest first, with the month chart over all of them', async () => {
    const body = await run(clients.r1!, 'OrdersByDate', all);
    const sql = await sqlOrders(ids.R1 as number, 'true');
    expect(body.Run.TotalRows).toBe(sql.n);
    expect(new Set(column(body, 'Company'))).toEqual(new Set(['C1', 'C1b']));
    const placed = column(body, 'PlacedOn') as string[];
    expect(placed).toEqual([...placed].sort().reverse());
    const chartTotal = body.Chart.Series[0].Values.reduce((a: number, b: number) => a + b, 0);
    expect(chartTotal).toBe(sql.n);
    expect(body.Chart.CategoryName).toBe('Month');
    const period = await run(clients.r1!, 'OrdersByDate', { From: daysAgo(60).toISOString().slice(0, 10), To: today });
    expect(period.Run.TotalRows).toBe(
      (await sqlOrders(ids.R1 as number, `o.placed_at >= '${daysAgo(60).toISOString().slice(0, 10)}'`)).n,
    );
    const completed = await run(clients.r1!, 'OrdersByDate', { ...all, Status: 'Completed' });
    expect(new Set(column(completed, 'Status'))).toEqual(new Set(['Completed']));
  });

  it('subscriptions by service and vendor: counts by state equal to SQL over the subtree, with the vendor', async () => {
    const body = await run(clients.r1!, 'SubscriptionsByServiceAndVendor');
    const [sql] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM accounts WHERE account_type = 'Product'
          AND starts_with(path, (SELECT path FROM accounts WHERE id = $1))`,
      [ids.R1],
    );
    expect(sumDecimals(column(body, 'Total'))).toBe(BigInt(sql?.n ?? -1) * 1_000_000n);
    const backup = body.Rows.find((r: unknown[]) => r[1] === 'Cloud Backup');
    expect(backup).toEqual(['Vendor V', 'Cloud Backup', 1, 1, 0, 2]);
    const active = await run(clients.r1!, 'SubscriptionsByServiceAndVendor', { State: 'Suspended' });
    expect(active.Rows).toEqual([['Vendor V', 'Cloud Backup', 0, 1, 0, 1]]);
  });

  it('credit exposure: the limit beside the first invoices under review, per organisation of the subtree', async () => {
    const body = await run(clients.r1!, 'CreditExposure');
    expect(body.Rows).toEqual([['C1b', 'Company', 'EUR', '100.00', 'No', 1, '105.000001']]);
    const r2 = await run(clients.r2!, 'CreditExposure');
    expect(r2.Rows).toEqual([['C2', 'Company', 'EUR', '50.00', 'Yes', 1, '2']]);
  });

  it('provisioning failures and escalations of the period, in the subtree', async () => {
    const body = await run(clients.r1!, 'ProvisioningFailuresAndEscalations', all);
    expect(column(body, 'Status')).toEqual(['Escalated', 'Error']);
    expect(column(body, 'LastError')).toEqual(['vendor said no', 'vendor said no']);
    const [sql] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM provisioning_requests r JOIN accounts p ON p.id = r.account_id
        WHERE r.status IN ('Error', 'Escalated') AND starts_with(p.path, (SELECT path FROM accounts WHERE id = $1))`,
      [ids.R2],
    );
    expect((await run(clients.r2!, 'ProvisioningFailuresAndEscalations', all)).Run.TotalRows).toBe(sql?.n);
  });

  it('price list margins: own price (else the SRP) minus the purchase price, exact, for the lists owned in scope', async () => {
    const body = await run(clients.r1!, 'PriceListMargins', { Currency: 'EUR' });
    expect(body.Rows).toEqual([
      ['R1 list', 'Cloud Backup', expect.any(String), 'EUR', '7.25', '6.00', '4.5', 'EUR', '2.75', '37.93', '4.5', null],
    ]);
    const r2 = await run(clients.r2!, 'PriceListMargins', { Currency: 'eur' });
    expect(r2.Rows).toEqual([
      ['R2 list', 'Cloud Backup', expect.any(String), 'EUR', '6.00', '6.00', '4.5', 'EUR', '1.5', '25', '4.5', null],
    ]);
  });

  it("price list margins of a fee in another currency than the vendor's: converted at the provider's month-end rate, unknown without one", async () => {
    const body = await run(clients.r1!, 'PriceListMargins');
    const monthEnd = previousMonthEnd(new Date());
    const byCurrency = Object.fromEntries(body.Rows.map((r: unknown[]) => [r[3], r]));
    expect(Object.keys(byCurrency).sort()).toEqual(['EUR', 'GBP', 'USD']);
    // 4.5 EUR x 1.08 = 4.86 USD; 7.00 - 4.86 = 2.14, 30.57 % of 7.00.
    expect(byCurrency.USD).toEqual([
      'R1 list',
      'Cloud Backup',
      expect.any(String),
      'USD',
      '7.00',
      '7.00',
      '4.5',
      'EUR',
      '2.14',
      '30.57',
      '4.86',
      monthEnd,
    ]);
    // No GBP rate: the purchase price is not converted and the margin is not guessed.
    expect(byCurrency.GBP).toEqual([
      'R1 list',
      'Cloud Backup',
      expect.any(String),
      'GBP',
      '5.00',
      '5.00',
      '4.5',
      'EUR',
      null,
      null,
      null,
      null,
    ]);
    expect(body.Columns.map((c: { CellName: string }) => c.CellName).slice(-2)).toEqual(['PurchasePriceInCurrency', 'RateOf']);
  });

  it('discounts and special deals in force on a day, in the subtree, each part only with its capability', async () => {
    const body = await run(clients.r1!, 'DiscountsAndSpecialDeals', { On: today });
    expect(body.Rows.map((r: unknown[]) => [r[0], r[1], r[2]])).toEqual([
      ['Discount', 'C1', 'R1'],
      ['Special deal', 'C1', 'R1'],
    ]);
    const before = await run(clients.r1!, 'DiscountsAndSpecialDeals', { On: daysAgo(30).toISOString().slice(0, 10) });
    expect(before.Rows).toEqual([]);
    const discountsOnly = await makeUser(t.db, { parentId: ids.R1 as number, capabilities: ['DISCOUNT_TOOL_READ'] });
    const client = await new ApiClient(t.url).signIn(discountsOnly.username);
    const mine = await run(client, 'DiscountsAndSpecialDeals', { On: today });
    expect(mine.Rows.map((r: unknown[]) => r[0])).toEqual(['Discount']);
  });
});

describe('the kept run [M4.24] [M2.53]', () => {
  it('[M4.24] queues a run (loading), then answers it loaded; the same parameters answer the kept run', async () => {
    const client = clients.provider!;
    const average = (await client.op('ListReports')).body.Reports.find(
      (r: { reportLink: string }) => r.reportLink === 'OrdersByDate',
    ).reportExecutionTime;
    const first = await client.op('ExecuteReport', { name: 'OrdersByDate', parameters: { From: '2000-01-01' } });
    expect(first.status).toBe(200);
    expect(first.body.PowerBiConfiguration).toBeNull();
    // [M9.13] The progress bar's length: the report's average time when the run started.
    expect(first.body.Run).toMatchObject({ Status: 'loading', LoadedAt: null, TotalRows: 0, ExpectedMs: average });
    expect(first.body.Run.Parameters).toEqual({ From: '2000-01-01', To: today, Status: 'All' });
    const loading = await client.op('GetReportResult', { name: 'OrdersByDate' });
    expect(loading.body).toMatchObject({ Columns: [], Rows: [], Chart: null });
    expect(
      (await client.op('ListReports')).body.Reports.find((r: { reportLink: string }) => r.reportLink === 'OrdersByDate').status,
    ).toBe('loading');
    await runDue();
    const kept = await client.op('ExecuteReport', { name: 'OrdersByDate', parameters: { From: '2000-01-01', To: today } });
    expect(kept.body.Run.Status).toBe('loaded');
    expect(kept.body.Run.JobId).toBe(first.body.Run.JobId);
    expect(kept.body.Report.status).toBe('loaded');
    const [{ n } = { n: 0 }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(kept.body.Run.TotalRows).toBe(n);
    expect(kept.body.Run.LoadedAt).not.toBeNull();
  });

  it('[M2.53] refresh (flag) runs again and removes the replaced run’s rows; other parameters run again too', async () => {
    const client = clients.provider!;
    const before = await client.op('GetReportResult', { name: 'OrdersByDate' });
    const [old] = await t.db.query<{ id: string }>('SELECT id::text FROM report_runs WHERE job_id = $1', [before.body.Run.JobId]);
    const refreshed = await client.op('ExecuteReport', { name: 'OrdersByDate', parameters: { From: '2000-01-01' }, flag: true });
    expect(refreshed.body.Run.Status).toBe('loading');
    expect(refreshed.body.Run.JobId).not.toBe(before.body.Run.JobId);
    const [left] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_run_rows WHERE run_id = $1', [old?.id]);
    expect(left?.n).toBe(0);
    await runDue();
    const other = await client.op('ExecuteReport', { name: 'OrdersByDate', parameters: { From: '2020-01-01' } });
    expect(other.body.Run.Status).toBe('loading');
    await runDue();
    const [runs] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM report_runs r JOIN reports c ON c.id = r.report_id WHERE c.name = 'Orders by Date' AND r.user_id = (SELECT user_id FROM report_runs WHERE job_id = $1)",
      [other.body.Run.JobId],
    );
    expect(runs?.n).toBe(1);
  });

  it('[M9.13] pages (5, 15, 30, 100) and sorts by any column in SQL', async () => {
    const client = clients.provider!;
    await client.op('ExecuteReport', { name: 'OrdersByDate', parameters: { From: '2000-01-01' }, flag: true });
    await runDue();
    const all = (await client.op('GetReportResult', { name: 'OrdersByDate', pageSize: 100 })).body;
    const totals = column(all, 'MonthlyTotal').map((v) => (v === null ? null : Number(v)));
    const desc = await client.op('GetReportResult', {
      name: 'OrdersByDate',
      pageSize: 5,
      sortBy: 'MonthlyTotal',
      sortDirection: 'desc',
    });
    expect(desc.status).toBe(200);
    const expected = totals
      .filter((v): v is number => v !== null)
      .sort((a, b) => b - a)
      .slice(0, 5);
    expect(column(desc.body, 'MonthlyTotal').map(Number)).toEqual(expected);
    const page2 = await client.op('GetReportResult', { name: 'OrdersByDate', page: 2, pageSize: 5, sortBy: 'Number' });
    const numbers = (column(all, 'Number') as string[]).slice().sort();
    expect(column(page2.body, 'Number')).toEqual(numbers.slice(5, 10));
    expect((await client.op('GetReportResult', { name: 'OrdersByDate', pageSize: 7 })).status).toBe(422);
    const badSort = await client.op('GetReportResult', { name: 'OrdersByDate', sortBy: 'Nope' });
    expect(badSort.status).toBe(422);
    expect(badSort.body.errors[0].field).toBe('sortBy');
  });

  it('[M5.15] refuses bad parameters naming the field, and queues nothing', async () => {
    const client = clients.r1!;
    const [{ n: jobsBefore } = { n: 0 }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs');
    for (const [parameters, field] of [
      [{ From: '31/12/2025' }, 'parameters.From'],
      [{ From: '2025-02-30' }, 'parameters.From'],
      [{ To: 'tomorrow' }, 'parameters.To'],
      [{ From: '2026-01-02', To: '2026-01-01' }, 'parameters.To'],
      [{ Status: 'Lost' }, 'parameters.Status'],
      [{ Colour: 'red' }, 'parameters.Colour'],
    ] as const) {
      const res = await client.op('ExecuteReport', { name: 'OrdersByDate', parameters, flag: true });
      expect(res.status, JSON.stringify(parameters)).toBe(422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const [{ n: jobsAfter } = { n: 0 }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs');
    expect(jobsAfter).toBe(jobsBefore);
  });

  it('[M3.23] updates the average execution time from real runs (running mean)', async () => {
    const [before] = await t.db.query<{ avg: number | null; runs: number }>(
      "SELECT average_execution_ms AS avg, run_count AS runs FROM reports WHERE name = 'Orders by Status'",
    );
    await run(clients.r1!, 'OrdersByStatus', { From: '2001-01-01' });
    const [after] = await t.db.query<{ avg: number; runs: number }>(
      "SELECT average_execution_ms AS avg, run_count AS runs FROM reports WHERE name = 'Orders by Status'",
    );
    expect(after?.runs).toBe((before?.runs ?? 0) + 1);
    expect(after?.avg).toBeGreaterThan(0);
    const listed = (await clients.r1!.op('ListReports')).body.Reports.find(
      (r: { reportLink: string }) => r.reportLink === 'OrdersByStatus',
    );
    expect(listed.reportExecutionTime).toBe(after?.avg);
  });

  it('[M8.11] [M4.24] marks the run failed with a message for the user when it cannot be computed', async () => {
    await t.db.query("UPDATE reports SET computation = 'gone.away' WHERE name = 'Orders by Status'");
    try {
      const exec = await clients.r1!.op('ExecuteReport', { name: 'OrdersByStatus', parameters: {}, flag: true });
      expect(exec.status).toBe(200);
      await runDue();
      const res = await clients.r1!.op('GetReportResult', { name: 'OrdersByStatus' });
      expect(res.body.Run).toMatchObject({ Status: 'failed', TotalRows: 0 });
      expect(res.body.Run.Error).toBe('The report "Orders by Status" cannot be run: its computation is not known');
      expect(res.body.Report.status).toBe('failed');
    } finally {
      await t.db.query("UPDATE reports SET computation = 'orders.byStatus' WHERE name = 'Orders by Status'");
    }
  });

  it('answers 404 when the caller has no kept run, and never another user’s run', async () => {
    const other = await makeUser(t.db, { parentId: ids.P as number, capabilities: EVERYTHING });
    const client = await new ApiClient(t.url).signIn(other.username);
    const res = await client.op('GetReportResult', { name: 'OrdersByDate' });
    expect(res.status).toBe(404);
    expect((await client.op('ExportReport', { name: 'OrdersByDate' })).status).toBe(404);
  });
});

describe('the export [M5.14]', () => {
  it('[M5.14] streams the loaded run into an .xlsx job file with every row', async () => {
    const client = clients.r1!;
    const body = await run(client, 'OrdersByDate', { From: '2000-01-01', To: today });
    const job = await client.op('ExportReport', { name: 'OrdersByDate' });
    expect(job.status).toBe(200);
    expect(job.body.Type).toBe('report.export');
    await runDue();
    const done = await client.op('GetJob', { id: job.body.Id });
    expect(done.body.Status).toBe('succeeded');
    expect(done.body.Result).toMatchObject({ Rows: body.Run.TotalRows, DownloadUrl: `/api/jobs/${job.body.Id}/download` });
    const file = await fetch(`${t.url}${done.body.Result.DownloadUrl}`, { headers: { cookie: client.cookie ?? '' } });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([undefined, ...body.Columns.map((c: { CellName: string }) => c.CellName)]);
    expect(sheet.rowCount).toBe(body.Run.TotalRows + 1);
    const numbers = new Set<string>();
    sheet.eachRow((row, i) => {
      if (i > 1) numbers.add(String(row.getCell(1).value));
    });
    expect(numbers).toEqual(new Set(column(body, 'Number') as string[]));
    // Every row in the report's order, each cell typed by its column: numbers as numbers, DateTime as a date.
    const typed = (type: string, cell: unknown) =>
      cell === null
        ? null
        : type === 'DateTime'
          ? new Date(String(cell))
          : type === 'Int32' || type === 'Decimal'
            ? Number(cell)
            : String(cell);
    const types = body.Columns.map((c: { CellType: string }) => c.CellType) as string[];
    expect(types).toEqual(expect.arrayContaining(['DateTime', 'Decimal', 'String']));
    body.Rows.forEach((cells: unknown[], r: number) => {
      const row = sheet.getRow(r + 2);
      expect(types.map((_, i) => row.getCell(i + 1).value ?? null)).toEqual(cells.map((c, i) => typed(types[i] as string, c)));
    });
    // Another user cannot download it.
    const other = await fetch(`${t.url}${done.body.Result.DownloadUrl}`, { headers: { cookie: clients.r2!.cookie ?? '' } });
    expect(other.status).toBe(404);
  });

  it('reads the kept rows back in chunks in row order, each chunk with its last row number', async () => {
    // Rows numbered past any kept run's, on a run that exists, removed afterwards.
    const [kept] = await t.db.query<{ id: string }>('SELECT id::text AS id FROM report_runs LIMIT 1');
    const runId = kept?.id as string;
    const from = 1_000_000;
    const rows = Array.from({ length: 7 }, (_, i) => [`n${i + 1}`, i % 2 ? null : String(i), `2024-01-0${i + 1}`]);
    await runs.insertRows(t.db, runId, from + 1, rows.slice(0, 4));
    await runs.insertRows(t.db, runId, from + 5, rows.slice(4));
    try {
      expect(await runs.rowChunkAfter(t.db, runId, from, 3)).toEqual({ rows: rows.slice(0, 3), lastRow: from + 3 });
      expect(await runs.rowChunkAfter(t.db, runId, from + 3, 3)).toEqual({ rows: rows.slice(3, 6), lastRow: from + 6 });
      expect(await runs.rowChunkAfter(t.db, runId, from + 6, 3)).toEqual({ rows: rows.slice(6), lastRow: from + 7 });
      expect(await runs.rowChunkAfter(t.db, runId, from + 7, 3)).toBeNull();
    } finally {
      await t.db.query('DELETE FROM report_run_rows WHERE run_id = $1 AND row_no > $2', [runId, from]);
    }
  });

  it('[M5.14] refuses the export above 100,000 rows with "Data limit exceeded", queuing nothing', async () => {
    const client = clients.c1!;
    await run(client, 'OrdersByStatus', { From: '2000-01-01' });
    await t.db.query(
      "UPDATE report_runs SET total_rows = 100001 WHERE report_id = (SELECT id FROM reports WHERE name = 'Orders by Status') AND user_id IN (SELECT id FROM accounts WHERE parent_id = $1)",
      [ids.C1],
    );
    const [{ n: before } = { n: 0 }] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM jobs WHERE type = 'report.export'",
    );
    const res = await client.op('ExportReport', { name: 'OrdersByStatus' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'DATA_LIMIT_EXCEEDED',
      title: 'Data limit exceeded',
      detail: 'Report contains large amounts of data and cannot be exported to XLS.',
    });
    const [{ n: after } = { n: 0 }] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM jobs WHERE type = 'report.export'",
    );
    expect(after).toBe(before);
  });
});
