import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { insertOrder, type NewOrder } from '../../src/domains/orders/orders.repository.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

/**
 * The Orders page's operation ListOrders through the real server: the orders of the subscriptions
 * inside the caller's scope [A2.33] [M6.11], paged like every grid [M9.13], searched and filtered;
 * and ExtendedView.ApprovalInProgress of a subscription with an order under review [A3.1] [A2.33].
 */

let t: TestApp;
const ids: Record<string, number> = {};
const clients: Record<string, ApiClient> = {};
const numbers: Record<string, string> = {};
const DAY = 86_400_000;
const base = Date.UTC(2026, 5, 1, 9);

const order = (accountId: number, o: Partial<NewOrder> & { key: string; day: number }) =>
  insertOrder(t.db, {
    accountId,
    companyId: null,
    resellerId: null,
    serviceName: o.serviceName ?? 'Seats',
    serviceDisplayName: o.serviceDisplayName ?? 'Office Seats',
    quantity: 1,
    currency: o.currency ?? 'EUR',
    monthlySelling: o.monthlySelling === undefined ? '12.50' : o.monthlySelling,
    setupSelling: o.setupSelling === undefined ? '20.00' : o.setupSelling,
    purchaseCurrency: 'EUR',
    monthlyPurchase: '10',
    setupPurchase: '10',
    status: o.status ?? 'Completed',
    placedBy: null,
    placedAt: new Date(base + o.day * DAY),
  }).then((r) => {
    numbers[o.key] = r.orderNumber;
    return r;
  });

const product = (parentId: number, name: string) =>
  insertAccount(t.db, { type: 'Product', parentId, displayName: name, productName: 'Seats' });

const list = (who: string, input: Record<string, unknown> = {}) => clients[who]!.op('ListOrders', input);

beforeAll(async () => {
  t = await buildTestApp();
  ids.P = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'P' });
  ids.R1 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R1' });
  ids.R2 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R2' });
  ids.C1 = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'Alder Dental' });
  ids.C1b = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'Birch Legal' });
  ids.C2 = await makeAccount(t.db, { type: 'Company', parentId: ids.R2, displayName: 'Cobalt 100% Ltd' });
  ids.S1 = await product(ids.C1, 'Seats of Alder');
  ids.S2 = await product(ids.C1b, 'Backup of Birch');
  ids.S3 = await product(ids.C2, 'Seats of Cobalt');
  await order(ids.S1, { key: 'a1', day: 1 });
  await order(ids.S1, { key: 'a2', day: 5, status: 'UnderReview', serviceDisplayName: 'Office Seats' });
  await order(ids.S2, { key: 'b1', day: 3, serviceDisplayName: 'Cloud Backup', monthlySelling: null, setupSelling: null });
  await order(ids.S2, { key: 'b2', day: 7, serviceDisplayName: 'Cloud Backup', status: 'Canceled' });
  await order(ids.S3, { key: 'c1', day: 6, serviceDisplayName: 'Office Seats', currency: 'USD' });
  const users = {
    provider: [...READ_ALL, 'ORDER_MANAGEMENT_READ'],
    r1Orders: [...READ_ALL, 'ORDER_MANAGEMENT_READ'],
    r1Company: [...READ_ALL, 'CREDITCHECK_COMPANYORDERS_READ'],
    r1None: READ_ALL,
    c1: [...READ_ALL, 'CREDITCHECK_COMPANYORDERS_READ'],
  };
  const parents: Record<keyof typeof users, number> = {
    provider: ids.P,
    r1Orders: ids.R1,
    r1Company: ids.R1,
    r1None: ids.R1,
    c1: ids.C1,
  };
  for (const [name, capabilities] of Object.entries(users)) {
    const user = await makeUser(t.db, { parentId: parents[name as keyof typeof users], capabilities });
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('ListOrders', () => {
  it('[A2.33] [M6.11] lists the orders inside the caller scope newest first, with totals and the subscription', async () => {
    const res = await list('r1Orders');

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Items.map((o: { OrderNumber: string }) => o.OrderNumber)).toEqual([
      numbers.b2,
      numbers.a2,
      numbers.b1,
      numbers.a1,
    ]);
    expect(res.body).toMatchObject({ Total: 4, Page: 1, PageSize: 15 });
    expect(res.body.Items[1]).toEqual({
      Id: expect.any(Number),
      OrderNumber: numbers.a2,
      PlacedAt: new Date(base + 5 * DAY).toISOString(),
      AccountId: ids.S1,
      AccountDisplayName: 'Seats of Alder',
      Company: 'Alder Dental',
      Service: 'Office Seats',
      Status: 'UnderReview',
      Quantity: 1,
      Currency: 'EUR',
      MonthlyTotal: '12.50',
      SetupTotal: '20.00',
      CanDecide: false,
      // Inserted without a charge summary, as orders recorded before migration 0133.
      Kind: 'New',
      Charges: null,
      // Inserted without a review reason, as orders recorded before migration 0139.
      ReviewReason: null,
    });
    expect(res.body.Items[2]).toMatchObject({ OrderNumber: numbers.b1, MonthlyTotal: null, SetupTotal: null });
  });

  it('[A2.33] accepts the company-orders read capability as well as order management read', async () => {
    const res = await list('r1Company');

    expect(res.status).toBe(200);
    expect(res.body.Total).toBe(4);
  });

  it('[A2.33] refuses a caller holding neither capability, naming both', async () => {
    const res = await list('r1None');

    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(res.body.detail).toContain('view company orders');
    expect(res.body.detail).toContain('view order management');
  });

  it('keeps to the caller scope: a company sees its own orders, the provider sees every order', async () => {
    const company = await list('c1');
    const provider = await list('provider');

    expect(company.body.Items.map((o: { OrderNumber: string }) => o.OrderNumber)).toEqual([numbers.a2, numbers.a1]);
    expect(provider.body.Total).toBe(5);
  });

  it('[M9.13] pages by the grid page sizes and refuses any other size, naming the field', async () => {
    const first = await list('provider', { pageSize: 5, page: 1 });
    const second = await list('provider', { pageSize: 5, page: 2 });
    const bad = await list('provider', { pageSize: 7 });

    expect(first.body.Items).toHaveLength(5);
    expect(second.body).toMatchObject({ Items: [], Total: 5, Page: 2, PageSize: 5 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('pageSize');
  });

  it('searches the order number, the company and the service, case-insensitively and literally', async () => {
    const byNumber = await list('provider', { search: numbers.c1?.toLowerCase() });
    const byCompany = await list('provider', { search: 'birch' });
    const byService = await list('provider', { search: 'BACKUP' });
    const percent = await list('provider', { search: '100%' });
    const wildcard = await list('provider', { search: '%' });

    expect(byNumber.body.Items.map((o: { OrderNumber: string }) => o.OrderNumber)).toEqual([numbers.c1]);
    expect(byCompany.body.Total).toBe(2);
    expect(byService.body.Total).toBe(2);
    expect(percent.body.Items.map((o: { Company: string }) => o.Company)).toEqual(['Cobalt 100% Ltd']);
    expect(wildcard.body.Total).toBe(1);
  });

  it('[M4.23] filters by status and by subscription', async () => {
    const review = await list('provider', { status: 'UnderReview' });
    const ofS2 = await list('provider', { accountId: ids.S2 });
    const bad = await list('provider', { status: 'Pending' });

    expect(review.body.Items.map((o: { OrderNumber: string }) => o.OrderNumber)).toEqual([numbers.a2]);
    expect(ofS2.body.Items.map((o: { OrderNumber: string }) => o.OrderNumber)).toEqual([numbers.b2, numbers.b1]);
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('status');
  });

  it('answers a subscription outside the scope like one that does not exist', async () => {
    const foreign = await list('c1', { accountId: ids.S2 });
    const missing = await list('c1', { accountId: 999_999 });

    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect({ ...foreign.body, requestId: null }).toEqual({ ...missing.body, requestId: null });
  });
});

describe('ExtendedView.ApprovalInProgress and Permissions.CanSeeOrders', () => {
  const load = (who: string, id: number) => clients[who]!.op('LoadAccountById', { id });

  it('[A3.1] [A2.33] is true for a subscription with an order under review', async () => {
    const res = await load('r1None', ids.S1 as number);

    expect(res.status).toBe(200);
    expect(res.body.Views.ExtendedView.Values.ApprovalInProgress).toBe(true);
  });

  it('[A3.1] is false when the orders are completed or canceled, and absent on other account types', async () => {
    const s2 = await load('r1None', ids.S2 as number);
    const company = await load('r1None', ids.C1 as number);

    expect(s2.body.Views.ExtendedView.Values.ApprovalInProgress).toBe(false);
    expect(company.body.Views.ExtendedView?.Values.ApprovalInProgress).toBeUndefined();
  });

  it('[A2.33] tells the page whether the viewer may follow the link to #/Orders', async () => {
    expect((await load('r1Orders', ids.S1 as number)).body.Permissions.CanSeeOrders).toBe(true);
    expect((await load('r1Company', ids.S1 as number)).body.Permissions.CanSeeOrders).toBe(true);
    expect((await load('r1None', ids.S1 as number)).body.Permissions.CanSeeOrders).toBe(false);
  });
});
