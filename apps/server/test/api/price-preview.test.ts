import { MISSING_UDRC_FIELD } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * The price preview of a Product account [A2.34] behind BILLING_SHOWPRODUCTPRICE read, with purchase
 * prices and gross margin only for BILLING_SHOWPRODUCTPRICE_MARGIN read [A6.17], [M6.10]; pricing by
 * [M5.8]; and ExtendedView.PriceProtectionEnddate [A3.1], [A2.33].
 */

let t: TestApp;
let company: number;
let usdCompany: number;
let chfCompany: number;
const clients: Record<string, ApiClient> = {};
const products: Record<string, number> = {};

/** The service tool turns the factory's generated field ids (__gen__seats, __gen__plan) into Seats and Plan. */
const SEATS = 'Price Test Seats';
const PLAIN = 'Price Test Plain';
const UNLISTED = 'Price Test Unlisted';

async function client(name: string, parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities, displayName: `Staff ${name}` });
  clients[name] = await new ApiClient(t.url).signIn(user.username);
}

async function product(name: string, productName: string, parentId: number, attributes: Record<string, unknown>) {
  products[name] = await insertAccount(t.db, {
    type: 'Product',
    parentId,
    displayName: name,
    productName,
    attributes: attributes as never,
  });
}

const preview = (who: string, accountId: number) => clients[who]!.op('GetAccountPricePreview', { accountId });

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  // The companies buy from the provider directly, so the purchase price is the vendor's charge (decision 0049: under a
  // reseller it would be the reseller's purchase price; special-deals.test.ts covers that).
  company = await makeAccount(t.db, { type: 'Company', parentId: provider, displayName: 'Euro Company' });
  usdCompany = await makeAccount(t.db, { type: 'Company', parentId: provider, currency: 'USD' });
  chfCompany = await makeAccount(t.db, { type: 'Company', parentId: provider, currency: 'CHF' });

  await client('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL]);
  await client('margin', provider, [...READ_ALL, 'BILLING_SHOWPRODUCTPRICE_READ', 'BILLING_SHOWPRODUCTPRICE_MARGIN_READ']);
  await client('price', company, [...READ_ALL, 'BILLING_SHOWPRODUCTPRICE_READ']);
  await client('none', company, READ_ALL);

  await createService(
    t.db,
    clients.provider!,
    serviceInput(SEATS, {
      BillingRules: [
        {
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
          ChargeType: 'Monthly',
          Charge: '2',
          Condition: { FieldId: '__gen__plan', Value: 'Pro' },
          SuggestedRetailPrices: [
            { Currency: 'EUR', Charge: '3.00' },
            { Currency: 'USD', Charge: '3.25' },
          ],
        },
        {
          ChargeType: 'Setup',
          Charge: '10',
          SuggestedRetailPrices: [
            { Currency: 'EUR', Charge: '15' },
            { Currency: 'USD', Charge: '16' },
          ],
        },
      ],
      PriceProtectionLengthInDays: 30,
    } as never),
  );
  await createService(
    t.db,
    clients.provider!,
    serviceInput(PLAIN, {
      BillingRules: [
        {
          ChargeType: 'Monthly',
          Charge: '5',
          LicenceType: 'CORP-SEAT',
          SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '7' }],
        },
      ],
    } as never),
  );
  await createService(
    t.db,
    clients.provider!,
    serviceInput(UNLISTED, {
      BillingRules: [
        {
          ChargeType: 'Monthly',
          Charge: '5',
          LicenceType: 'CORP-SEAT',
          SuggestedRetailPrices: [{ Currency: 'USD', Charge: '7' }],
        },
      ],
    } as never),
  );

  const pro = { 'Product.Quantity': 2, 'Service.Seats': 3, 'Service.Plan': 'Pro' };
  await product('seats', SEATS, company, pro);
  await product('basic', SEATS, company, { 'Product.Quantity': 2, 'Service.Seats': 3 });
  await product('usd', SEATS, usdCompany, pro);
  await product('chf', SEATS, chfCompany, pro);
  await product('broken', SEATS, company, { 'Product.Quantity': 1 });
  await product('plain', PLAIN, company, { 'Product.Quantity': 1 });
  await product('unlisted', UNLISTED, company, { 'Product.Quantity': 1 });
  await product('unknown', 'Price Test Retired', company, { 'Product.Quantity': 1 });
});
afterAll(() => t.close());

describe('GetAccountPricePreview', () => {
  it('[A2.34] [M5.8] prices a per-unit fee, a field-based fee and a setup fee for a holder of BILLING_SHOWPRODUCTPRICE read', async () => {
    const res = await preview('price', products.seats!);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      AccountId: products.seats,
      ServiceName: SEATS,
      ServiceDisplayName: SEATS,
      Quantity: 2,
      Currency: 'EUR',
      Outcome: 'Priced',
      Error: null,
      MissingRetailPrice: false,
      Monthly: { Total: '42' },
      Setup: { Total: '30' },
      PrepaidAdvance: null,
    });
    expect(res.body.Lines).toEqual([
      {
        ChargeType: 'Monthly',
        Condition: null,
        UnitField: { FieldId: 'Seats', FieldDisplayName: 'Seats' },
        Units: '6',
        UnitPrice: '6',
        Total: '36',
        AdvanceMonths: null,
      },
      {
        ChargeType: 'Monthly',
        Condition: { FieldId: 'Plan', FieldDisplayName: 'Plan', Value: 'Pro' },
        UnitField: null,
        Units: '2',
        UnitPrice: '3',
        Total: '6',
        AdvanceMonths: null,
      },
      { ChargeType: 'Setup', Condition: null, UnitField: null, Units: '2', UnitPrice: '15', Total: '30', AdvanceMonths: null },
    ]);
  });

  it('[A6.17] leaves purchase prices and gross margin out without BILLING_SHOWPRODUCTPRICE_MARGIN read', async () => {
    const res = await preview('price', products.seats!);
    expect(res.body).not.toHaveProperty('Margin');
    expect(res.body.Monthly).not.toHaveProperty('PurchaseTotal');
    expect(res.body.Monthly).not.toHaveProperty('GrossMargin');
    for (const line of res.body.Lines) {
      expect(line).not.toHaveProperty('PurchaseUnitPrice');
      expect(line).not.toHaveProperty('PurchaseTotal');
      expect(line).not.toHaveProperty('GrossMargin');
    }
  });

  it('[A6.17] [M6.10] gives purchase prices and gross margin to a holder of BILLING_SHOWPRODUCTPRICE_MARGIN read', async () => {
    const res = await preview('margin', products.seats!);
    expect(res.status).toBe(200);
    expect(res.body.Margin).toEqual({ PurchaseCurrency: 'EUR', Available: true, Reason: null, ExchangeRate: null });
    expect(res.body.Monthly).toEqual({ Total: '42', PurchaseTotal: '31', GrossMargin: '11' });
    expect(res.body.Setup).toEqual({ Total: '30', PurchaseTotal: '20', GrossMargin: '10' });
    expect(res.body.Lines[0]).toMatchObject({ PurchaseUnitPrice: '4.5', PurchaseTotal: '27', GrossMargin: '9' });
  });

  it('[M5.8] leaves out a field-based fee whose field holds another value', async () => {
    const res = await preview('price', products.basic!);
    expect(res.body.Lines.map((l: { Condition: unknown }) => l.Condition)).toEqual([null, null]);
    expect(res.body.Monthly.Total).toBe('36');
  });

  it('[A2.34] prices in the currency of the nearest company; no margin when the vendor charges in another currency without an exchange rate', async () => {
    const res = await preview('margin', products.usd!);
    expect(res.body).toMatchObject({
      Currency: 'USD',
      Outcome: 'Priced',
      Monthly: { Total: '45.5', PurchaseTotal: '31', GrossMargin: null },
    });
    expect(res.body.Margin).toEqual({ PurchaseCurrency: 'EUR', Available: false, Reason: 'NoExchangeRate', ExchangeRate: null });
    expect(res.body.Lines[0].GrossMargin).toBeNull();
  });

  it('[A2.34] says when a fee has no retail price in the customer currency', async () => {
    const chf = await preview('margin', products.chf!);
    expect(chf.body).toMatchObject({ Currency: 'CHF', Outcome: 'Priced', MissingRetailPrice: true, Monthly: { Total: null } });
    expect(chf.body.Lines[0]).toMatchObject({ UnitPrice: null, Total: null, PurchaseUnitPrice: '4.5' });

    const unlisted = await preview('margin', products.unlisted!);
    expect(unlisted.body).toMatchObject({
      Currency: 'EUR',
      MissingRetailPrice: true,
      Monthly: { Total: null, GrossMargin: null },
    });
    expect(unlisted.body.Margin).toEqual({
      PurchaseCurrency: 'EUR',
      Available: false,
      Reason: 'NoRetailPrice',
      ExchangeRate: null,
    });
  });

  it('[M5.8] reports the configuration error when a per-unit field holds no number', async () => {
    const res = await preview('price', products.broken!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      Outcome: 'ConfigurationError',
      Error: { Message: MISSING_UDRC_FIELD, FieldId: 'Seats' },
      Lines: [],
      Monthly: { Total: null },
    });
  });

  it('[A2.34] says so when the service is not in the catalogue', async () => {
    const res = await preview('price', products.unknown!);
    expect(res.body).toMatchObject({
      Outcome: 'ServiceNotFound',
      ServiceName: 'Price Test Retired',
      ServiceDisplayName: null,
      Lines: [],
    });
  });

  it('[A2.34] still prices a terminated subscription', async () => {
    const id = await insertAccount(t.db, {
      type: 'Product',
      parentId: company,
      displayName: 'Ended',
      productName: PLAIN,
      state: 'Terminated',
      attributes: { 'Product.Quantity': 3 },
    });
    const res = await preview('price', id);
    expect(res.status).toBe(200);
    expect(res.body.Monthly.Total).toBe('21');
  });

  it('[A6.17] is refused without BILLING_SHOWPRODUCTPRICE read, and the account page does not offer it', async () => {
    const res = await preview('none', products.seats!);
    expect(res.status).toBe(403);
    const account = await clients.none!.op('LoadAccountById', { id: products.seats });
    expect(account.body.Permissions.CanSeePricePreview).toBe(false);
    const allowed = await clients.price!.op('LoadAccountById', { id: products.seats });
    expect(allowed.body.Permissions.CanSeePricePreview).toBe(true);
    const companyPage = await clients.price!.op('LoadAccountById', { id: company });
    expect(companyPage.body.Permissions.CanSeePricePreview).toBe(false);
  });

  it('[A2.34] names the account field when the account is not a Product account', async () => {
    const res = await preview('price', company);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'accountId', message: 'Only a Product account has a price preview' }]);
  });

  it('[A2.34] answers 404 for an account that does not exist', async () => {
    const res = await preview('price', 999_999);
    expect(res.status).toBe(404);
  });
});

describe('ExtendedView.PriceProtectionEnddate', () => {
  const extended = async (id: number) => {
    const res = await clients.none!.op('LoadAccountById', { id });
    expect(res.status).toBe(200);
    return res.body.Views.ExtendedView.Values as Record<string, unknown>;
  };

  it('[A3.1] [A2.33] is the creation time plus the service PriceProtectionLengthInDays', async () => {
    const [row] = await t.db.query<{ created_at: Date }>('SELECT created_at FROM accounts WHERE id = $1', [products.seats]);
    const expected = new Date(row!.created_at.getTime() + 30 * 86_400_000).toISOString();
    expect((await extended(products.seats!)).PriceProtectionEnddate).toBe(expected);
  });

  it('[A3.1] is null when the service has no price protection, and absent on other account types', async () => {
    expect((await extended(products.plain!)).PriceProtectionEnddate).toBeNull();
    expect((await extended(products.unknown!)).PriceProtectionEnddate).toBeNull();
    expect(await extended(company)).not.toHaveProperty('PriceProtectionEnddate');
  });
});
