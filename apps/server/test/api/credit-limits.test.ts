import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

const READ = 'FIELDS_CREDITLIMIT_READ';
const UPDATE = 'FIELDS_CREDITLIMIT_UPDATE';
const OVERWRITE = 'FIELDS_CREDITLIMIT_OVERWRITE_LOCK_UPDATE';

let t: TestApp;
let reseller: number;
let company: number;
let department: number;
let foreignCompany: number;
const clients: Record<string, ApiClient> = {};
const users: Record<string, { id: number; username: string }> = {};
let companyCounter = 0;

async function client(name: string, parentId: number, capabilities: string[]) {
  users[name] = await makeUser(t.db, { parentId, capabilities, displayName: `User ${name}` });
  clients[name] = await new ApiClient(t.url).signIn(users[name].username);
}

const add = (who: string, input: Record<string, unknown>) => clients[who]!.edit('AddCreditLimitRecord', input);
const get = (who: string, accountId: number, page = 1) => clients[who]!.op('GetCreditLimitRecords', { accountId, page });
const newCompany = () => makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: `Credit ${++companyCounter}` });

async function upload(who: string, name: string, type: string, bytes: Uint8Array<ArrayBuffer> | string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const res = await fetch(`${t.url}/keeper/upload`, {
    method: 'POST',
    body: form,
    headers: { cookie: clients[who]!.cookie ?? '' },
  });
  return { status: res.status, body: (await res.json()) as { data: { path: string; originalName: string } } };
}

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Reseller' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Acme', currency: 'GBP' });
  department = await makeAccount(t.db, { type: 'Department', parentId: company });
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  foreignCompany = await makeAccount(t.db, { type: 'Company', parentId: otherReseller });
  await client('admin', reseller, [READ, UPDATE]);
  await client('colleague', reseller, [READ, UPDATE]);
  await client('riskDesk', reseller, [READ, UPDATE, OVERWRITE]);
  await client('reader', reseller, [READ]);
  await client('noCredit', reseller, ['COMPANY_ACCOUNT_READ']);
  await client('foreign', otherReseller, [READ, UPDATE, OVERWRITE]);
  await client('customer', company, [READ, UPDATE, OVERWRITE]);
});
afterAll(async () => {
  await t.close();
});

describe('[A7.4] GetCreditLimitRecords and AddCreditLimitRecord', () => {
  it('shows no limit, the account currency and an editable state before anything was set', async () => {
    const res = await get('admin', company);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      AccountId: company,
      Limit: null,
      IsLocked: false,
      Currency: 'GBP',
      CanEdit: true,
      Version: 0,
      UpdatedBy: null,
      UpdatedAt: null,
      Items: [],
      Total: 0,
      Page: 1,
      PageSize: 5,
      OwnOrganisation: false,
      OrdersWithoutLimit: 'Allowed',
      Policy: null,
    });
  });

  it('[A3.3] [A4.3] assigns a limit as a 2-decimal string in the account currency, labelled assigned', async () => {
    const id = await newCompany();

    const res = await add('admin', { accountId: id, Limit: '1500', Comment: ' First order ', IsLocked: false });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      Limit: '1500.00',
      IsLocked: false,
      PreviousLimit: null,
      PreviousIsLocked: false,
      Label: 'assigned',
      LockChange: null,
      Comment: 'First order',
      Attachments: [],
      Currency: 'EUR',
      CreatedBy: { Username: users.admin!.username, DisplayName: 'User admin', AccountId: users.admin!.id },
    });
    expect(res.body.Date).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    const current = await get('admin', id);
    expect(current.body).toMatchObject({ Limit: '1500.00', IsLocked: false, Total: 1 });
  });

  it('[A4.3] labels changes and deactivation and keeps the previous limit', async () => {
    const id = await newCompany();
    await add('admin', { accountId: id, Limit: '100.10', Comment: 'start', IsLocked: false });

    const changed = await add('admin', { accountId: id, Limit: '250', Comment: 'more', IsLocked: false });
    const deactivated = await add('admin', { accountId: id, Limit: null, Comment: 'pays up front', IsLocked: false });

    expect(changed.body).toMatchObject({ Label: 'changed', PreviousLimit: '100.10', Limit: '250.00' });
    expect(deactivated.body).toMatchObject({ Label: 'deactivated', PreviousLimit: '250.00', Limit: null });
    expect((await get('admin', id)).body.Limit).toBeNull();
  });

  it('[A5.2] [A9.10] rejects a negative, non-numeric or over-precise amount and an empty comment, naming the fields', async () => {
    const negative = await add('admin', { accountId: company, Limit: '-1', Comment: '  ', IsLocked: false });
    const precise = await add('admin', { accountId: company, Limit: '10.555', Comment: 'x', IsLocked: false });
    const text = await add('admin', { accountId: company, Limit: 'lots', Comment: 'x', IsLocked: false });

    expect(negative.status).toBe(422);
    expect(negative.body.code).toBe('VALIDATION_FAILED');
    expect(negative.body.errors).toEqual([
      { field: 'Limit', message: 'The credit limit must be 0 or more' },
      { field: 'Comment', message: 'Enter a reason for the change' },
    ]);
    expect(precise.body.errors).toEqual([{ field: 'Limit', message: 'The credit limit can have at most 2 decimals' }]);
    expect(text.body.errors).toEqual([{ field: 'Limit', message: 'Enter the credit limit as a number, e.g. 1500.00' }]);
  });

  it('rejects a JSON number as the limit: money travels as a decimal string', async () => {
    const res = await add('admin', { accountId: company, Limit: 1500.5, Comment: 'x', IsLocked: false });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('Limit');
  });

  it('[A5.2] rejects a record that changes neither the limit nor the lock', async () => {
    const id = await newCompany();
    await add('admin', { accountId: id, Limit: '500', Comment: 'start', IsLocked: false });

    const res = await add('admin', { accountId: id, Limit: '500.00', Comment: 'again', IsLocked: false });

    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('Nothing changed: change the limit or the lock before saving');
    expect(res.body.errors).toEqual([{ field: 'Limit', message: 'Change the limit or the lock before saving' }]);
    expect((await get('admin', id)).body.Total).toBe(1);
  });

  it('[A5.2] [A6.3] lets only the creator or an overwrite-lock holder change a locked limit', async () => {
    const id = await newCompany();
    await add('admin', { accountId: id, Limit: '900', Comment: 'start', IsLocked: false });
    const locked = await add('admin', { accountId: id, Limit: '900', Comment: 'freeze', IsLocked: true });

    const byColleague = await add('colleague', { accountId: id, Limit: '1000', Comment: 'raise', IsLocked: false });
    const colleagueView = await get('colleague', id);
    const creatorView = await get('admin', id);
    const byCreator = await add('admin', { accountId: id, Limit: '950', Comment: 'small raise', IsLocked: true });
    const byRiskDesk = await add('riskDesk', { accountId: id, Limit: '800', Comment: 'risk review', IsLocked: true });
    const creatorAfterRiskDesk = await add('admin', { accountId: id, Limit: '1000', Comment: 'raise', IsLocked: true });

    expect(locked.body).toMatchObject({ Label: 'locked', LockChange: 'locked' });
    expect(byColleague.status).toBe(403);
    expect(byColleague.body.detail).toContain('locked');
    expect(colleagueView.body).toMatchObject({ IsLocked: true, CanEdit: false });
    expect(creatorView.body).toMatchObject({ IsLocked: true, CanEdit: true });
    expect(byCreator.status).toBe(200);
    expect(byRiskDesk.status).toBe(200);
    expect(creatorAfterRiskDesk.status).toBe(403);
  });

  it('[A4.3] records an unlock', async () => {
    const id = await newCompany();
    await add('riskDesk', { accountId: id, Limit: '10', Comment: 'start', IsLocked: true });

    const res = await add('riskDesk', { accountId: id, Limit: '10', Comment: 'open up', IsLocked: false });

    expect(res.body).toMatchObject({ Label: 'unlocked', LockChange: 'unlocked', PreviousIsLocked: true });
  });

  it('[A1.6] [A9.1] pages the history newest first, five to a page', async () => {
    const id = await newCompany();
    for (let i = 1; i <= 7; i++)
      await add('admin', { accountId: id, Limit: `${i * 100}`, Comment: `step ${i}`, IsLocked: false });

    const first = await get('admin', id, 1);
    const second = await get('admin', id, 2);

    expect(first.body).toMatchObject({ Total: 7, Page: 1, PageSize: 5, Limit: '700.00' });
    expect(first.body.Items.map((r: { Comment: string }) => r.Comment)).toEqual([
      'step 7',
      'step 6',
      'step 5',
      'step 4',
      'step 3',
    ]);
    expect(first.body.Items[0]).toMatchObject({ PreviousLimit: '600.00', Limit: '700.00', Label: 'changed' });
    expect(second.body.Items.map((r: { Comment: string }) => r.Comment)).toEqual(['step 2', 'step 1']);
    expect(second.body.Items[1]).toMatchObject({ Label: 'assigned', PreviousLimit: null });
  });

  it('writes an audit row with the limit before and after in the same transaction', async () => {
    const id = await newCompany();
    await add('admin', { accountId: id, Limit: '40', Comment: 'start', IsLocked: false });

    await add('admin', { accountId: id, Limit: '60.5', Comment: 'raise', IsLocked: true });

    const rows = await t.db.query<{ actor_id: number; before: unknown; after: Record<string, unknown> }>(
      "SELECT actor_id, before, after FROM audit_log WHERE operation = 'AddCreditLimitRecord' AND account_id = $1 ORDER BY id",
      [id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      actor_id: users.admin!.id,
      before: { Limit: '40.00', IsLocked: false },
      after: { Limit: '60.50', IsLocked: true, Comment: 'raise' },
    });
  });
});

describe('[A6.2] access', () => {
  it('answers 404 for a company of another reseller, as if it did not exist', async () => {
    const read = await get('admin', foreignCompany);
    const write = await add('admin', { accountId: foreignCompany, Limit: '1', Comment: 'x', IsLocked: false });

    expect(read.status).toBe(404);
    expect(write.status).toBe(404);
  });

  it('refuses reading without FIELDS_CREDITLIMIT_READ and writing without FIELDS_CREDITLIMIT_UPDATE', async () => {
    const read = await get('noCredit', company);
    const write = await add('reader', { accountId: company, Limit: '1', Comment: 'x', IsLocked: false });
    const readerView = await get('reader', company);

    expect(read.status).toBe(403);
    expect(read.body.detail).toContain('You need permission to view credit limits');
    expect(write.status).toBe(403);
    expect(write.body.detail).toContain('You need permission to change credit limits');
    expect(readerView.body.CanEdit).toBe(false);
  });

  it('[A2.12] keeps credit limits for companies and resellers only', async () => {
    const res = await get('admin', department);

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'accountId', message: 'Credit limits are kept for companies and resellers only' }]);
  });

  it("[A2.27] does not let a customer change its own organisation's limit", async () => {
    const view = await get('customer', company);
    const write = await add('customer', { accountId: company, Limit: '99999', Comment: 'more please', IsLocked: false });

    expect(view.body.CanEdit).toBe(false);
    expect(write.status).toBe(403);
  });
});

describe('[A3.3] [A7.2] attachments', () => {
  it("attaches the caller's uploads and serves them to readers in scope only", async () => {
    const id = await newCompany();
    const up = await upload('admin', 'approval.pdf', 'application/pdf', '%PDF-1.7 approval');

    const res = await add('admin', {
      accountId: id,
      Limit: '300',
      Comment: 'approved',
      IsLocked: false,
      Attachments: [{ Url: up.body.data.path, Title: 'approval.pdf' }],
    });
    const history = await get('reader', id);
    const readerDownload = await fetch(`${t.url}/keeper/download/${up.body.data.path}`, {
      headers: { cookie: clients.reader!.cookie ?? '' },
    });
    const foreignDownload = await fetch(`${t.url}/keeper/download/${up.body.data.path}`, {
      headers: { cookie: clients.foreign!.cookie ?? '' },
    });

    expect(res.status).toBe(200);
    expect(history.body.Items[0].Attachments).toEqual([{ Url: up.body.data.path, Title: 'approval.pdf' }]);
    expect(readerDownload.status).toBe(200);
    expect(await readerDownload.text()).toBe('%PDF-1.7 approval');
    expect(foreignDownload.status).toBe(404);
  });

  it('refuses attaching a file twice, or a file someone else uploaded', async () => {
    const id = await newCompany();
    const mine = await upload('admin', 'a.txt', 'text/plain', 'hello');
    const theirs = await upload('colleague', 'b.txt', 'text/plain', 'hello');
    await add('admin', {
      accountId: id,
      Limit: '1',
      Comment: 'x',
      IsLocked: false,
      Attachments: [{ Url: mine.body.data.path, Title: 'a.txt' }],
    });

    const again = await add('admin', {
      accountId: id,
      Limit: '2',
      Comment: 'y',
      IsLocked: false,
      Attachments: [{ Url: mine.body.data.path, Title: 'a.txt' }],
    });
    const foreign = await add('admin', {
      accountId: id,
      Limit: '2',
      Comment: 'y',
      IsLocked: false,
      Attachments: [{ Url: theirs.body.data.path, Title: 'b.txt' }],
    });
    const made = await add('admin', {
      accountId: id,
      Limit: '2',
      Comment: 'y',
      IsLocked: false,
      Attachments: [{ Url: '../../etc/passwd', Title: 'x' }],
    });

    for (const res of [again, foreign, made]) {
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ field: 'Attachments.0.Url', message: 'The attachment was not found; upload it again' }]);
    }
    expect((await get('admin', id)).body.Total).toBe(1);
  });
});
