import { randomUUID } from 'node:crypto';
import { formatMoney, ORDERING_REFUSALS } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStandardRoles } from '../../src/seed/roles.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { makePriceList, setListPrice } from '../factories/price-lists.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/** The ordering wizard's operations (issue 15, decision 0043), through the real HTTP server. */

let t: TestApp;
let provider: number;
let reseller: number;
let otherReseller: number;
/** Customers of the reseller the price list reaches, each for its own story. */
const customers: Record<string, number> = {};
let foreignCustomer: number;
let unlistedCustomer: number;
const clients: Record<string, ApiClient> = {};
const users: Record<string, { id: number; username: string }> = {};
const services: Record<string, { Id: number; ServiceName: string }> = {};
const op = (who: string, name: string, input: unknown) => clients[who]!.op(name, input);

const views = (seats: string, name = 'Ordered') => ({
  Default: { Values: { DisplayName: name } },
  Product: { Values: { Quantity: '1' } },
  Service: { Values: { Plan: 'Basic', Seats: seats } },
});

const place = (who: string, input: Record<string, unknown>) =>
  op(who, 'PlaceOrder', { requestId: randomUUID(), dependency: null, scheduledDate: null, ...input });

/** A CREATE provisioning action by e-mail, so an order starts a provisioning request. */
const EMAIL_PROVISIONING = {
  ProvisioningActions: [
    {
      Action: 'CREATE' as const,
      Method: 'Email' as const,
      ProvisioningEmail: {
        EmailTo: 'desk@vendor.example',
        SubjectTemplate: '{{ACTION}} {{PRODUCTNAME}}',
        BodyText: 'Please set up {{DisplayName}}.',
        AttachmentType: 'xml' as const,
      },
    },
  ],
};

const count = async (sql: string, params: unknown[]) =>
  Number((await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params))[0]?.n ?? 0);

beforeAll(async () => {
  t = await buildTestApp({ mail: true });
  const roles = await ensureStandardRoles(t.db);
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR', displayName: 'Order Reseller' });
  otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR' });
  for (const name of ['Main', 'Terms', 'Atomic', 'Retry', 'Review', 'Schedule', 'Concurrent', 'Deps', 'Combined'])
    customers[name] = await makeAccount(t.db, {
      type: 'Company',
      parentId: reseller,
      currency: 'EUR',
      displayName: `${name} Co`,
    });
  foreignCustomer = await makeAccount(t.db, { type: 'Company', parentId: otherReseller, currency: 'EUR' });
  unlistedCustomer = await makeAccount(t.db, {
    type: 'Company',
    parentId: provider,
    currency: 'EUR',
    displayName: 'Unlisted Co',
  });
  await t.db.query(`UPDATE accounts SET attributes = attributes || $2::jsonb WHERE id = $1`, [
    customers.Main,
    JSON.stringify({ 'Company.VatNumber': 'NL123456789B01', 'Company.City': 'Utrecht', 'Company.Country': 'NL' }),
  ]);
  const sign = async (name: string, parentId: number, capabilities: string[]) => {
    const user = await makeUser(t.db, { parentId, capabilities, displayName: `${name} user` });
    users[name] = user;
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  };
  const ordering = [...READ_ALL, 'PRODUCT_ACCOUNT_CREATE', 'MARKETPLACE_TC_ACCEPT_EXECUTE', 'BILLING_SHOWPRODUCTPRICE_READ'];
  await sign('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL, 'PRODUCT_ACCOUNT_CREATE', 'COMPANY_ACCOUNT_CREATE']);
  await sign('reseller', reseller, [...ordering, 'BILLING_SHOWPRODUCTPRICE_MARGIN_READ', 'COMPANY_ACCOUNT_CREATE']);
  await sign('noMargin', reseller, ordering);
  await sign('providerMargin', provider, [...ordering, 'BILLING_SHOWPRODUCTPRICE_MARGIN_READ']);
  await sign('noCreate', reseller, [...READ_ALL, 'MARKETPLACE_TC_ACCEPT_EXECUTE']);
  await sign('noTerms', reseller, [...READ_ALL, 'PRODUCT_ACCOUNT_CREATE']);
  await sign('other', otherReseller, [...ordering, 'COMPANY_ACCOUNT_CREATE']);
  // The customers' administrators (standard role) receive the confirmation; a plain user does not.
  const admin = await makeUser(t.db, { parentId: customers.Main!, capabilities: [], displayName: 'Main admin' });
  await t.db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [admin.id, roles.get('Company administrator')]);
  users.mainAdmin = admin;
  users.mainUser = await makeUser(t.db, { parentId: customers.Main!, capabilities: [], displayName: 'Main user' });

  const make = async (name: string, over: Parameters<typeof serviceInput>[1] = {}) => {
    const s = await createService(t.db, clients.provider!, serviceInput(name, over));
    services[name] = { Id: s.Id, ServiceName: s.ServiceName };
  };
  await make('Ord Base', EMAIL_PROVISIONING);
  const baseTexts = (await op('provider', 'GetServiceDescriptions', { ServiceName: 'Ord Base' })).body;
  const baseTerms = baseTexts.find((d: { Type: string }) => d.Type === 'TermsAndConditions');
  await make('Ord Addon', {
    ...EMAIL_PROVISIONING,
    Dependencies: ['Ord Base'],
    Descriptions: [
      { Type: 'Description', LocalizationLanguageCode: 'en', Title: 'Addon', Content: 'About the addon' },
      baseTerms,
    ],
    PostCreationMessage: [{ Title: 'Welcome', Message: '**{{DisplayName}}** is on its way.' }],
  });
  await make('Ord Other');
  await make('Ord Multi', { Dependencies: ['Ord Base', 'Ord Other'] });
  await make('Ord Personal', { Category: 'Training', Parents: [{ ParentAccountType: 'User', ParentProductName: null }] });
  await make('Ord Unlisted');
  await make('Ord Needs Unlisted', { Dependencies: ['Ord Unlisted'] });
  await make('Ord Plain', {
    Descriptions: [{ Type: 'Description', LocalizationLanguageCode: 'en', Title: 'Plain', Content: 'No terms' }],
  });
  // The provider's list reaches the reseller's customers (propagation), not the other reseller's.
  await makePriceList(t.db, {
    ownerId: provider,
    propagation: true,
    serviceIds: ['Ord Base', 'Ord Addon', 'Ord Other', 'Ord Multi', 'Ord Personal', 'Ord Plain', 'Ord Needs Unlisted'].map(
      (n) => services[n]!.Id,
    ),
    assignees: [reseller],
  });
});
afterAll(async () => {
  await t.close();
});

describe('[M2.42] GetServiceNameByMaterialNumber', () => {
  it('[M2.42] gives the service name of a material number (the catalogue id)', async () => {
    const res = await op('reseller', 'GetServiceNameByMaterialNumber', { materialNumber: services['Ord Addon']!.Id });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ServiceName: 'Ord Addon' });
  });

  it('[M2.42] answers 404 naming materialNumber for an unknown number and for a service the caller cannot see', async () => {
    const missing = await op('reseller', 'GetServiceNameByMaterialNumber', { materialNumber: 999_999 });
    const unseen = await op('reseller', 'GetServiceNameByMaterialNumber', { materialNumber: services['Ord Unlisted']!.Id });
    const byProvider = await op('provider', 'GetServiceNameByMaterialNumber', { materialNumber: services['Ord Unlisted']!.Id });

    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual([
      { field: 'materialNumber', message: 'No service you can order has the material number 999999' },
    ]);
    expect(unseen.status).toBe(404);
    expect(byProvider.body).toEqual({ ServiceName: 'Ord Unlisted' });
  });

  it('refuses a number that is not a positive integer, naming the field', async () => {
    const res = await op('reseller', 'GetServiceNameByMaterialNumber', { materialNumber: 0 });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('materialNumber');
  });

  it('is denied without PRODUCT_ACCOUNT CREATE', async () => {
    const res = await op('noCreate', 'GetServiceNameByMaterialNumber', { materialNumber: services['Ord Base']!.Id });

    expect(res.status).toBe(403);
  });
});

describe('GetVisibleCompaniesForService', () => {
  it("[M7.21] [M6.14] lists the companies in the caller's scope whose price lists offer the service, and lets a reseller create one", async () => {
    const res = await op('reseller', 'GetVisibleCompaniesForService', { productName: 'Ord Addon' });

    expect(res.status).toBe(200);
    expect(res.body.Items).toContainEqual({
      ChildAccountId: customers.Main,
      DisplayName: 'Main Co',
      ParentDisplayName: 'Order Reseller',
    });
    const ids = res.body.Items.map((i: { ChildAccountId: number }) => i.ChildAccountId);
    expect(ids).not.toContain(foreignCustomer);
    expect(ids).not.toContain(unlistedCustomer);
    expect(res.body).toMatchObject({ CanCreateCustomer: true, CustomerParentId: reseller, Refusal: null });
  });

  it('[M6.14] offers no new customer to the provider, nor to a reseller user who may not create companies', async () => {
    const byProvider = await op('provider', 'GetVisibleCompaniesForService', { productName: 'Ord Addon' });
    const noCompanyCreate = await op('noMargin', 'GetVisibleCompaniesForService', { productName: 'Ord Addon' });

    expect(byProvider.body).toMatchObject({ CanCreateCustomer: false, CustomerParentId: null });
    expect(byProvider.body.Items.map((i: { ChildAccountId: number }) => i.ChildAccountId)).toContain(customers.Main);
    expect(noCompanyCreate.body).toMatchObject({ CanCreateCustomer: false, CustomerParentId: null });
  });

  it('[M5.13] refuses a service with several dependencies and one that is not company-level, as spelt', async () => {
    const multi = await op('reseller', 'GetVisibleCompaniesForService', { productName: 'Ord Multi' });
    const personal = await op('reseller', 'GetVisibleCompaniesForService', { productName: 'Ord Personal' });

    expect(multi.body).toMatchObject({
      Items: [],
      CanCreateCustomer: false,
      Refusal: { Code: 'MultipleDependencies', Message: 'Sorry multiple dependencies are not supported' },
    });
    expect(personal.body.Refusal).toEqual({
      Code: 'NotCompanyLevel',
      Message: "Ordering tool currently supports adding only 'Company' level services.",
    });
  });

  it('names productName for a service that does not exist, and is denied without PRODUCT_ACCOUNT CREATE', async () => {
    const missing = await op('reseller', 'GetVisibleCompaniesForService', { productName: 'No Such Service' });
    const denied = await op('noCreate', 'GetVisibleCompaniesForService', { productName: 'Ord Addon' });

    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ field: 'productName', message: 'No Such Service is not a service you can order' }]);
    expect(denied.status).toBe(403);
  });
});

describe('GetMarketServiceForAccount and AcceptTermsForMarketplaceService', () => {
  it('gives the customer, the service with its material number, its dependency not added and both terms, linked', async () => {
    const res = await op('reseller', 'GetMarketServiceForAccount', { accountId: customers.Terms, serviceName: 'Ord Addon' });

    expect(res.status).toBe(200);
    expect(res.body.Customer).toMatchObject({ AccountId: customers.Terms, DisplayName: 'Terms Co', CompanyName: 'Terms Co' });
    expect(res.body.Service).toMatchObject({ ServiceName: 'Ord Addon', MaterialNumber: services['Ord Addon']!.Id });
    expect(res.body.Dependency).toEqual({
      ServiceName: 'Ord Base',
      DisplayName: 'Ord Base',
      IsProductAdded: false,
      AccountId: null,
    });
    expect(res.body.Terms.map((x: { ServiceName: string; Accepted: boolean }) => [x.ServiceName, x.Accepted])).toEqual([
      ['Ord Base', false],
      ['Ord Addon', false],
    ]);
    const [base, addon] = res.body.Terms;
    expect(base.GroupKey).not.toBeNull();
    expect(addon.GroupKey).toBe(base.GroupKey);
    expect(res.body).toMatchObject({ CanAcceptTerms: true, Refusal: null });
  });

  it("gives the customer's info fields, '' where unset", async () => {
    const res = await op('reseller', 'GetMarketServiceForAccount', { accountId: customers.Main, serviceName: 'Ord Plain' });

    expect(res.body.Customer).toEqual({
      AccountId: customers.Main,
      DisplayName: 'Main Co',
      CompanyName: 'Main Co',
      Domain: '',
      VATID: 'NL123456789B01',
      Address: '',
      City: 'Utrecht',
      Country: 'NL',
      Email: '',
      Zip: '',
    });
    expect(res.body.Dependency).toBeNull();
    expect(res.body.Terms).toEqual([]);
  });

  it('[M5.13] gives the refusal of a service it cannot order', async () => {
    const res = await op('reseller', 'GetMarketServiceForAccount', { accountId: customers.Main, serviceName: 'Ord Multi' });

    expect(res.status).toBe(200);
    expect(res.body.Refusal).toEqual({ Code: 'MultipleDependencies', Message: ORDERING_REFUSALS.MultipleDependencies });
    expect(res.body.Terms).toEqual([]);
  });

  it('names accountId for an account that is not a company and for a company the service is not offered to', async () => {
    const notCompany = await op('reseller', 'GetMarketServiceForAccount', { accountId: reseller, serviceName: 'Ord Base' });
    const notOffered = await op('provider', 'GetMarketServiceForAccount', {
      accountId: unlistedCustomer,
      serviceName: 'Ord Base',
    });

    expect(notCompany.status).toBe(422);
    expect(notCompany.body.errors).toEqual([{ field: 'accountId', message: 'Choose a customer company that is not terminated' }]);
    expect(notOffered.status).toBe(422);
    expect(notOffered.body.errors).toEqual([{ field: 'accountId', message: 'Ord Base is not offered to Unlisted Co' }]);
  });

  it('names accountId when the dependency to add is not offered to the customer, and PlaceOrder refuses it too', async () => {
    const read = await op('reseller', 'GetMarketServiceForAccount', {
      accountId: customers.Main,
      serviceName: 'Ord Needs Unlisted',
    });
    await op('reseller', 'AcceptTermsForMarketplaceService', { accountId: customers.Main, serviceName: 'Ord Needs Unlisted' });
    await op('reseller', 'AcceptTermsForMarketplaceService', { accountId: customers.Main, serviceName: 'Ord Unlisted' });
    const placed = await place('reseller', {
      customerId: customers.Main,
      productName: 'Ord Needs Unlisted',
      views: views('1'),
      dependency: { views: views('1') },
    });

    expect(read.status).toBe(422);
    expect(read.body.errors).toEqual([{ field: 'accountId', message: 'Ord Unlisted is not offered to Main Co' }]);
    expect(placed.status).toBe(422);
    expect(placed.body.errors).toEqual([{ field: 'customerId', message: 'Ord Unlisted is not offered to Main Co' }]);
  });

  it('[M7.19] [M4.22] accepting one service accepts every service of its linked terms group', async () => {
    const accepted = await op('reseller', 'AcceptTermsForMarketplaceService', {
      accountId: customers.Terms,
      serviceName: 'Ord Addon',
    });
    const after = await op('reseller', 'GetMarketServiceForAccount', { accountId: customers.Terms, serviceName: 'Ord Addon' });

    expect(accepted.status).toBe(200);
    expect(accepted.body.Accepted).toEqual([
      { ServiceName: 'Ord Addon', Revision: 1 },
      { ServiceName: 'Ord Base', Revision: 1 },
    ]);
    expect(
      after.body.Terms.map((x: { Accepted: boolean; AcceptedRevision: number }) => [x.Accepted, x.AcceptedRevision]),
    ).toEqual([
      [true, 1],
      [true, 1],
    ]);
  });

  it('[M4.22] a service whose accepted revision is older than the latest counts as not accepted', async () => {
    await op('reseller', 'AcceptTermsForMarketplaceService', { accountId: customers.Schedule, serviceName: 'Ord Other' });
    const texts = (await op('provider', 'GetServiceDescriptions', { ServiceName: 'Ord Other' })).body;
    const major = await clients.provider!.edit('UpdateService', {
      ServiceName: 'Ord Other',
      Descriptions: texts.map((d: { Type: string }) =>
        d.Type === 'TermsAndConditions' ? { ...d, Content: 'Be very nice.', IsMajorChange: true } : d,
      ),
    });
    const res = await op('reseller', 'GetMarketServiceForAccount', { accountId: customers.Schedule, serviceName: 'Ord Other' });

    expect(major.status).toBe(200);
    expect(res.body.Terms).toEqual([
      expect.objectContaining({ ServiceName: 'Ord Other', LatestRevision: 2, AcceptedRevision: 1, Accepted: false }),
    ]);
    const refused = await place('reseller', { customerId: customers.Schedule, productName: 'Ord Other', views: views('1') });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ field: 'terms', message: 'Accept the terms and conditions of Ord Other first' }]);
  });

  it('is denied without PRODUCT_ACCOUNT CREATE', async () => {
    const res = await op('noCreate', 'GetMarketServiceForAccount', { accountId: customers.Main, serviceName: 'Ord Base' });

    expect(res.status).toBe(403);
  });

  it("answers another reseller's customer with the same 404 as a missing account", async () => {
    const foreign = await op('reseller', 'GetMarketServiceForAccount', { accountId: foreignCustomer, serviceName: 'Ord Base' });
    const missing = await op('reseller', 'GetMarketServiceForAccount', { accountId: 999_999, serviceName: 'Ord Base' });
    const accept = await op('reseller', 'AcceptTermsForMarketplaceService', {
      accountId: foreignCustomer,
      serviceName: 'Ord Base',
    });

    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: missing.body.code, detail: missing.body.detail });
    expect(accept.status).toBe(404);
  });

  it('is denied without MARKETPLACE_TC_ACCEPT EXECUTE, and says the viewer cannot accept', async () => {
    const denied = await op('noTerms', 'AcceptTermsForMarketplaceService', {
      accountId: customers.Main,
      serviceName: 'Ord Base',
    });
    const view = await op('noTerms', 'GetMarketServiceForAccount', { accountId: customers.Main, serviceName: 'Ord Base' });

    expect(denied.status).toBe(403);
    expect(view.body.CanAcceptTerms).toBe(false);
  });
});

describe('[M6.10] the order review for a company with a dependency', () => {
  const review = (who: string, customerId: number) =>
    op(who, 'ValidateCreateOrderBottleneck', {
      parentId: customerId,
      productName: 'Ord Addon',
      views: views('2'),
      dependency: { productName: 'Ord Base', views: views('3') },
    });

  it('prices the service and its dependency through the one pricing rule, each line naming its service', async () => {
    const res = await review('reseller', customers.Main!);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ Valid: true, Currency: 'EUR', AboveCreditLimit: false });
    expect(res.body.Lines.map((l: { ServiceName: string; Units: string }) => [l.ServiceName, l.Units])).toEqual([
      ['Ord Base', '3'],
      ['Ord Addon', '2'],
    ]);
    // 5 seats at the suggested retail price of 6.00 EUR.
    expect(Number(res.body.Monthly)).toBe(30);
  });

  it('[M6.10] gives the purchase price and gross margin only with BILLING_SHOWPRODUCTPRICE_MARGIN read', async () => {
    const withMargin = await review('reseller', customers.Main!);
    const without = await review('noMargin', customers.Main!);

    // The reseller is reached by the same propagated list as its customer: it pays what the customer pays.
    expect(withMargin.body.Purchase).toMatchObject({ Currency: 'EUR' });
    expect(Number(withMargin.body.Purchase.Monthly)).toBe(30);
    expect(Number(withMargin.body.Purchase.Setup)).toBe(0);
    expect(Number(withMargin.body.Purchase.GrossMarginMonthly)).toBe(0);
    expect(without.body.Purchase).toBeNull();
  });

  it("[M6.10] a reseller's purchase price is what its own price list charges it, and the provider's is the vendor's charge", async () => {
    // A list of the provider for the reseller itself (not propagated to its customers): 5.00 EUR a seat.
    const own = await makePriceList(t.db, {
      ownerId: provider,
      priority: 1,
      serviceIds: [services['Ord Base']!.Id, services['Ord Addon']!.Id],
      assignees: [reseller],
    });
    for (const name of ['Ord Base', 'Ord Addon']) {
      const service = await op('provider', 'GetService', { ServiceName: name });
      const monthly = service.body.BillingRules.find(
        (r: { ChargeType: string; Condition: unknown }) => r.ChargeType === 'Monthly' && !r.Condition,
      );
      await setListPrice(t.db, {
        marketplaceId: own,
        serviceId: services[name]!.Id,
        ruleId: monthly.Id,
        currency: 'EUR',
        price: '5',
      });
    }
    try {
      const asReseller = await review('reseller', customers.Main!);
      const asProvider = await review('providerMargin', customers.Main!);

      // 5 seats: the customer pays the suggested 6.00 a seat, the reseller 5.00 under its own list.
      expect(Number(asReseller.body.Monthly)).toBe(30);
      expect(Number(asReseller.body.Purchase.Monthly)).toBe(25);
      expect(Number(asReseller.body.Purchase.GrossMarginMonthly)).toBe(5);
      // The provider buys from the vendor at its charge of 4.50 a seat.
      expect(Number(asProvider.body.Purchase.Monthly)).toBe(22.5);
      expect(Number(asProvider.body.Purchase.GrossMarginMonthly)).toBe(7.5);
    } finally {
      await t.db.query('DELETE FROM marketplaces WHERE id = $1', [own]);
    }
  });

  it("names the dependency in a message about the dependency's values, and refuses a service that is not its dependency", async () => {
    const bad = await op('reseller', 'ValidateCreateOrderBottleneck', {
      parentId: customers.Main,
      productName: 'Ord Addon',
      views: views('2'),
      dependency: { productName: 'Ord Base', views: views('500') },
    });
    const wrong = await op('reseller', 'ValidateCreateOrderBottleneck', {
      parentId: customers.Main,
      productName: 'Ord Addon',
      views: views('2'),
      dependency: { productName: 'Ord Plain', views: views('1') },
    });

    expect(bad.body).toMatchObject({ Valid: false, InvalidMessageRef: 'Ord Base: Seats must be at most 100' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].field).toBe('dependency.productName');
  });

  it('still refuses a company parent for a service that is not company-level', async () => {
    const res = await op('reseller', 'ValidateCreateOrderBottleneck', {
      parentId: customers.Main,
      productName: 'Ord Personal',
      views: views('1'),
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'parentId', message: 'A service can be created under a user' }]);
  });
});

describe('PlaceOrder', () => {
  it('[M4.21] creates the dependency first, then the service, with their orders, provisioning and the confirmation e-mail; the answer carries the post-creation message filled in', async () => {
    const customer = customers.Main!;
    await op('reseller', 'AcceptTermsForMarketplaceService', { accountId: customer, serviceName: 'Ord Addon' });
    const reviewed = await op('reseller', 'ValidateCreateOrderBottleneck', {
      parentId: customer,
      productName: 'Ord Addon',
      views: views('2'),
      dependency: { productName: 'Ord Base', views: views('3') },
    });

    const res = await place('reseller', {
      customerId: customer,
      productName: 'Ord Addon',
      views: views('2', 'Addon for Main'),
      dependency: { views: views('3', 'Base for Main') },
    });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      DisplayName: 'Addon for Main',
      OrderStatus: 'Completed',
      ProvisioningRequestId: expect.any(Number),
      ScheduledFor: null,
      CustomerId: customer,
      // The service's post-creation message, its placeholders filled with the subscription's values.
      PostCreationMessage: { Title: 'Welcome', Message: '**Addon for Main** is on its way.' },
      Replayed: false,
    });
    expect(res.body.DependencyAccountId).toBeLessThan(res.body.AccountId);
    const created = await t.db.query<{ id: number; parent_id: number; product_name: string }>(
      'SELECT id, parent_id, product_name FROM accounts WHERE id = ANY($1::int[]) ORDER BY id',
      [[res.body.DependencyAccountId, res.body.AccountId]],
    );
    expect(created).toEqual([
      { id: res.body.DependencyAccountId, parent_id: customer, product_name: 'Ord Base' },
      { id: res.body.AccountId, parent_id: customer, product_name: 'Ord Addon' },
    ]);
    const orders = await t.db.query<{ order_number: string; monthly: string; status: string }>(
      'SELECT order_number, monthly_selling::text AS monthly, status FROM orders WHERE account_id = ANY($1::int[]) ORDER BY id',
      [[res.body.DependencyAccountId, res.body.AccountId]],
    );
    expect(orders.map((o) => [Number(o.monthly), o.status])).toEqual([
      [18, 'Completed'],
      [12, 'Completed'],
    ]);
    expect(res.body.OrderNumber).toBe(orders[1]?.order_number);
    expect(
      await count('provisioning_requests WHERE account_id = ANY($1::int[])', [
        [res.body.DependencyAccountId, res.body.AccountId],
      ]),
    ).toBe(2);

    // The same amounts as the review: the review's total is the two orders' total.
    expect(Number(reviewed.body.Monthly)).toBe(30);
    // The success screen's charge summary of the whole order is the review's (decision 0045).
    expect(res.body.Charges).toEqual(reviewed.body.Charges);
    expect(Number(res.body.Charges.FirstInvoice)).toBe(30);
    // The confirmation goes to the placing user and the customer's administrator, not to a plain user.
    expect([...res.body.ConfirmationSentTo].sort()).toEqual(
      [`${users.reseller!.username}@example.com`, `${users.mainAdmin!.username}@example.com`].sort(),
    );
    await t.app.jobs.runDue();
    const toAdmin = t.mail!.to(`${users.mainAdmin!.username}@example.com`).at(-1);
    expect(toAdmin?.subject).toBe(`Order ${res.body.OrderNumber} of Ord Addon for Main Co`);
    expect(toAdmin?.text).toContain('reseller user placed an order for Main Co.');
    expect(toAdmin?.text).toContain(`Ord Base (order ${orders[0]?.order_number})`);
    expect(toAdmin?.text).toContain(`Monthly: ${formatMoney('18', 'EUR')}`);
    expect(toAdmin?.text).toContain(`Monthly: ${formatMoney('12', 'EUR')}`);
    expect(toAdmin?.text).toContain('Setup: FREE');
    expect(toAdmin?.text).toContain('Provisioning: at once');
    expect(toAdmin?.text).toContain(`First invoice: ${formatMoney('18', 'EUR')}`);
    expect(t.mail!.to(`${users.reseller!.username}@example.com`).at(-1)?.text).toContain('Your order for Main Co is placed.');
    expect(t.mail!.to(`${users.mainUser!.username}@example.com`)).toEqual([]);

    // The dependency now counts as added.
    const after = await op('reseller', 'GetMarketServiceForAccount', { accountId: customer, serviceName: 'Ord Addon' });
    expect(after.body.Dependency).toMatchObject({ IsProductAdded: true, AccountId: res.body.DependencyAccountId });
    const again = await place('reseller', { customerId: customer, productName: 'Ord Addon', views: views('1', 'Second addon') });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.DependencyAccountId).toBe(res.body.DependencyAccountId);
  });

  it('answers a repeated request id with the first order (a double click or a retry), placing one order', async () => {
    const customer = customers.Retry!;
    await op('reseller', 'AcceptTermsForMarketplaceService', { accountId: customer, serviceName: 'Ord Base' });
    const input = { requestId: randomUUID(), customerId: customer, productName: 'Ord Base', views: views('1', 'Retried') };

    const first = await op('reseller', 'PlaceOrder', input);
    const second = await op('reseller', 'PlaceOrder', input);

    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ...first.body, Replayed: true });
    expect(await count("accounts WHERE parent_id = $1 AND account_type = 'Product'", [customer])).toBe(1);
    expect(await count('orders WHERE company_id = $1', [customer])).toBe(1);
  });

  it('gives one order for two concurrent requests with the same request id', async () => {
    const customer = customers.Concurrent!;
    await op('reseller', 'AcceptTermsForMarketplaceService', { accountId: customer, serviceName: 'Ord Base' });
    const input = { requestId: randomUUID(), customerId: customer, productName: 'Ord Base', views: views('1', 'Raced') };

    const answers = await Promise.all([1, 2, 3].map(() => op('reseller', 'PlaceOrder', input)));

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.AccountId)).size).toBe(1);
    expect(answers.filter((a) => a.body.Replayed === false)).toHaveLength(1);
    expect(await count("accounts WHERE parent_id = $1 AND account_type = 'Product'", [customer])).toBe(1);
    expect(await count('orders WHERE company_id = $1', [customer])).toBe(1);
  });

  it('[M4.21] leaves nothing when the service fails after its dependency was created, and a retry then places it', async () => {
    const customer = customers.Atomic!;
    await op('reseller', 'AcceptTermsForMarketplaceService', { accountId: customer, serviceName: 'Ord Addon' });
    const requestId = randomUUID();
    const input = {
      requestId,
      customerId: customer,
      productName: 'Ord Addon',
      dependency: { views: views('3', 'Base') },
      scheduledDate: null,
    };

    const failed = await op('reseller', 'PlaceOrder', { ...input, views: views('500', 'Addon') });

    expect(failed.status).toBe(422);
    expect(failed.body.errors).toEqual([{ field: 'Views.Service.Values.Seats', message: 'Seats must be at most 100' }]);
    expect(await count('accounts WHERE parent_id = $1', [customer])).toBe(0);
    expect(await count('orders WHERE company_id = $1', [customer])).toBe(0);
    expect(await count('provisioning_requests r JOIN accounts a ON a.id = r.account_id WHERE a.parent_id = $1', [customer])).toBe(
      0,
    );
    expect(await count('order_requests WHERE request_id = $1::uuid', [requestId])).toBe(0);

    const retried = await op('reseller', 'PlaceOrder', { ...input, views: views('2', 'Addon') });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.Replayed).toBe(false);
    expect(await count('orders WHERE company_id = $1', [customer])).toBe(2);
  });

  it("names the dependency's fields as Dependency.<field>, and asks for the dependency's values when it is not added", async () => {
    const customer = customers.Deps!;
    await op('reseller', 'AcceptTermsForMarketplaceService', { accountId: customer, serviceName: 'Ord Addon' });

    const badDependency = await place('reseller', {
      customerId: customer,
      productName: 'Ord Addon',
      views: views('1'),
      dependency: { views: views('0') },
    });
    const noDependency = await place('reseller', { customerId: customer, productName: 'Ord Addon', views: views('1') });

    expect(badDependency.status).toBe(422);
    expect(badDependency.body.errors).toEqual([
      { field: 'Dependency.Views.Service.Values.Seats', message: 'Seats must be at least 1' },
    ]);
    expect(noDependency.body.errors).toEqual([
      { field: 'dependency', message: 'Ord Addon needs Ord Base: fill in its details to add it' },
    ]);
  });

  it('refuses an order while the terms of the service or of its dependency are not accepted (current revision)', async () => {
    const customer = customers.Review!;

    const res = await place('reseller', {
      customerId: customer,
      productName: 'Ord Addon',
      views: views('1'),
      dependency: { views: views('1') },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'terms', message: 'Accept the terms and conditions of Ord Base first' }]);
    expect(await count('accounts WHERE parent_id = $1', [customer])).toBe(0);
  });

  it('[M5.13] refuses a service with several dependencies and one that is not company-level, as spelt', async () => {
    const multi = await place('reseller', { customerId: customers.Main, productName: 'Ord Multi', views: views('1') });
    const personal = await place('reseller', { customerId: customers.Main, productName: 'Ord Personal', views: views('1') });

    expect(multi.status).toBe(422);
    expect(multi.body.errors).toEqual([{ field: 'productName', message: 'Sorry multiple dependencies are not supported' }]);
    expect(personal.body.errors).toEqual([
      { field: 'productName', message: "Ordering tool currently supports adding only 'Company' level services." },
    ]);
  });

  it('[M5.16] schedules provisioning at a future UTC date and refuses a past or malformed one', async () => {
    const customer = customers.Schedule!;
    await op('reseller', 'AcceptTermsForMarketplaceService', { accountId: customer, serviceName: 'Ord Base' });
    const order = (scheduledDate: string) =>
      place('reseller', { customerId: customer, productName: 'Ord Base', views: views('1', 'Later'), scheduledDate });

    const past = await order('2000-01-01 00:00');
    const malformed = await order('2099-02-30 10:00');
    const future = await order('2099-01-31 08:30');

    expect(past.body.errors).toEqual([
      { field: 'scheduledDate', message: 'A scheduled provisioning date cannot be in the past' },
    ]);
    expect(malformed.body.errors).toEqual([{ field: 'scheduledDate', message: 'Enter the date as yyyy-MM-dd HH:mm (UTC)' }]);
    expect(future.status, JSON.stringify(future.body)).toBe(200);
    expect(future.body.ScheduledFor).toBe('2099-01-31T08:30:00.000Z');
    await t.app.jobs.runDue();
    expect(t.mail!.to(`${users.reseller!.username}@example.com`).at(-1)?.text).toContain(
      'Provisioning: scheduled for 2099-01-31 08:30 UTC',
    );
  });

  it('places an order above the credit limit under review, provisioning nothing until then', async () => {
    const customer = customers.Review!;
    await op('reseller', 'AcceptTermsForMarketplaceService', { accountId: customer, serviceName: 'Ord Base' });
    await t.db.query(
      `INSERT INTO credit_limit_records (account_id, credit_limit, is_locked, previous_is_locked, comment, currency, created_by)
       VALUES ($1, 1, false, false, 'Small', 'EUR', $2)`,
      [customer, users.reseller!.id],
    );

    const res = await place('reseller', { customerId: customer, productName: 'Ord Base', views: views('5') });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ OrderStatus: 'UnderReview', ProvisioningRequestId: null, ScheduledFor: null });
    expect(res.body.NoticeSentTo).toBe(`${users.reseller!.username}@example.com`);
    await t.app.jobs.runDue();
    const confirmation = t
      .mail!.to(`${users.reseller!.username}@example.com`)
      .filter((m) => m.subject.startsWith(`Order ${res.body.OrderNumber} of`));
    expect(confirmation.at(-1)?.text).toContain('Provisioning: after review');
  });

  it('checks the whole order against the credit limit, as its review did: the service goes under review when it and its dependency together are above it', async () => {
    const customer = customers.Combined!;
    await op('reseller', 'AcceptTermsForMarketplaceService', { accountId: customer, serviceName: 'Ord Addon' });
    await t.db.query(
      `INSERT INTO credit_limit_records (account_id, credit_limit, is_locked, previous_is_locked, comment, currency, created_by)
       VALUES ($1, 100, false, false, 'Each part fits, not both', 'EUR', $2)`,
      [customer, users.reseller!.id],
    );
    // 10 seats at 6.00 EUR each: 60 + 60 is above 100, though each alone is not.
    const reviewed = await op('reseller', 'ValidateCreateOrderBottleneck', {
      parentId: customer,
      productName: 'Ord Addon',
      views: views('10'),
      dependency: { productName: 'Ord Base', views: views('10') },
    });

    const res = await place('reseller', {
      customerId: customer,
      productName: 'Ord Addon',
      views: views('10', 'Addon'),
      dependency: { views: views('10', 'Base') },
    });

    expect(reviewed.body.AboveCreditLimit).toBe(true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.OrderStatus).toBe('UnderReview');
    const statuses = await t.db.query<{ account_id: number; status: string }>(
      'SELECT account_id, status FROM orders WHERE account_id = ANY($1::int[]) ORDER BY id',
      [[res.body.DependencyAccountId, res.body.AccountId]],
    );
    expect(statuses.map((o) => o.status)).toEqual(['Completed', 'UnderReview']);
  });

  it("a request id is the placing user's: another user's same id places another order", async () => {
    const customer = customers.Retry!;
    const input = { requestId: randomUUID(), customerId: customer, productName: 'Ord Base', views: views('1', 'Shared id') };

    const mine = await op('reseller', 'PlaceOrder', input);
    const theirs = await op('noMargin', 'PlaceOrder', input);

    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect(theirs.body.Replayed).toBe(false);
    expect(theirs.body.AccountId).not.toBe(mine.body.AccountId);
  });

  it('is denied without PRODUCT_ACCOUNT CREATE', async () => {
    const res = await place('noCreate', { customerId: customers.Main, productName: 'Ord Base', views: views('1') });

    expect(res.status).toBe(403);
  });

  it("answers a reseller ordering for another reseller's customer with the same 404 as a missing account", async () => {
    const foreign = await place('reseller', { customerId: foreignCustomer, productName: 'Ord Base', views: views('1') });
    const missing = await place('reseller', { customerId: 999_999, productName: 'Ord Base', views: views('1') });

    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: missing.body.code, detail: missing.body.detail });
    expect(await count('accounts WHERE parent_id = $1', [foreignCustomer])).toBe(0);
  });
});
