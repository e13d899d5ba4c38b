import { monthEndForUpdate, previousMonthEnd } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * A provider's month-end exchange rates (decision 0029): who reads and sets them, their validation and
 * tenant scope, the converted gross margin of the price preview [A2.34] [A6.17], and the "currency
 * exchange rate not up to date" banner value ExtendedView.ExchangeRateNotUpToDate [A2.33].
 */

let t: TestApp;
let provider: number;
let otherProvider: number;
const clients: Record<string, ApiClient> = {};
const products: Record<string, number> = {};
const SERVICE = 'Rate Test Backup';

async function client(name: string, parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities, displayName: `Staff ${name}` });
  clients[name] = await new ApiClient(t.url).signIn(user.username);
}

const c = (name: string) => clients[name] as ApiClient;
const rateRows = (providerId: number) =>
  t.db.query<{ currency: string; rate: string; effective_on: string }>(
    `SELECT currency, rate::text AS rate, to_char(effective_on, 'YYYY-MM-DD') AS effective_on
     FROM exchange_rates WHERE provider_id = $1 ORDER BY currency, effective_on`,
    [providerId],
  );
const setRate = (providerId: number, currency: string, rate: string, effectiveOn: string) =>
  t.db.query(
    `INSERT INTO exchange_rates (provider_id, currency, rate, effective_on, updated_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (provider_id, currency, effective_on) DO UPDATE SET rate = EXCLUDED.rate`,
    [providerId, currency, rate, effectiveOn],
  );
const clearRates = () => t.db.query('DELETE FROM exchange_rates');
const banner = async (who: string, id: number) =>
  (await c(who).op('LoadAccountById', { id })).body.Views.ExtendedView.Values.ExchangeRateNotUpToDate;

beforeAll(async () => {
  t = await buildTestApp();
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  otherProvider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const vendor = await makeAccount(t.db, { type: 'Company', parentId: provider, currency: 'USD' });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  const euroCompany = await makeAccount(t.db, { type: 'Company', parentId: reseller, currency: 'EUR' });
  const usdCompany = await makeAccount(t.db, { type: 'Company', parentId: reseller, currency: 'USD' });

  const margin = ['BILLING_SHOWPRODUCTPRICE_READ', 'BILLING_SHOWPRODUCTPRICE_MARGIN_READ'];
  await client('provider', provider, [...READ_ALL, ...margin, 'EXCHANGE_RATE_READ', 'EXCHANGE_RATE_UPDATE']);
  await client('otherProvider', otherProvider, [...READ_ALL, 'EXCHANGE_RATE_READ', 'EXCHANGE_RATE_UPDATE']);
  await client('reseller', reseller, [...READ_ALL, ...margin, 'EXCHANGE_RATE_READ']);
  await client('resellerUpdater', reseller, [...READ_ALL, 'EXCHANGE_RATE_READ', 'EXCHANGE_RATE_UPDATE']);
  await client('priceOnly', reseller, [...READ_ALL, 'BILLING_SHOWPRODUCTPRICE_READ']);
  await client('vendorAdmin', vendor, [...READ_ALL, ...SERVICE_TOOL_ALL]);

  await createService(
    t.db,
    c('vendorAdmin'),
    serviceInput(SERVICE, {
      BillingRules: [
        {
          ChargeType: 'Monthly',
          Charge: '10',
          LicenceType: 'CORP-SEAT',
          SuggestedRetailPrices: [
            { Currency: 'EUR', Charge: '12.00' },
            { Currency: 'USD', Charge: '13.00' },
          ],
        },
      ],
    }),
  );
  const userOf = async (company: number) => makeAccount(t.db, { type: 'User', parentId: company });
  products.euro = await insertAccount(t.db, {
    type: 'Product',
    parentId: await userOf(euroCompany),
    displayName: 'Backup (EUR customer)',
    productName: SERVICE,
  });
  products.usd = await insertAccount(t.db, {
    type: 'Product',
    parentId: await userOf(usdCompany),
    displayName: 'Backup (USD customer)',
    productName: SERVICE,
  });
  // Customers of the provider itself: their preview's purchase price is the vendor's charge (under a reseller it is the
  // reseller's purchase price, decision 0049), converted from the vendor's USD.
  for (const currency of ['EUR', 'USD'] as const) {
    const direct = await makeAccount(t.db, { type: 'Company', parentId: provider, currency });
    products[`direct${currency}`] = await insertAccount(t.db, {
      type: 'Product',
      parentId: await userOf(direct),
      displayName: `Backup (direct ${currency} customer)`,
      productName: SERVICE,
    });
  }
});

afterAll(async () => {
  await t?.close();
});

describe('reading and setting exchange rates', () => {
  it('lists every known currency but EUR, with no rate yet, whether it is used, and who may update', async () => {
    await clearRates();
    const res = await c('reseller').op('ListExchangeRates');
    expect(res.status).toBe(200);
    expect(res.body.BaseCurrency).toBe('EUR');
    expect(res.body.CanUpdate).toBe(false);
    expect(res.body.Rates.map((r: { Currency: string }) => r.Currency)).toEqual(['USD', 'GBP', 'SEK', 'NOK', 'DKK', 'CHF']);
    expect(res.body.Rates[0]).toMatchObject({
      Currency: 'USD',
      DisplayName: 'US dollar',
      InUse: true,
      Rate: null,
      UpToDate: false,
    });
    expect(res.body.Rates[1]).toMatchObject({ Currency: 'GBP', InUse: false });
    expect((await c('provider').op('ListExchangeRates')).body.CanUpdate).toBe(true);
  });

  it('[A2.33] saves rates for the current month end, replaces that month end, keeps history and writes an audit row', async () => {
    await clearRates();
    const now = new Date();
    const older = previousMonthEnd(new Date(`${previousMonthEnd(now).slice(0, 8)}01T00:00:00Z`));
    await setRate(provider, 'USD', '1.05', older);

    const first = await c('provider').edit('UpdateExchangeRates', { rates: [{ currency: 'usd', rate: '1.1' }] });
    expect(first.status).toBe(200);
    const again = await c('provider').edit('UpdateExchangeRates', {
      rates: [
        { currency: 'USD', rate: '1.0825' },
        { currency: 'GBP', rate: '0.84' },
      ],
    });
    expect(again.status).toBe(200);
    const usd = again.body.Rates.find((r: { Currency: string }) => r.Currency === 'USD');
    expect(usd).toMatchObject({
      Rate: '1.0825',
      EffectiveOn: monthEndForUpdate(now),
      UpToDate: true,
      UpdatedBy: 'Staff provider',
      History: [{ Rate: '1.05', EffectiveOn: older }],
    });
    expect(again.body.UpdateFor).toBe(monthEndForUpdate(now));
    expect(await rateRows(provider)).toEqual([
      { currency: 'GBP', rate: '0.84', effective_on: monthEndForUpdate(now) },
      { currency: 'USD', rate: '1.05', effective_on: older },
      { currency: 'USD', rate: '1.0825', effective_on: monthEndForUpdate(now) },
    ]);
    const [audit] = await t.db.query<{ after: Record<string, string> }>(
      "SELECT after FROM audit_log WHERE operation = 'UpdateExchangeRates' ORDER BY id DESC LIMIT 1",
    );
    expect(audit?.after).toEqual({
      USD: `1.0825 (${monthEndForUpdate(now)})`,
      GBP: `0.84 (${monthEndForUpdate(now)})`,
    });
  });

  it('refuses a save over rates someone saved meanwhile with 409 and the rates as they are, writing nothing', async () => {
    await clearRates();
    const seen = (await c('provider').op('ListExchangeRates')).body.Version;
    const first = await c('provider').op('UpdateExchangeRates', { Version: seen, rates: [{ currency: 'USD', rate: '1.1' }] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ Version: seen + 1, UpdatedBy: 'Staff provider', UpdatedAt: expect.any(String) });

    const stale = await c('provider').op('UpdateExchangeRates', { Version: seen, rates: [{ currency: 'USD', rate: '9.9' }] });

    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    expect(stale.body.errors).toEqual([
      { field: 'Version', message: 'This set of exchange rates was changed by someone else since you opened it' },
    ]);
    expect(stale.body.current).toMatchObject({ Version: seen + 1, UpdatedBy: 'Staff provider' });
    expect(stale.body.current.Rates.find((r: { Currency: string }) => r.Currency === 'USD').Rate).toBe('1.1');
    expect((await rateRows(provider)).map((r) => r.rate)).toEqual(['1.1']);
  });

  it('lets one of ten simultaneous saves over the same version through', async () => {
    await clearRates();
    const seen = (await c('provider').op('ListExchangeRates')).body.Version;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c('provider').op('UpdateExchangeRates', { Version: seen, rates: [{ currency: 'USD', rate: `1.${i + 1}` }] }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await rateRows(provider)).toHaveLength(1);
  });

  it('refuses a bad rate, an unknown currency and EUR, naming the field, and writes nothing', async () => {
    await clearRates();
    const zero = await c('provider').edit('UpdateExchangeRates', {
      rates: [
        { currency: 'USD', rate: '1.1' },
        { currency: 'GBP', rate: '0' },
      ],
    });
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toEqual([{ field: 'rates.1.rate', message: 'The rate must be greater than 0' }]);
    const comma = await c('provider').edit('UpdateExchangeRates', { rates: [{ currency: 'USD', rate: '1,1' }] });
    expect(comma.body.errors).toEqual([
      { field: 'rates.0.rate', message: 'Enter a positive number with at most 6 decimals, such as 1.0825' },
    ]);
    const unknown = await c('provider').edit('UpdateExchangeRates', {
      rates: [
        { currency: 'USD', rate: '1.1' },
        { currency: 'XYZ', rate: '2' },
      ],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ field: 'rates.1.currency', message: 'XYZ is not a currency the portal knows' }]);
    const base = await c('provider').edit('UpdateExchangeRates', { rates: [{ currency: 'EUR', rate: '1' }] });
    expect(base.status).toBe(422);
    expect(base.body.errors[0]).toMatchObject({ field: 'rates', message: 'EUR is the base currency: its rate is always 1' });
    expect(await rateRows(provider)).toEqual([]);
  });

  it('lets only provider staff with EXCHANGE_RATE update set rates', async () => {
    const reader = await c('reseller').edit('UpdateExchangeRates', { rates: [{ currency: 'USD', rate: '1.1' }] });
    expect(reader.status).toBe(403);
    const resellerUpdater = await c('resellerUpdater').edit('UpdateExchangeRates', { rates: [{ currency: 'USD', rate: '1.1' }] });
    expect(resellerUpdater.status).toBe(403);
    expect(resellerUpdater.body.detail ?? resellerUpdater.body.title).toMatch(/set by the provider/);
    const none = await c('priceOnly').op('ListExchangeRates');
    expect(none.status).toBe(403);
  });

  it('keeps each provider to its own rates', async () => {
    await clearRates();
    await c('provider').edit('UpdateExchangeRates', { rates: [{ currency: 'USD', rate: '1.1' }] });
    await c('otherProvider').edit('UpdateExchangeRates', { rates: [{ currency: 'USD', rate: '2.5' }] });
    const mine = await c('reseller').op('ListExchangeRates');
    const theirs = await c('otherProvider').op('ListExchangeRates');
    expect(mine.body.Rates[0].Rate).toBe('1.1');
    expect(theirs.body.Rates[0].Rate).toBe('2.5');
    // The other provider's tree uses no USD: nothing of this provider's accounts leaks into "in use".
    expect(theirs.body.Rates[0].InUse).toBe(false);
    expect(await rateRows(otherProvider)).toEqual([
      { currency: 'USD', rate: '2.5', effective_on: monthEndForUpdate(new Date()) },
    ]);
  });
});

describe('[A2.34] [A6.17] the price preview converts the purchase price with the rates', () => {
  it('gives no margin without a rate, and says why', async () => {
    await clearRates();
    const res = await c('provider').op('GetAccountPricePreview', { accountId: products.directEUR });
    expect(res.body.Margin).toEqual({ PurchaseCurrency: 'USD', Available: false, Reason: 'NoExchangeRate', ExchangeRate: null });
    expect(res.body.Monthly).toEqual({ Total: '12', PurchaseTotal: '10', GrossMargin: null });
  });

  it('converts the USD purchase into EUR for the margin with the current rate', async () => {
    await clearRates();
    await c('provider').edit('UpdateExchangeRates', { rates: [{ currency: 'USD', rate: '1.25' }] });
    const res = await c('provider').op('GetAccountPricePreview', { accountId: products.directEUR });
    expect(res.body.Margin).toEqual({
      PurchaseCurrency: 'USD',
      Available: true,
      Reason: null,
      ExchangeRate: { Factor: '0.8', EffectiveOn: monthEndForUpdate(new Date()), UpToDate: true },
    });
    expect(res.body.Monthly).toEqual({ Total: '12', PurchaseTotal: '10', ConvertedPurchaseTotal: '8', GrossMargin: '4' });
    // The same currency needs no rate.
    const usd = await c('provider').op('GetAccountPricePreview', { accountId: products.directUSD });
    expect(usd.body.Margin.ExchangeRate).toBeNull();
    expect(usd.body.Monthly).toEqual({ Total: '13', PurchaseTotal: '10', GrossMargin: '3' });
  });

  it('never shows converted amounts without the margin capability', async () => {
    const res = await c('priceOnly').op('GetAccountPricePreview', { accountId: products.euro });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/Purchase|GrossMargin|ExchangeRate/);
  });
});

describe('[A2.33] [A3.1] ExtendedView.ExchangeRateNotUpToDate', () => {
  it('is true without a rate and with a rate older than the last month end, false with a current one', async () => {
    await clearRates();
    expect(await banner('reseller', products.euro as number)).toBe(true);

    const now = new Date();
    const stale = previousMonthEnd(new Date(`${previousMonthEnd(now).slice(0, 8)}01T00:00:00Z`));
    await setRate(provider, 'USD', '1.2', stale);
    expect(await banner('reseller', products.euro as number)).toBe(true);

    await setRate(provider, 'USD', '1.2', previousMonthEnd(now));
    expect(await banner('reseller', products.euro as number)).toBe(false);
  });

  it('is false when vendor and customer share the currency, and absent for callers without the margin capability', async () => {
    await clearRates();
    expect(await banner('reseller', products.usd as number)).toBe(false);
    expect(await banner('priceOnly', products.euro as number)).toBeNull();
  });
});
