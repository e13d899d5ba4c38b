import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { type ApiClient, signedIn } from '../factories/client.js';

let t: TestApp;
let reseller: number;
let company: number;
let otherCompany: number;
let admin: ApiClient;
let adminId: number;
let worker: { id: number; username: string };

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Harbor' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Acme' });
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  otherCompany = await makeAccount(t.db, { type: 'Company', parentId: otherReseller });
  const a = await makeUser(t.db, {
    parentId: reseller,
    capabilities: [...READ_ALL, ...UPDATE_ALL, 'AUDIT_LOG_READ'],
    displayName: 'Rita Reseller',
  });
  adminId = a.id;
  worker = await makeUser(t.db, { parentId: company, capabilities: [...READ_ALL, ...UPDATE_ALL], displayName: 'Carl Company' });
  admin = await signedIn(t.url, a.username);
  const w = await signedIn(t.url, worker.username);
  await admin.edit('UpdateAccount', { id: company, views: { Company: { Values: { City: 'Delft' } } } });
  await w.edit('UpdateAccount', { id: company, views: { Company: { Values: { City: 'Leiden' } } } });
  await w.edit('UpdateAccount', { id: worker.id, views: { User: { Values: { JobTitle: 'Planner' } } } });
});
afterAll(() => t.close());

describe('audit log', () => {
  it('[A2.21] lists the changes of an account newest first with who made them and the before and after values', async () => {
    const res = await admin.op('GetAuditLog', { accountId: company });

    expect(res.status).toBe(200);
    expect(res.body.Total).toBe(2);
    expect(res.body.Items.map((i: any) => [i.Operation, i.Actor.DisplayName, i.Changes])).toEqual([
      ['UpdateAccount', 'Carl Company', [{ Field: 'Company.City', Before: 'Delft', After: 'Leiden' }]],
      ['UpdateAccount', 'Rita Reseller', [{ Field: 'Company.City', Before: null, After: 'Delft' }]],
    ]);
    expect(res.body.Items[0].Impersonator).toBeNull();
    expect(res.body.Operations).toEqual(['UpdateAccount']);
  });

  it('pages the entries', async () => {
    const res = await admin.op('GetAuditLog', { accountId: company, pageSize: 5, page: 2 });

    expect(res.body).toMatchObject({ Total: 2, Page: 2, PageSize: 5, Items: [] });
  });

  it('filters by operation and by an inclusive date range', async () => {
    const today = new Date().toISOString().slice(0, 10);

    const none = await admin.op('GetAuditLog', { accountId: company, operation: 'Logout' });
    const todays = await admin.op('GetAuditLog', { accountId: company, from: today, to: today });
    const past = await admin.op('GetAuditLog', { accountId: company, to: '2020-01-01' });

    expect(none.body.Total).toBe(0);
    expect(todays.body.Total).toBe(2);
    expect(past.body.Total).toBe(0);
  });

  it('rejects an end date before the start date, naming the field', async () => {
    const res = await admin.op('GetAuditLog', { accountId: company, from: '2026-02-01', to: '2026-01-01' });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'to', message: 'The end date must not be before the start date' }]);
  });

  it('names but does not link a person outside the viewer scope', async () => {
    const manager = await makeUser(t.db, { parentId: company, capabilities: [...READ_ALL, 'AUDIT_LOG_READ'] });
    const viewer = await signedIn(t.url, manager.username);

    const res = await viewer.op('GetAuditLog', { accountId: company });

    const reseller = res.body.Items.find((i: any) => i.Actor.DisplayName === 'Rita Reseller');
    expect(reseller.Actor.AccountId).toBeNull();
    const local = res.body.Items.find((i: any) => i.Actor.DisplayName === 'Carl Company');
    expect(local.Actor.AccountId).toBe(worker.id);
  });

  it('requires AUDIT_LOG_READ', async () => {
    const noCap = await makeUser(t.db, { parentId: company, capabilities: READ_ALL });
    const client = await signedIn(t.url, noCap.username);

    expect((await client.op('GetAuditLog', { accountId: company })).status).toBe(403);
  });

  it('answers 404 for an account of another tenant', async () => {
    const res = await admin.op('GetAuditLog', { accountId: otherCompany });

    expect(res.status).toBe(404);
  });
});

describe('user log', () => {
  it("[A2.22] lists a user's sign-ins and actions", async () => {
    const res = await admin.op('GetUserLog', { userId: worker.id });

    expect(res.status).toBe(200);
    expect(res.body.Items.map((i: any) => i.Operation)).toEqual(['UpdateAccount', 'UpdateAccount', 'Authenticate']);
    expect(res.body.Items.at(-1).Actor.AccountId).toBe(worker.id);
  });

  it('is kept for user accounts only', async () => {
    const res = await admin.op('GetUserLog', { userId: company });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('userId');
  });

  it('does not show actions of the viewer on other users', async () => {
    const res = await admin.op('GetUserLog', { userId: adminId });

    expect(res.body.Items.every((i: any) => i.Actor.AccountId === adminId)).toBe(true);
  });
});
