import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { insertOrder } from '../../src/domains/orders/orders.repository.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { makePriceList } from '../factories/price-lists.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * Finding things (issue 18, decision 0054) through the real server: the header's GlobalSearch (accounts, services
 * and orders, each by its own source's rule), ListChildAccounts (the account page's Accounts tab) and
 * ListMySubscriptions (a plain user's "My services").
 */

let t: TestApp;
const ids = { P: 0, vendor: 0, R1: 0, R2: 0, C1: 0, C2: 0, S1: 0, S2: 0, svcOne: 0, svcTwo: 0 } as Record<string, number> & {
  P: number;
  R1: number;
  R2: number;
  C1: number;
  svcOne: number;
  svcTwo: number;
};
const clients: Record<string, ApiClient> = {};
const c = (name: string) => clients[name] as ApiClient;
const MISSING_ID = 999_999;

async function client(name: string, parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities });
  ids[name] = user.id;
  clients[name] = await new ApiClient(t.url).signIn(user.username);
}

const order = (accountId: number, serviceDisplayName: string) =>
  insertOrder(t.db, {
    accountId,
    companyId: null,
    resellerId: null,
    serviceName: 'Seats',
    serviceDisplayName,
    quantity: 1,
    currency: 'EUR',
    monthlySelling: '10',
    setupSelling: '0',
    purchaseCurrency: 'EUR',
    monthlyPurchase: '8',
    setupPurchase: '0',
    status: 'Completed',
    placedBy: null,
    placedAt: new Date(Date.UTC(2026, 5, 1)),
  });

const ORDERS = [...READ_ALL, 'ORDER_MANAGEMENT_READ'];
const BROWSE = ['MARKETPLACE_READ'];

beforeAll(async () => {
  t = await buildTestApp();
  ids.P = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'Quasar Provider' });
  ids.vendor = await makeAccount(t.db, { type: 'Company', parentId: ids.P, displayName: 'Quasar Vendor' });
  await t.db.query('UPDATE accounts SET is_vendor = true WHERE id = $1', [ids.vendor]);
  ids.R1 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'Quasar Resale One' });
  ids.R2 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'Quasar Resale Two' });
  ids.C1 = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'Quasar Dental' });
  ids.C2 = await makeAccount(t.db, { type: 'Company', parentId: ids.R2, displayName: 'Quasar Legal' });
  ids.S1 = await insertAccount(t.db, { type: 'Product', parentId: ids.C1, displayName: 'Seats of Dental', productName: 'Seats' });
  ids.S2 = await insertAccount(t.db, { type: 'Product', parentId: ids.C2, displayName: 'Seats of Legal', productName: 'Seats' });
  await order(ids.S1, 'Quasar Seats');
  await order(ids.S2, 'Quasar Seats');

  await client('vendorAdmin', ids.vendor, [...READ_ALL, ...SERVICE_TOOL_ALL]);
  await client('r1', ids.R1, [...ORDERS, ...BROWSE]);
  await client('r2', ids.R2, [...ORDERS, ...BROWSE]);
  await client('r1Plain', ids.R1, READ_ALL);
  await client('provider', ids.P, [...ORDERS, ...BROWSE]);

  ids.svcOne = (await createService(t.db, c('vendorAdmin'), serviceInput('Quasar Mail One'))).Id;
  ids.svcTwo = (await createService(t.db, c('vendorAdmin'), serviceInput('Quasar Mail Two'))).Id;
  // R1 is offered only the first service; R2 only the second.
  await makePriceList(t.db, { ownerId: ids.P, services: [{ id: ids.svcOne }], assignees: [ids.R1] });
  await makePriceList(t.db, { ownerId: ids.P, services: [{ id: ids.svcTwo }], assignees: [ids.R2] });
});
afterAll(async () => {
  await t.close();
});

const search = (who: string, text: string, limit?: number) => c(who).op('GlobalSearch', limit ? { text, limit } : { text });

describe('GlobalSearch (decision 0054)', () => {
  it("answers a reseller's accounts, the services it may browse and its orders, grouped", async () => {
    const res = await search('r1', 'quasar');

    expect(res.status).toBe(200);
    expect(res.body.Accounts.Items.map((a: { DisplayName: string }) => a.DisplayName)).toEqual([
      'Quasar Dental',
      'Quasar Resale One',
    ]);
    expect(res.body.Services.Items.map((s: { DisplayName: string }) => s.DisplayName)).toEqual(['Quasar Mail One']);
    expect(res.body.Orders.Items.map((o: { AccountId: number }) => o.AccountId)).toEqual([ids.S1]);
    expect(res.body.Orders).toMatchObject({ Total: 1, HasMore: false });
  });

  it("never shows a reseller another reseller's customers, orders or services it is not offered", async () => {
    const r1 = (await search('r1', 'legal')).body;
    const r2 = (await search('r2', 'quasar')).body;

    expect(r1.Accounts.Items).toEqual([]);
    expect(r1.Orders.Items).toEqual([]);
    expect(r2.Accounts.Items.map((a: { DisplayName: string }) => a.DisplayName)).toEqual(['Quasar Legal', 'Quasar Resale Two']);
    expect(r2.Services.Items.map((s: { DisplayName: string }) => s.DisplayName)).toEqual(['Quasar Mail Two']);
    expect(r2.Orders.Items.map((o: { AccountId: number }) => o.AccountId)).toEqual([ids.S2]);
  });

  it('finds an order by its number', async () => {
    const [row] = await t.db.query<{ order_number: string }>('SELECT order_number FROM orders WHERE account_id = $1', [ids.S1]);

    const res = await search('provider', row?.order_number ?? '');

    expect(res.body.Orders.Items.map((o: { OrderNumber: string }) => o.OrderNumber)).toEqual([row?.order_number]);
  });

  it('leaves out the services and orders groups for a user who may neither browse nor read orders', async () => {
    const res = await search('r1Plain', 'quasar');

    expect(res.status).toBe(200);
    expect(res.body.Services).toBeNull();
    expect(res.body.Orders).toBeNull();
    expect(res.body.Accounts.Items.length).toBe(2);
  });

  it('caps each group and says when there is more', async () => {
    const res = await search('provider', 'quasar', 2);

    expect(res.body.Accounts.Items.length).toBe(2);
    expect(res.body.Accounts.HasMore).toBe(true);
    expect(res.body.Services).toMatchObject({ HasMore: false });
    expect(res.body.Services.Items.length).toBe(2);
    expect(res.body.Orders).toMatchObject({ Total: 2, HasMore: false });
  });

  it('refuses fewer than two characters, naming the field', async () => {
    const res = await search('r1', ' q ');

    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'text', message: 'Type at least 2 characters' });
  });

  it('needs a session', async () => {
    const res = await new ApiClient(t.url).op('GlobalSearch', { text: 'quasar' });

    expect(res.status).toBe(401);
  });
});

describe('ListChildAccounts (decision 0054)', () => {
  let parent = 0;
  beforeAll(async () => {
    parent = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'Quasar Parent' });
    for (let i = 1; i <= 12; i++) {
      await makeAccount(t.db, { type: 'Department', parentId: parent, displayName: `Team ${String(i).padStart(2, '0')}` });
    }
    const lonely = await makeAccount(t.db, { type: 'Department', parentId: parent, displayName: 'Archive 100%' });
    await t.db.query("UPDATE accounts SET state = 'Suspended' WHERE id = $1", [lonely]);
    await makeUser(t.db, { parentId: parent, capabilities: [], displayName: 'Zed Person' });
  });
  const list = (who: string, input: Record<string, unknown>) => c(who).op('ListChildAccounts', { id: parent, ...input });

  it('pages the direct children by name with the total', async () => {
    const first = await list('r1', { pageSize: 10 });
    const second = await list('r1', { pageSize: 10, page: 2 });

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ Total: 14, Page: 1, PageSize: 10 });
    expect(first.body.Items[0]).toMatchObject({
      DisplayName: 'Archive 100%',
      AccountType: 'Department',
      AccountState: 'Suspended',
    });
    expect(second.body.Items.map((a: { DisplayName: string }) => a.DisplayName)).toEqual([
      'Team 10',
      'Team 11',
      'Team 12',
      'Zed Person',
    ]);
    expect((await list('r1', { pageSize: 10, page: 3 })).body).toMatchObject({ Items: [], Total: 14 });
  });

  it('searches by name (literally) and filters by type and state', async () => {
    const byText = await list('r1', { text: '100%' });
    const users = await list('r1', { types: ['User'] });
    const suspended = await list('r1', { state: 'Suspended' });

    expect(byText.body.Items.map((a: { DisplayName: string }) => a.DisplayName)).toEqual(['Archive 100%']);
    expect(users.body.Items.map((a: { DisplayName: string }) => a.DisplayName)).toEqual(['Zed Person']);
    expect(suspended.body).toMatchObject({ Total: 1 });
  });

  it('answers an account outside the scope like a missing one', async () => {
    const foreign = await list('r2', {});
    const missing = await c('r2').op('ListChildAccounts', { id: MISSING_ID });

    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
  });

  it('refuses a page size it does not offer, naming the field', async () => {
    const res = await list('r1', { pageSize: 7 });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('pageSize');
  });
});

describe('ListMySubscriptions (decision 0054)', () => {
  it("lists the products below the caller's own account with their state, and no actions without Product update", async () => {
    const user = await makeUser(t.db, { parentId: ids.C1, capabilities: READ_ALL });
    const mine = await insertAccount(t.db, {
      type: 'Product',
      parentId: user.id,
      displayName: 'My Backup',
      productName: 'Backup',
    });
    const gone = await insertAccount(t.db, { type: 'Product', parentId: user.id, displayName: 'Old Mail', productName: 'Mail' });
    await t.db.query("UPDATE accounts SET state = 'Terminated' WHERE id = $1", [gone]);
    const me = await new ApiClient(t.url).signIn(user.username);

    const res = await me.op('ListMySubscriptions', {});

    expect(res.status).toBe(200);
    expect(res.body.Items.map((s: { AccountId: number; AccountState: string }) => [s.AccountId, s.AccountState])).toEqual([
      [mine, 'Active'],
      [gone, 'Terminated'],
    ]);
    expect(res.body.Items[0]).toMatchObject({ DisplayName: 'My Backup', ProductName: 'Backup', Actions: [] });
  });

  it('offers the custom actions the account page offers to a user who may update products, none on a terminated one', async () => {
    const user = await makeUser(t.db, { parentId: ids.C1, capabilities: [...READ_ALL, 'PRODUCT_ACCOUNT_UPDATE'] });
    const mine = await insertAccount(t.db, { type: 'Product', parentId: user.id, displayName: 'Seats', productName: 'Seats' });
    const gone = await insertAccount(t.db, { type: 'Product', parentId: user.id, displayName: 'Zz Gone', productName: 'Seats' });
    await t.db.query("UPDATE accounts SET state = 'Terminated' WHERE id = $1", [gone]);
    const me = await new ApiClient(t.url).signIn(user.username);

    const res = await me.op('ListMySubscriptions', {});
    const page = await me.op('LoadAccountById', { id: mine });

    expect(page.body.CustomActions.length).toBeGreaterThan(0);
    expect(res.body.Items[0].Actions.map((a: { Name: string }) => a.Name)).toEqual(
      page.body.CustomActions.map((a: { Name: string }) => a.Name),
    );
    expect(res.body.Items[1]).toMatchObject({ AccountId: gone, Actions: [] });
  });

  it('never lists a subscription of another user', async () => {
    const res = await c('r1').op('ListMySubscriptions', {});

    expect(res.status).toBe(200);
    expect(res.body.Items).toEqual([]);
  });

  it('needs PRODUCT_ACCOUNT read', async () => {
    const user = await makeUser(t.db, { parentId: ids.C1, capabilities: ['COMPANY_ACCOUNT_READ'] });
    const me = await new ApiClient(t.url).signIn(user.username);

    expect((await me.op('ListMySubscriptions', {})).status).toBe(403);
  });
});
