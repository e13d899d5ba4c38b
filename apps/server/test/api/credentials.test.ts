import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { localDiskStorage } from '../../src/platform/files/index.js';
import { purgeExpiredJobFiles } from '../../src/platform/jobs/index.js';
import { isSealed } from '../../src/platform/secrets/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { lastMailReceived } from '../mail-catcher.js';

/**
 * Send credentials [A6.19], send credentials to all users [A6.11], the first-time credentials export
 * [A2.3] and the company hierarchy export [A2.4]; the operations of [A7.11].
 */

const EXPORT = 'USER_EXPORT_EXECUTE';

let t: TestApp;
let provider: number;
let reseller: number;
let company: number;
let department: number;
let secondCompany: number;
let terminatedCompany: number;
let foreignCompany: number;
let foreignUser: number;
const people: Record<string, { id: number; username: string }> = {};
const clients: Record<string, ApiClient> = {};

async function client(name: string, parentId: number, capabilities: string[]) {
  people[name] = await makeUser(t.db, { parentId, capabilities, displayName: `Staff ${name}` });
  clients[name] = await new ApiClient(t.url).signIn(people[name].username);
}

let userCounter = 0;
/** A user account with the given e-mail and state, and a password nobody knows. */
async function makePerson(
  parentId: number,
  options: { email?: string | null; state?: 'Active' | 'Suspended' | 'Terminated' } = {},
) {
  userCounter++;
  const username = `person${userCounter}.${randomUUID().slice(0, 6)}`;
  const id = await insertAccount(t.db, {
    type: 'User',
    parentId,
    displayName: `Person ${userCounter}`,
    username,
    email: options.email === undefined ? `${username}@example.com` : options.email,
    firstName: 'Person',
    lastName: String(userCounter),
    state: options.state ?? 'Active',
  });
  return { id, username };
}

const comparable = (body: Record<string, unknown>) => {
  const { requestId: _r, ...rest } = body;
  return rest;
};

async function lastMailTo(accountId: number) {
  const [row] = await t.db.query<{ mail_to: string; subject: string; body_text: string; status: string }>(
    'SELECT mail_to, subject, body_text, status FROM mail_outbox WHERE account_id = $1 ORDER BY created_at DESC LIMIT 1',
    [accountId],
  );
  return row ?? null;
}

const passwordIn = (text: string) => /First-time password: (\S+)/.exec(text)?.[1] ?? '';
/** The first-time password in the newest e-mail the user received (the outbox keeps it redacted). */
const sentPassword = async (accountId: number) => passwordIn((await lastMailReceived(t, accountId))?.text ?? '');

async function canSignIn(username: string, password: string) {
  const res = await new ApiClient(t.url).op('Authenticate', { Username: username, Password: password });
  return res.status === 200;
}

async function readXlsx(res: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: Record<string, unknown>[] = [];
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i] ?? null])));
  });
  return { sheet, headers, rows };
}

const download = (who: string | null, url: string) =>
  fetch(`${t.url}${url}`, { headers: who ? { cookie: clients[who]!.cookie ?? '' } : {} });

beforeAll(async () => {
  t = await buildTestApp({ mail: true });
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Harbour Reseller' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Acme: Logistics' });
  department = await makeAccount(t.db, { type: 'Department', parentId: company, displayName: 'Finance' });
  secondCompany = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Second Company' });
  terminatedCompany = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Closed Company' });
  await t.db.query("UPDATE accounts SET state = 'Terminated' WHERE id = $1", [terminatedCompany]);
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  foreignCompany = await makeAccount(t.db, { type: 'Company', parentId: otherReseller });
  foreignUser = (await makePerson(foreignCompany)).id;
  await client('admin', reseller, [...READ_ALL, EXPORT, 'OUTBOX_READ']);
  await client('colleague', reseller, [...READ_ALL, EXPORT]);
  await client('reader', reseller, READ_ALL);
  await client('companyAdmin', company, [...READ_ALL, EXPORT]);
});
afterAll(() => t.close());

describe('[A7.11] [A6.19] SendUserFirstTimePassword', () => {
  it('gives the user a new first-time password, e-mails it, and only that password signs in afterwards', async () => {
    const person = await makePerson(department);

    const res = await clients.admin!.op('SendUserFirstTimePassword', { id: person.id });
    await t.app.jobs.runDue();

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ AccountId: person.id, Email: `${person.username}@example.com` });
    const mail = await lastMailTo(person.id);
    expect(mail).toMatchObject({ mail_to: `${person.username}@example.com`, status: 'sent' });
    expect(mail?.subject).toBe('Your sign-in details for the cloud portal');
    expect(mail?.body_text).toContain(`Username: ${person.username}`);
    const password = await sentPassword(person.id);
    expect(password).toHaveLength(16);
    expect(await canSignIn(person.username, password)).toBe(true);
    const [issued] = await t.db.query<{ delivery: string; issued_by: number }>(
      'SELECT delivery, issued_by FROM first_time_passwords WHERE account_id = $1',
      [person.id],
    );
    expect(issued).toEqual({ delivery: 'email', issued_by: people.admin!.id });
  });

  it('replaces the previous first-time password when sent again', async () => {
    const person = await makePerson(department);
    await clients.admin!.op('SendUserFirstTimePassword', { id: person.id });
    const first = await sentPassword(person.id);

    await clients.admin!.op('SendUserFirstTimePassword', { id: person.id });
    const second = await sentPassword(person.id);

    expect(second).not.toBe(first);
    expect(await canSignIn(person.username, first)).toBe(false);
    expect(await canSignIn(person.username, second)).toBe(true);
  });

  it('writes an audit row that names the address and never the password', async () => {
    const person = await makePerson(department);

    await clients.admin!.op('SendUserFirstTimePassword', { id: person.id });

    const rows = await t.db.query<{ operation: string; after: unknown }>(
      "SELECT operation, after FROM audit_log WHERE account_id = $1 AND operation = 'SendUserFirstTimePassword'",
      [person.id],
    );
    expect(rows).toEqual([
      { operation: 'SendUserFirstTimePassword', after: { CredentialsSentTo: `${person.username}@example.com` } },
    ]);
    const password = await sentPassword(person.id);
    const everything = JSON.stringify(await t.db.query('SELECT after FROM audit_log'));
    expect(everything).not.toContain(password);
  });

  it('names the e-mail field when the user has no e-mail address, and sends nothing', async () => {
    const person = await makePerson(department, { email: null });

    const res = await clients.admin!.op('SendUserFirstTimePassword', { id: person.id });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'User.Values.Email', message: 'The user has no valid e-mail address; add one before sending credentials' },
    ]);
    expect(await lastMailTo(person.id)).toBeNull();
  });

  it('refuses a terminated user with a conflict', async () => {
    const person = await makePerson(department, { state: 'Terminated' });

    const res = await clients.admin!.op('SendUserFirstTimePassword', { id: person.id });

    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('A terminated account cannot be sent credentials');
  });

  it('refuses an account that is not a user, naming the id', async () => {
    const res = await clients.admin!.op('SendUserFirstTimePassword', { id: company });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'id', message: 'Credentials can be sent to User accounts only' }]);
  });

  it('[A6.11] needs USER_EXPORT_EXECUTE', async () => {
    const person = await makePerson(department);

    const res = await clients.reader!.op('SendUserFirstTimePassword', { id: person.id });

    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You need permission to use credentials exports to do this');
    expect(await lastMailTo(person.id)).toBeNull();
  });

  it('answers a user of another reseller exactly like a user that does not exist', async () => {
    const foreign = await clients.admin!.op('SendUserFirstTimePassword', { id: foreignUser });
    const missing = await clients.admin!.op('SendUserFirstTimePassword', { id: 999_999 });

    expect(foreign.status).toBe(404);
    expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    expect(await lastMailTo(foreignUser)).toBeNull();
  });
});

describe('[A7.11] [A6.11] SendUsersFirstTimePasswordForCompany', () => {
  it('sends every active user with an e-mail address below the company a new password, with progress, leaving the caller out', async () => {
    const target = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Bulk Company' });
    const team = await makeAccount(t.db, { type: 'Department', parentId: target });
    const active = [await makePerson(target), await makePerson(team), await makePerson(team)];
    const noEmail = await makePerson(team, { email: null });
    const suspended = await makePerson(team, { state: 'Suspended' });
    const caller = await makeUser(t.db, { parentId: target, capabilities: [...READ_ALL, EXPORT] });
    const callerClient = await new ApiClient(t.url).signIn(caller.username);

    const started = await callerClient.op('SendUsersFirstTimePasswordForCompany', { id: target });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ Status: 'queued', Progress: 0, AccountId: target, Type: 'credentials.send-to-all' });
    await t.app.jobs.runDue();

    const job = await callerClient.op('GetJob', { id: started.body.Id });
    expect(job.body).toMatchObject({ Status: 'succeeded', Progress: 100, Result: { Sent: 3, Skipped: 1 }, Error: null });
    for (const person of active) {
      const mail = await lastMailTo(person.id);
      expect(mail?.status).toBe('sent');
      expect(await canSignIn(person.username, await sentPassword(person.id))).toBe(true);
    }
    expect(await lastMailTo(noEmail.id)).toBeNull();
    expect(await lastMailTo(suspended.id)).toBeNull();
    expect(await lastMailTo(caller.id)).toBeNull();
    expect(await canSignIn(caller.username, 'Test-password-1')).toBe(true);
    const audits = await t.db.query('SELECT account_id FROM audit_log WHERE operation = $1 AND account_id = ANY($2::int[])', [
      'SendUsersFirstTimePasswordForCompany',
      active.map((p) => p.id),
    ]);
    expect(audits).toHaveLength(3);
  });

  it('sends to the users of every company below a reseller', async () => {
    const bulkReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
    const a = await makeAccount(t.db, { type: 'Company', parentId: bulkReseller });
    const b = await makeAccount(t.db, { type: 'Company', parentId: bulkReseller });
    const people = [await makePerson(a), await makePerson(b), await makePerson(bulkReseller)];
    const admin = await makeUser(t.db, { parentId: bulkReseller, capabilities: [EXPORT] });
    const adminClient = await new ApiClient(t.url).signIn(admin.username);

    const started = await adminClient.op('SendUsersFirstTimePasswordForCompany', { id: bulkReseller });
    await t.app.jobs.runDue();

    expect((await adminClient.op('GetJob', { id: started.body.Id })).body.Result).toEqual({ Sent: 3, Skipped: 0 });
    for (const p of people) expect(await lastMailTo(p.id)).not.toBeNull();
  });

  it.each([
    { name: 'a user account', id: () => foreignUser, who: 'admin', status: 404 },
    { name: 'a department', id: () => department, who: 'admin', status: 422 },
    { name: 'a terminated company', id: () => terminatedCompany, who: 'admin', status: 409 },
    { name: 'a company, without USER_EXPORT_EXECUTE', id: () => company, who: 'reader', status: 403 },
    { name: 'a company of another reseller', id: () => foreignCompany, who: 'admin', status: 404 },
  ])('refuses $name with $status and queues nothing', async ({ id, who, status }) => {
    const before = await t.db.query('SELECT id FROM jobs');

    const res = await clients[who]!.op('SendUsersFirstTimePasswordForCompany', { id: id() });

    expect(res.status).toBe(status);
    expect(await t.db.query('SELECT id FROM jobs')).toHaveLength(before.length);
  });
});

describe('[A2.3] [A7.11] ExportUserCredentials', () => {
  let exported: { id: number; username: string }[];
  let noEmail: { id: number; username: string };
  let suspended: { id: number; username: string };
  let jobId: string;
  let downloadUrl: string;

  beforeAll(async () => {
    exported = [await makePerson(department), await makePerson(company)];
    noEmail = await makePerson(department, { email: null });
    suspended = await makePerson(department, { state: 'Suspended' });
    const res = await clients.companyAdmin!.op('ExportUserCredentials', { companyIds: [company] });
    expect(res.status).toBe(200);
    jobId = res.body.Id;
    await t.app.jobs.runDue();
    const job = await clients.companyAdmin!.op('GetJob', { id: jobId });
    expect(job.body.Status).toBe('succeeded');
    downloadUrl = job.body.Result.DownloadUrl;
  });

  it('produces an .xlsx file named after the company with the result details', async () => {
    const job = await clients.companyAdmin!.op('GetJob', { id: jobId });

    expect(job.body.Result).toMatchObject({
      FileName: `First-time credentials - Acme Logistics - ${new Date().toISOString().slice(0, 10)}.xlsx`,
      DownloadUrl: `/api/jobs/${jobId}/download`,
    });
    expect(Date.parse(job.body.Result.ExpiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
  });

  it('lists every active user of the company with a fresh first-time password that signs in, the caller left out', async () => {
    const res = await download('companyAdmin', downloadUrl);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="First-time credentials - Acme Logistics');
    const { sheet, headers, rows } = await readXlsx(res);
    expect(sheet.name).toBe('First-time credentials');
    expect(headers).toEqual([
      'Company',
      'Parent',
      'Account ID',
      'Username',
      'Display name',
      'First name',
      'Last name',
      'E-mail',
      'First-time password',
    ]);
    const usernames = rows.map((r) => r.Username);
    for (const p of [...exported, noEmail]) expect(usernames).toContain(p.username);
    expect(usernames).not.toContain(suspended.username);
    expect(usernames).not.toContain(people.companyAdmin!.username);
    const row = rows.find((r) => r.Username === exported[0]!.username);
    expect(row).toMatchObject({
      Company: 'Acme: Logistics',
      Parent: 'Finance',
      'Account ID': exported[0]!.id,
      'First name': 'Person',
    });
    for (const r of rows) expect(await canSignIn(String(r.Username), String(r['First-time password']))).toBe(true);
    expect(rows.find((r) => r.Username === noEmail.username)?.['E-mail']).toBeNull();
  });

  it('keeps the file sealed on disk: no workbook, no password readable without the secrets key', async () => {
    const [job] = await t.db.query<{ output_file: string }>('SELECT output_file FROM jobs WHERE id = $1', [jobId]);
    const onDisk = readFileSync(join(t.filesDir, job!.output_file));
    const res = await download('companyAdmin', downloadUrl);
    const workbook = Buffer.from(await res.arrayBuffer());
    const { rows } = await readXlsx(new Response(workbook));

    expect(job!.output_file).toMatch(/^[0-9a-f]{32}\.sealed$/);
    expect(onDisk.subarray(0, 2).toString()).not.toBe('PK');
    expect(isSealed(onDisk.toString('utf8'))).toBe(true);
    expect(workbook.subarray(0, 2).toString()).toBe('PK');
    for (const r of rows) expect(onDisk.toString('utf8')).not.toContain(String(r['First-time password']));
    expect(res.headers.get('content-length')).toBe(String(workbook.length));
  });

  it('records that the passwords were delivered by export, one audit row per user', async () => {
    const issued = await t.db.query<{ delivery: string; job_id: string }>(
      'SELECT delivery, job_id FROM first_time_passwords WHERE account_id = $1',
      [exported[0]!.id],
    );
    const audits = await t.db.query("SELECT 1 FROM audit_log WHERE operation = 'ExportUserCredentials' AND account_id = $1", [
      exported[1]!.id,
    ]);

    expect(issued).toEqual([{ delivery: 'export', job_id: jobId }]);
    expect(audits).toHaveLength(1);
  });

  it('lets only the person who ran the export download it', async () => {
    const colleague = await download('colleague', downloadUrl);
    const anonymous = await download(null, downloadUrl);
    const missing = await download('companyAdmin', `/api/jobs/${randomUUID()}/download`);

    expect(colleague.status).toBe(404);
    expect(anonymous.status).toBe(401);
    expect(missing.status).toBe(404);
    expect((await colleague.json()).detail).toBe('File not found');
  });

  it('deletes the file a day later; the download then says to run the export again', async () => {
    const res = await clients.admin!.op('ExportUserCredentials', { companyIds: [secondCompany] });
    await t.app.jobs.runDue();
    await t.db.query("UPDATE jobs SET finished_at = now() - interval '25 hours' WHERE id = $1", [res.body.Id]);
    const [{ output_file: file } = { output_file: '' }] = await t.db.query<{ output_file: string }>(
      'SELECT output_file FROM jobs WHERE id = $1',
      [res.body.Id],
    );
    expect(existsSync(join(t.filesDir, file))).toBe(true);

    const purged = await purgeExpiredJobFiles(t.db, localDiskStorage(t.filesDir), new Date());
    const after = await download('admin', `/api/jobs/${res.body.Id}/download`);

    expect(purged).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(t.filesDir, file))).toBe(false);
    expect(await t.db.query('SELECT 1 FROM stored_files WHERE name = $1', [file])).toEqual([]);
    expect(after.status).toBe(404);
    expect((await after.json()).detail).toBe('The file was deleted 24 hours after it was made; run the export again');
  });

  it('exports several companies at once, each user once', async () => {
    const person = await makePerson(secondCompany);

    const res = await clients.admin!.op('ExportUserCredentials', { companyIds: [company, secondCompany, company] });
    await t.app.jobs.runDue();
    const job = await clients.admin!.op('GetJob', { id: res.body.Id });
    const { rows } = await readXlsx(await download('admin', job.body.Result.DownloadUrl));

    expect(job.body.Result.FileName).toMatch(/^First-time credentials - 2 companies - /);
    expect(rows.filter((r) => r.Username === person.username)).toHaveLength(1);
    expect(rows.find((r) => r.Username === person.username)?.Company).toBe('Second Company');
    expect(new Set(rows.map((r) => r.Username)).size).toBe(rows.length);
  });

  it.each([
    { name: 'without USER_EXPORT_EXECUTE', who: 'reader', ids: () => [company], status: 403 },
    { name: 'a company of another reseller', who: 'admin', ids: () => [foreignCompany], status: 404 },
    { name: 'a foreign company after an own one', who: 'admin', ids: () => [company, foreignCompany], status: 404 },
    { name: 'a terminated company', who: 'admin', ids: () => [terminatedCompany], status: 409 },
    { name: 'a user account', who: 'admin', ids: () => [exported[0]!.id], status: 422 },
    { name: 'no company', who: 'admin', ids: () => [], status: 422 },
  ])('refuses $name with $status', async ({ who, ids, status }) => {
    const res = await clients[who]!.op('ExportUserCredentials', { companyIds: ids() });

    expect(res.status).toBe(status);
  });

  it('gives the same 404 for a foreign company in the list as for a missing one', async () => {
    const foreign = await clients.admin!.op('ExportUserCredentials', { companyIds: [company, foreignCompany] });
    const missing = await clients.admin!.op('ExportUserCredentials', { companyIds: [company, 999_999] });

    expect(comparable(foreign.body)).toEqual(comparable(missing.body));
  });
});

describe('[A2.4] [A7.11] [A6.12] GenerateCompanyHierarchy', () => {
  it('writes the company and everything below it, depth first, each account after its parent', async () => {
    const product = await makeAccount(t.db, { type: 'Product', parentId: department, displayName: 'Backup 500 GB' });
    const [{ n } = { n: 0 }] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM accounts WHERE path LIKE (SELECT path FROM accounts WHERE id = $1) || '%'",
      [company],
    );

    const started = await clients.admin!.op('GenerateCompanyHierarchy', { accountId: company });
    await t.app.jobs.runDue();
    const job = await clients.admin!.op('GetJob', { id: started.body.Id });
    const res = await download('admin', job.body.Result.DownloadUrl);
    const { sheet, headers, rows } = await readXlsx(res);

    expect(job.body).toMatchObject({ Status: 'succeeded', Progress: 100 });
    expect(job.body.Result.Rows).toBe(n);
    expect(job.body.Result.FileName).toMatch(/^Company hierarchy - Acme Logistics - \d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(sheet.name).toBe('Hierarchy');
    expect(headers.slice(0, 4)).toEqual(['Level', 'Display name', 'Account type', 'Account ID']);
    expect(rows).toHaveLength(n);
    expect(rows[0]).toMatchObject({
      Level: 0,
      'Display name': 'Acme: Logistics',
      'Account type': 'Company',
      Parent: 'Harbour Reseller',
    });
    const position = new Map(rows.map((r, i) => [r['Account ID'], i]));
    for (const r of rows.slice(1)) {
      expect(position.get(r['Parent account ID'])).toBeLessThan(position.get(r['Account ID']) as number);
    }
    const productRow = rows.find((r) => r['Account ID'] === product);
    expect(productRow).toMatchObject({ Level: 2, 'Account type': 'Product', Parent: 'Finance', State: 'Active' });
    const productCell = sheet.getRow((position.get(product) as number) + 2).getCell(2);
    expect(productCell.alignment?.indent).toBe(2);
  });

  it('needs COMPANY_ACCOUNT_READ', async () => {
    const noRead = await makeUser(t.db, { parentId: reseller, capabilities: [EXPORT] });
    const c = await new ApiClient(t.url).signIn(noRead.username);

    const res = await c.op('GenerateCompanyHierarchy', { accountId: company });

    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You need permission to view company accounts to do this');
  });

  it('answers a company of another reseller exactly like a missing one', async () => {
    const foreign = await clients.admin!.op('GenerateCompanyHierarchy', { accountId: foreignCompany });
    const missing = await clients.admin!.op('GenerateCompanyHierarchy', { accountId: 999_999 });

    expect(foreign.status).toBe(404);
    expect(comparable(foreign.body)).toEqual(comparable(missing.body));
  });

  it('refuses a department, naming the field, and fails a job whose company was terminated meanwhile', async () => {
    const wrong = await clients.admin!.op('GenerateCompanyHierarchy', { accountId: department });
    const closing = await makeAccount(t.db, { type: 'Company', parentId: reseller });
    const started = await clients.admin!.op('GenerateCompanyHierarchy', { accountId: closing });
    await t.db.query("UPDATE accounts SET state = 'Terminated' WHERE id = $1", [closing]);
    await t.app.jobs.runDue();
    const job = await clients.admin!.op('GetJob', { id: started.body.Id });

    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([{ field: 'accountId', message: 'This works for Reseller and Company accounts only' }]);
    expect(job.body).toMatchObject({
      Status: 'failed',
      Error: 'The hierarchy can be exported for active Reseller and Company accounts only',
      Result: null,
    });
  });
});
