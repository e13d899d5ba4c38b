import { Writable } from 'node:stream';
import { BillingRuleSchema, type PriceListPricing, priceKey, priceListUnitPrice, priceSubscription } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { listPrices, listVersion, makePriceList, setListPrice } from '../factories/price-lists.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * Prices of price lists and of "my services" (apps/server/src/domains/price-lists/PRICES.md): the per-service
 * edit, the Excel export, upload preview and save, pricing rules, markup and the terms review, with their
 * capabilities, tenant scope, validation and version conflicts.
 */

let t: TestApp;
/** Warnings the server logged ([M8.5]). */
const logLines: string[] = [];
const clients: Record<string, ApiClient> = {};
const c = (name: string) => clients[name] as ApiClient;
let provider: number;
let reseller: number;
let vendor: number;
let otherVendor: number;
let backup: { id: number; rules: { Id: string; PriceableItemId: string }[] };
let mail: { id: number; rules: { Id: string; PriceableItemId: string }[] };
let foreignService: { id: number; rules: { Id: string; PriceableItemId: string }[] };

const MARKETPLACE_ALL = ['MARKETPLACE_READ', 'MARKETPLACE_UPDATE', 'DYNAMIC_PRICING_MANAGEMENT_EXECUTE'];

async function client(name: string, parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities, displayName: `Staff ${name}` });
  clients[name] = await new ApiClient(t.url).signIn(user.username);
}

async function serviceRow(name: string) {
  const [row] = await t.db.query<{ id: number; definition: { BillingRules: { Id: string; PriceableItemId: string }[] } }>(
    'SELECT id, definition FROM services WHERE service_name = $1',
    [name],
  );
  if (!row) throw new Error(`no service ${name}`);
  return { id: row.id, rules: row.definition.BillingRules };
}

async function upload(who: string, name: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    name,
  );
  const res = await fetch(`${t.url}/keeper/upload`, { method: 'POST', body: form, headers: { cookie: c(who).cookie ?? '' } });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data.path;
}

async function download(who: string, url: string): Promise<Buffer> {
  const res = await fetch(`${t.url}${url}`, { headers: { cookie: c(who).cookie ?? '' } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Runs an export to the end and answers its workbook. */
async function exported(who: string, op: string, input: unknown) {
  const started = await c(who).op(op, input);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await t.app.jobs.runDue();
  const job = await c(who).op('GetJob', { id: started.body.Id });
  expect(job.body.Status, JSON.stringify(job.body)).toBe('succeeded');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await download(who, job.body.Result.DownloadUrl)) as unknown as ArrayBuffer);
  return { workbook, job: job.body };
}

function sheetRows(workbook: ExcelJS.Workbook) {
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: { n: number; v: Record<string, unknown> }[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push({ n, v: Object.fromEntries(headers.map((h, i) => [h, values[i] ?? null])) });
  });
  return { sheet, headers, rows };
}

/** Sets a cell of the row whose Service ID, Priceable item and Currency match. */
function setCell(
  workbook: ExcelJS.Workbook,
  key: { id: number; item: string; currency: string },
  header: string,
  value: unknown,
) {
  const { sheet, headers, rows } = sheetRows(workbook);
  const row = rows.find(
    (r) => r.v['Service ID'] === key.id && r.v['Priceable item'] === key.item && r.v.Currency === key.currency,
  );
  if (!row) throw new Error(`no row ${JSON.stringify(key)}`);
  sheet.getRow(row.n).getCell(headers.indexOf(header) + 1).value = value as ExcelJS.CellValue;
  return row.n;
}

const bytes = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  t = await buildTestApp({ app: { logger: { level: 'warn', stream: logStream } } });
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const otherProvider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  vendor = await makeAccount(t.db, { type: 'Company', parentId: provider });
  otherVendor = await makeAccount(t.db, { type: 'Company', parentId: provider });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });

  await client('provider', provider, [...READ_ALL, ...MARKETPLACE_ALL, 'MY_SERVICES_UPDATE']);
  await client('reader', provider, [...READ_ALL, 'MARKETPLACE_READ']);
  await client('reseller', reseller, [...READ_ALL, ...MARKETPLACE_ALL]);
  await client('otherProvider', otherProvider, [...READ_ALL, ...MARKETPLACE_ALL, 'MY_SERVICES_UPDATE']);
  await client('vendor', vendor, [...READ_ALL, ...SERVICE_TOOL_ALL, 'MY_SERVICES_UPDATE']);
  await client('vendorTool', vendor, [...READ_ALL, ...SERVICE_TOOL_ALL]);
  await client('otherVendor', otherVendor, [...READ_ALL, ...SERVICE_TOOL_ALL, 'MY_SERVICES_UPDATE']);

  await createService(
    t.db,
    c('vendor'),
    serviceInput('Prices Backup', {
      Category: 'Backup',
      BillingRules: [
        {
          ChargeType: 'Monthly',
          Charge: '8',
          LicenceType: 'CORP-SEAT',
          SuggestedRetailPrices: [
            { Currency: 'EUR', Charge: '10.00' },
            { Currency: 'USD', Charge: '12.00' },
          ],
        },
        {
          ChargeType: 'Monthly',
          Charge: '20',
          LicenceType: 'CORP-SEAT',
          Condition: { FieldId: '__gen__plan', Value: 'Pro' },
          AdvancePaymentConfiguration: { AdvancePeriodLenghtInMonths: 3 },
          SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '30.00' }],
        },
      ],
    }),
  );
  await createService(
    t.db,
    c('vendor'),
    serviceInput('Prices Mail', {
      Category: 'Communication',
      BillingRules: [
        {
          ChargeType: 'Monthly',
          Charge: '3',
          LicenceType: 'CORP-SEAT',
          SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '5' }],
        },
      ],
    }),
  );
  await createService(
    t.db,
    c('otherVendor'),
    serviceInput('Prices Foreign', {
      BillingRules: [
        {
          ChargeType: 'Monthly',
          Charge: '1',
          LicenceType: 'CORP-SEAT',
          SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '2' }],
        },
      ],
    }),
  );
  backup = await serviceRow('Prices Backup');
  mail = await serviceRow('Prices Mail');
  foreignService = await serviceRow('Prices Foreign');
});

afterAll(async () => {
  await t?.close();
});

const rule = (s: typeof backup, i: number) => s.rules[i] as { Id: string; PriceableItemId: string };

describe('per-service price edit [M3.18] [M5.11]', () => {
  it('[M3.18] answers each fee with custom, suggested and purchase prices per currency and the advance months', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });
    await setListPrice(t.db, {
      marketplaceId: list,
      serviceId: backup.id,
      ruleId: rule(backup, 0).Id,
      currency: 'EUR',
      price: '9.5',
    });

    const res = await c('reader').op('GetMarketplaceServicePrices', { marketplaceId: list, serviceId: backup.id });

    expect(res.status).toBe(200);
    expect(res.body.Version).toBe(1);
    expect(res.body.Billing).toHaveLength(2);
    expect(res.body.Billing[0].Charges).toEqual([
      { Currency: 'EUR', CustomPrice: '9.5', SuggestedRetailPrice: '10.00', PurchasePrice: '8' },
      { Currency: 'USD', CustomPrice: null, SuggestedRetailPrice: '12.00', PurchasePrice: '8' },
    ]);
    expect(res.body.Billing[1].AdvancePaymentPeriodInMonths).toBe(3);
    expect(res.body.Billing[1].PriceableItem).toBe(rule(backup, 1).PriceableItemId);
  });

  it('[M5.11] saves own prices and the overridden price protection length, and bumps the version', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });

    const res = await c('provider').op('UpdateMarketplaceServicePrices', {
      marketplaceId: list,
      serviceId: backup.id,
      version: 1,
      OverridePriceProtection: true,
      PriceProtectionLengthInDays: 30,
      Charges: [
        { RuleId: rule(backup, 0).Id, Currency: 'EUR', CustomPrice: '11.25' },
        { RuleId: rule(backup, 1).Id, Currency: 'EUR', CustomPrice: '33' },
      ],
    });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Version).toBe(2);
    expect(res.body.OverridePriceProtection).toBe(true);
    expect(res.body.PriceProtectionLengthInDays).toBe(30);
    expect(await listPrices(t.db, list)).toEqual({
      [`${backup.id}|${rule(backup, 0).Id}|EUR`]: '11.250000',
      [`${backup.id}|${rule(backup, 1).Id}|EUR`]: '33.000000',
    });
  });

  it('removes an own price sent as null (the fee sells at the SRP again)', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });
    await setListPrice(t.db, {
      marketplaceId: list,
      serviceId: backup.id,
      ruleId: rule(backup, 0).Id,
      currency: 'EUR',
      price: '9',
    });

    const res = await c('provider').op('UpdateMarketplaceServicePrices', {
      marketplaceId: list,
      serviceId: backup.id,
      version: 1,
      OverridePriceProtection: false,
      PriceProtectionLengthInDays: null,
      Charges: [{ RuleId: rule(backup, 0).Id, Currency: 'EUR', CustomPrice: null }],
    });

    expect(res.status).toBe(200);
    expect(await listPrices(t.db, list)).toEqual({});
  });

  it.each([
    {
      name: 'a negative price protection length',
      over: { PriceProtectionLengthInDays: -1 },
      field: 'PriceProtectionLengthInDays',
    },
    { name: 'an override without days', over: { PriceProtectionLengthInDays: null }, field: 'PriceProtectionLengthInDays' },
    {
      name: 'a negative price',
      over: { Charges: [{ RuleId: 'x', Currency: 'EUR', CustomPrice: '-1' }] },
      field: 'Charges.0.CustomPrice',
    },
    {
      name: 'seven decimals',
      over: { Charges: [{ RuleId: 'x', Currency: 'EUR', CustomPrice: '1.1234567' }] },
      field: 'Charges.0.CustomPrice',
    },
    {
      name: 'an unknown fee',
      over: { Charges: [{ RuleId: 'nope', Currency: 'EUR', CustomPrice: '1' }] },
      field: 'Charges.0.RuleId',
    },
    {
      name: 'an unknown currency',
      over: { Charges: [{ RuleId: 'R', Currency: 'XYZ', CustomPrice: '1' }] },
      field: 'Charges.0.Currency',
    },
  ])('[M5.11] refuses $name naming the field, and changes nothing', async ({ over, field }) => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });
    const charges = (over as { Charges?: { RuleId: string }[] }).Charges?.map((ch) => ({
      ...ch,
      RuleId: ch.RuleId === 'R' ? rule(backup, 0).Id : ch.RuleId,
    }));

    const res = await c('provider').op('UpdateMarketplaceServicePrices', {
      marketplaceId: list,
      serviceId: backup.id,
      version: 1,
      OverridePriceProtection: true,
      PriceProtectionLengthInDays: 10,
      Charges: [],
      ...over,
      ...(charges ? { Charges: charges } : {}),
    });

    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await listVersion(t.db, list)).toBe(1);
  });

  it('answers 409 with the list as GetMarketplaceProperties reads it now (who changed it, when) as every stale edit does, and writes nothing', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });
    const renamed = await c('provider').op('UpdateMarketplaceName', { id: list, name: `Renamed ${list}`, version: 1 });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const res = await c('provider').op('UpdateMarketplaceServicePrices', {
      marketplaceId: list,
      serviceId: backup.id,
      version: 1,
      OverridePriceProtection: false,
      PriceProtectionLengthInDays: null,
      Charges: [{ RuleId: rule(backup, 0).Id, Currency: 'EUR', CustomPrice: '1' }],
    });
    const read = await c('provider').op('GetMarketplaceProperties', { id: list });

    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect(res.body.errors).toEqual([{ field: 'version', message: expect.stringContaining('changed by someone else') }]);
    expect(res.body.current).toEqual(read.body);
    expect(res.body.current).toMatchObject({ Id: list, Name: `Renamed ${list}`, Version: 2, UpdatedBy: expect.any(String) });
    expect(await listPrices(t.db, list)).toEqual({});
  });

  it('needs MARKETPLACE_UPDATE to save', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });

    const res = await c('reader').op('UpdateMarketplaceServicePrices', {
      marketplaceId: list,
      serviceId: backup.id,
      version: 1,
      OverridePriceProtection: false,
      PriceProtectionLengthInDays: null,
      Charges: [],
    });

    expect(res.status).toBe(403);
  });

  it('answers 404 for a service that is not in the list', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });

    const res = await c('provider').op('GetMarketplaceServicePrices', { marketplaceId: list, serviceId: mail.id });

    expect(res.status).toBe(404);
  });
});

describe('tenant scope of price lists (decision 0033)', () => {
  it.each([
    { who: 'reseller', owner: () => provider, status: 404 },
    { who: 'otherProvider', owner: () => provider, status: 404 },
    { who: 'provider', owner: () => reseller, status: 200 },
    { who: 'reseller', owner: () => reseller, status: 200 },
  ])('a list owned by another organisation looks missing ($who)', async ({ who, owner, status }) => {
    const list = await makePriceList(t.db, { ownerId: owner(), serviceIds: [backup.id] });

    const reads = await Promise.all([
      c(who).op('GetMarketplaceServicePrices', { marketplaceId: list, serviceId: backup.id }),
      c(who).op('ListMarketplacePricingRules', { marketplaceId: list }),
      c(who).op('GetMarketplaceTermsReview', { marketplaceId: list }),
      c(who).op('ExportMarketplacePricesToExcel', { marketplaceId: list, filter: {} }),
      c(who).op('SetMarketplaceMarkup', { marketplaceId: list, version: 1, Enabled: true, MarkupPercent: '5' }),
    ]);

    expect(reads.map((r) => r.status)).toEqual([status, status, status, status, status]);
  });
});

describe('price list prices by Excel [M3.13] [M3.14] [M7.12] [M7.13] [M7.14]', () => {
  it('[M3.14] offers the vendors, categories and tags of the list and every currency as export filters', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id, mail.id] });

    const res = await c('reader').op('GetPriceExportFilterOptions', { marketplaceId: list });
    const mine = await c('vendor').op('GetPriceExportFilterOptions', {});
    const refused = await c('reader').op('GetPriceExportFilterOptions', {});

    expect(res.status).toBe(200);
    expect(res.body.Vendors.map((v: { Value: string }) => v.Value)).toEqual([String(vendor)]);
    expect(res.body.Categories.map((v: { Value: string }) => v.Value).sort()).toEqual(['Backup', 'Communication']);
    expect(res.body.Tags).toEqual([{ Value: 'Backup', Label: 'Backup' }]);
    expect(res.body.Currencies.map((v: { Value: string }) => v.Value)).toContain('USD');
    expect(mine.body.Vendors.map((v: { Value: string }) => v.Value)).toEqual([String(vendor)]);
    expect(refused.status).toBe(403);
  });

  it('[M7.14] [M3.14] exports one row per fee and currency with the own and suggested prices, filtered by currency', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id, mail.id] });
    await setListPrice(t.db, {
      marketplaceId: list,
      serviceId: backup.id,
      ruleId: rule(backup, 0).Id,
      currency: 'EUR',
      price: '9.5',
    });

    const all = sheetRows(
      (await exported('provider', 'ExportMarketplacePricesToExcel', { marketplaceId: list, filter: {} })).workbook,
    );
    const usd = sheetRows(
      (await exported('provider', 'ExportMarketplacePricesToExcel', { marketplaceId: list, filter: { Currency: 'USD' } }))
        .workbook,
    );
    const communication = sheetRows(
      (
        await exported('provider', 'ExportMarketplacePricesToExcel', {
          marketplaceId: list,
          filter: { ServiceCategories: ['Communication'] },
        })
      ).workbook,
    );

    expect(all.headers).toEqual([
      'Service ID',
      'Service name',
      'Priceable item',
      'Fee',
      'Currency',
      'Purchase price',
      'Suggested retail price',
      'Custom price',
    ]);
    expect(all.rows).toHaveLength(4);
    expect(all.rows[0]?.v).toMatchObject({
      'Service ID': backup.id,
      'Service name': 'Prices Backup',
      'Priceable item': rule(backup, 0).PriceableItemId,
      Currency: 'EUR',
      'Suggested retail price': 10,
      'Custom price': 9.5,
    });
    expect(usd.rows.map((r) => r.v.Currency)).toEqual(['USD', 'USD', 'USD']);
    expect(communication.rows.map((r) => r.v['Service ID'])).toEqual([mail.id]);
  });

  it('[M7.14] [M3.14] exports only the services of the chosen vendors and tags', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id, mail.id] });
    const ids = async (filter: Record<string, unknown>) =>
      sheetRows(
        (await exported('provider', 'ExportMarketplacePricesToExcel', { marketplaceId: list, filter })).workbook,
      ).rows.map((r) => r.v['Service ID']);

    // Both services carry the tag Backup (the factory's), none carries Archive.
    expect(new Set(await ids({ ServiceTags: ['Backup'] }))).toEqual(new Set([backup.id, mail.id]));
    expect(await ids({ ServiceTags: ['Archive'] })).toEqual([]);
    expect(new Set(await ids({ OwnerAccountIds: [vendor] }))).toEqual(new Set([backup.id, mail.id]));
    expect(await ids({ OwnerAccountIds: [provider] })).toEqual([]);
  });

  it('[M7.14] [M3.14] exports a list of more than two chunks of services (200 a chunk) in order, each once, with its own prices, filtered across chunks', async () => {
    // 401 copies of Prices Backup (2 fees: EUR and USD, EUR) by a vendor of their own: chunks of 200, 200 and 1;
    // every third in Communication.
    const copier = await makeAccount(t.db, { type: 'Company', parentId: provider });
    const copies = await t.db.query<{ id: number; category: string }>(
      `INSERT INTO services (service_name, display_name, owner_account_id, state, definition, category)
       SELECT 'Chunked ' || g, 'Chunked ' || g, $2, s.state, s.definition,
              CASE WHEN g % 3 = 0 THEN 'Communication' ELSE 'Backup' END
       FROM services s, generate_series(1, 401) g WHERE s.id = $1
       RETURNING id, category`,
      [backup.id, copier],
    );
    const ids = copies.map((r) => r.id).sort((a, b) => a - b);
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: ids });
    const priced = ids[300] as number;
    await setListPrice(t.db, {
      marketplaceId: list,
      serviceId: priced,
      ruleId: rule(backup, 1).Id,
      currency: 'EUR',
      price: '27.25',
    });

    const all = sheetRows(
      (await exported('provider', 'ExportMarketplacePricesToExcel', { marketplaceId: list, filter: {} })).workbook,
    ).rows;
    expect(all).toHaveLength(ids.length * 3);
    expect([...new Set(all.map((r) => r.v['Service ID']))]).toEqual(ids);
    const ownPrices = all.filter((r) => r.v['Custom price'] !== null);
    expect(ownPrices.map((r) => [r.v['Service ID'], r.v['Priceable item'], r.v.Currency, r.v['Custom price']])).toEqual([
      [priced, rule(backup, 1).PriceableItemId, 'EUR', 27.25],
    ]);

    const communication = sheetRows(
      (
        await exported('provider', 'ExportMarketplacePricesToExcel', {
          marketplaceId: list,
          filter: { ServiceCategories: ['Communication'] },
        })
      ).workbook,
    ).rows;
    const expected = copies
      .filter((r) => r.category === 'Communication')
      .map((r) => r.id)
      .sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(0);
    expect([...new Set(communication.map((r) => r.v['Service ID']))]).toEqual(expected);
    expect(communication).toHaveLength(expected.length * 3);
  });

  it('[M3.13] [M5.6] previews only the changed rows, with percent change blank when the old price is 0', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id, mail.id] });
    await setListPrice(t.db, {
      marketplaceId: list,
      serviceId: backup.id,
      ruleId: rule(backup, 0).Id,
      currency: 'EUR',
      price: '10',
    });
    await setListPrice(t.db, { marketplaceId: list, serviceId: mail.id, ruleId: rule(mail, 0).Id, currency: 'EUR', price: '0' });
    const { workbook } = await exported('provider', 'ExportMarketplacePricesToExcel', { marketplaceId: list, filter: {} });
    setCell(workbook, { id: backup.id, item: rule(backup, 0).PriceableItemId, currency: 'EUR' }, 'Custom price', 12.5);
    setCell(workbook, { id: mail.id, item: rule(mail, 0).PriceableItemId, currency: 'EUR' }, 'Custom price', '4');
    setCell(workbook, { id: backup.id, item: rule(backup, 0).PriceableItemId, currency: 'USD' }, 'Custom price', '12.000');
    const fileUrl = await upload('provider', 'prices.xlsx', await bytes(workbook));

    const res = await c('provider').op('GetUpdatedMarketplacePricesFromExcel', { fileUrl, marketplaceId: list });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Version).toBe(1);
    expect(res.body.Changes).toEqual([
      {
        ServiceId: backup.id,
        ServiceName: 'Prices Backup',
        Currency: 'EUR',
        PriceableItem: rule(backup, 0).PriceableItemId,
        CustomPrice: '12.5',
        PreviousCustomPrice: '10',
        PercentChange: '25.00',
      },
      {
        ServiceId: backup.id,
        ServiceName: 'Prices Backup',
        Currency: 'USD',
        PriceableItem: rule(backup, 0).PriceableItemId,
        CustomPrice: '12',
        PreviousCustomPrice: null,
        PercentChange: null,
      },
      {
        ServiceId: mail.id,
        ServiceName: 'Prices Mail',
        Currency: 'EUR',
        PriceableItem: rule(mail, 0).PriceableItemId,
        CustomPrice: '4',
        PreviousCustomPrice: '0',
        PercentChange: null,
      },
    ]);
  });

  it('refuses a file with a bad row naming its row, column and reason, and changes nothing', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });
    const { workbook } = await exported('provider', 'ExportMarketplacePricesToExcel', { marketplaceId: list, filter: {} });
    setCell(workbook, { id: backup.id, item: rule(backup, 0).PriceableItemId, currency: 'EUR' }, 'Custom price', '11');
    const bad = setCell(
      workbook,
      { id: backup.id, item: rule(backup, 0).PriceableItemId, currency: 'USD' },
      'Custom price',
      'ten',
    );
    const fileUrl = await upload('provider', 'prices.xlsx', await bytes(workbook));

    const res = await c('provider').op('GetUpdatedMarketplacePricesFromExcel', { fileUrl, marketplaceId: list });

    expect(res.status).toBe(422);
    expect(res.body.rowErrors).toEqual([
      { Row: bad, Column: 'Custom price', Reason: 'Enter a price of at least 0 with at most 6 decimals' },
    ]);
    expect(await listPrices(t.db, list)).toEqual({});
  });

  it('[M8.5] refuses rows of services outside the list and unknown currencies, and logs the unexpected currency', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['Service ID', 'Priceable item', 'Currency', 'Custom price']);
    sheet.addRow([mail.id, rule(mail, 0).PriceableItemId, 'EUR', 3]);
    sheet.addRow([backup.id, rule(backup, 0).PriceableItemId, 'XYZ', 3]);
    sheet.addRow([backup.id, 'PI-none', 'EUR', 3]);
    const fileUrl = await upload('provider', 'prices.xlsx', await bytes(workbook));

    const res = await c('provider').op('GetUpdatedMarketplacePricesFromExcel', { fileUrl, marketplaceId: list });

    expect(res.status).toBe(422);
    expect(res.body.rowErrors).toEqual([{ Row: 3, Column: 'Currency', Reason: 'XYZ is not a currency prices can be given in' }]);
    expect(logLines.join('')).toContain('Unexpected currency in a price upload');
  });

  it("[M8.5] refuses a workbook without the price columns, a file that is not a workbook (logged) and another user's upload", async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x').addRow(['Something', 'Else']);
    const noColumns = await upload('provider', 'prices.xlsx', await bytes(workbook));
    const broken = await upload(
      'provider',
      'broken.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]),
    );
    const others = await upload('reader', 'prices.xlsx', await bytes(workbook));

    const missing = await c('provider').op('GetUpdatedMarketplacePricesFromExcel', { fileUrl: noColumns, marketplaceId: list });
    const unreadable = await c('provider').op('GetUpdatedMarketplacePricesFromExcel', { fileUrl: broken, marketplaceId: list });
    const foreign = await c('provider').op('GetUpdatedMarketplacePricesFromExcel', { fileUrl: others, marketplaceId: list });
    const notXlsx = await c('provider').op('GetUpdatedMarketplacePricesFromExcel', {
      fileUrl: 'prices.csv',
      marketplaceId: list,
    });

    expect(missing.status).toBe(422);
    expect(missing.body.rowErrors[0]).toMatchObject({ Row: 1, Reason: 'The header row lacks these columns' });
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.detail).toBe('Could not read data from Excel');
    expect(logLines.filter((line) => line.includes('"msg":"Could not read data from Excel"'))).toHaveLength(1);
    expect(foreign.status).toBe(404);
    expect(notXlsx.status).toBe(422);
  });

  it('[M7.13] saves all changed prices in one go and the price reaches priceSubscription', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });
    const { workbook } = await exported('provider', 'ExportMarketplacePricesToExcel', { marketplaceId: list, filter: {} });
    setCell(workbook, { id: backup.id, item: rule(backup, 0).PriceableItemId, currency: 'EUR' }, 'Custom price', '11.75');
    const fileUrl = await upload('provider', 'prices.xlsx', await bytes(workbook));
    const preview = await c('provider').op('GetUpdatedMarketplacePricesFromExcel', { fileUrl, marketplaceId: list });

    const saved = await c('provider').op('UpdateMarketplaceServiceCharges', {
      marketplaceId: list,
      version: preview.body.Version,
      chargeItems: preview.body.Changes.map((ch: Record<string, unknown>) => ({
        ServiceId: ch.ServiceId,
        PriceableItem: ch.PriceableItem,
        Currency: ch.Currency,
        CustomPrice: ch.CustomPrice,
      })),
    });

    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ Version: 2, Updated: 1 });
    const stored = await listPrices(t.db, list);
    expect(stored).toEqual({ [`${backup.id}|${rule(backup, 0).Id}|EUR`]: '11.750000' });
    const pricing: PriceListPricing = {
      marketplaceId: list,
      name: 'list',
      mode: 'legacy',
      isAutoSrpSyncEnabled: false,
      customPrices: new Map([[priceKey(rule(backup, 0).Id, 'EUR'), stored[`${backup.id}|${rule(backup, 0).Id}|EUR`] as string]]),
      markupPercent: null,
    };
    expect(priceListUnitPrice(pricing, rule(backup, 0).Id, 'EUR', '10.00')).toBe('11.750000');
    const [row] = await t.db.query<{ definition: { BillingRules: unknown[]; Fields: unknown[] } }>(
      'SELECT definition FROM services WHERE id = $1',
      [backup.id],
    );
    const priced = priceSubscription({
      rules: (row?.definition.BillingRules ?? []).map((r) => BillingRuleSchema.parse(r)),
      fields: [],
      values: {},
      quantity: 2,
      currency: 'EUR',
      priceList: pricing,
    });
    expect(priced.ok && priced.lines[0]?.sellingUnitPrice).toBe('11.75');
  });

  it('[M7.13] saves nothing when one item is wrong', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });

    const res = await c('provider').op('UpdateMarketplaceServiceCharges', {
      marketplaceId: list,
      version: 1,
      chargeItems: [
        { ServiceId: backup.id, PriceableItem: rule(backup, 0).PriceableItemId, Currency: 'EUR', CustomPrice: '1' },
        { ServiceId: backup.id, PriceableItem: 'PI-none', Currency: 'EUR', CustomPrice: '2' },
      ],
    });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('chargeItems.1.PriceableItem');
    expect(await listPrices(t.db, list)).toEqual({});
    expect(await listVersion(t.db, list)).toBe(1);
  });

  it('[M8.12] refuses a save without changes with "No prices were changed"', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });

    const res = await c('provider').op('UpdateMarketplaceServiceCharges', { marketplaceId: list, version: 1, chargeItems: [] });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toBe('No prices were changed');
  });

  it('answers 409 when the list changed since the preview, and when auto SRP sync is on', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });
    const synced = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id], isAutoSrpSyncEnabled: true });
    const items = [{ ServiceId: backup.id, PriceableItem: rule(backup, 0).PriceableItemId, Currency: 'EUR', CustomPrice: '1' }];
    await t.db.query('UPDATE marketplaces SET version = 2 WHERE id = $1', [list]);

    const stale = await c('provider').op('UpdateMarketplaceServiceCharges', {
      marketplaceId: list,
      version: 1,
      chargeItems: items,
    });
    const sync = await c('provider').op('UpdateMarketplaceServiceCharges', {
      marketplaceId: synced,
      version: 1,
      chargeItems: items,
    });

    expect(stale.status).toBe(409);
    expect(stale.body.current.Version).toBe(2);
    expect(sync.status).toBe(409);
    expect(await listPrices(t.db, list)).toEqual({});
  });

  it('needs MARKETPLACE_UPDATE to preview and save', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });

    const preview = await c('reader').op('GetUpdatedMarketplacePricesFromExcel', {
      fileUrl: `${'a'.repeat(32)}.xlsx`,
      marketplaceId: list,
    });
    const save = await c('reader').op('UpdateMarketplaceServiceCharges', {
      marketplaceId: list,
      version: 1,
      chargeItems: [{ ServiceId: backup.id, PriceableItem: 'x', Currency: 'EUR', CustomPrice: '1' }],
    });

    expect(preview.status).toBe(403);
    expect(save.status).toBe(403);
  });
});

describe('suggested retail prices of my services by Excel [M6.4] [M7.11] [M7.12] [M7.13]', () => {
  it("[M7.11] exports the suggested retail prices of the caller's own services only", async () => {
    const { workbook } = await exported('vendor', 'ExportMyServicesToExcel', { filter: {} });
    const { headers, rows } = sheetRows(workbook);

    expect(headers).toEqual([
      'Service ID',
      'Service name',
      'Priceable item',
      'Fee',
      'Currency',
      'Purchase price',
      'Suggested retail price',
    ]);
    expect(new Set(rows.map((r) => r.v['Service ID']))).toEqual(new Set([backup.id, mail.id]));
  });

  it('[M6.4] previews and saves changed SRPs in the definition and the SRP index alike', async () => {
    const { workbook } = await exported('vendor', 'ExportMyServicesToExcel', {
      filter: { ServiceCategories: ['Communication'] },
    });
    setCell(workbook, { id: mail.id, item: rule(mail, 0).PriceableItemId, currency: 'EUR' }, 'Suggested retail price', '5.5');
    const fileUrl = await upload('vendor', 'srp.xlsx', await bytes(workbook));

    const preview = await c('vendor').op('GetUpdatedMyPricesFromExcel', { fileUrl });
    const saved = await c('vendor').op('UpdateMyServicesSRPFromExcel', {
      chargeItems: preview.body.Changes.map((ch: Record<string, unknown>) => ({
        ServiceId: ch.ServiceId,
        PriceableItem: ch.PriceableItem,
        Currency: ch.Currency,
        Charge: ch.Charge,
        PreviousCharge: ch.PreviousCharge,
      })),
    });

    expect(preview.body.Changes).toEqual([
      {
        ServiceId: mail.id,
        ServiceName: 'Prices Mail',
        Currency: 'EUR',
        PriceableItem: rule(mail, 0).PriceableItemId,
        Charge: '5.5',
        PreviousCharge: '5',
        PercentChange: '10.00',
      },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const got = await c('vendor').op('GetService', { ServiceName: 'Prices Mail' });
    expect(got.body.BillingRules[0].SuggestedRetailPrices.map((s: { Charge: string }) => s.Charge)).toEqual(['5.5']);
    const index = await t.db.query<{ charge: string }>(
      "SELECT charge::text AS charge FROM service_suggested_retail_prices WHERE service_id = $1 AND currency = 'EUR'",
      [mail.id],
    );
    expect(index).toEqual([{ charge: '5.500000' }]);
  });

  it("refuses a row of another vendor's service and changes nothing", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['Service ID', 'Priceable item', 'Currency', 'Suggested retail price']);
    sheet.addRow([foreignService.id, rule(foreignService, 0).PriceableItemId, 'EUR', 99]);
    const fileUrl = await upload('vendor', 'srp.xlsx', await bytes(workbook));

    const preview = await c('vendor').op('GetUpdatedMyPricesFromExcel', { fileUrl });
    const save = await c('vendor').op('UpdateMyServicesSRPFromExcel', {
      chargeItems: [
        {
          ServiceId: foreignService.id,
          PriceableItem: rule(foreignService, 0).PriceableItemId,
          Currency: 'EUR',
          Charge: '99',
          PreviousCharge: '2',
        },
      ],
    });

    expect(preview.status).toBe(422);
    expect(preview.body.rowErrors).toEqual([{ Row: 2, Column: 'Service ID', Reason: 'This is not one of your services' }]);
    expect(save.status).toBe(422);
    const [row] = await t.db.query<{ charge: string }>(
      'SELECT charge::text AS charge FROM service_suggested_retail_prices WHERE service_id = $1',
      [foreignService.id],
    );
    expect(row?.charge).toBe('2.000000');
  });

  it('answers 409 with the current price when an SRP changed since the preview', async () => {
    const res = await c('vendor').op('UpdateMyServicesSRPFromExcel', {
      chargeItems: [
        {
          ServiceId: backup.id,
          PriceableItem: rule(backup, 0).PriceableItemId,
          Currency: 'EUR',
          Charge: '15',
          PreviousCharge: '9',
        },
      ],
    });

    expect(res.status).toBe(409);
    expect(res.body.current).toEqual([
      { ServiceId: backup.id, PriceableItem: rule(backup, 0).PriceableItemId, Currency: 'EUR', Charge: '10.00' },
    ]);
  });

  it('[M6.4] needs MY_SERVICES_UPDATE', async () => {
    const exportRes = await c('vendorTool').op('ExportMyServicesToExcel', { filter: {} });
    const save = await c('vendorTool').op('UpdateMyServicesSRPFromExcel', {
      chargeItems: [{ ServiceId: backup.id, PriceableItem: 'x', Currency: 'EUR', Charge: '1', PreviousCharge: null }],
    });

    expect(exportRes.status).toBe(403);
    expect(save.status).toBe(403);
  });
});

describe('dynamic pricing rules [M4.16] [M6.6]', () => {
  it('[M4.16] lists targets, previews the prices and saves rules with the dynamic mode', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id, mail.id] });
    const rules = [
      { Target: 'Vendor', Value: String(vendor), MarkupPercent: '10' },
      { Target: 'Service', Value: String(mail.id), MarkupPercent: '50' },
    ];

    const listed = await c('provider').op('ListMarketplacePricingRules', { marketplaceId: list });
    const preview = await c('provider').op('PreviewMarketplacePricingRules', { marketplaceId: list, Rules: rules });
    const saved = await c('provider').op('SaveMarketplacePricingRules', {
      marketplaceId: list,
      version: 1,
      PricingMode: 'dynamic',
      Rules: rules,
    });

    expect(listed.body.Targets.map((x: { Target: string }) => x.Target)).toEqual([
      'Vendor',
      'Category',
      'Category',
      'Service',
      'Service',
    ]);
    expect(preview.body.Rows.find((r: { ServiceId: number; Currency: string }) => r.ServiceId === mail.id)).toMatchObject({
      SuggestedRetailPrice: expect.any(String),
      RuleTarget: 'Service',
      MarkupPercent: '50',
    });
    const backupEur = preview.body.Rows.find(
      (r: { ServiceId: number; Currency: string; PriceableItem: string }) =>
        r.ServiceId === backup.id && r.Currency === 'EUR' && r.PriceableItem === rule(backup, 0).PriceableItemId,
    );
    expect(backupEur).toMatchObject({ SuggestedRetailPrice: '10.00', RuleTarget: 'Vendor', Price: '11' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.PricingMode).toBe('dynamic');
    expect(saved.body.Version).toBe(2);
    expect(saved.body.Rules).toHaveLength(2);
  });

  it('refuses a rule for something outside the list, and a negative markup', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });

    const outside = await c('provider').op('SaveMarketplacePricingRules', {
      marketplaceId: list,
      version: 1,
      PricingMode: 'dynamic',
      Rules: [{ Target: 'Service', Value: String(mail.id), MarkupPercent: '5' }],
    });
    const negative = await c('provider').op('SaveMarketplacePricingRules', {
      marketplaceId: list,
      version: 1,
      PricingMode: 'dynamic',
      Rules: [{ Target: 'Service', Value: String(backup.id), MarkupPercent: '-5' }],
    });

    expect(outside.status).toBe(422);
    expect(outside.body.errors[0].field).toBe('Rules.0.Value');
    expect(negative.status).toBe(422);
    expect(await listVersion(t.db, list)).toBe(1);
  });

  it('[M6.6] needs DYNAMIC_PRICING_MANAGEMENT_EXECUTE', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });

    const res = await c('reader').op('ListMarketplacePricingRules', { marketplaceId: list });

    expect(res.status).toBe(403);
  });

  it('answers 409 on a stale version', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });

    const res = await c('provider').op('SaveMarketplacePricingRules', {
      marketplaceId: list,
      version: 7,
      PricingMode: 'legacy',
      Rules: [],
    });

    expect(res.status).toBe(409);
    expect(res.body.current).toMatchObject({ Id: list, Version: 1, PricingMode: 'legacy' });
  });
});

describe('markup [M4.26]', () => {
  it('[M4.26] switching on applies the percent to own prices (SRP where none) and switching off restores them', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });
    const eur0 = `${backup.id}|${rule(backup, 0).Id}|EUR`;
    await setListPrice(t.db, {
      marketplaceId: list,
      serviceId: backup.id,
      ruleId: rule(backup, 0).Id,
      currency: 'EUR',
      price: '9',
    });

    const on = await c('provider').op('SetMarketplaceMarkup', {
      marketplaceId: list,
      version: 1,
      Enabled: true,
      MarkupPercent: '20',
    });
    const marked = await listPrices(t.db, list);
    const off = await c('provider').op('SetMarketplaceMarkup', { marketplaceId: list, version: on.body.Version, Enabled: false });

    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ IsMarkupEnabled: true, MarkupPercent: '20', PricesChanged: 3 });
    expect(marked).toEqual({
      [eur0]: '10.800000',
      [`${backup.id}|${rule(backup, 0).Id}|USD`]: '14.400000',
      [`${backup.id}|${rule(backup, 1).Id}|EUR`]: '36.000000',
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ IsMarkupEnabled: false, MarkupPercent: null, PricesChanged: 1 });
    expect(await listPrices(t.db, list)).toEqual({ [eur0]: '9.000000' });
  });

  it('refuses a negative percent, switching on twice and a stale version', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });

    const negative = await c('provider').op('SetMarketplaceMarkup', {
      marketplaceId: list,
      version: 1,
      Enabled: true,
      MarkupPercent: '-1',
    });
    const missing = await c('provider').op('SetMarketplaceMarkup', { marketplaceId: list, version: 1, Enabled: true });
    await c('provider').op('SetMarketplaceMarkup', { marketplaceId: list, version: 1, Enabled: true, MarkupPercent: '5' });
    const twice = await c('provider').op('SetMarketplaceMarkup', {
      marketplaceId: list,
      version: 2,
      Enabled: true,
      MarkupPercent: '5',
    });
    const stale = await c('provider').op('SetMarketplaceMarkup', { marketplaceId: list, version: 1, Enabled: false });

    expect(negative.status).toBe(422);
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].field).toBe('MarkupPercent');
    expect(twice.status).toBe(422);
    expect(stale.status).toBe(409);
  });

  it('needs MARKETPLACE_UPDATE', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [backup.id] });

    const res = await c('reader').op('SetMarketplaceMarkup', {
      marketplaceId: list,
      version: 1,
      Enabled: true,
      MarkupPercent: '20',
    });

    expect(res.status).toBe(403);
  });
});

describe('terms review [M2.25] [M7.16]', () => {
  it('[M7.16] lists the services of the list with their terms and conditions texts only', async () => {
    const list = await makePriceList(t.db, { ownerId: provider, serviceIds: [mail.id, backup.id] });
    const empty = await makePriceList(t.db, { ownerId: provider });

    const res = await c('reader').op('GetMarketplaceTermsReview', { marketplaceId: list });
    const none = await c('reader').op('GetMarketplaceTermsReview', { marketplaceId: empty });

    expect(res.status).toBe(200);
    expect(res.body.Services.map((s: { DisplayName: string }) => s.DisplayName)).toEqual(['Prices Backup', 'Prices Mail']);
    expect(res.body.Services[0].Descriptions).toEqual([
      { Type: 'TermsAndConditions', Title: 'Terms', Content: 'Be nice.', LocalizationLanguageCode: 'en' },
    ]);
    expect(none.body.Services).toEqual([]);
  });
});
