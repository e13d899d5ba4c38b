import { endOfMonthUtc } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { loadCustomerPricing } from '../../src/domains/price-lists/price-list-lookup.js';
import { expireSpecialDeals } from '../../src/domains/special-deals/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * Special deals (decision 0049): GetAccountChargeStreams, GetSpecialDealDiscount and SaveSpecialDealDiscount [A7.9],
 * the stream and history records [A3.6], the states and history actions [A4.5], the limits [A5.3] [A5.12],
 * SPECIAL_DEAL execute [A6.16], the tab's rule [A2.25] [A2.29], expiry through the sweeper, and the deal in the one
 * pricing rule (the reseller's purchase price in the price preview) [A1.9].
 */

const SERVICE = 'Deal Test Mail';
const DEAL = 'SPECIAL_DEAL_EXECUTE';
const PREVIEW = ['BILLING_SHOWPRODUCTPRICE_READ', 'BILLING_SHOWPRODUCTPRICE_MARGIN_READ'];

let t: TestApp;
let provider: number;
let distributor: number;
let reseller: number;
let company: number;
let product: number;
let foreignProduct: number;
let stream: string;
let monthPi: string;
let setupPi: string;
const clients: Record<string, ApiClient> = {};

async function client(name: string, parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities, displayName: `Staff ${name}` });
  clients[name] = await new ApiClient(t.url).signIn(user.username);
}
const as = (who: string) => clients[who]!;
const streams = (who: string, accountId = product) => as(who).op('GetAccountChargeStreams', { accountId });
const deals = (who: string, accountId = product) => as(who).op('GetSpecialDealDiscount', { accountId });
const save = (who: string, list: unknown[]) => as(who).op('SaveSpecialDealDiscount', { deals: list });
const percent = (pi: string, value: string) => ({
  PriceableItemId: pi,
  Currency: 'EUR',
  IsCustomCharge: false,
  Discount: value,
  CustomCharge: null,
});
const custom = (pi: string, value: string) => ({
  PriceableItemId: pi,
  Currency: 'EUR',
  IsCustomCharge: true,
  Discount: null,
  CustomCharge: value,
});
const newProduct = (parentId = company) =>
  insertAccount(t.db, {
    type: 'Product',
    parentId,
    displayName: 'Mail subscription',
    productName: SERVICE,
    attributes: { 'Product.Quantity': 2 } as never,
  });
const fields = (res: { body: { errors?: { field: string }[] } }) => (res.body.errors ?? []).map((e) => e.field);

beforeAll(async () => {
  t = await buildTestApp();
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'Provider' });
  distributor = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Distributor' });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: distributor, displayName: 'Reseller' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Acme' });
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Other' });
  const otherCompany = await makeAccount(t.db, { type: 'Company', parentId: otherReseller, displayName: 'Other customer' });

  await client('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL, DEAL]);
  await client('distributor', distributor, [...READ_ALL, DEAL, ...PREVIEW]);
  await client('distributorNoDeal', distributor, [...READ_ALL, ...PREVIEW]);
  await client('reseller', reseller, [...READ_ALL, DEAL, ...PREVIEW]);
  await client('customer', company, [...READ_ALL, DEAL, ...PREVIEW]);
  await client('foreign', otherReseller, [...READ_ALL, DEAL]);

  const svc = await createService(
    t.db,
    as('provider'),
    serviceInput(SERVICE, {
      BillingRules: [
        {
          ChargeType: 'Monthly',
          Charge: '4',
          LicenceType: 'CORP-SEAT',
          SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '10' }],
        },
        { ChargeType: 'Setup', Charge: '5', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '20' }] },
      ],
    } as never),
  );
  monthPi = svc.BillingRules[0].PriceableItemId;
  setupPi = svc.BillingRules[1].PriceableItemId;
  product = await newProduct();
  foreignProduct = await newProduct(otherCompany);
  stream = `${distributor}-${reseller}`;
});
afterAll(() => t.close());

describe('[A7.9] GetAccountChargeStreams', () => {
  it('[A3.6] answers the stream the viewer sells on: seller, buyer, marketplace, priced fees and no deal yet', async () => {
    const res = await streams('distributor');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Items).toHaveLength(1);
    expect(res.body.Items[0]).toMatchObject({
      ChargeStreamId: stream,
      MarketplaceId: null,
      MarketplaceName: 'Suggested retail prices',
      SellerCompany: { AccountId: distributor, DisplayName: 'Distributor' },
      BuyerAccount: { AccountId: reseller, DisplayName: 'Reseller', AccountType: 'Reseller' },
      Currency: 'EUR',
      HasCompanyDiscount: false,
      SpecialDeal: null,
    });
    expect(res.body.Items[0].Subscriptions).toEqual([
      {
        PriceableItem: { PriceableItemId: monthPi, Description: '', ChargeType: 'Monthly' },
        ListedPrice: { Charge: '10', Currency: 'EUR' },
        ActualPrice: { Charge: '10', Currency: 'EUR' },
        DiscountDetails: null,
      },
      {
        PriceableItem: { PriceableItemId: setupPi, Description: '', ChargeType: 'Setup' },
        ListedPrice: { Charge: '20', Currency: 'EUR' },
        ActualPrice: { Charge: '20', Currency: 'EUR' },
        DiscountDetails: null,
      },
    ]);
    // The provider sells to the distributor: its own stream.
    const top = await streams('provider');
    expect(top.body.Items.map((s: { ChargeStreamId: string }) => s.ChargeStreamId)).toEqual([`${provider}-${distributor}`]);
  });

  it('[A2.29] the parent of the owning company is refused; the owning company sells on no stream', async () => {
    expect((await streams('reseller')).status).toBe(403);
    expect((await deals('reseller')).status).toBe(403);
    expect((await save('reseller', [{ chargeStreamId: stream, targetAccountId: product }])).status).toBe(403);
    const own = await streams('customer');
    expect(own.status).toBe(200);
    expect(own.body.Items).toEqual([]);
  });

  it('[A6.16] without SPECIAL_DEAL execute every operation is refused', async () => {
    expect((await streams('distributorNoDeal')).status).toBe(403);
    expect((await deals('distributorNoDeal')).status).toBe(403);
    expect((await save('distributorNoDeal', [{ chargeStreamId: stream, targetAccountId: product }])).status).toBe(403);
  });

  it("another reseller's customer's subscription answers the missing account's 404", async () => {
    const foreign = await streams('distributor', foreignProduct);
    const missing = await streams('distributor', 99_999_999);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
    expect((await save('distributor', [{ chargeStreamId: stream, targetAccountId: foreignProduct }])).status).toBe(404);
  });

  it('[A2.25] a non-Product account is refused naming accountId', async () => {
    const res = await streams('distributor', company);
    expect(res.status).toBe(422);
    expect(fields(res)).toEqual(['accountId']);
  });
});

describe('[A7.9] SaveSpecialDealDiscount and GetSpecialDealDiscount', () => {
  it('[A4.5] activate, modify, stale version, remove; the history reads newest first; each change is audited', async () => {
    const p = await newProduct();
    const end = endOfMonthUtc(new Date().getUTCFullYear() + 1, 3);
    const activated = await save('distributor', [
      {
        chargeStreamId: stream,
        targetAccountId: p,
        comments: 'Launch',
        percentMode: true,
        discountItems: [percent(monthPi, '10')],
      },
    ]);
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const deal = activated.body.Deals[0];
    expect(deal).toMatchObject({
      ChargeStreamId: stream,
      TargetAccountId: p,
      Comments: 'Launch',
      EffectiveEndDate: null,
      PercentMode: true,
      Status: 'Active',
      Version: 1,
      DiscountItems: [
        { PriceableItemId: monthPi, Currency: 'EUR', IsCustomCharge: false, Discount: '10.00', CustomCharge: null },
      ],
    });
    expect(deal.History).toHaveLength(1);
    expect(deal.History[0]).toMatchObject({
      ActionTaken: 'Activated',
      Author: { DisplayName: 'Staff distributor' },
      Comments: 'Launch',
    });

    // At most one Active deal per stream.
    const twice = await save('distributor', [{ chargeStreamId: stream, targetAccountId: p, discountItems: [] }]);
    expect(twice.status).toBe(409);

    const stale = await save('distributor', [
      { id: deal.Id, version: 5, chargeStreamId: stream, targetAccountId: p, discountItems: [] },
    ]);
    expect(stale.status).toBe(409);
    expect(fields(stale)).toEqual(['Deals[0].Version']);

    const modified = await save('distributor', [
      {
        id: deal.Id,
        version: 1,
        chargeStreamId: stream,
        targetAccountId: p,
        comments: 'Spring',
        effectiveEndDate: end,
        percentMode: false,
        discountItems: [custom(monthPi, '7.123456'), percent(setupPi, '50')],
      },
    ]);
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    expect(modified.body.Deals[0]).toMatchObject({ Version: 2, Comments: 'Spring', EffectiveEndDate: end, PercentMode: false });
    expect(modified.body.Deals[0].DiscountItems).toEqual(
      expect.arrayContaining([
        { PriceableItemId: monthPi, Currency: 'EUR', IsCustomCharge: true, CustomCharge: '7.123456', Discount: null },
        { PriceableItemId: setupPi, Currency: 'EUR', IsCustomCharge: false, CustomCharge: null, Discount: '50.00' },
      ]),
    );

    const removed = await save('distributor', [
      { id: deal.Id, version: 2, chargeStreamId: stream, targetAccountId: p, status: 'Removed', comments: 'Ended early' },
    ]);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const after = removed.body.Deals[0];
    expect(after.Status).toBe('Removed');
    expect(after.History.map((h: { ActionTaken: string }) => h.ActionTaken)).toEqual([
      'Removed special deal',
      'Modified',
      'Activated',
    ]);
    expect(after.History[0]).toMatchObject({ Status: 'Removed', Comments: 'Ended early' });
    expect(after.History[1]).toMatchObject({ Status: 'Active', Comments: 'Spring', EffectiveEndDate: end });

    // The stream no longer has an active deal; a new one can be activated and both deals' history is read.
    const stillRead = await streams('distributor', p);
    expect(stillRead.body.Items[0].SpecialDeal).toBeNull();
    const again = await save('distributor', [{ chargeStreamId: stream, targetAccountId: p, discountItems: [] }]);
    expect(again.status).toBe(200);
    const all = await deals('distributor', p);
    expect(all.body.Deals.map((d: { Status: string }) => d.Status)).toEqual(['Active', 'Removed']);

    const audits = await t.db.query<{ after: { SpecialDeal: { Action: string; Mode: string } } }>(
      `SELECT after FROM audit_log WHERE account_id = $1 AND operation = 'SaveSpecialDealDiscount' ORDER BY id`,
      [p],
    );
    expect(audits.map((a) => a.after.SpecialDeal.Action)).toEqual(['Activated', 'Modified', 'Removed special deal', 'Activated']);
    expect(audits[1]?.after.SpecialDeal.Mode).toBe('CustomCharge');
  });

  it('[A5.3] [A5.12] refuses bad percents, special prices, fees, currencies, end dates and comments, naming each field, saving nothing', async () => {
    const p = await newProduct();
    const res = await save('distributor', [
      {
        chargeStreamId: stream,
        targetAccountId: p,
        percentMode: false,
        effectiveEndDate: '2020-01-31T23:59:59.999Z',
        discountItems: [
          percent(monthPi, '100.5'),
          percent(setupPi, '1.005'),
          custom('no-such-fee', '1.1234567'),
          { ...custom(monthPi, '-1'), Currency: 'USD' },
        ],
      },
      { chargeStreamId: '999998-999999', targetAccountId: p },
    ]);
    expect(res.status).toBe(422);
    expect(fields(res)).toEqual([
      'Deals[0].EffectiveEndDate',
      'Deals[0].DiscountItems[0].Discount',
      'Deals[0].DiscountItems[1].Discount',
      'Deals[0].DiscountItems[2].CustomCharge',
      'Deals[0].DiscountItems[3].CustomCharge',
      'Deals[0].DiscountItems[2].PriceableItemId',
      'Deals[0].DiscountItems[3].Currency',
      'Deals[1].ChargeStreamId',
    ]);
    const long = await save('distributor', [{ chargeStreamId: stream, targetAccountId: p, comments: 'x'.repeat(1001) }]);
    expect(long.status).toBe(422);
    expect((await deals('distributor', p)).body.Deals).toEqual([]);
  });

  it("the provider cannot deal on the distributor's stream: only its seller does", async () => {
    const res = await save('provider', [{ chargeStreamId: stream, targetAccountId: product, discountItems: [] }]);
    expect(res.status).toBe(403);
  });
});

describe('special deals in the one pricing rule', () => {
  it("[A1.9] the price preview shows the reseller's purchase price, and a deal on its stream changes it", async () => {
    const p = await newProduct();
    const before = await as('reseller').op('GetAccountPricePreview', { accountId: p });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    // The company pays the SRP: 2 x 10 monthly; the reseller buys at its own SRP too, so no margin yet.
    expect(before.body.Monthly).toMatchObject({ Total: '20', PurchaseTotal: '20', GrossMargin: '0' });
    expect(before.body.Margin.PurchaseFrom).toEqual({ AccountId: reseller, DisplayName: 'Reseller' });

    const res = await save('distributor', [
      { chargeStreamId: stream, targetAccountId: p, percentMode: true, discountItems: [percent(monthPi, '25')] },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await as('reseller').op('GetAccountPricePreview', { accountId: p });
    expect(after.body.Monthly).toMatchObject({ Total: '20', PurchaseTotal: '15', GrossMargin: '5' });
    expect(after.body.Lines[0]).toMatchObject({ UnitPrice: '10', PurchaseUnitPrice: '7.5' });
    // The purchase price is what the viewer's organisation pays: the distributor pays the vendor's charge, and the end
    // customer never sees its reseller's purchase price.
    const distributorView = await as('distributor').op('GetAccountPricePreview', { accountId: p });
    expect(distributorView.body.Monthly.PurchaseTotal).toBe('8');
    expect(distributorView.body.Margin.PurchaseFrom).toBeUndefined();
    const own = await as('customer').op('GetAccountPricePreview', { accountId: p });
    expect(own.body.Monthly.PurchaseTotal).toBe('8');
    expect(own.body.Margin.PurchaseFrom).toBeUndefined();

    // The stream shows what the deal makes of the price.
    const s = await streams('distributor', p);
    expect(s.body.Items[0].Subscriptions[0].DiscountDetails).toEqual({ Price: '7.5', Description: 'Special deal: 25% off' });
    expect(s.body.Items[0].SpecialDeal.Status).toBe('Active');
  });

  it('a deal past its end stops applying at read time, and the sweeper marks it Expired once, with history and audit', async () => {
    const p = await newProduct();
    const now = new Date();
    const end = endOfMonthUtc(now.getUTCFullYear(), now.getUTCMonth() + 1);
    const res = await save('distributor', [
      { chargeStreamId: stream, targetAccountId: p, effectiveEndDate: end, discountItems: [percent(monthPi, '50')] },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const resellerPath = `/${provider}/${distributor}/${reseller}/`;
    const at = (date: Date) =>
      loadCustomerPricing(t.db, [{ accountPath: resellerPath, productName: SERVICE, productAccountId: p }], date);
    expect((await at(new Date(end))).specialDealFor(resellerPath, p)).not.toBeNull();
    const later = new Date(Date.parse(end) + 1);
    expect((await at(later)).specialDealFor(resellerPath, p)).toBeNull();

    expect(await expireSpecialDeals(t.db, now)).toBe(0);
    expect(await expireSpecialDeals(t.db, later)).toBeGreaterThanOrEqual(1);
    expect(await expireSpecialDeals(t.db, later)).toBe(0);
    const read = await deals('distributor', p);
    expect(read.body.Deals[0].Status).toBe('Expired');
    expect(read.body.Deals[0].History[0]).toMatchObject({ ActionTaken: 'Expired', Author: null, Status: 'Expired' });
    const audits = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE account_id = $1 AND operation = 'SpecialDealExpired'`,
      [p],
    );
    expect(audits[0]?.n).toBe(1);
  });
});
