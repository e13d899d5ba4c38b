import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

const CREATE_ALL = ['RESELLER', 'COMPANY', 'DEPARTMENT', 'USER'].map((t) => `${t}_ACCOUNT_CREATE`);
const READ_ALL = ['RESELLER', 'COMPANY', 'DEPARTMENT', 'USER', 'PRODUCT'].map((t) => `${t}_ACCOUNT_READ`);
const XLSM = 'application/vnd.ms-excel.sheet.macroEnabled.12';

let t: TestApp;
let provider: number;
let reseller: number;
let company: number;
let foreignCompany: number;
const clients: Record<string, ApiClient> = {};
const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

async function client(name: string, parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities, displayName: `Importer ${name}` });
  clients[name] = await new ApiClient(t.url).signIn(user.username);
  return user;
}
const op = (who: string, name: string, input: unknown) => clients[who]!.op(name, input);

async function template(who: string, type: string, parentId: number): Promise<ExcelJS.Workbook> {
  const res = await op(who, 'GenerateExcelTemplate', { type, productName: null, mode: 'CREATE', accountIds: [parentId] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(res.body.Content, 'base64') as unknown as ArrayBuffer);
  return workbook;
}

/** Fills the template's data sheet by header name and returns the workbook as bytes. */
async function filled(workbook: ExcelJS.Workbook, rows: Record<string, string>[]): Promise<Buffer> {
  const sheet = workbook.getWorksheet('Accounts')!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map((v) => String(v).replace(/ \*$/, ''));
  rows.forEach((row, i) => {
    for (const [name, value] of Object.entries(row)) sheet.getRow(i + 2).getCell(header.indexOf(name) + 1).value = value;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(who: string, name: string, bytes: Buffer, type = XLSM): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${t.url}/keeper/upload`, {
    method: 'POST',
    body: form,
    headers: { cookie: clients[who]!.cookie ?? '' },
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data.path;
}

const user = (username: string, extra: Record<string, string> = {}) => ({
  'Display name': `Imported ${username}`,
  Username: username,
  'E-mail': `${username}@example.com`,
  'First name': 'Imported',
  'Last name': 'Person',
  ...extra,
});

beforeAll(async () => {
  t = await buildTestApp();
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Import Reseller', currency: 'EUR' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Import Company' });
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Other Reseller' });
  foreignCompany = await makeAccount(t.db, { type: 'Company', parentId: otherReseller, displayName: 'Foreign Company' });
  await client('admin', reseller, [...CREATE_ALL, ...READ_ALL]);
  await client('userCreator', company, ['USER_ACCOUNT_CREATE', ...READ_ALL]);
  await client('reader', reseller, READ_ALL);
});
afterAll(async () => {
  await t.close();
});

describe('[A5.13] [A6.7] which types a caller may import', () => {
  it('offers exactly the types whose CREATE capability the caller holds', async () => {
    expect((await op('admin', 'GetAvailableImportTypes', {})).body).toEqual({ Types: ['User', 'Company', 'Reseller'] });
    expect((await op('userCreator', 'GetAvailableImportTypes', {})).body).toEqual({ Types: ['User'] });
  });

  it('refuses a caller without any import capability', async () => {
    expect((await op('reader', 'GetAvailableImportTypes', {})).status).toBe(403);
  });

  it('refuses a template of a type the caller may not import', async () => {
    const res = await op('userCreator', 'GenerateExcelTemplate', { type: 'Company', accountIds: [company] });

    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You need permission to create company accounts to do this');
  });
});

describe('[A7.12] GetAvailableMigrationParents', () => {
  it('lists the accounts of the scope that may hold the type', async () => {
    const res = await op('admin', 'GetAvailableMigrationParents', { accountType: 'User', accountIds: [] });

    expect(res.status).toBe(200);
    const ids = res.body.Items.map((i: { AccountId: number }) => i.AccountId);
    expect(ids).toContain(company);
    // A reseller's own staff are users directly under it (decision 0027-wizard-parents).
    expect(ids).toContain(reseller);
    expect(ids).not.toContain(foreignCompany);
    const companies = await op('admin', 'GetAvailableMigrationParents', { accountType: 'Company', accountIds: [] });
    const companyParents = companies.body.Items.map((i: { AccountId: number }) => i.AccountId);
    expect(companyParents).toContain(reseller);
    expect(companyParents).not.toContain(company);
  });

  it('[A8.5] gives none when nothing below the given account may hold the type', async () => {
    const res = await op('userCreator', 'GetAvailableMigrationParents', { accountType: 'User', accountIds: [company] });
    const none = await op('admin', 'GetAvailableMigrationParents', { accountType: 'Reseller', accountIds: [company] });

    expect(res.body.Items.map((i: { AccountId: number }) => i.AccountId)).toEqual([company]);
    expect(none.status).toBe(200);
    expect(none.body.Items).toEqual([]);
  });

  it('answers a parent outside the scope like a missing one', async () => {
    const foreign = await op('admin', 'GetAvailableMigrationParents', { accountType: 'User', accountIds: [foreignCompany] });
    const missing = await op('admin', 'GetAvailableMigrationParents', { accountType: 'User', accountIds: [999_999] });

    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
  });
});

describe('[A7.12] GenerateExcelTemplate', () => {
  it('gives a macro-enabled workbook with the creatable fields, required ones marked, and instructions', async () => {
    const res = await op('admin', 'GenerateExcelTemplate', {
      type: 'User',
      productName: null,
      mode: 'CREATE',
      accountIds: [company],
    });

    expect(res.status).toBe(200);
    expect(res.body.FileName).toBe('User-import-Import-Company.xlsm');
    expect(res.body.ContentType).toBe(XLSM);
    const bytes = Buffer.from(res.body.Content, 'base64');
    const types = await (await JSZip.loadAsync(bytes)).file('[Content_Types].xml')!.async('string');
    expect(types).toContain('application/vnd.ms-excel.sheet.macroEnabled.main+xml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const header = (workbook.getWorksheet('Accounts')!.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Display name *');
    expect(header).toContain('Username *');
    expect(header).not.toContain('Account ID');
    expect(workbook.getWorksheet('Instructions')!.rowCount).toBeGreaterThan(header.length);
    expect(workbook.getWorksheet('ImportSettings')!.state).toBe('veryHidden');
  });

  it('refuses a parent that may not hold the type, naming the field', async () => {
    const res = await op('admin', 'GenerateExcelTemplate', { type: 'Company', accountIds: [company] });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'accountIds.0', message: 'A company can be created under a reseller or the provider' },
    ]);
  });

  it('answers a parent outside the scope like a missing one', async () => {
    const foreign = await op('admin', 'GenerateExcelTemplate', { type: 'User', accountIds: [foreignCompany] });
    const missing = await op('admin', 'GenerateExcelTemplate', { type: 'User', accountIds: [999_999] });

    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
  });
});

describe('[A3.9] ValidateExcelTemplate', () => {
  it('gives the content header first and the errors by spreadsheet row, naming the fields', async () => {
    const taken = `taken.${unique()}`;
    await makeUser(t.db, { parentId: company, capabilities: [], username: taken });
    const dup = `dup.${unique()}`;
    const bytes = await filled(await template('admin', 'User', company), [
      user(`ok.${unique()}`),
      user(dup),
      { ...user(`x.${unique()}`), 'Display name': '', 'E-mail': 'not-an-address' },
      user(dup.toUpperCase()),
      user(taken),
    ]);
    const url = await upload('admin', 'users.xlsm', bytes);

    const res = await op('admin', 'ValidateExcelTemplate', { url });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.AccountType).toBe('User');
    expect(res.body.ParentAccountId).toBe(company);
    expect(res.body.Content[0]).toContain('Username *');
    expect(res.body.Content).toHaveLength(6);
    expect(res.body.Errors).toEqual([
      { Row: 4, ErrorDetails: 'Display name: Display name is required; E-mail: Enter a valid e-mail address' },
      { Row: 5, ErrorDetails: `Username: ${dup.toUpperCase()} is already used in row 3` },
      { Row: 6, ErrorDetails: 'Username: This username is already taken' },
    ]);
  });

  it('[A5.4] [A8.4] refuses an .xlsx file', async () => {
    const bytes = await filled(await template('admin', 'User', company), [user(`ok.${unique()}`)]);
    const url = await upload('admin', 'users.xlsx', bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

    const res = await op('admin', 'ValidateExcelTemplate', { url });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'url', message: 'Only .xlsm files can be uploaded' }]);
  });

  it('[A5.10] refuses an upload older than 600000 ms', async () => {
    const url = await upload(
      'admin',
      'late.xlsm',
      await filled(await template('admin', 'User', company), [user(`l.${unique()}`)]),
    );
    await t.db.query(`UPDATE stored_files SET uploaded_at = now() - interval '600001 milliseconds' WHERE name = $1`, [url]);

    const res = await op('admin', 'ValidateExcelTemplate', { url });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toBe('The uploaded template has expired; upload it again');
  });

  it("answers another user's upload like a missing file", async () => {
    const url = await upload(
      'admin',
      'mine.xlsm',
      await filled(await template('admin', 'User', company), [user(`m.${unique()}`)]),
    );

    const res = await op('userCreator', 'ValidateExcelTemplate', { url });

    expect(res.status).toBe(404);
  });
});

describe('[A7.12] CreateImport', () => {
  it('[A3.9] creates every row in a job with progress and keeps the import record', async () => {
    const names = [`a.${unique()}`, `b.${unique()}`, `c.${unique()}`];
    const url = await upload(
      'admin',
      'three.xlsm',
      await filled(
        await template('admin', 'User', company),
        names.map((n) => user(n)),
      ),
    );

    const res = await op('admin', 'CreateImport', { uploadUrl: url, name: 'Three users' });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Import).toMatchObject({
      Name: 'Three users',
      AccountType: 'User',
      Rows: 3,
      Status: 'Queued',
      NumberOfErrors: 0,
    });
    expect(res.body.Job.Status).toBe('queued');
    await t.app.jobs.runDue();
    const job = await op('admin', 'GetJob', { id: res.body.Job.Id });
    expect(job.body).toMatchObject({ Status: 'succeeded', Progress: 100, ProgressMessage: 'Created 3 accounts' });
    expect(job.body.Result.RowsCreated).toBe(3);
    const record = await op('admin', 'GetImport', { importId: res.body.Import.ImportId });
    expect(record.body).toMatchObject({ Status: 'Succeeded', RowsCreated: 3, NumberOfErrors: 0, Name: 'Three users' });
    expect(record.body.FinishedAt).not.toBeNull();
    const created = await t.db.query<{ username: string; parent_id: number }>(
      'SELECT username, parent_id FROM accounts WHERE username = ANY($1) ORDER BY username',
      [names],
    );
    expect(created.map((r) => r.parent_id)).toEqual([company, company, company]);
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE operation = 'CreateImport' AND account_id = ANY($1)`, [
      (await t.db.query<{ id: number }>('SELECT id FROM accounts WHERE username = ANY($1)', [names])).map((r) => r.id),
    ]);
    expect(audit).toHaveLength(3);
  });

  it('[A5.4] refuses a file with errors, naming the count', async () => {
    const url = await upload(
      'admin',
      'bad.xlsm',
      await filled(await template('admin', 'User', company), [
        user(`ok.${unique()}`),
        { ...user(`bad.${unique()}`), Username: '' },
      ]),
    );

    const res = await op('admin', 'CreateImport', { uploadUrl: url, name: 'Bad' });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'uploadUrl', message: 'The uploaded file contains 1 error(s)' }]);
  });

  it('creates nothing when a row fails while the job runs: all or nothing', async () => {
    const names = [`first.${unique()}`, `second.${unique()}`];
    const url = await upload(
      'admin',
      'race.xlsm',
      await filled(
        await template('admin', 'User', company),
        names.map((n) => user(n)),
      ),
    );
    const res = await op('admin', 'CreateImport', { uploadUrl: url, name: 'Race' });
    expect(res.status).toBe(200);
    // Someone takes the second username after the import was queued.
    await makeUser(t.db, { parentId: company, capabilities: [], username: names[1] });

    await t.app.jobs.runDue();

    const job = await op('admin', 'GetJob', { id: res.body.Job.Id });
    expect(job.body.Status).toBe('failed');
    expect(job.body.Error).toBe('The uploaded file contains 1 error(s)');
    const record = await op('admin', 'GetImport', { importId: res.body.Import.ImportId });
    expect(record.body).toMatchObject({ Status: 'Failed', RowsCreated: 0, NumberOfErrors: 1 });
    expect(await t.db.query('SELECT 1 FROM accounts WHERE username = $1', [names[0]])).toHaveLength(0);
  });

  it('refuses a parent terminated after the import was queued, creating nothing', async () => {
    const names = [`roll.${unique()}`, `back.${unique()}`];
    const url = await upload(
      'admin',
      'roll.xlsm',
      await filled(
        await template('admin', 'User', company),
        names.map((n) => user(n)),
      ),
    );
    const res = await op('admin', 'CreateImport', { uploadUrl: url, name: 'Rollback' });
    // The parent is terminated after the import was queued: the first row's createAccount refuses it.
    await t.db.query(`UPDATE accounts SET state = 'Terminated' WHERE id = $1`, [company]);

    await t.app.jobs.runDue();
    await t.db.query(`UPDATE accounts SET state = 'Active' WHERE id = $1`, [company]);

    const job = await op('admin', 'GetJob', { id: res.body.Job.Id });
    expect(job.body.Status).toBe('failed');
    expect(job.body.Error).toBe('Choose a parent that is not terminated');
    expect(await t.db.query('SELECT 1 FROM accounts WHERE username = ANY($1)', [names])).toHaveLength(0);
  });

  it('rolls back the rows already created when a later row fails inside the transaction', async () => {
    const names = [`one.${unique()}`, `two.${unique()}`, `three.${unique()}`];
    const url = await upload(
      'admin',
      'explode.xlsm',
      await filled(
        await template('admin', 'User', company),
        names.map((n) => user(n)),
      ),
    );
    const res = await op('admin', 'CreateImport', { uploadUrl: url, name: 'Explode' });
    // The database refuses the third row only, after the first two were inserted in the same transaction.
    await t.db.exec(`
      CREATE FUNCTION refuse_import_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.username = '${names[2]}' THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_import_row BEFORE INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION refuse_import_row();`);

    for (let attempt = 0; attempt < 3; attempt++) await t.app.jobs.runDue({ now: new Date(Date.now() + attempt * 3600_000) });
    await t.db.exec('DROP TRIGGER refuse_import_row ON accounts; DROP FUNCTION refuse_import_row();');

    const job = await op('admin', 'GetJob', { id: res.body.Job.Id });
    expect(job.body.Status).toBe('failed');
    expect(await t.db.query('SELECT 1 FROM accounts WHERE username = ANY($1)', [names])).toHaveLength(0);
    const record = await op('admin', 'GetImport', { importId: res.body.Import.ImportId });
    expect(record.body).toMatchObject({ Status: 'Failed', RowsCreated: 0 });
  });

  it('imports companies under a reseller', async () => {
    const name = `Imported Co ${unique()}`;
    const url = await upload(
      'admin',
      'companies.xlsm',
      await filled(await template('admin', 'Company', reseller), [{ 'Display name': name, Currency: 'EUR' }]),
    );

    const res = await op('admin', 'CreateImport', { uploadUrl: url, name: 'Companies' });
    await t.app.jobs.runDue();

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await op('admin', 'GetJob', { id: res.body.Job.Id })).body.Status).toBe('succeeded');
    const rows = await t.db.query<{ parent_id: number; account_type: string }>(
      'SELECT parent_id, account_type FROM accounts WHERE display_name = $1',
      [name],
    );
    expect(rows).toEqual([{ parent_id: reseller, account_type: 'Company' }]);
  });

  it('keeps the import record from callers outside its scope', async () => {
    const url = await upload(
      'admin',
      'one.xlsm',
      await filled(await template('admin', 'User', company), [user(`o.${unique()}`)]),
    );
    const res = await op('admin', 'CreateImport', { uploadUrl: url, name: 'Mine' });
    const outsider = new ApiClient(t.url);
    const other = await makeUser(t.db, { parentId: foreignCompany, capabilities: CREATE_ALL, displayName: 'Outsider' });
    await outsider.signIn(other.username);

    const seen = await outsider.op('GetImport', { importId: res.body.Import.ImportId });

    expect(seen.status).toBe(404);
  });
});

describe('[A6.6] [A7.12] importing services', () => {
  let buyer: number;
  beforeAll(async () => {
    buyer = (await makeUser(t.db, { parentId: company, capabilities: [], displayName: 'Bea Buyer' })).id;
    await client('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL]);
    await client('services', reseller, [...READ_ALL, 'PRODUCT_ACCOUNT_CREATE', 'MARKETPLACE_TC_ACCEPT_EXECUTE']);
    await createService(t.db, clients.provider!, serviceInput('Imp Backup'));
    await createService(
      t.db,
      clients.provider!,
      serviceInput('Imp Plain', {
        Descriptions: [{ Type: 'Description', LocalizationLanguageCode: 'en', Title: 'Plain', Content: 'No terms' }],
        ProvisioningActions: [
          {
            Action: 'CREATE',
            Method: 'Email',
            ProvisioningEmail: {
              EmailTo: 'desk@vendor.example',
              SubjectTemplate: '{{ACTION}} {{PRODUCTNAME}}',
              BodyText: 'Please set up {{DisplayName}}.',
              AttachmentType: 'xml',
            },
          },
        ],
      }),
    );
  });

  const serviceTemplate = async (productName: string) => {
    const res = await op('services', 'GenerateExcelTemplate', { type: 'Product', productName, accountIds: [buyer] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(res.body.Content, 'base64') as unknown as ArrayBuffer);
    return workbook;
  };

  it('[A5.13] offers Services only with PRODUCT_ACCOUNT_CREATE', async () => {
    expect((await op('services', 'GetAvailableImportTypes', {})).body).toEqual({ Types: ['Product'] });
    expect((await op('admin', 'GetAvailableMigrationServicesForCompany', { accountId: buyer })).status).toBe(403);
  });

  it('lists the services to import, with whether they have terms', async () => {
    const res = await op('services', 'GetAvailableMigrationServicesForCompany', { accountId: buyer, text: 'Imp' });

    expect(res.status).toBe(200);
    expect(res.body.Items.map((i: { ServiceName: string; HasTerms: boolean }) => [i.ServiceName, i.HasTerms])).toEqual([
      ['Imp Backup', true],
      ['Imp Plain', false],
    ]);
  });

  it("gives a template with the service's own fields, and needs a service", async () => {
    const workbook = await serviceTemplate('Imp Plain');
    const none = await op('services', 'GenerateExcelTemplate', { type: 'Product', accountIds: [buyer] });

    const header = (workbook.getWorksheet('Accounts')!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Display name *', 'Plan', 'Seats']));
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual([{ field: 'productName', message: 'Choose a service' }]);
  });

  it('[A5.11] reports terms not yet accepted as an error of the file', async () => {
    const url = await upload(
      'services',
      'backup.xlsm',
      await filled(await serviceTemplate('Imp Backup'), [{ 'Display name': 'B1' }]),
    );

    const res = await op('services', 'ValidateExcelTemplate', { url });

    expect(res.status).toBe(200);
    expect(res.body.ProductName).toBe('Imp Backup');
    expect(res.body.Errors).toEqual([{ Row: 1, ErrorDetails: 'Accept the terms and conditions of Imp Backup first' }]);
  });

  it('creates a subscription of the service per row, with its order', async () => {
    const names = [`Plain ${unique()}`, `Plain ${unique()}`];
    const url = await upload(
      'services',
      'plain.xlsm',
      await filled(
        await serviceTemplate('Imp Plain'),
        names.map((n) => ({ 'Display name': n, Quantity: '1', Plan: 'Basic', Seats: '2' })),
      ),
    );

    const res = await op('services', 'CreateImport', { uploadUrl: url, name: 'Plain services' });
    await t.app.jobs.runDue();

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const job = await op('services', 'GetJob', { id: res.body.Job.Id });
    expect(job.body.Status, JSON.stringify(job.body)).toBe('succeeded');
    const rows = await t.db.query<{ parent_id: number; account_type: string; product_name: string }>(
      'SELECT parent_id, account_type, product_name FROM accounts WHERE display_name = ANY($1)',
      [names],
    );
    expect(rows).toEqual([
      { parent_id: buyer, account_type: 'Product', product_name: 'Imp Plain' },
      { parent_id: buyer, account_type: 'Product', product_name: 'Imp Plain' },
    ]);
  });
});
