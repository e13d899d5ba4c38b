import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { makePriceList, setListPrice } from '../factories/price-lists.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * The Discount tab's add-service search (decision 0048): SearchServices and GetSearchServicesMetadata with Source
 * AvailableServicesForAccountDiscount [A7.6], each result's billing [A3.8], DISCOUNT_TOOL read [A6.15] and the
 * Discount tab's account rule [A2.24] [A2.28].
 */

const ALPHA = 'Discount Search Alpha';
const BETA = 'Discount Search Beta';
const GAMMA = 'Discount Search Gamma';
const DISCOUNT_ALL = ['DISCOUNT_TOOL_READ', 'DISCOUNT_TOOL_UPDATE'];
const DISCOUNT_SOURCE = 'AvailableServicesForAccountDiscount';

let t: TestApp;
let provider: number;
let reseller: number;
let company: number;
let directCompany: number;
let product: number;
let alphaPi: string;
let betaPi: string;
const clients: Record<string, ApiClient> = {};

async function client(name: string, parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities, displayName: `Staff ${name}` });
  clients[name] = await new ApiClient(t.url).signIn(user.username);
}
const as = (who: string) => clients[who]!;
const search = (who: string, accountId: number, more: Record<string, unknown> = {}, options: Record<string, unknown> = {}) =>
  as(who).op('SearchServices', { options: { Source: { Type: DISCOUNT_SOURCE, Value: accountId }, ...options }, ...more });

async function service(name: string, charge: string, srp: string) {
  const created = await createService(
    t.db,
    as('provider'),
    serviceInput(name, {
      BillingRules: [
        {
          ChargeType: 'Monthly',
          Charge: charge,
          LicenceType: 'CORP-SEAT',
          SuggestedRetailPrices: [{ Currency: 'EUR', Charge: srp }],
        },
      ],
    } as never),
  );
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM services WHERE service_name = $1', [name]);
  return { id: row!.id, ruleId: created.BillingRules[0].Id as string, pi: created.BillingRules[0].PriceableItemId as string };
}

beforeAll(async () => {
  t = await buildTestApp();
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'Provider' });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Reseller' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Acme' });
  directCompany = await makeAccount(t.db, { type: 'Company', parentId: provider, displayName: 'Direct' });
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Other' });

  await client('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL, ...DISCOUNT_ALL]);
  // The reseller's discount staff may not browse the marketplace: the discount source needs DISCOUNT_TOOL only.
  await client('reseller', reseller, [...READ_ALL, ...DISCOUNT_ALL]);
  await client('browser', reseller, [...READ_ALL, 'MARKETPLACE_READ']);
  await client('foreign', otherReseller, [...READ_ALL, ...DISCOUNT_ALL]);
  await client('customer', company, [...READ_ALL, ...DISCOUNT_ALL]);

  const alpha = await service(ALPHA, '4', '10');
  const beta = await service(BETA, '1', '2');
  await service(GAMMA, '1', '3');
  alphaPi = alpha.pi;
  betaPi = beta.pi;
  // The provider's list reaches the reseller and the direct company; the reseller's list reaches its company.
  const providerList = await makePriceList(t.db, {
    ownerId: provider,
    serviceIds: [alpha.id, beta.id],
    assignees: [reseller, directCompany],
  });
  await setListPrice(t.db, {
    marketplaceId: providerList,
    serviceId: alpha.id,
    ruleId: alpha.ruleId,
    currency: 'EUR',
    price: '8',
  });
  const resellerList = await makePriceList(t.db, { ownerId: reseller, serviceIds: [alpha.id, beta.id], assignees: [company] });
  await setListPrice(t.db, {
    marketplaceId: resellerList,
    serviceId: alpha.id,
    ruleId: alpha.ruleId,
    currency: 'EUR',
    price: '9',
  });

  product = await insertAccount(t.db, {
    type: 'Product',
    parentId: company,
    displayName: 'Alpha of Acme',
    productName: ALPHA,
    attributes: { 'Product.Quantity': 1 } as never,
  });
});
afterAll(() => t.close());

describe('[A7.6] SearchServices and GetSearchServicesMetadata with Source AvailableServicesForAccountDiscount', () => {
  it('[A3.8] answers the services the account may buy by display name, ten to a page, each fee with what the giver pays and the account price', async () => {
    // The provider gives the reseller 10 % on Alpha: the reseller then pays 8 less 10 % for it.
    const given = await as('provider').op('UpdateServiceDiscounts', {
      accountId: reseller,
      discounts: [
        {
          ProductName: ALPHA,
          DiscountItems: [
            { PriceableItemId: alphaPi, Currency: 'EUR', IsCustomCharge: false, Discount: '10', CustomCharge: null },
          ],
        },
      ],
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);

    const res = await search('reseller', company);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ Page: 1, Limit: 10, Total: 2 });
    // Gamma is in no list that reaches the company.
    expect(res.body.Services.map((s: { DisplayName: string }) => s.DisplayName)).toEqual([ALPHA, BETA]);
    expect(res.body.Services[0]).toMatchObject({
      ActiveDiscountId: null,
      DiscountBilling: [
        {
          PriceableItemId: alphaPi,
          ChargeType: 'Monthly',
          Charges: [{ Currency: 'EUR', PurchasePrice: '7.2', CustomPrice: '9.000000' }],
        },
      ],
    });
    // Without a list price the SRP: what the reseller pays and what the company is charged.
    expect(res.body.Services[1].DiscountBilling).toEqual([
      {
        PriceableItemId: betaPi,
        ChargeType: 'Monthly',
        Description: '',
        Charges: [{ Currency: 'EUR', PurchasePrice: '2', CustomPrice: '2' }],
      },
    ]);
  });

  it('marks a service that already has an active discount of the account with its id, and keeps it in the page', async () => {
    const saved = await as('reseller').op('UpdateServiceDiscounts', {
      accountId: company,
      discounts: [{ ProductName: BETA, DiscountItems: [] }],
    });
    expect(saved.status).toBe(200);
    const res = await search('reseller', company, {}, { DisplayName: 'beta' });
    expect(res.body.Total).toBe(1);
    expect(res.body.Services[0]).toMatchObject({ DisplayName: BETA, ActiveDiscountId: saved.body.Items[0].Id });
  });

  it('the provider pays the vendor charge; the order and page size asked for are kept', async () => {
    const res = await search('provider', directCompany, { orderBy: { Key: 'DisplayName', Direction: 'DESC' }, limit: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ Limit: 1, Total: 2 });
    expect(res.body.Services[0]).toMatchObject({ DisplayName: BETA });
    expect(res.body.Services[0].DiscountBilling[0].Charges).toEqual([{ Currency: 'EUR', PurchasePrice: '1', CustomPrice: '2' }]);
  });

  it('GetSearchServicesMetadata counts the vendors and categories of the same set', async () => {
    const res = await as('reseller').op('GetSearchServicesMetadata', {
      options: { Source: { Type: DISCOUNT_SOURCE, Value: company } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Total).toBe(2);
    expect(res.body.Vendors).toEqual([expect.objectContaining({ OwnerAccountId: provider, Count: 2 })]);
  });

  it('[A6.15] needs DISCOUNT_TOOL read; the tool alone browses no other source', async () => {
    expect((await search('browser', company)).status).toBe(403);
    expect(
      (await as('browser').op('GetSearchServicesMetadata', { options: { Source: { Type: DISCOUNT_SOURCE, Value: company } } }))
        .status,
    ).toBe(403);
    expect((await as('reseller').op('SearchServices', { options: {} })).status).toBe(403);
    expect(
      (
        await as('reseller').op('SearchServices', {
          options: { Source: { Type: 'AvailableServicesForAccount', Value: company } },
        })
      ).status,
    ).toBe(403);
    // The marketplace browser keeps its sources.
    expect((await as('browser').op('SearchServices', { options: {} })).status).toBe(200);
  });

  it('[A2.28] [A2.24] the Discount tab rule: not the own organisation, only the organisation directly above, a company or reseller', async () => {
    expect((await search('customer', company)).status).toBe(403);
    expect((await search('provider', company)).status).toBe(403);
    const productSearch = await search('reseller', product);
    expect(productSearch.status).toBe(422);
    expect(productSearch.body.errors[0].field).toBe('accountId');
  });

  it('another reseller gets the same 404 for the company as for a missing account', async () => {
    const foreign = await search('foreign', company);
    const missing = await search('foreign', 99_999_999);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
  });
});
