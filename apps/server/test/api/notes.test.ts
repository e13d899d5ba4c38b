import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveSubtree } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

const NOTES = ['ACCOUNT_NOTES_READ', 'ACCOUNT_NOTES_CREATE', 'ACCOUNT_NOTES_UPDATE', 'ACCOUNT_NOTES_DELETE'];
const TOO_LONG = 'A note can have at most 1000 characters; a line break counts as two';

let t: TestApp;
let provider: number;
let reseller: number;
let company: number;
let department: number;
let foreignCompany: number;
let otherReseller: number;
const clients: Record<string, ApiClient> = {};
const users: Record<string, { id: number; username: string }> = {};
let companyCounter = 0;

async function client(name: string, parentId: number, capabilities: string[]) {
  users[name] = await makeUser(t.db, { parentId, capabilities, displayName: `User ${name}` });
  clients[name] = await new ApiClient(t.url).signIn(users[name].username);
}

const as = (who: string) => {
  const c = clients[who];
  if (!c) throw new Error(`no client ${who}`);
  return c;
};
const list = (who: string, accountId: number, page = 1, pageSize?: number) =>
  as(who).op('GetAccountNotes', { accountId, page, ...(pageSize ? { pageSize } : {}) });
const add = (who: string, accountId: number, text: unknown) => as(who).op('AddAccountNote', { accountId, text });
/** The note's current version, as the Notes tab read it (decision 0036); 1 for an id that is not a note. */
async function versionOf(id: unknown): Promise<number> {
  if (typeof id !== 'string' || !/^\d{1,18}$/.test(id)) return 1;
  const [row] = await t.db.query<{ version: number }>('SELECT version FROM account_notes WHERE id = $1::bigint', [id]);
  return row?.version ?? 1;
}
const update = async (who: string, id: unknown, text: unknown) =>
  as(who).op('UpdateAccountNote', { id, text, version: await versionOf(id) });
const remove = (who: string, id: unknown) => as(who).op('DeleteAccountNote', { id });
const newCompany = () => makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: `Noted ${++companyCounter}` });

beforeAll(async () => {
  t = await buildTestApp();
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'Provider' });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Reseller' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Acme' });
  department = await makeAccount(t.db, { type: 'Department', parentId: company });
  otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Other reseller' });
  foreignCompany = await makeAccount(t.db, { type: 'Company', parentId: otherReseller });
  await client('admin', reseller, NOTES);
  await client('colleague', reseller, NOTES);
  await client('reader', reseller, ['ACCOUNT_NOTES_READ']);
  await client('writer', reseller, ['ACCOUNT_NOTES_READ', 'ACCOUNT_NOTES_CREATE']);
  await client('noNotes', reseller, ['COMPANY_ACCOUNT_READ']);
  await client('operator', provider, NOTES);
  await client('foreign', otherReseller, NOTES);
  await client('customer', company, [...NOTES, 'AUDIT_LOG_READ']);
  // A user in a department of the company: its organisation is the company too.
  await client('customerStaff', department, NOTES);
});
afterAll(async () => {
  await t.close();
});

describe('[A7.8] GetAccountNotes, AddAccountNote, UpdateAccountNote, DeleteAccountNote', () => {
  it('[A2.50] lists no notes, the organisation that sees them and the add right before anything was written', async () => {
    const id = await newCompany();

    const res = await list('admin', id);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      AccountId: id,
      VisibleTo: { AccountId: reseller, DisplayName: 'Reseller' },
      CanAdd: true,
      Items: [],
      Total: 0,
      Page: 1,
      PageSize: 10,
    });
  });

  it('[A1.7] [A3.4] adds a note with its author, dates and the author-only rights', async () => {
    const id = await newCompany();

    const res = await add('admin', id, '  Prefers e-mail\r\nover phone calls  ');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      AccountId: id,
      Note: 'Prefers e-mail\nover phone calls',
      Author: { FirstName: 'Test', DisplayName: 'User admin', AccountId: users.admin!.id },
      CanEdit: true,
      CanDelete: true,
    });
    expect(res.body.Id).toMatch(/^\d+$/);
    expect(res.body.CreationDate).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(res.body.UpdateDate).toBe(res.body.CreationDate);
    const listed = await list('admin', id);
    expect(listed.body.Total).toBe(1);
    expect(listed.body.Items[0]).toEqual(res.body);
  });

  it('[A3.4] [A6.19] updates a note: the text changes and the UpdateDate moves on', async () => {
    const id = await newCompany();
    const created = await add('admin', id, 'First version');
    await new Promise((r) => setTimeout(r, 5));

    const res = await update('admin', created.body.Id, 'Second version');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Id: created.body.Id, Note: 'Second version', CreationDate: created.body.CreationDate });
    expect(Date.parse(res.body.UpdateDate)).toBeGreaterThan(Date.parse(res.body.CreationDate));
    expect((await list('admin', id)).body.Items[0].Note).toBe('Second version');
  });

  it('[A6.19] deletes a note', async () => {
    const id = await newCompany();
    const created = await add('admin', id, 'Short-lived');

    const res = await remove('admin', created.body.Id);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Id: created.body.Id, Deleted: true });
    expect((await list('admin', id)).body.Total).toBe(0);
    const again = await remove('admin', created.body.Id);
    expect(again.status).toBe(404);
  });

  it('[A2.50] pages the notes newest first, ten to a page', async () => {
    const id = await newCompany();
    for (let i = 1; i <= 12; i++) await add('admin', id, `note ${i}`);

    const first = await list('admin', id, 1);
    const second = await list('admin', id, 2);

    expect(first.body).toMatchObject({ Total: 12, Page: 1, PageSize: 10 });
    expect(first.body.Items.map((n: { Note: string }) => n.Note)).toEqual(Array.from({ length: 10 }, (_, i) => `note ${12 - i}`));
    expect(second.body.Items.map((n: { Note: string }) => n.Note)).toEqual(['note 2', 'note 1']);
  });

  it("writes audit rows naming the note and its length, never its text, filed under the author's organisation", async () => {
    const id = await newCompany();
    const created = await add('admin', id, 'one');
    await update('admin', created.body.Id, 'second');
    await remove('admin', created.body.Id);

    const rows = await t.db.query<{ operation: string; actor_id: number; account_id: number; before: unknown; after: unknown }>(
      `SELECT operation, actor_id, account_id, before, after FROM audit_log
       WHERE operation LIKE '%AccountNote' AND (before->>'Id' = $1 OR after->>'Id' = $1) ORDER BY id`,
      [created.body.Id],
    );
    const note = (text: string) => ({ Id: created.body.Id, AccountId: id, Length: text.length });
    expect(rows).toEqual([
      { operation: 'AddAccountNote', actor_id: users.admin!.id, account_id: reseller, before: null, after: note('one') },
      {
        operation: 'UpdateAccountNote',
        actor_id: users.admin!.id,
        account_id: reseller,
        before: note('one'),
        after: note('second'),
      },
      { operation: 'DeleteAccountNote', actor_id: users.admin!.id, account_id: reseller, before: note('second'), after: null },
    ]);
  });
});

describe('[A5.1] [A9.2] note length', () => {
  it('accepts 1000 characters and 998 characters with one line break', async () => {
    const id = await newCompany();

    const plain = await add('admin', id, 'x'.repeat(1000));
    const withBreak = await add('admin', id, `${'x'.repeat(499)}\n${'y'.repeat(499)}`);

    expect(plain.status).toBe(200);
    expect(withBreak.status).toBe(200);
  });

  it('counts a line break as two: 999 characters with a line break are too long, naming the field Note', async () => {
    const id = await newCompany();

    const res = await add('admin', id, `${'x'.repeat(500)}\n${'y'.repeat(499)}`);

    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toEqual([{ field: 'Note', message: TOO_LONG }]);
    expect((await list('admin', id)).body.Total).toBe(0);
  });

  it('rejects 1001 characters, an empty note and a blank one, on add and on update', async () => {
    const id = await newCompany();
    const created = await add('admin', id, 'keep me');

    const long = await add('admin', id, 'x'.repeat(1001));
    const empty = await add('admin', id, '');
    const blank = await update('admin', created.body.Id, ' \n ');
    const longUpdate = await update('admin', created.body.Id, '\n'.repeat(10) + 'x'.repeat(990));

    expect(long.body.errors).toEqual([{ field: 'Note', message: TOO_LONG }]);
    expect(empty.body.errors).toEqual([{ field: 'Note', message: 'Enter a note' }]);
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual([{ field: 'Note', message: 'Enter a note' }]);
    expect(longUpdate.status).toBe(200);
    const tooLongUpdate = await update('admin', created.body.Id, `a${'\n'.repeat(10)}${'x'.repeat(990)}`);
    expect(tooLongUpdate.body.errors).toEqual([{ field: 'Note', message: TOO_LONG }]);
  });

  it('rejects a text that is not a string and a malformed note id', async () => {
    const id = await newCompany();

    const number = await add('admin', id, 42);
    const badId = await update('admin', 'abc', 'x');

    expect(number.status).toBe(422);
    expect(number.body.errors[0].field).toBe('text');
    expect(badId.status).toBe(422);
    expect(badId.body.errors[0].field).toBe('id');
  });
});

describe('[A6.19] only the author edits or deletes', () => {
  it('refuses a colleague of the same organisation, who sees the note without the rights', async () => {
    const id = await newCompany();
    const created = await add('admin', id, 'Mine');

    const view = await list('colleague', id);
    const edit = await update('colleague', created.body.Id, 'Theirs');
    const del = await remove('colleague', created.body.Id);

    expect(view.body.Items[0]).toMatchObject({ Note: 'Mine', CanEdit: false, CanDelete: false });
    expect(edit.status).toBe(403);
    expect(edit.body.detail).toBe('Only the author of a note can edit or delete it');
    expect(del.status).toBe(403);
    expect((await list('admin', id)).body.Items[0].Note).toBe('Mine');
  });

  it('refuses the author without the update or delete capability', async () => {
    const id = await newCompany();
    const created = await add('writer', id, 'x');

    const view = await list('writer', id);
    const edit = await update('writer', created.body.Id, 'y');
    const del = await remove('writer', created.body.Id);

    expect(created.status).toBe(200);
    expect(view.body.Items[0]).toMatchObject({ CanEdit: false, CanDelete: false });
    expect(edit.status).toBe(403);
    expect(edit.body.detail).toContain('You need permission to change account notes');
    expect(del.status).toBe(403);
    expect(del.body.detail).toContain('You need permission to delete account notes');
  });
});

describe('[A2.50] visibility across organisations', () => {
  it('shows a note only to the organisation that wrote it', async () => {
    const id = await newCompany();
    const byReseller = await add('admin', id, 'Reseller view');
    const byOperator = await add('operator', id, 'Provider view');

    const resellerList = await list('colleague', id);
    const operatorList = await list('operator', id);

    expect(resellerList.body.Items.map((n: { Note: string }) => n.Note)).toEqual(['Reseller view']);
    expect(resellerList.body.VisibleTo).toEqual({ AccountId: reseller, DisplayName: 'Reseller' });
    expect(operatorList.body.Items.map((n: { Note: string }) => n.Note)).toEqual(['Provider view']);
    expect(operatorList.body.VisibleTo).toEqual({ AccountId: provider, DisplayName: 'Provider' });
    // The author sees its own note linked and editable.
    expect(operatorList.body.Items[0]).toMatchObject({ CanEdit: true, Author: { AccountId: users.operator!.id } });
    // Another organisation's note is "not found", exactly like a missing one.
    const foreignEdit = await update('admin', byOperator.body.Id, 'x');
    const missingEdit = await update('admin', '999999999', 'x');
    expect(foreignEdit.status).toBe(404);
    expect(foreignEdit.body.detail).toBe('Note not found');
    expect({ ...foreignEdit.body, requestId: null }).toEqual({ ...missingEdit.body, requestId: null });
    expect((await remove('operator', byReseller.body.Id)).status).toBe(404);
  });

  it('never shows a customer the notes about itself, and refuses its own organisation', async () => {
    const created = await add('admin', company, 'About Acme');

    const ownList = await list('customer', company);
    const ownAdd = await add('customer', company, 'About ourselves');
    const staffList = await list('customerStaff', company);
    const ownEdit = await update('customer', created.body.Id, 'x');

    expect(ownList.status).toBe(403);
    expect(ownList.body.detail).toBe('Notes about your own organisation are not available');
    expect(ownAdd.status).toBe(403);
    expect(staffList.status).toBe(403);
    expect(ownEdit.status).toBe(404);
  });

  it("keeps notes about the customer out of the customer's own audit log", async () => {
    await add('admin', company, 'Audit check');

    const log = await as('customer').op('GetAuditLog', { accountId: company });

    expect(log.status).toBe(200);
    expect(log.body.Items.map((i: { Operation: string }) => i.Operation)).not.toContain('AddAccountNote');
    expect(JSON.stringify(log.body)).not.toContain('Audit check');
  });

  it('hides a note once its account moved out of the organisation, and does not link an author outside the scope', async () => {
    const id = await newCompany();
    const created = await add('admin', id, 'Before the move');
    const byOperator = await add('operator', id, 'Provider note');
    await t.db.transaction((tx) => moveSubtree(tx, id, otherReseller));

    const edit = await update('admin', created.body.Id, 'After the move');
    const operatorView = await list('operator', id);

    expect(edit.status).toBe(404);
    expect(operatorView.body.Items.map((n: { Id: string }) => n.Id)).toEqual([byOperator.body.Id]);
  });
});

describe('[A6.15] access and tenant scope', () => {
  it('answers 404 for a company of another reseller, as if it did not exist', async () => {
    const read = await list('admin', foreignCompany);
    const write = await add('admin', foreignCompany, 'x');
    const missing = await list('admin', 999_999);

    expect(read.status).toBe(404);
    expect(write.status).toBe(404);
    expect({ ...read.body, requestId: null }).toEqual({ ...missing.body, requestId: null });
  });

  it('refuses reading without ACCOUNT_NOTES_READ and adding without ACCOUNT_NOTES_CREATE', async () => {
    const read = await list('noNotes', company);
    const write = await add('reader', company, 'x');
    const readerView = await list('reader', company);

    expect(read.status).toBe(403);
    expect(read.body.detail).toContain('You need permission to view account notes');
    expect(write.status).toBe(403);
    expect(write.body.detail).toContain('You need permission to create account notes');
    expect(readerView.status).toBe(200);
    expect(readerView.body.CanAdd).toBe(false);
  });

  it('[A2.23] keeps notes for companies and resellers only', async () => {
    const res = await list('admin', department);
    const write = await add('admin', department, 'x');

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'accountId', message: 'Notes are kept for companies and resellers only' }]);
    expect(write.status).toBe(422);
  });

  it('takes notes about a reseller from the provider', async () => {
    const res = await add('operator', reseller, 'Quarterly review done');

    expect(res.status).toBe(200);
    expect((await list('operator', reseller)).body.Total).toBe(1);
    expect((await list('admin', reseller)).status).toBe(403);
  });
});
