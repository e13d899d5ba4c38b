import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * Per-service discounts (decision 0048): GetServiceDiscounts and UpdateServiceDiscounts [A7.6], the record [A3.5],
 * the limits [A5.3], the audit [A4.4], DISCOUNT_TOOL [A6.15], the account rule [A2.24] [A2.28], and the discount in
 * the one pricing rule (the price preview of a subscription of the discounted company) [A1.8].
 */

const SERVICE = 'Discount Test Mail';
const OTHER = 'Discount Test Backup';
const DISCOUNT_ALL = ['DISCOUNT_TOOL_READ', 'DISCOUNT_TOOL_UPDATE'];

let t: TestApp;
let provider: number;
let reseller: number;
let company: number;
let subCompanyProduct: number;
let directCompany: number;
let pi: string;
const clients: Record<string, ApiClient> = {};

async function client(name: string, parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities, displayName: `Staff ${name}` });
  clients[name] = await new ApiClient(t.url).signIn(user.username);
}
const as = (who: string) => clients[who]!;
const get = (who: string, accountId: number) => as(who).op('GetServiceDiscounts', { accountId });
const save = (who: string, accountId: number, discounts: unknown[]) =>
  as(who).op('UpdateServiceDiscounts', { accountId, discounts });
const percent = (value: string) => ({
  PriceableItemId: pi,
  Currency: 'EUR',
  IsCustomCharge: false,
  Discount: value,
  CustomCharge: null,
});
const newCompany = (parentId: number) => makeAccount(t.db, { type: 'Company', parentId });

beforeAll(async () => {
  t = await buildTestApp();
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'Provider' });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Reseller' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Acme' });
  directCompany = await makeAccount(t.db, { type: 'Company', parentId: provider, displayName: 'Direct' });
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Other' });

  await client('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL, ...DISCOUNT_ALL]);
  await client('reseller', reseller, [...READ_ALL, ...DISCOUNT_ALL, 'BILLING_SHOWPRODUCTPRICE_READ']);
  await client('reader', reseller, [...READ_ALL, 'DISCOUNT_TOOL_READ']);
  await client('none', reseller, READ_ALL);
  await client('foreign', otherReseller, [...READ_ALL, ...DISCOUNT_ALL]);
  await client('customer', company, [...READ_ALL, ...DISCOUNT_ALL]);

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
      ],
    } as never),
  );
  pi = svc.BillingRules[0].PriceableItemId;
  await createService(
    t.db,
    as('provider'),
    serviceInput(OTHER, {
      BillingRules: [
        {
          ChargeType: 'Monthly',
          Charge: '1',
          LicenceType: 'CORP-SEAT',
          SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '2' }],
        },
      ],
    } as never),
  );
  subCompanyProduct = await insertAccount(t.db, {
    type: 'Product',
    parentId: company,
    displayName: 'Mail of Acme',
    productName: SERVICE,
    attributes: { 'Product.Quantity': 3 } as never,
  });
});
afterAll(() => t.close());

describe('[A7.6] GetServiceDiscounts and UpdateServiceDiscounts', () => {
  it('[A1.8] a reseller gives its company 15 % on a service and the price preview of the company subscription changes', async () => {
    const before = await as('reseller').op('GetAccountPricePreview', { accountId: subCompanyProduct });
    expect(before.body.Monthly.Total).toBe('30');

    const res = await save('reseller', company, [{ ProductName: SERVICE, PercentMode: true, DiscountItems: [percent('15')] }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Items).toHaveLength(1);
    expect(res.body.Items[0]).toMatchObject({
      ProductName: SERVICE,
      Status: 'Active',
      TargetAccountId: company,
      SellerCompanyAccountId: reseller,
      PercentMode: true,
      ServiceInfo: { DisplayName: SERVICE },
      DiscountItems: [{ PriceableItemId: pi, Currency: 'EUR', Discount: '15.00', IsCustomCharge: false }],
      BillingLines: [{ PriceableItemId: pi, ChargeType: 'Monthly', Currency: 'EUR', MyCharge: '10' }],
      Version: 1,
    });

    const after = await as('reseller').op('GetAccountPricePreview', { accountId: subCompanyProduct });
    expect(after.body.Monthly.Total).toBe('25.5');
  });

  it('[A3.5] [A4.4] editing needs the version read, a removed discount is Deleted and kept, and each change is audited', async () => {
    const target = await newCompany(reseller);
    const created = await save('reseller', target, [{ ProductName: OTHER, DiscountItems: [] }]);
    const { Id, Version } = created.body.Items[0];

    const stale = await save('reseller', target, [{ Id, Version: Version + 1, ProductName: OTHER, DiscountItems: [] }]);
    expect(stale.status).toBe(409);

    const edited = await save('reseller', target, [
      { Id, Version, ProductName: OTHER, PercentMode: false, Description: 'Spring', DiscountItems: [] },
    ]);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.Items[0]).toMatchObject({ Id, Version: 2, Description: 'Spring', PercentMode: false });

    const removed = await save('reseller', target, [{ Id, Version: 2, ProductName: OTHER, Status: 'Deleted' }]);
    expect(removed.status).toBe(200);
    expect(removed.body.Items).toEqual([]);
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM discounts WHERE id = $1', [Id]);
    expect(row?.status).toBe('Deleted');

    const audits = await t.db.query<{ after: { Discount: { Action: string } } }>(
      `SELECT after FROM audit_log WHERE account_id = $1 AND operation = 'UpdateServiceDiscounts' ORDER BY id`,
      [target],
    );
    expect(audits.map((a) => a.after.Discount.Action)).toEqual(['Created', 'Saved', 'Deleted']);
  });

  it('[A5.3] [A8.11] refuses a 21st discount (the beta limit message), a percent above 100 or with 3 decimals, and names the field', async () => {
    const bad = await save('reseller', company, [
      { ProductName: OTHER, DiscountItems: [percent('100.5')] },
      { ProductName: OTHER, DiscountItems: [percent('1.125')] },
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'Discounts[0].DiscountItems[0].Discount',
      'Discounts[1].DiscountItems[0].Discount',
    ]);

    // Twenty active discounts on twenty services (written directly: the limit, not the catalogue, is under test).
    const target = await newCompany(reseller);
    await t.db.query(
      `WITH s AS (
         INSERT INTO services (service_name, display_name, owner_account_id, state, definition)
         SELECT 'Discount Limit ' || n, 'Discount Limit ' || n, $2, 'Active', '{}'::jsonb FROM generate_series(1, 20) AS n
         RETURNING id)
       INSERT INTO discounts (target_account_id, seller_account_id, service_id, percent_mode, effective_start, status, version, created_at, updated_at)
       SELECT $1, $2, s.id, true, now(), 'Active', 1, now(), now() FROM s`,
      [target, reseller],
    );
    const full = await save('reseller', target, [{ ProductName: SERVICE, DiscountItems: [percent('5')] }]);
    expect(full.status).toBe(422);
    expect(full.body.errors[0]).toEqual({
      field: 'discounts',
      message: 'The discount tool is in beta with a maximum of 20 discounts per account; ask your provider for more',
    });
  });

  it('[A5.3] refuses a second active discount on the same service and an unknown service, naming ProductName', async () => {
    const twice = await save('reseller', company, [{ ProductName: SERVICE, DiscountItems: [] }]);
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].field).toBe('Discounts[0].ProductName');
    const unknown = await save('reseller', company, [{ ProductName: 'No such service', DiscountItems: [] }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].field).toBe('Discounts[0].ProductName');
  });

  it('[A6.15] DISCOUNT_TOOL read lists, update is needed to save; without it both are refused', async () => {
    expect((await get('reader', company)).status).toBe(200);
    expect((await get('reader', company)).body.CanUpdate).toBe(false);
    expect((await save('reader', company, [{ ProductName: OTHER }])).status).toBe(403);
    expect((await get('none', company)).status).toBe(403);
  });

  it('[A2.28] the own company and an account whose parent is not the caller organisation are refused', async () => {
    expect((await get('customer', company)).status).toBe(403);
    // The provider does not give discounts to the companies of a reseller.
    expect((await get('provider', company)).status).toBe(403);
    expect((await get('provider', directCompany)).status).toBe(200);
    // [A2.24] Only a Company or Reseller.
    const product = await get('reseller', subCompanyProduct);
    expect(product.status).toBe(422);
    expect(product.body.errors[0].field).toBe('accountId');
  });

  it('another reseller gets the same 404 for the company as for a missing account', async () => {
    const foreign = await get('foreign', company);
    const missing = await get('foreign', 99_999_999);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
  });

  it('a discount not yet effective does not change the price', async () => {
    const target = await newCompany(reseller);
    const product = await insertAccount(t.db, {
      type: 'Product',
      parentId: target,
      displayName: 'Later mail',
      productName: SERVICE,
      attributes: { 'Product.Quantity': 1 } as never,
    });
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const res = await save('reseller', target, [
      { ProductName: SERVICE, EffectiveStartDate: start, DiscountItems: [percent('50')] },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const preview = await as('reseller').op('GetAccountPricePreview', { accountId: product });
    expect(preview.body.Monthly.Total).toBe('10');
  });
});

describe('the effective dates of a discount (decision 0048)', () => {
  const day = (offsetDays: number) => {
    const d = new Date();
    d.setUTCHours(0, 0, 0, 0);
    return new Date(d.getTime() + offsetDays * 86_400_000).toISOString();
  };
  async function companyWithMail() {
    const target = await newCompany(reseller);
    const product = await insertAccount(t.db, {
      type: 'Product',
      parentId: target,
      displayName: 'Dated mail',
      productName: SERVICE,
      attributes: { 'Product.Quantity': 1 } as never,
    });
    const created = await save('reseller', target, [{ ProductName: SERVICE, DiscountItems: [percent('20')] }]);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return { target, product, discount: created.body.Items[0] };
  }
  const total = async (product: number) =>
    (await as('reseller').op('GetAccountPricePreview', { accountId: product })).body.Monthly.Total;

  it('editing stores the start and end over the version read, and the discount prices only while in effect', async () => {
    const { target, product, discount } = await companyWithMail();
    expect(await total(product)).toBe('8');
    const edit = (Version: number, EffectiveStartDate: string | null, EffectiveEndDate: string | null) =>
      save('reseller', target, [
        {
          Id: discount.Id,
          Version,
          ProductName: SERVICE,
          EffectiveStartDate,
          EffectiveEndDate,
          DiscountItems: [percent('20')],
        },
      ]);

    // Ended yesterday: the price preview is back to the SRP.
    const ended = await edit(discount.Version, day(-30), day(0));
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.Items[0]).toMatchObject({ EffectiveStartDate: day(-30), EffectiveEndDate: day(0), Version: 2 });
    expect(await total(product)).toBe('10');

    // Scheduled from tomorrow: not yet.
    const scheduled = await edit(2, day(1), day(10));
    expect(scheduled.status).toBe(200);
    expect(await total(product)).toBe('10');

    // In effect again, without an end; an edit without a start keeps the stored one.
    const open = await edit(3, day(-1), null);
    expect(open.body.Items[0]).toMatchObject({ EffectiveStartDate: day(-1), EffectiveEndDate: null });
    expect(await total(product)).toBe('8');
    const kept = await edit(4, null, day(5));
    expect(kept.body.Items[0]).toMatchObject({ EffectiveStartDate: day(-1), EffectiveEndDate: day(5), Version: 5 });

    // A stale version is refused.
    expect((await edit(4, day(-1), null)).status).toBe(409);
  });

  it('refuses an end not after the start, naming Discounts[0].EffectiveEndDate, also against the stored start', async () => {
    const { target, discount } = await companyWithMail();
    const same = await save('reseller', target, [
      { Id: discount.Id, Version: discount.Version, ProductName: SERVICE, EffectiveStartDate: day(2), EffectiveEndDate: day(2) },
    ]);
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual([
      { field: 'Discounts[0].EffectiveEndDate', message: 'The end date must be after the start date' },
    ]);
    // The stored start is today (the creation); an end before it is refused the same way.
    const before = await save('reseller', target, [
      { Id: discount.Id, Version: discount.Version, ProductName: SERVICE, EffectiveEndDate: day(-3) },
    ]);
    expect(before.status).toBe(422);
    expect(before.body.errors[0].field).toBe('Discounts[0].EffectiveEndDate');
    const notADate = await save('reseller', target, [
      { Id: discount.Id, Version: discount.Version, ProductName: SERVICE, EffectiveStartDate: '2026-12-01' },
    ]);
    expect(notADate.status).toBe(422);
    expect(notADate.body.errors[0].field).toContain('EffectiveStartDate');
  });
});
