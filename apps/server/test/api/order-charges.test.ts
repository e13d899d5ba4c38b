import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * Issue 15, decision 0045: what an order charges, the same in the five places that show it (the review,
 * the success answer, the order record, the Approve dialog's row and the subscription's price preview);
 * every change of what a subscription costs recorded as an order; one order's detail (GetOrder).
 */

let t: TestApp;
let buyer: number;
let otherBuyer: number;
const clients: Record<string, ApiClient> = {};
const op = (who: string, name: string, input: unknown) => clients[who]!.op(name, input);

/** Like the demo's Contoso Backup 2 TB: a base fee prepaid 12 months, a setup fee and a required device count no fee reads. */
const PREPAID_BACKUP = 'Chg Backup 2 TB';
/** Its sibling priced per device (a per-unit fee) and a plain monthly fee, nothing prepaid. */
const PER_DEVICE = 'Chg Backup Devices';

const views = (devices: string, name: string, quantity = '1') => ({
  Default: { Values: { DisplayName: name } },
  Product: { Values: { Quantity: quantity } },
  Service: { Values: { Devices: devices } },
});

const devicesField = {
  Id: 'Devices',
  DisplayName: 'Protected devices',
  FieldType: 'Numeric' as const,
  MinValue: 1,
  MaxValue: 1000,
};
const layouts = (['CREATE', 'VIEW'] as const).map((Action) => ({
  Action,
  Pages: [{ Name: 'General', Blocks: [{ Name: 'Details', Fields: [{ FieldId: 'Devices' }] }] }],
}));
const noTerms = [{ Type: 'Description' as const, LocalizationLanguageCode: 'en', Title: 'Backup', Content: 'Backup' }];

async function place(who: string, parentId: number, productName: string, devices: string, name: string) {
  const res = await op(who, 'CreateAccount', { accountType: 'Product', parentId, productName, views: views(devices, name) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { AccountId: number; OrderNumber: string; OrderStatus: string; Charges: unknown };
}

const ordersOf = (accountId: number) =>
  t.db.query<{
    kind: string;
    monthly: string | null;
    quantity: number;
    service_name: string;
    previous_service_name: string | null;
  }>(
    `SELECT kind, monthly_selling::float8::text AS monthly, quantity::float8 AS quantity, service_name, previous_service_name
       FROM orders WHERE account_id = $1 ORDER BY id`,
    [accountId],
  );

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR' });
  const company = await makeAccount(t.db, { type: 'Company', parentId: reseller, currency: 'EUR', displayName: 'Charge Co' });
  buyer = (await makeUser(t.db, { parentId: company, capabilities: [] })).id;
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR' });
  const otherCompany = await makeAccount(t.db, { type: 'Company', parentId: otherReseller, currency: 'EUR' });
  otherBuyer = (await makeUser(t.db, { parentId: otherCompany, capabilities: [] })).id;
  const sign = async (name: string, parentId: number, capabilities: string[]) => {
    const user = await makeUser(t.db, { parentId, capabilities, displayName: `${name} user` });
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  };
  const ORDERING = [
    'PRODUCT_ACCOUNT_CREATE',
    'BILLING_SHOWPRODUCTPRICE_READ',
    'ORDER_MANAGEMENT_READ',
    'ORDER_MANAGEMENT_UPDATE',
  ];
  await sign('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL]);
  await sign('reseller', reseller, [
    ...READ_ALL,
    ...UPDATE_ALL,
    ...ORDERING,
    'FIELDS_CREDITLIMIT_READ',
    'FIELDS_CREDITLIMIT_UPDATE',
  ]);
  await sign('otherReseller', otherReseller, [...READ_ALL, ...ORDERING]);
  await sign('noOrders', reseller, [...READ_ALL, 'PRODUCT_ACCOUNT_CREATE']);
  await sign('companyReader', company, [...READ_ALL, 'CREDITCHECK_COMPANYORDERS_READ']);
  const fee = (ChargeType: 'Monthly' | 'Setup', Charge: string, srp: string, over: Record<string, unknown> = {}) => ({
    Id: null,
    ChargeType,
    Charge,
    LicenceType: 'CORP-SEAT' as const,
    SuggestedRetailPrices: [{ Currency: 'EUR', Charge: srp }],
    ...over,
  });
  await createService(
    t.db,
    clients.provider!,
    serviceInput(PREPAID_BACKUP, {
      Fields: [devicesField],
      Layouts: layouts,
      VendorReferenceField: 'Devices',
      Descriptions: noTerms,
      BillingRules: [
        fee('Monthly', '39', '50.70', { AdvancePaymentConfiguration: { AdvancePeriodLenghtInMonths: 12 } }),
        fee('Setup', '20', '25'),
      ],
    }),
  );
  await createService(
    t.db,
    clients.provider!,
    serviceInput(PER_DEVICE, {
      Fields: [devicesField],
      Layouts: layouts,
      VendorReferenceField: 'Devices',
      Descriptions: noTerms,
      BillingRules: [fee('Monthly', '2', '3.20', { UdrcField: 'Devices' }), fee('Monthly', '5', '7.5')],
    }),
  );
}, 180_000);
afterAll(() => t.close());

describe('issue 15: the review shows exactly what will be charged', () => {
  it('[M3.20] a prepaid backup: the review, the success answer, the order record, the Approve row and the price preview show the same advance payment', async () => {
    const review = await op('reseller', 'ValidateCreateOrderBottleneck', {
      parentId: buyer,
      productName: PREPAID_BACKUP,
      views: views('50', 'Prepaid review'),
    });
    const created = await place('reseller', buyer, PREPAID_BACKUP, '50', 'Prepaid backup');
    const listed = await op('reseller', 'ListOrders', { accountId: created.AccountId });
    const detail = await op('reseller', 'GetOrder', { orderNumber: created.OrderNumber });
    const preview = await op('reseller', 'GetAccountPricePreview', { accountId: created.AccountId });

    // The bug: the review said "Monthly €50.70, setup FREE"; the first invoice asks 12 months in advance and the setup.
    const expected = {
      Currency: 'EUR',
      Setup: '25',
      Monthly: '50.7',
      AdvanceMonths: [12],
      AdvanceDueNow: '608.4',
      MonthlyDueNow: '0',
      FirstInvoice: '633.4',
    };
    expect(review.body.Charges).toEqual(expected);
    expect(created.Charges).toEqual(expected);
    expect(listed.body.Items).toHaveLength(1);
    expect(listed.body.Items[0].Charges).toEqual(expected);
    expect(detail.body.Charges).toEqual(expected);
    expect(preview.body.Charges).toEqual(expected);
    // The stored record itself, in the order's columns.
    const [row] = await t.db.query<Record<string, string | number[]>>(
      `SELECT advance_selling::float8::text AS advance, first_invoice_selling::float8::text AS first, advance_months
         FROM orders WHERE order_number = $1`,
      [created.OrderNumber],
    );
    expect(row).toEqual({ advance: '608.4', first: '633.4', advance_months: [12] });
  });

  it('the 50 protected devices entered in a required field are named as not a price driver', async () => {
    const review = await op('reseller', 'ValidateCreateOrderBottleneck', {
      parentId: buyer,
      productName: PREPAID_BACKUP,
      views: views('50', 'Unpriced devices'),
    });
    const priced = await op('reseller', 'ValidateCreateOrderBottleneck', {
      parentId: buyer,
      productName: PER_DEVICE,
      views: views('50', 'Priced devices'),
    });

    expect(review.body.UnpricedFields).toEqual([{ FieldId: 'Devices', DisplayName: 'Protected devices', Value: '50' }]);
    expect(priced.body.UnpricedFields).toEqual([]);
    expect(priced.body.Lines[0]).toMatchObject({ Description: 'Protected devices', Units: '50', Total: '160' });
    expect(priced.body.Charges).toMatchObject({
      Monthly: '167.5',
      AdvanceMonths: [],
      MonthlyDueNow: '167.5',
      FirstInvoice: '167.5',
    });
  });

  it('[A6.17] gives no charges to a caller without BILLING_SHOWPRODUCTPRICE read', async () => {
    const review = await op('noOrders', 'ValidateCreateOrderBottleneck', {
      parentId: buyer,
      productName: PREPAID_BACKUP,
      views: views('5', 'No prices'),
    });
    const created = await place('noOrders', buyer, PREPAID_BACKUP, '5', 'No prices');

    expect(review.body).toMatchObject({ Valid: true, PricesShown: false, Charges: null });
    expect(created.Charges).toBeNull();
    expect(created.OrderNumber).toMatch(/^ORD-\d{6}$/);
  });
});

describe('decision 0045: every change of what a subscription costs is an order', () => {
  it('a quantity change through UpdateAccount records a Change order with the totals before and after', async () => {
    const { AccountId } = await place('reseller', buyer, PER_DEVICE, '10', 'Growing backup');

    const grown = await clients.reseller!.edit('UpdateAccount', {
      id: AccountId,
      views: { Product: { Values: { Quantity: '3' } } },
    });

    expect(grown.status, JSON.stringify(grown.body)).toBe(200);
    expect(await ordersOf(AccountId)).toEqual([
      { kind: 'New', monthly: '39.5', quantity: 1, service_name: PER_DEVICE, previous_service_name: null },
      { kind: 'Change', monthly: '118.5', quantity: 3, service_name: PER_DEVICE, previous_service_name: PER_DEVICE },
    ]);
    const [change] = await t.db.query<{ previous: string; previous_quantity: number }>(
      `SELECT previous_monthly_selling::float8::text AS previous, previous_quantity::float8 AS previous_quantity
         FROM orders WHERE account_id = $1 AND kind = 'Change'`,
      [AccountId],
    );
    expect(change).toEqual({ previous: '39.5', previous_quantity: 1 });
  });

  it('a save that changes nothing the customer pays records no order', async () => {
    const { AccountId } = await place('reseller', buyer, PER_DEVICE, '10', 'Device backup');

    const renamed = await clients.reseller!.edit('UpdateAccount', {
      id: AccountId,
      views: { Default: { Values: { DisplayName: 'Renamed backup' } } },
    });

    expect(renamed.status).toBe(200);
    expect((await ordersOf(AccountId)).map((o) => [o.kind, o.monthly])).toEqual([['New', '39.5']]);
  });

  it('an upgrade records an Upgrade order naming the service before it', async () => {
    const { AccountId } = await place('reseller', buyer, PER_DEVICE, '4', 'Upgraded backup');

    const res = await op('reseller', 'ExecuteCustomActionByConfirm', {
      accountId: AccountId,
      action: 'UPGRADE',
      views: { Action: { Values: { ServiceName: PREPAID_BACKUP } } },
      confirmation: true,
    });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await ordersOf(AccountId)).toEqual([
      { kind: 'New', monthly: '20.3', quantity: 1, service_name: PER_DEVICE, previous_service_name: null },
      { kind: 'Upgrade', monthly: '50.7', quantity: 1, service_name: PREPAID_BACKUP, previous_service_name: PER_DEVICE },
    ]);
  });
});

describe('GetOrder', () => {
  it('gives the lines, amounts, history, provisioning and the links of an order inside the scope', async () => {
    const created = await place('reseller', buyer, PER_DEVICE, '2', 'Detailed backup');

    const res = await op('reseller', 'GetOrder', { orderNumber: created.OrderNumber });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      OrderNumber: created.OrderNumber,
      AccountId: created.AccountId,
      AccountDisplayName: 'Detailed backup',
      Company: 'Charge Co',
      Customer: { DisplayName: 'Charge Co', AccountType: 'Company' },
      Kind: 'New',
      Status: 'Completed',
      MonthlyTotal: '13.9',
      Previous: null,
    });
    expect(res.body.Lines).toEqual([
      {
        Description: 'Protected devices',
        ChargeType: 'Monthly',
        Units: '2',
        UnitPrice: '3.2',
        Total: '6.4',
        AdvanceMonths: null,
      },
      { Description: 'Base fee', ChargeType: 'Monthly', Units: '1', UnitPrice: '7.5', Total: '7.5', AdvanceMonths: null },
    ]);
    expect(res.body.History).toEqual([{ Event: 'Placed', At: expect.any(String), By: 'reseller user', Reason: null }]);
    expect(Array.isArray(res.body.Provisioning)).toBe(true);
  });

  it('shows the decline with who, when and why, and the terminated subscription', async () => {
    const limit = await clients.reseller!.edit('AddCreditLimitRecord', {
      accountId: (await t.db.query<{ id: number }>("SELECT id FROM accounts WHERE display_name = 'Charge Co'"))[0]!.id,
      Limit: '100',
      Comment: 'Small',
      IsLocked: false,
    });
    expect(limit.status).toBe(200);
    const created = await place('reseller', buyer, PREPAID_BACKUP, '3', 'Declined backup');
    expect(created.OrderStatus).toBe('UnderReview');
    // A company reads its orders but never reviews them.
    const companyView = await op('companyReader', 'GetOrder', { orderNumber: created.OrderNumber });
    expect(companyView.status).toBe(200);
    expect(companyView.body.CanDecide).toBe(false);
    const underReview = await op('reseller', 'GetOrder', { orderNumber: created.OrderNumber });
    expect(underReview.body.CanDecide).toBe(true);

    await op('reseller', 'DeclineOrder', { orderNumber: created.OrderNumber, reason: 'Over budget' });
    const res = await op('reseller', 'GetOrder', { orderNumber: created.OrderNumber });

    expect(res.body).toMatchObject({ Status: 'Canceled', AccountState: 'Terminated', CanDecide: false });
    expect(
      res.body.History.map((e: { Event: string; By: string | null; Reason: string | null }) => [e.Event, e.By, e.Reason]),
    ).toEqual([
      ['Placed', 'reseller user', null],
      ['UnderReview', null, null],
      ['Declined', 'reseller user', 'Over budget'],
    ]);
  });

  it('answers 404 for an order of another tenant, as for a missing one, and 403 without an orders capability', async () => {
    const theirs = await place('otherReseller', otherBuyer, PER_DEVICE, '1', 'Foreign backup');

    const foreign = await op('reseller', 'GetOrder', { orderNumber: theirs.OrderNumber });
    const missing = await op('reseller', 'GetOrder', { orderNumber: 'ORD-999999' });
    const denied = await op('noOrders', 'GetOrder', { orderNumber: theirs.OrderNumber });

    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect({ ...foreign.body, requestId: null }).toEqual({ ...missing.body, requestId: null });
    expect(denied.status).toBe(403);
  });
});
