import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

let t: TestApp;
let company: number;
const clients: Record<string, ApiClient> = {};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const cookie = (who: string) => ({ cookie: clients[who]?.cookie ?? '' });

async function upload(who: string | null, name: string, type: string, bytes: Uint8Array<ArrayBuffer> | string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const res = await fetch(`${t.url}/keeper/upload`, { method: 'POST', body: form, headers: who ? cookie(who) : {} });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
}

const download = (who: string, path: string) => fetch(`${t.url}/keeper/download/${path}`, { headers: cookie(who) });

const remove = (who: string, filePathName: unknown) =>
  fetch(`${t.url}/keeper/delete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...cookie(who) },
    body: JSON.stringify({ filePathName }),
  });

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller });
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  const caps = ['FIELDS_CREDITLIMIT_READ', 'FIELDS_CREDITLIMIT_UPDATE'];
  for (const [name, parent] of [
    ['alice', reseller],
    ['bob', reseller],
    ['foreign', otherReseller],
    ['customer', company],
  ] as const) {
    const user = await makeUser(t.db, { parentId: parent, capabilities: caps });
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  }
});
afterAll(async () => {
  await t.close();
});

describe('[A7.2] POST /keeper/upload', () => {
  it.each([
    ['report.pdf', 'application/pdf', '%PDF-1.4\n%…'],
    ['logo.png', 'image/png', PNG],
    ['photo.jpeg', 'image/jpeg', JPEG],
    ['figures.xlsx', XLSX, ZIP],
    ['letter.docx', DOCX, ZIP],
    ['notes.txt', 'text/plain', 'Approved by the board, 12 May'],
  ])('accepts %s and answers data.path and data.originalName', async (name, type, bytes) => {
    const res = await upload('alice', name, type, bytes);

    expect(res.status).toBe(201);
    expect(res.body.data.originalName).toBe(name);
    expect(res.body.data.path).toMatch(/^[0-9a-f]{32}\.(pdf|png|jpg|xlsx|docx|txt)$/);
  });

  it('keeps the original name (without any path) and stores under a random name', async () => {
    const a = await upload('alice', 'C:\\fakepath\\scan.pdf', 'application/pdf', '%PDF-1');
    const b = await upload('alice', 'scan.pdf', 'application/pdf', '%PDF-1');

    expect(a.body.data.originalName).toBe('scan.pdf');
    expect(a.body.data.path).not.toBe(b.body.data.path);
  });

  it.each([
    ['program.exe', 'application/octet-stream', 'MZ\x90\x00'],
    ['fake.pdf', 'application/pdf', 'not a pdf at all'],
    ['image.png', 'image/png', '%PDF-1.4 pretending'],
    ['sheet.xlsx', XLSX, '%PDF-1.4'],
    ['binary.txt', 'text/plain', new Uint8Array([0x68, 0x00, 0x69])],
    ['page.html', 'text/html', '<script>alert(1)</script>'],
    ['report.pdf', 'text/html', '%PDF-1.4'],
  ])('refuses %s (%s) with a problem document', async (name, type, bytes) => {
    const res = await upload('alice', name, type, bytes);

    expect(res.status).toBe(415);
    expect(res.type).toContain('application/problem+json');
    expect(res.body.title).toBe('Error uploading file');
    expect(res.body.detail).toBe('Only PDF, PNG, JPEG, GIF, XLSX, DOCX and TXT files can be uploaded');
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);

    const res = await upload('alice', 'big.pdf', 'application/pdf', big);

    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('The file is larger than 10 MB');
  });

  it('accepts a file of exactly 10 MB', async () => {
    const max = new Uint8Array(10 * 1024 * 1024);
    max.set([0x25, 0x50, 0x44, 0x46, 0x2d]);

    const res = await upload('alice', 'max.pdf', 'application/pdf', max);

    expect(res.status).toBe(201);
  });

  it('needs a session', async () => {
    const res = await upload(null, 'a.txt', 'text/plain', 'hi');

    expect(res.status).toBe(401);
  });

  it('refuses a cross-origin upload', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hi'], { type: 'text/plain' }), 'a.txt');

    const res = await fetch(`${t.url}/keeper/upload`, {
      method: 'POST',
      body: form,
      headers: { ...cookie('alice'), origin: 'https://evil.example' },
    });

    expect(res.status).toBe(403);
  });
});

describe('[A7.2] GET /keeper/download/{url}', () => {
  it('serves an unattached upload to its uploader as an attachment with the original name', async () => {
    const up = await upload('alice', 'Kredit übersicht.txt', 'text/plain', 'limit 500');

    const res = await download('alice', up.body.data.path);

    expect(res.status).toBe(200);
    expect(await res.text()).toBe('limit 500');
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Kredit _bersicht.txt"; filename*=UTF-8''${encodeURIComponent('Kredit übersicht.txt')}`,
    );
  });

  it('hides an unattached upload from everybody else', async () => {
    const up = await upload('alice', 'draft.txt', 'text/plain', 'draft');

    const res = await download('bob', up.body.data.path);

    expect(res.status).toBe(404);
  });

  it("denies a file attached to another tenant's credit record", async () => {
    const up = await upload('alice', 'contract.pdf', 'application/pdf', '%PDF-1.5 contract');
    await clients.alice!.edit('AddCreditLimitRecord', {
      accountId: company,
      Limit: '100',
      Comment: 'contract signed',
      IsLocked: false,
      Attachments: [{ Url: up.body.data.path, Title: 'contract.pdf' }],
    });

    const colleague = await download('bob', up.body.data.path);
    const foreign = await download('foreign', up.body.data.path);

    expect(colleague.status).toBe(200);
    expect(foreign.status).toBe(404);
  });

  it("denies the company's own staff the papers of its credit record, even with the read capability", async () => {
    const up = await upload('alice', 'payments.pdf', 'application/pdf', '%PDF-1.5 late payments');
    await clients.alice!.edit('AddCreditLimitRecord', {
      accountId: company,
      Limit: '150',
      Comment: 'late payments',
      IsLocked: false,
      Attachments: [{ Url: up.body.data.path, Title: 'payments.pdf' }],
    });

    const res = await download('customer', up.body.data.path);

    expect(res.status).toBe(404);
  });

  it('needs a session', async () => {
    const up = await upload('alice', 'x.txt', 'text/plain', 'x');

    const res = await fetch(`${t.url}/keeper/download/${up.body.data.path}`);

    expect(res.status).toBe(401);
  });

  it.each([
    '..%2f..%2f..%2fetc%2fpasswd',
    '../../package.json',
    '%2fetc%2fpasswd',
    '..%5c..%5cwindows%5cwin.ini',
    '0123456789abcdef0123456789abcdef.txt%00.pdf',
    '0123456789abcdef0123456789abcdef.sh',
    'ABCDEF0123456789ABCDEF0123456789.txt',
  ])('rejects the traversal or malformed name %s', async (path) => {
    const res = await download('alice', path);

    expect([400, 404]).toContain(res.status);
    expect(await res.text()).not.toContain('root:');
  });
});

describe('[A7.2] POST /keeper/delete', () => {
  it('deletes an unattached upload of the caller', async () => {
    const up = await upload('alice', 'mistake.txt', 'text/plain', 'oops');

    const res = await remove('alice', up.body.data.path);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { path: up.body.data.path } });
    expect((await download('alice', up.body.data.path)).status).toBe(404);
  });

  it('lets only the uploader delete a file', async () => {
    const up = await upload('alice', 'mine.txt', 'text/plain', 'mine');

    const res = await remove('bob', up.body.data.path);

    expect(res.status).toBe(403);
    expect((await download('alice', up.body.data.path)).status).toBe(200);
  });

  it('refuses to delete a file attached to a record', async () => {
    const up = await upload('alice', 'kept.pdf', 'application/pdf', '%PDF-1.5 kept');
    await clients.alice!.edit('AddCreditLimitRecord', {
      accountId: company,
      Limit: '200',
      Comment: 'kept',
      IsLocked: false,
      Attachments: [{ Url: up.body.data.path, Title: 'kept.pdf' }],
    });

    const res = await remove('alice', up.body.data.path);

    expect(res.status).toBe(409);
  });

  it.each([['../../etc/passwd'], ['/etc/passwd'], [42], [null]])('refuses the filePathName %j', async (name) => {
    const res = await remove('alice', name);

    expect(res.status).toBe(422);
    expect((await res.json()).errors[0].field).toBe('filePathName');
  });
});
