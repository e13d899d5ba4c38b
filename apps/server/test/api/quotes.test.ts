import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStatements } from '../../src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../../src/platform/db/paths.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { addToPriceList, makePriceList, setListPrice } from '../factories/price-lists.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/** Sales quotes and the quotation tool (issue 17, decision 0050), through the real HTTP server and PGlite. */

let t: TestApp;
let provider: number;
let reseller: number;
let customer: number;
let subReseller: number;
let otherReseller: number;
let list: number;
const clients: Record<string, ApiClient> = {};
const op = (who: string, name: string, input: unknown = {}) => clients[who]!.op(name, input);

const QUOTE_CAPS = [
  'SALESQUOTE_READ',
  'SALESQUOTE_UPDATE',
  'SALESQUOTE_DELETE',
  'SALESQUOTE_EXECUTE',
  'QUOTATION_TOOL_READ',
  'QUOTATION_TOOL_UPDATE',
  'QUOTATION_TOOL_DELETE',
  'PRODUCT_ACCOUNT_CREATE',
  'MARKETPLACE_TC_ACCEPT_EXECUTE',
  'MARKETPLACE_READ',
];

/** A quote of two lines: a Base line of all users and an Addon of 2 (Addon needs Base). */
const quoteInput = (over: Record<string, unknown> = {}) => ({
  Id: null,
  RevisionNumber: null,
  Name: 'Office move',
  CompanyName: 'Prospect Ltd',
  NumberOfUsers: 10,
  PriceTemplateId: list,
  CustomerId: null,
  Products: [
    {
      ProductName: 'Q Base',
      Amount: 10,
      IsSyncWithUserAmount: true,
      Fields: [
        { FieldName: 'plan', FieldValue: 'Basic' },
        { FieldName: 'seats', FieldValue: '1' },
      ],
    },
    { ProductName: 'Q Addon', Amount: 2, Fields: [{ FieldName: 'seats', FieldValue: '3' }] },
  ],
  ...over,
});

const save = (who: string, over: Record<string, unknown> = {}) => op(who, 'SaveSalesQuote', { quote: quoteInput(over) });

/** Fields with permanent ids, so lines can name them. */
const fields = [
  { Id: 'plan', DisplayName: 'Plan', FieldType: 'Combobox' as const, AvailableValues: [{ Value: 'Basic' }, { Value: 'Pro' }] },
  { Id: 'seats', DisplayName: 'Seats', FieldType: 'Numeric' as const, MinValue: 1, MaxValue: 100 },
];
const layouts = [
  {
    Action: 'CREATE' as const,
    Pages: [{ Name: 'General', Blocks: [{ Name: 'D', Fields: [{ FieldId: 'plan' }, { FieldId: 'seats' }] }] }],
  },
  {
    Action: 'VIEW' as const,
    Pages: [{ Name: 'General', Blocks: [{ Name: 'D', Fields: [{ FieldId: 'plan' }, { FieldId: 'seats' }] }] }],
  },
];
const rules = [
  {
    ChargeType: 'Monthly' as const,
    Charge: '4',
    LicenceType: 'CORP-SEAT',
    UdrcField: 'seats',
    SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '5.00' }],
  },
  { ChargeType: 'Setup' as const, Charge: '10', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '20.00' }] },
];

async function runJobs() {
  await t.app.jobs.runDue();
}

async function download(who: string, jobId: string): Promise<Buffer> {
  const job = (await op(who, 'GetJob', { id: jobId })).body;
  expect(job.Status).toBe('succeeded');
  const res = await fetch(`${t.url}${job.Result.DownloadUrl}`, { headers: { cookie: clients[who]!.cookie ?? '' } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

beforeAll(async () => {
  t = await buildTestApp({ mail: true });
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR', displayName: 'Quote Reseller' });
  customer = await makeAccount(t.db, { type: 'Company', parentId: reseller, currency: 'EUR', displayName: 'Quote Customer' });
  subReseller = await makeAccount(t.db, { type: 'Reseller', parentId: reseller, currency: 'EUR', displayName: 'Sub Reseller' });
  otherReseller = await makeAccount(t.db, {
    type: 'Reseller',
    parentId: provider,
    currency: 'EUR',
    displayName: 'Other Reseller',
  });
  const sign = async (name: string, parentId: number, capabilities: string[]) => {
    const user = await makeUser(t.db, { parentId, capabilities, displayName: `${name} user` });
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  };
  await sign('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL, 'PRODUCT_ACCOUNT_CREATE']);
  await sign('reseller', reseller, [...READ_ALL, ...QUOTE_CAPS]);
  await sign('colleague', reseller, [...READ_ALL, ...QUOTE_CAPS]);
  await sign('readOnly', reseller, [...READ_ALL, 'SALESQUOTE_READ']);
  await sign('noExport', reseller, [...READ_ALL, 'SALESQUOTE_READ', 'SALESQUOTE_UPDATE']);
  await sign('sub', subReseller, [...READ_ALL, ...QUOTE_CAPS]);
  await sign('other', otherReseller, [...READ_ALL, ...QUOTE_CAPS]);
  const base = await createService(
    t.db,
    clients.provider!,
    serviceInput('Q Base', { Fields: fields, Layouts: layouts, BillingRules: rules, VendorReferenceField: 'plan' }),
  );
  const addon = await createService(
    t.db,
    clients.provider!,
    serviceInput('Q Addon', {
      Fields: fields,
      Layouts: layouts,
      BillingRules: rules,
      VendorReferenceField: 'plan',
      Dependencies: ['Q Base'],
    }),
  );
  const hidden = await createService(
    t.db,
    clients.provider!,
    serviceInput('Q Hidden', { Fields: fields, Layouts: layouts, BillingRules: rules, VendorReferenceField: 'plan' }),
  );
  list = await makePriceList(t.db, {
    ownerId: provider,
    name: 'Quote list',
    propagation: true,
    serviceIds: [base.Id, addon.Id],
    services: [{ id: hidden.Id, status: 'Hidden' }],
    assignees: [reseller],
  });
  void setListPrice;
});
afterAll(async () => {
  await t.close();
});

describe('[M7.8] the builder: price templates, market lookup and pricing', () => {
  it('[M3.5] lists the price lists the caller may quote from', async () => {
    const res = await op('reseller', 'ListSalesQuotesPriceTemplates', {});

    expect(res.status).toBe(200);
    expect(res.body.Items).toContainEqual(expect.objectContaining({ Id: list, Name: 'Quote list' }));
    expect((await op('other', 'ListSalesQuotesPriceTemplates', {})).body.Items.map((i: { Id: number }) => i.Id)).not.toContain(
      list,
    );
  });

  it('[M7.7] [M3.3] [M3.4] loads the checked services with fields, charge rules and dependencies; unknown and Hidden ones are left out', async () => {
    const res = await op('reseller', 'LoadCheckedMarketServices', {
      priceList: list,
      serviceNames: ['Q Addon', 'Q Hidden', 'nope'],
    });

    expect(res.status).toBe(200);
    expect(res.body.Currency).toBe('EUR');
    expect(res.body.Services).toHaveLength(1);
    const addon = res.body.Services[0];
    expect(addon).toMatchObject({
      ServiceName: 'Q Addon',
      ProductName: 'Q Addon',
      Dependencies: ['Q Base'],
      IsUserProduct: false,
      Amount: 1,
    });
    expect(addon.Fields.map((f: { Id: string }) => f.Id)).toEqual(['plan', 'seats']);
    expect(addon.Fields[0].Value).toBe('Basic');
    expect(addon.ChargeRules).toContainEqual(
      expect.objectContaining({ ChargeType: 'Monthly', ChargeAmount: '5', IsUDRCField: true, UDRCFieldName: 'seats' }),
    );
    expect(addon.ChargeRules).toContainEqual(expect.objectContaining({ ChargeType: 'Subscription', ChargeAmount: '20' }));
  });

  it('[M1.1] [M5.8] [M9.3] prices lines through the one pricing rule: per line monthly and setup, totals in the currency', async () => {
    const { NumberOfUsers, Products } = quoteInput();
    const res = await op('reseller', 'PriceSalesQuote', { PriceTemplateId: list, CustomerId: null, NumberOfUsers, Products });

    expect(res.status).toBe(200);
    // Base: 5 per seat x 1 seat x 10 users = 50 monthly, 20 x 10 setup; Addon: 5 x 3 seats x 2 = 30, 20 x 2 = 40.
    expect(res.body.Lines[0]).toMatchObject({
      ProductName: 'Q Base',
      MonthlyPrice: '5',
      MonthlyTotal: '50',
      SetupTotal: '200',
      Error: null,
    });
    expect(res.body.Lines[1]).toMatchObject({ MonthlyTotal: '30', SetupTotal: '40' });
    expect(res.body).toMatchObject({ Currency: 'EUR', TotalRC: '80', TotalNRC: '240' });
    expect(res.body.Charges.FirstInvoice).toBe('320');
  });
});

describe('[M7.8] [M4.2] saving with revisions', () => {
  let id: number;

  it('[M4.2] [M4.1] a new quote saves as revision 1 in draft; the next save makes revision 2 and revision 1 stays readable', async () => {
    const first = await save('reseller');
    expect(first.status).toBe(200);
    expect(first.body.RevisionNumber).toBe(1);
    id = first.body.Id;

    const second = await save('reseller', { Id: id, RevisionNumber: 1, Name: 'Office move v2' });
    expect(second.body).toEqual({ Id: id, RevisionNumber: 2 });

    const rev1 = await op('reseller', 'LoadSalesQuote', { id, revision: 1 });
    const latest = await op('reseller', 'LoadSalesQuote', { id, revision: null });
    expect(rev1.body).toMatchObject({
      Name: 'Office move',
      RevisionNumber: 1,
      LatestRevisionNumber: 2,
      Status: 'draft',
      TotalRC: '80',
    });
    expect(rev1.body.CreateDate).toMatch(/^\/Date\(\d+\)\/$/);
    expect(rev1.body.Products[0]).toMatchObject({ ProductName: 'Q Base', Amount: 10, MonthlyTotal: '50', NRCDiscount: 0 });
    expect(latest.body).toMatchObject({ Name: 'Office move v2', RevisionNumber: 2, PricetemplateName: 'Quote list' });
    expect(latest.body.Revisions.map((r: { RevisionNumber: number }) => r.RevisionNumber)).toEqual([2, 1]);
  });

  it('[M3.1] [M3.2] a loaded sales quote carries the header and line fields the spec names, dates as /Date(ms)/', async () => {
    const saved = await save('reseller', { Name: 'Shape check' });
    const loaded = await op('reseller', 'LoadSalesQuote', { id: saved.body.Id, revision: null });
    expect(loaded.status).toBe(200);
    const q = loaded.body;
    const [author] = await t.db.query<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'reseller user'`);
    expect(q).toMatchObject({
      Id: saved.body.Id,
      Name: 'Shape check',
      CompanyName: 'Prospect Ltd',
      Author: author?.id,
      NumberOfUsers: 10,
      RevisionNumber: 1,
      Status: 'draft',
      TotalRC: '80',
      PriceTemplateId: list,
      PricetemplateName: 'Quote list',
    });
    expect(q.TotalNRC === null || /^\d+(\.\d+)?$/.test(q.TotalNRC)).toBe(true);
    expect(q.CreateDate).toMatch(/^\/Date\(\d+\)\/$/);
    expect(q.ModifyDate).toMatch(/^\/Date\(\d+\)\/$/);
    expect(q.Products).toHaveLength(2);
    expect(q.Products[0]).toMatchObject({
      ProductName: 'Q Base',
      ProductDisplayName: 'Q Base',
      Amount: 10,
      Fields: [
        { FieldName: 'plan', FieldValue: 'Basic' },
        { FieldName: 'seats', FieldValue: '1' },
      ],
      IsSyncWithUserAmount: true,
      NRCDiscount: 0,
      RCDiscount: 0,
    });
    expect(q.Products[1]).toMatchObject({
      ProductName: 'Q Addon',
      Amount: 2,
      IsSyncWithUserAmount: false,
      NRCDiscount: 0,
      RCDiscount: 0,
    });
  });

  it('[M4.2] two people saving the same revision: the second gets a 409 conflict naming the latest revision, nothing is overwritten', async () => {
    const a = await save('reseller', { Id: id, RevisionNumber: 2, Name: 'Mine' });
    const b = await save('colleague', { Id: id, RevisionNumber: 2, Name: 'Theirs' });

    expect(a.status).toBe(200);
    expect(b.status).toBe(409);
    expect(b.body.detail).toContain('revision 3');
    expect(b.body.LatestRevisionNumber).toBe(3);
    expect((await op('reseller', 'LoadSalesQuote', { id, revision: null })).body.Name).toBe('Mine');
  });

  it('[M4.5] all-users lines follow the total users on save', async () => {
    const res = await save('reseller', {
      NumberOfUsers: 4,
      Products: [{ ProductName: 'Q Base', Amount: 1, IsSyncWithUserAmount: true }],
    });
    const loaded = await op('reseller', 'LoadSalesQuote', { id: res.body.Id, revision: 1 });

    expect(loaded.body.Products[0].Amount).toBe(4);
  });

  it("[M9.2] lists the organisation's quotes for the load grid, newest first", async () => {
    const res = await op('reseller', 'ListSalesQuotes', {});

    expect(res.status).toBe(200);
    expect(res.body.PageSize).toBe(30);
    expect(res.body.Items.map((q: { Id: number }) => q.Id)).toContain(id);
    expect((await op('other', 'ListSalesQuotes', {})).body.Items).toEqual([]);
  });
});

describe('bad input answers 4xx naming the field', () => {
  it('[M5.7] a quote without a price list is not saved (422 naming PriceTemplateId)', async () => {
    const res = await save('reseller', { PriceTemplateId: null });

    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('quote.PriceTemplateId');
  });

  it('[M5.9] users outside 1.. and field values outside MinValue/MaxValue are refused, naming the field', async () => {
    const users = await save('reseller', { NumberOfUsers: 0 });
    const seats = await save('reseller', {
      Products: [{ ProductName: 'Q Addon', Amount: 1, Fields: [{ FieldName: 'seats', FieldValue: '500' }] }],
    });

    expect(users.status).toBe(422);
    expect(users.body.errors[0].field).toBe('quote.NumberOfUsers');
    expect(seats.status).toBe(422);
    expect(seats.body.errors).toContainEqual({ field: 'quote.Products.0.Fields.0.FieldValue', message: 'Seats is at most 100' });
  });

  it('[M4.5] refuses an amount above the total users, an unknown service and a price list of another tenant', async () => {
    const amount = await save('reseller', { Products: [{ ProductName: 'Q Addon', Amount: 11 }] });
    const unknown = await save('reseller', { Products: [{ ProductName: 'Q Hidden', Amount: 1 }] });
    const foreign = await save('other');

    expect(amount.body.errors).toContainEqual(expect.objectContaining({ field: 'quote.Products.0.Amount' }));
    expect(unknown.body.errors).toContainEqual(expect.objectContaining({ field: 'quote.Products.0.ProductName' }));
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].field).toBe('quote.PriceTemplateId');
  });

  it('refuses more lines than the cap', async () => {
    const res = await save('reseller', { Products: Array.from({ length: 201 }, () => ({ ProductName: 'Q Addon', Amount: 1 })) });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('quote.Products');
  });
});

describe('[M7.23] [M4.25] the quotation tool', () => {
  let id: number;
  let version: number;

  it("[M7.23] lists my quotes with the yearly charge; a sub-reseller's quote is a customer quote of the reseller, never of another reseller", async () => {
    id = (await save('reseller', { Name: 'Tool quote', CustomerId: customer })).body.Id;
    const subQuote = (await save('sub', { Name: 'Sub quote' })).body.Id;

    const mine = await op('reseller', 'ListQuotes', {});
    const customers = await op('reseller', 'ListCustomerQuotes', {});
    const others = await op('other', 'ListCustomerQuotes', {});

    const row = mine.body.Items.find((q: { Id: number }) => q.Id === id);
    expect(row).toMatchObject({
      Status: 'draft',
      YearlyChargeAmount: '960',
      Currency: 'EUR',
      IsOwn: true,
      AllowedTransitions: ['pending'],
    });
    expect(row.Customer.Name).toBe('Quote Customer');
    expect(customers.body.Items.map((q: { Id: number }) => q.Id)).toEqual([subQuote]);
    expect(customers.body.Items[0]).toMatchObject({ ResellerName: 'Sub Reseller', IsOwn: false, AllowedTransitions: [] });
    expect(others.body.Items).toEqual([]);
    expect((await op('other', 'LoadQuote', { id })).status).toBe(404);
    expect((await op('sub', 'LoadQuote', { id })).status).toBe(404);
    version = row.Version;
  });

  it('[M4.25] draft -> pending -> approved by a user of the owner organisation; a stale version is a conflict', async () => {
    const pending = await op('reseller', 'SetQuoteStatus', { id, status: 'pending', version });
    expect(pending.body).toMatchObject({ Status: 'pending', AllowedTransitions: ['draft', 'approved'] });

    const stale = await op('colleague', 'SetQuoteStatus', { id, status: 'approved', version });
    expect(stale.status).toBe(409);

    const approved = await op('colleague', 'SetQuoteStatus', { id, status: 'approved', version: pending.body.Version });
    expect(approved.body).toMatchObject({ Status: 'approved', CanOrder: true });
    version = approved.body.Version;
  });

  it('[M4.25] refuses a transition QUOTE_TRANSITIONS does not allow, and the organisation above may not change a customer quote', async () => {
    const skip = await op('reseller', 'SetQuoteStatus', { id, status: 'pending', version });
    const subQuote = (await op('reseller', 'ListCustomerQuotes', {})).body.Items[0];
    const above = await op('reseller', 'SetQuoteStatus', { id: subQuote.Id, status: 'pending', version: subQuote.Version });

    expect(skip.status).toBe(422);
    expect(skip.body.errors[0].field).toBe('status');
    expect(above.status).toBe(403);
  });

  it('[M4.25] the hourly sweep expires an open quote past its validity date; renewing makes it a draft again', async () => {
    const q = (await save('reseller', { Name: 'Short', ValidUntil: '2020-01-01' })).body.Id;
    await t.app.jobs.ensureSchedules(new Date());
    await runJobs();

    const expired = (await op('reseller', 'LoadQuote', { id: q })).body;
    expect(expired.Status).toBe('expired');
    const renewed = await op('reseller', 'SetQuoteStatus', { id: q, status: 'draft', version: expired.Version });
    expect(renewed.body.Status).toBe('draft');
    expect(renewed.body.ValidUntil > new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('groups (projects), archive and delete: owner only, other ids 404 and nothing changes', async () => {
    const group = await op('reseller', 'CreateQuoteGroup', { Name: 'Campus' });
    const dup = await op('colleague', 'CreateQuoteGroup', { Name: 'campus' });
    const moved = await op('reseller', 'SetQuotesGroup', { ids: [id], groupId: group.body.Id });
    const groups = await op('reseller', 'ListQuoteGroups', {});
    const renamed = await op('reseller', 'RenameQuoteGroup', {
      id: group.body.Id,
      Name: 'Campus 2',
      version: group.body.Version,
    });

    expect(group.status).toBe(200);
    expect(dup.status).toBe(422);
    expect(moved.body.Updated).toEqual([id]);
    expect(groups.body.Items).toContainEqual(expect.objectContaining({ Name: 'Campus', QuoteCount: 1 }));
    expect(renamed.body.Name).toBe('Campus 2');
    expect((await op('other', 'DeleteQuoteGroup', { id: group.body.Id })).status).toBe(404);

    const q = (await save('reseller', { Name: 'To archive' })).body.Id;
    expect((await op('reseller', 'ArchiveQuote', { ids: [q], archived: true })).status).toBe(200);
    expect((await op('reseller', 'ListQuoteArchive', {})).body.Items.map((x: { Id: number }) => x.Id)).toEqual([q]);
    const archivedSave = await save('reseller', { Id: q, RevisionNumber: 1 });
    expect(archivedSave.status).toBe(409);

    expect((await op('other', 'DeleteQuote', { ids: [q] })).status).toBe(404);
    expect((await op('reseller', 'DeleteQuote', { ids: [q, id + 100000] })).status).toBe(404);
    expect((await op('reseller', 'DeleteQuote', { ids: [q] })).body.Deleted).toEqual([q]);
    expect((await op('reseller', 'LoadQuote', { id: q })).status).toBe(404);
    const orphans = await t.db.query('SELECT 1 FROM quote_revisions WHERE quote_id = $1', [q]);
    expect(orphans).toEqual([]);
    expect((await op('reseller', 'DeleteQuoteGroup', { id: group.body.Id })).body.QuotesUngrouped).toBe(1);
  });

  it('a caller without the capability is refused', async () => {
    expect((await op('readOnly', 'SetQuoteStatus', { id, status: 'draft', version: 1 })).status).toBe(403);
    expect((await op('readOnly', 'SaveSalesQuote', { quote: quoteInput() })).status).toBe(403);
    expect((await op('readOnly', 'ListCustomerQuotes', {})).status).toBe(403);
  });
});

describe('exports', () => {
  let id: number;
  beforeAll(async () => {
    id = (await save('reseller', { Name: 'Export quote' })).body.Id;
  });

  it('[M6.1] exports a revision to a real .xlsx with lines, fields, prices and totals (read back with exceljs)', async () => {
    const job = await op('reseller', 'ExportSalesQuoteToExcel', { id, revision: 1 });
    expect(job.status).toBe(200);
    await runJobs();

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download('reseller', job.body.Id)) as never);
    const sheet = book.getWorksheet('Quote');
    const rows = Array.from(sheet?.getSheetValues() ?? [], (r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows[1]).toEqual([
      'Service',
      'Fields',
      'Users',
      'Monthly price',
      'Setup price',
      'Monthly total',
      'Setup total',
      'Currency',
    ]);
    expect(rows[2]).toEqual(['Q Base', 'plan: Basic; seats: 1', 10, 5, 20, 50, 200, 'EUR']);
    expect(rows.find((r) => r[0] === 'Total')).toEqual(['Total', undefined, undefined, undefined, undefined, 80, 240, 'EUR']);
    expect(rows.find((r) => r[0] === 'Quote title')?.[1]).toBe('Export quote');
  });

  it('[M6.1] without SALESQUOTE_EXECUTE the xlsx export is refused', async () => {
    expect((await op('noExport', 'ExportSalesQuoteToExcel', { id, revision: 1 })).status).toBe(403);
  });

  it('exports a customer-facing PDF with the title, the seller and the validity date', async () => {
    const job = await op('reseller', 'ExportSalesQuoteToPdf', { id, revision: null });
    await runJobs();
    const pdf = await download('reseller', job.body.Id);

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The document's info dictionary keeps the title as text.
    expect(pdf.toString('latin1')).toContain('Export quote');
    expect((await op('other', 'ExportSalesQuoteToPdf', { id, revision: null })).status).toBe(404);
  });
});

describe('from quote to order', () => {
  const approve = async (quoteId: number) => {
    let q = (await op('reseller', 'LoadQuote', { id: quoteId })).body;
    q = (await op('reseller', 'SetQuoteStatus', { id: quoteId, status: 'pending', version: q.Version })).body;
    return (await op('reseller', 'SetQuoteStatus', { id: quoteId, status: 'approved', version: q.Version })).body;
  };
  const countSubs = async () =>
    Number(
      (
        await t.db.query<{ n: string }>(
          "SELECT count(*)::text AS n FROM accounts WHERE parent_id = $1 AND account_type = 'Product'",
          [customer],
        )
      )[0]?.n,
    );

  it('a draft quote cannot be ordered', async () => {
    const id = (await save('reseller', { CustomerId: customer })).body.Id;
    const res = await op('reseller', 'OrderQuote', { requestId: randomUUID(), id, revision: 1 });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('id');
  });

  it('orders every line of an approved quote in one step, dependency first, terms accepted on the way; a repeat replays', async () => {
    const id = (await save('reseller', { CustomerId: customer, Name: 'Order me' })).body.Id;
    await approve(id);
    const before = await countSubs();
    const requestId = randomUUID();

    const preview = await op('reseller', 'PreviewQuoteOrder', { id });
    expect(preview.body).toMatchObject({ Refusal: null, Differences: [], CustomerName: 'Quote Customer' });
    const res = await op('reseller', 'OrderQuote', { requestId, id, revision: 1 });

    expect(res.status).toBe(200);
    expect(res.body.Outcome).toBe('Ordered');
    expect(res.body.Orders.map((o: { ProductName: string }) => o.ProductName)).toEqual(['Q Base', 'Q Addon']);
    expect(await countSubs()).toBe(before + 2);
    const after = (await op('reseller', 'LoadQuote', { id })).body;
    expect(after.Status).toBe('provisioning_request_sent');
    expect(after.OrderNumbers).toHaveLength(2);

    const again = await op('reseller', 'OrderQuote', { requestId, id, revision: 1 });
    expect(again.body).toMatchObject({ Outcome: 'Ordered', Replayed: true });
    expect(await countSubs()).toBe(before + 2);
  });

  it('answers the price differences first when prices changed since the revision, and orders only once confirmed', async () => {
    const id = (await save('reseller', { CustomerId: customer, Name: 'Repriced' })).body.Id;
    await approve(id);
    const base = (await op('provider', 'GetService', { ServiceName: 'Q Base' })).body;
    const monthly = base.BillingRules.find((r: { ChargeType: string }) => r.ChargeType === 'Monthly');
    await setListPrice(t.db, { marketplaceId: list, serviceId: base.Id, ruleId: monthly.Id, currency: 'EUR', price: '6' });
    const before = await countSubs();

    const first = await op('reseller', 'OrderQuote', { requestId: randomUUID(), id, revision: 1 });
    expect(first.body.Outcome).toBe('PriceChanged');
    expect(first.body.Differences[0]).toMatchObject({
      ProductName: 'Q Base',
      QuotedMonthlyTotal: '50',
      CurrentMonthlyTotal: '60',
    });
    expect(await countSubs()).toBe(before);

    const confirmed = await op('reseller', 'OrderQuote', { requestId: randomUUID(), id, revision: 1, confirmPriceChanges: true });
    expect(confirmed.body.Outcome).toBe('Ordered');
    await t.db.query('DELETE FROM marketplace_prices WHERE marketplace_id = $1', [list]);
  });

  it('is all or nothing: a line that cannot be ordered rolls back every order of the quote', async () => {
    // Seats 0 is below the field's minimum: the second line fails after the first was placed.
    const id = (await save('reseller', { CustomerId: customer, Name: 'Broken' })).body.Id;
    await t.db.query(
      `UPDATE quote_revisions SET lines = jsonb_set(lines, '{1,Fields,0,FieldValue}', '"0"') WHERE quote_id = $1`,
      [id],
    );
    await approve(id);
    const before = await countSubs();

    const res = await op('reseller', 'OrderQuote', { requestId: randomUUID(), id, revision: 1, confirmPriceChanges: true });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toMatch(/^Products\.1\./);
    expect(await countSubs()).toBe(before);
    expect((await op('reseller', 'LoadQuote', { id })).body.Status).toBe('approved');
  });
});

describe('ListQuoteCustomers', () => {
  it("lists the companies in the caller's scope with their currency, and none of another reseller's", async () => {
    const own = await op('reseller', 'ListQuoteCustomers', { search: 'Quote' });
    expect(own.status).toBe(200);
    expect(own.body.Items).toContainEqual({ AccountId: customer, DisplayName: 'Quote Customer', Currency: 'EUR' });
    const other = await op('other', 'ListQuoteCustomers', { search: 'Quote' });
    expect(other.status).toBe(200);
    expect(other.body.Items.map((i: { AccountId: number }) => i.AccountId)).not.toContain(customer);
  });
});

describe("issue 17's remaining gaps: add-ons, charges, required fields, the customer", () => {
  let quoteId: number;
  beforeAll(async () => {
    // An add-on: its parent is a Product, so a customer never subscribes to it directly (not "orderable").
    const extra = await createService(
      t.db,
      clients.provider!,
      serviceInput('Q Extra', {
        Fields: fields,
        Layouts: layouts,
        BillingRules: rules,
        VendorReferenceField: 'plan',
        Parents: [{ ParentAccountType: 'Product', ParentProductName: 'Q Base' }],
        Dependencies: ['Q Base'],
        Icon: '/service-icons/backup.png',
      }),
    );
    // A service with a required provisioning field the quote builder does not carry (a Textbox).
    const withDomain = [
      ...fields,
      { Id: 'domain', DisplayName: 'Domain name', FieldType: 'Textbox' as const, DisplayType: 'Mandatory' as const },
      // A secret the quote never keeps (decision 0082): asked for when the quote is ordered.
      { Id: 'passphrase', DisplayName: 'Passphrase', FieldType: 'Password' as const, DisplayType: 'Mandatory' as const },
    ];
    const domain = await createService(
      t.db,
      clients.provider!,
      serviceInput('Q Domain', {
        Fields: withDomain,
        Layouts: layouts.map((l) => ({
          ...l,
          Pages: [
            {
              Name: 'General',
              Blocks: [
                {
                  Name: 'D',
                  Fields: [{ FieldId: 'plan' }, { FieldId: 'seats' }, { FieldId: 'domain' }, { FieldId: 'passphrase' }],
                },
              ],
            },
          ],
        })),
        BillingRules: rules,
        VendorReferenceField: 'plan',
      }),
    );
    await addToPriceList(t.db, list, extra.Id);
    await addToPriceList(t.db, list, domain.Id);
    quoteId = (await save('reseller', { Name: 'Charged', CustomerId: customer })).body.Id;
  });

  it("[M3.3] [M4.3] LoadCheckedMarketServices keeps an add-on's icon and dependencies (a service whose parent is a Product)", async () => {
    const res = await op('reseller', 'LoadCheckedMarketServices', { priceList: list, serviceNames: ['Q Extra'] });

    expect(res.status).toBe(200);
    expect(res.body.Services).toHaveLength(1);
    expect(res.body.Services[0]).toMatchObject({
      ServiceName: 'Q Extra',
      Icon: '/service-icons/backup.png',
      Dependencies: ['Q Base'],
      IsUserProduct: false,
    });
  });

  it("LoadSalesQuote and LoadQuote answer the revision's charges (setup, monthly, first invoice), each revision its own", async () => {
    await save('reseller', {
      Id: quoteId,
      RevisionNumber: 1,
      Name: 'Charged',
      CustomerId: customer,
      Products: [{ ProductName: 'Q Addon', Amount: 2, Fields: [{ FieldName: 'seats', FieldValue: '3' }] }],
    });

    const rev1 = await op('reseller', 'LoadSalesQuote', { id: quoteId, revision: 1 });
    const rev2 = await op('reseller', 'LoadSalesQuote', { id: quoteId, revision: 2 });
    const tool = await op('reseller', 'LoadQuote', { id: quoteId });

    // Revision 1: Base 50 + Addon 30 monthly, 200 + 40 setup (as PriceSalesQuote prices it); revision 2: the Addon alone.
    expect(rev1.body.Charges).toEqual({
      Currency: 'EUR',
      Setup: '240',
      Monthly: '80',
      AdvanceMonths: [],
      AdvanceDueNow: '0',
      MonthlyDueNow: '80',
      FirstInvoice: '320',
    });
    expect(rev2.body.Charges).toMatchObject({ Setup: '40', Monthly: '30', FirstInvoice: '70' });
    expect(tool.body.Charges).toEqual(rev2.body.Charges);
  });

  it("[M3.24] the quotation tool's Customer is the customer account's name, with no always-empty Industry (accounts keep none)", async () => {
    const loaded = await op('reseller', 'LoadQuote', { id: quoteId });
    const listed = (await op('reseller', 'ListQuotes', {})).body.Items.find((q: { Id: number }) => q.Id === quoteId);

    expect(loaded.body.Customer).toEqual({ Name: 'Quote Customer' });
    expect(listed.Customer).toEqual({ Name: 'Quote Customer' });
  });

  it('PreviewQuoteOrder lists a required field a line lacks; OrderQuote refuses without its value and places nothing', async () => {
    const id = await approvedDomainQuote('Needs a domain');
    const message = 'Line 2 (Q Domain): Domain name is required and the quote holds no value for it';
    const [before] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM accounts WHERE account_type = 'Product'");

    const preview = await op('reseller', 'PreviewQuoteOrder', { id });
    const order = await op('reseller', 'OrderQuote', { requestId: randomUUID(), id, revision: 1, confirmPriceChanges: true });
    const blank = await orderWith(id, [{ Line: 1, FieldName: 'domain', FieldValue: '   ' }]);

    expect(preview.status).toBe(200);
    expect(preview.body.Refusal).toBeNull();
    expect(preview.body.MissingFields).toEqual([
      {
        Line: 1,
        ProductName: 'Q Domain',
        ProductDisplayName: expect.any(String),
        Definition: expect.objectContaining({
          Name: 'domain',
          DisplayName: 'Domain name',
          DisplayType: 'Text',
          IsRequired: true,
        }),
      },
      {
        Line: 1,
        ProductName: 'Q Domain',
        ProductDisplayName: expect.any(String),
        Definition: expect.objectContaining({ Name: 'passphrase', DisplayType: 'Password', IsRequired: true }),
      },
    ]);
    for (const refused of [order, blank]) {
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toBe(message);
      expect(refused.body.errors).toEqual([{ field: 'Products.1.Views.Service.Values.domain', message }]);
    }
    const [after] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM accounts WHERE account_type = 'Product'");
    expect(after?.n).toBe(before?.n);
    expect((await op('reseller', 'LoadQuote', { id })).body.Status).toBe('approved');
  });

  it('OrderQuote refuses a value for a field the order does not ask for, naming it, and places nothing', async () => {
    const id = await approvedDomainQuote('Only what is asked');
    const [before] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM accounts WHERE account_type = 'Product'");

    const order = await orderWith(id, [
      { Line: 1, FieldName: 'domain', FieldValue: 'example.org' },
      { Line: 0, FieldName: 'plan', FieldValue: 'Pro' },
    ]);

    expect(order.status).toBe(422);
    expect(order.body.errors).toEqual([
      { field: 'Fields.1.FieldName', message: 'Line 1 does not ask for plan when it is ordered' },
    ]);
    const [after] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM accounts WHERE account_type = 'Product'");
    expect(after?.n).toBe(before?.n);
  });

  it('OrderQuote with the value orders every line; the subscription has it, the quote does not', async () => {
    const id = await approvedDomainQuote('Domain given');

    const order = await orderWith(id, [
      { Line: 1, FieldName: 'domain', FieldValue: 'shop.example.org' },
      { Line: 1, FieldName: 'passphrase', FieldValue: 'Quote-Secret-9931' },
    ]);

    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.Outcome).toBe('Ordered');
    expect(order.body.Orders.map((o: { ProductName: string }) => o.ProductName).sort()).toEqual(['Q Base', 'Q Domain']);
    const domainLine = order.body.Orders.find((o: { ProductName: string }) => o.ProductName === 'Q Domain');
    const [sub] = await t.db.query<{ attributes: Record<string, unknown> }>('SELECT attributes FROM accounts WHERE id = $1', [
      domainLine.AccountId,
    ]);
    expect(sub?.attributes['Service.domain']).toBe('shop.example.org');
    // The passphrase is kept sealed apart from the attributes (decision 0081), as when the ordering wizard orders.
    expect(JSON.stringify(sub?.attributes)).not.toContain('Quote-Secret-9931');
    const secrets = await t.db.query<{ field: string; value: string }>(
      'SELECT field, value FROM subscription_secrets WHERE account_id = $1',
      [domainLine.AccountId],
    );
    expect(secrets.map((r) => r.field)).toEqual(['Service.passphrase']);
    expect(secrets[0]?.value).not.toContain('Quote-Secret-9931');
    const [stored] = await t.db.query<{ lines: string }>('SELECT lines::text AS lines FROM quote_revisions WHERE quote_id = $1', [
      id,
    ]);
    expect(stored?.lines).not.toContain('shop.example.org');
    expect(stored?.lines).not.toContain('Quote-Secret-9931');
  });

  it('SaveSalesQuote refuses a value for a Password field, naming it: a quote never keeps a secret', async () => {
    const [before] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM quote_revisions');

    const res = await save('reseller', {
      Name: 'With a secret',
      CustomerId: customer,
      Products: [
        { ProductName: 'Q Base', Amount: 10, IsSyncWithUserAmount: true, Fields: basicPlan },
        { ProductName: 'Q Domain', Amount: 1, Fields: [...basicPlan, { FieldName: 'passphrase', FieldValue: 'Kept-Nowhere-1' }] },
      ],
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      {
        field: 'quote.Products.1.Fields.2.FieldValue',
        message: 'Passphrase is a password: it is asked for when the quote is ordered and never kept in a quote',
      },
    ]);
    const [after] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM quote_revisions');
    expect(after?.n).toBe(before?.n);
  });

  it("migration 0158 drops a Password value a quote stored before, and keeps the line's other fields and prices", async () => {
    const id = await approvedDomainQuote('Stored a secret');
    // As an API client could save it before decision 0082: the passphrase among the line's fields.
    await t.db.query(
      `UPDATE quote_revisions
          SET lines = jsonb_set(lines, '{1,Fields}', (lines -> 1 -> 'Fields') || '[{"FieldName": "passphrase", "FieldValue": "Old-Secret-5"}]')
        WHERE quote_id = $1`,
      [id],
    );
    const [before] = await t.db.query<{ lines: QuoteLineRow[] }>('SELECT lines FROM quote_revisions WHERE quote_id = $1', [id]);
    expect(JSON.stringify(before?.lines)).toContain('Old-Secret-5');

    const migration = readFileSync(join(MIGRATIONS_DIR, '0158_drop_quote_line_secrets.sql'), 'utf8');
    await t.db.transaction(async (tx) => {
      for (const statement of splitStatements(migration)) await tx.query(statement);
    });

    const [after] = await t.db.query<{ lines: QuoteLineRow[] }>('SELECT lines FROM quote_revisions WHERE quote_id = $1', [id]);
    expect(JSON.stringify(after?.lines)).not.toContain('Old-Secret-5');
    expect(after?.lines[1]?.Fields).toEqual(basicPlan);
    expect(after?.lines.map(({ Fields: _f, ...rest }) => rest)).toEqual(before?.lines.map(({ Fields: _f, ...rest }) => rest));
  });
});

/** OrderQuote of revision 1 at today's prices with values for the fields the quote lacks. */
const orderWith = (id: number, Fields: { Line: number; FieldName: string; FieldValue: string }[]) =>
  op('reseller', 'OrderQuote', { requestId: randomUUID(), id, revision: 1, confirmPriceChanges: true, Fields });

/** A line as quote_revisions stores it (the parts these tests read). */
type QuoteLineRow = { ProductName: string; Fields: { FieldName: string; FieldValue: string }[] } & Record<string, unknown>;

/** A quote of Q Base and Q Domain (whose required domain name the quote does not carry), approved. */
const basicPlan = [
  { FieldName: 'plan', FieldValue: 'Basic' },
  { FieldName: 'seats', FieldValue: '1' },
];
async function approvedDomainQuote(name: string): Promise<number> {
  const id = (
    await save('reseller', {
      Name: name,
      CustomerId: customer,
      Products: [
        { ProductName: 'Q Base', Amount: 10, IsSyncWithUserAmount: true, Fields: basicPlan },
        { ProductName: 'Q Domain', Amount: 1, Fields: basicPlan },
      ],
    })
  ).body.Id;
  let q = (await op('reseller', 'LoadQuote', { id })).body;
  q = (await op('reseller', 'SetQuoteStatus', { id, status: 'pending', version: q.Version })).body;
  await op('reseller', 'SetQuoteStatus', { id, status: 'approved', version: q.Version });
  return id;
}

describe('the meta rules of a checked service', () => {
  it('[M3.19] carries each fee as a product charge (FieldName, FieldTestValue, IsUDRCField, UDRCFieldName, ChargeAmount) with the currency', async () => {
    const meta = await createService(
      t.db,
      clients.provider!,
      serviceInput('Q Meta', {
        Fields: fields,
        Layouts: layouts,
        VendorReferenceField: 'plan',
        BillingRules: [
          ...rules,
          {
            ChargeType: 'Monthly' as const,
            Charge: '6',
            Condition: { FieldId: 'plan', Value: 'Pro' },
            SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '7.50' }],
          },
        ],
      }),
    );
    await addToPriceList(t.db, list, meta.Id);

    const res = await op('reseller', 'LoadCheckedMarketServices', { priceList: list, serviceNames: ['Q Meta'] });

    expect(res.status).toBe(200);
    expect(res.body.Currency).toBe('EUR');
    expect(res.body.Services[0].ChargeRules).toEqual([
      {
        ChargeType: 'Monthly',
        ChargeAmount: '5',
        FieldName: null,
        FieldTestValue: null,
        IsUDRCField: true,
        UDRCFieldName: 'seats',
      },
      {
        ChargeType: 'Subscription',
        ChargeAmount: '20',
        FieldName: null,
        FieldTestValue: null,
        IsUDRCField: false,
        UDRCFieldName: null,
      },
      {
        ChargeType: 'Monthly',
        ChargeAmount: '7.5',
        FieldName: 'plan',
        FieldTestValue: 'Pro',
        IsUDRCField: false,
        UDRCFieldName: null,
      },
    ]);
  });
});
