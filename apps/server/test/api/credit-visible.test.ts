import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_ROLES } from '../../src/seed/roles.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * Decision 0046, issue 15 "Credit, visible to the buyer": the order review's credit figures (limit, what is open
 * against it, by how much the order goes over), the reseller's setting for customers without a limit, and a
 * company administrator reading (never changing) its own limit.
 */

let t: TestApp;
let reseller: number;
let limited: number;
let limitedUser: number;
let unlimited: number;
let unlimitedUser: number;
const clients: Record<string, ApiClient> = {};
const op = (who: string, name: string, input: unknown) => clients[who]!.op(name, input);

const SERVICE = 'Credit Plain';
/** Plan Basic, 3 seats at 6.00 EUR a month: a first invoice of 18.00 EUR. */
const views = (name: string) => ({
  Default: { Values: { DisplayName: name } },
  Product: { Values: { Quantity: '1' } },
  Service: { Values: { Plan: 'Basic', Seats: '3' } },
});
const review = (who: string, parentId: number) =>
  op(who, 'ValidateCreateOrderBottleneck', { parentId, productName: SERVICE, views: views('Review') });
const order = (who: string, parentId: number, name: string) =>
  op(who, 'CreateAccount', { accountType: 'Product', parentId, productName: SERVICE, views: views(name) });
const records = (who: string, accountId: number) => op(who, 'GetCreditLimitRecords', { accountId });
const setPolicy = (who: string, accountId: number, OrdersWithoutLimit: string, Version: number) =>
  op(who, 'UpdateCreditLimitPolicy', { accountId, OrdersWithoutLimit, Version });

const CREDIT = ['FIELDS_CREDITLIMIT_READ', 'FIELDS_CREDITLIMIT_UPDATE'];
const BUYER = [...READ_ALL, 'PRODUCT_ACCOUNT_CREATE', 'BILLING_SHOWPRODUCTPRICE_READ'];

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Credit Reseller' });
  limited = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Limited Co' });
  limitedUser = (await makeUser(t.db, { parentId: limited, capabilities: [] })).id;
  unlimited = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Unlimited Co' });
  unlimitedUser = (await makeUser(t.db, { parentId: unlimited, capabilities: [] })).id;
  const sign = async (name: string, parentId: number, capabilities: string[]) => {
    const user = await makeUser(t.db, { parentId, capabilities });
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  };
  await sign('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL, ...CREDIT]);
  await sign('admin', reseller, [...BUYER, ...CREDIT]);
  await sign('noCredit', reseller, BUYER);
  await sign('companyAdmin', limited, STANDARD_ROLES['Company administrator']?.capabilities ?? []);
  await createService(
    t.db,
    clients.provider!,
    serviceInput(SERVICE, {
      Descriptions: [{ Type: 'Description', LocalizationLanguageCode: 'en', Title: 'Plain', Content: 'No terms' }],
    }),
  );
});
afterAll(async () => {
  await t.close();
});

describe('the order review shows the customer credit', () => {
  it('[M4.23] gives the limit, what is open against it (orders under review) and by how much this order goes over', async () => {
    await clients.admin!.edit('AddCreditLimitRecord', { accountId: limited, Limit: '10', Comment: 'Low', IsLocked: false });
    const before = await review('admin', limitedUser);
    const first = await order('admin', limitedUser, 'First');
    await clients.admin!.edit('AddCreditLimitRecord', { accountId: limited, Limit: '18', Comment: 'One order', IsLocked: false });
    const after = await review('admin', limitedUser);
    const second = await order('admin', limitedUser, 'Second');

    expect(before.body.Credit).toEqual({
      Limit: '10.00',
      Open: '0.00',
      ThisOrder: '18.00',
      Over: '8.00',
      Currency: 'EUR',
      OrdersWithoutLimit: 'Allowed',
    });
    expect(first.body.OrderStatus).toBe('UnderReview');
    // 18.00 alone fits a limit of 18.00, but the first order (18.00) is still open against it.
    expect(after.body).toMatchObject({ AboveCreditLimit: true });
    expect(after.body.Credit).toMatchObject({ Limit: '18.00', Open: '18.00', ThisOrder: '18.00', Over: '18.00' });
    expect(second.body.OrderStatus).toBe('UnderReview');
  });

  it('shows an order that fits as over by 0.00, and gives no credit figures without FIELDS_CREDITLIMIT read', async () => {
    const company = await makeAccount(t.db, { type: 'Company', parentId: reseller });
    const user = (await makeUser(t.db, { parentId: company, capabilities: [] })).id;
    await clients.admin!.edit('AddCreditLimitRecord', { accountId: company, Limit: '100', Comment: 'Room', IsLocked: false });

    const fits = await review('admin', user);
    const hidden = await review('noCredit', user);

    expect(fits.body).toMatchObject({ AboveCreditLimit: false, Credit: { Limit: '100.00', Open: '0.00', Over: '0.00' } });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ Valid: true, AboveCreditLimit: false, Credit: null });
  });

  it("a new order under review is marked as the subscription's own on its page (ApprovalFor NewOrder)", async () => {
    const placed = await order('admin', limitedUser, 'Banner');
    const page = await op('admin', 'LoadAccountById', { id: placed.body.AccountId });

    expect(placed.body.OrderStatus).toBe('UnderReview');
    expect(page.body.Views.ExtendedView.Values).toMatchObject({ ApprovalInProgress: true, ApprovalFor: 'NewOrder' });
  });
});

describe("the reseller's setting for customers without a credit limit", () => {
  it('allows orders of a customer without a limit by default, and reviews them once the reseller says so', async () => {
    const allowedReview = await review('admin', unlimitedUser);
    const allowed = await order('admin', unlimitedUser, 'Allowed');
    const set = await setPolicy('provider', reseller, 'Reviewed', 0);
    const reviewedReview = await review('admin', unlimitedUser);
    const reviewed = await order('admin', unlimitedUser, 'Reviewed');
    const companyView = await records('admin', unlimited);
    const resellerView = await records('provider', reseller);
    const back = await setPolicy('provider', reseller, 'Allowed', 1);
    const allowedAgain = await order('admin', unlimitedUser, 'Allowed again');

    expect(allowedReview.body).toMatchObject({
      AboveCreditLimit: false,
      Credit: { Limit: null, Over: null, ThisOrder: '18.00', OrdersWithoutLimit: 'Allowed' },
    });
    expect(allowed.body.OrderStatus).toBe('Completed');
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ AccountId: reseller, OrdersWithoutLimit: 'Reviewed', Version: 1, CanEdit: true });
    expect(reviewedReview.body).toMatchObject({
      AboveCreditLimit: true,
      Credit: { Limit: null, OrdersWithoutLimit: 'Reviewed' },
    });
    expect(reviewed.body.OrderStatus).toBe('UnderReview');
    expect(companyView.body).toMatchObject({ Limit: null, OrdersWithoutLimit: 'Reviewed', Policy: null });
    expect(resellerView.body.Policy).toMatchObject({ OrdersWithoutLimit: 'Reviewed', Version: 1, CanEdit: true });
    expect(resellerView.body.Policy.UpdatedBy).toEqual(expect.any(String));
    expect(back.body).toMatchObject({ OrdersWithoutLimit: 'Allowed', Version: 2 });
    expect(allowedAgain.body.OrderStatus).toBe('Completed');
  });

  it('refuses a stale version with the setting as it is now, and writes nothing', async () => {
    const current = (await records('provider', reseller)).body.Policy;

    const stale = await setPolicy('provider', reseller, 'Reviewed', current.Version - 1);
    const after = (await records('provider', reseller)).body.Policy;

    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ OrdersWithoutLimit: current.OrdersWithoutLimit, Version: current.Version });
    expect(after).toEqual(current);
  });

  it('is kept for resellers only, and never changed by the reseller itself or without FIELDS_CREDITLIMIT update', async () => {
    const onCompany = await setPolicy('admin', limited, 'Reviewed', 0);
    const own = await setPolicy('admin', reseller, 'Reviewed', (await records('provider', reseller)).body.Policy.Version);
    const noUpdate = await setPolicy('noCredit', limited, 'Reviewed', 0);

    expect(onCompany.status).toBe(422);
    expect(onCompany.body.errors).toEqual([
      { field: 'accountId', message: 'Only a reseller decides what orders of its customers without a credit limit get' },
    ]);
    expect(own.status).toBe(403);
    expect(noUpdate.status).toBe(403);
  });
});

describe("a company administrator reads its company's credit limit", () => {
  it('reads the limit read-only, without the reseller history, and cannot change it', async () => {
    const view = await records('companyAdmin', limited);
    const write = await clients.companyAdmin!.edit('AddCreditLimitRecord', {
      accountId: limited,
      Limit: '99999',
      Comment: 'More please',
      IsLocked: false,
    });
    const after = await records('admin', limited);

    expect(STANDARD_ROLES['Company administrator']?.capabilities).toContain('FIELDS_CREDITLIMIT_READ');
    expect(STANDARD_ROLES['Company administrator']?.capabilities).not.toContain('FIELDS_CREDITLIMIT_UPDATE');
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      Limit: '18.00',
      Currency: 'EUR',
      CanEdit: false,
      OwnOrganisation: true,
      OrdersWithoutLimit: 'Allowed',
      Items: [],
      Total: 0,
    });
    expect(write.status).toBe(403);
    expect(after.body.Limit).toBe('18.00');
  });

  it('sees its own credit in the review of its own order', async () => {
    const res = await review('companyAdmin', limitedUser);

    expect(res.body.Credit).toMatchObject({ Limit: '18.00', ThisOrder: '18.00' });
  });
});

describe('why an order went to review is stored on the order (decision 0046)', () => {
  it("reads 'no credit limit', not 'above the credit limit', when the reseller's no-limit setting reviewed the order", async () => {
    const company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'No Limit Co' });
    const buyer = await makeUser(t.db, { parentId: reseller, capabilities: [...BUYER, 'ORDER_MANAGEMENT_READ'] });
    const client = await new ApiClient(t.url).signIn(buyer.username);
    const version = (await records('provider', reseller)).body.Policy?.Version ?? 0;
    await setPolicy('provider', reseller, 'Reviewed', version);
    try {
      const placed = await client.op('CreateAccount', {
        accountType: 'Product',
        parentId: company,
        productName: SERVICE,
        views: views('No limit order'),
      });
      expect(placed.body.OrderStatus).toBe('UnderReview');
      const detail = await client.op('GetOrder', { orderNumber: placed.body.OrderNumber });
      const list = await client.op('ListOrders', { accountId: placed.body.AccountId });
      const [mail] = await t.db.query<{ body_text: string }>(
        'SELECT body_text FROM mail_outbox WHERE account_id = $1 ORDER BY id DESC LIMIT 1',
        [buyer.id],
      );

      expect(detail.status, JSON.stringify(detail.body)).toBe(200);
      expect(detail.body).toMatchObject({ Status: 'UnderReview', ReviewReason: 'NoLimit' });
      expect(detail.body.History.map((e: { Event: string }) => e.Event)).toEqual(['Placed', 'UnderReview']);
      expect(list.body.Items[0]).toMatchObject({ OrderNumber: placed.body.OrderNumber, ReviewReason: 'NoLimit' });
      expect(mail?.body_text).toContain('No Limit Co has no credit limit');
      expect(mail?.body_text).not.toContain('above the credit limit');
    } finally {
      const now = (await records('provider', reseller)).body.Policy.Version;
      await setPolicy('provider', reseller, 'Allowed', now);
    }
  });

  it('reads AboveLimit for an order above the limit, and no reason for an order recorded before the reason was kept', async () => {
    const company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Tight Co' });
    const buyer = await makeUser(t.db, { parentId: reseller, capabilities: [...BUYER, 'ORDER_MANAGEMENT_READ'] });
    const client = await new ApiClient(t.url).signIn(buyer.username);
    await clients.admin!.edit('AddCreditLimitRecord', { accountId: company, Limit: '1', Comment: 'Tight', IsLocked: false });
    const placed = await client.op('CreateAccount', {
      accountType: 'Product',
      parentId: company,
      productName: SERVICE,
      views: views('Above the limit'),
    });
    const above = await client.op('GetOrder', { orderNumber: placed.body.OrderNumber });
    // An order recorded before migration 0139 has no reason: the history keeps today's words.
    await t.db.query('UPDATE orders SET review_reason = NULL WHERE order_number = $1', [placed.body.OrderNumber]);
    const before = await client.op('GetOrder', { orderNumber: placed.body.OrderNumber });

    expect(placed.body.OrderStatus).toBe('UnderReview');
    expect(above.body).toMatchObject({ Status: 'UnderReview', ReviewReason: 'AboveLimit' });
    expect(before.body).toMatchObject({ Status: 'UnderReview', ReviewReason: null });
  });
});
