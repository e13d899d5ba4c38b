import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULED_TERMINATIONS_JOB_TYPE, terminateDue } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { type ApiClient, signedIn } from '../factories/client.js';

const DELETE_ALL = ['RESELLER', 'COMPANY', 'DEPARTMENT', 'USER', 'PRODUCT'].map((t) => `${t}_ACCOUNT_DELETE`);

let t: TestApp;
let reseller: number;
let admin: ApiClient;
let adminId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  const a = await makeUser(t.db, {
    parentId: reseller,
    capabilities: [...READ_ALL, ...UPDATE_ALL, ...DELETE_ALL, 'AUDIT_LOG_READ'],
  });
  adminId = a.id;
  admin = await signedIn(t.url, a.username);
});
afterAll(() => t.close());

async function customer() {
  const company = await makeAccount(t.db, { type: 'Company', parentId: reseller });
  const dept = await makeAccount(t.db, { type: 'Department', parentId: company });
  const user = await makeUser(t.db, { parentId: dept, capabilities: READ_ALL });
  return { company, dept, user };
}

describe('terminate and cancel termination', () => {
  it('[A4.1] terminates an account and everything below it now, and its users can no longer sign in', async () => {
    const c = await customer();
    const session = await signedIn(t.url, c.user.username);

    const res = await admin.op('TerminateAccount', { id: c.company });

    expect(res.status).toBe(200);
    expect(res.body.Views.Default.Values.AccountState).toBe('Terminated');
    expect(res.body.Permissions).toEqual({
      CanUpdate: false,
      CanTerminate: false,
      CanMove: false,
      CanSaveWithoutProvisioning: false,
      CanRecreateProvisioning: false,
      CanSeePricePreview: false,
      CanSeeOrders: false,
      CanSeeExchangeRates: false,
      CreatableChildTypes: [],
    });
    const states = await t.db.query<{ state: string }>('SELECT state FROM accounts WHERE id = ANY($1::int[])', [
      [c.company, c.dept, c.user.id],
    ]);
    expect(states.map((s) => s.state)).toEqual(['Terminated', 'Terminated', 'Terminated']);
    expect((await session.op('GetCurrentUser')).status).toBe(401);
  });

  it('[A4.1] a terminated account disables every change', async () => {
    const c = await customer();
    await admin.op('TerminateAccount', { id: c.company });

    const update = await admin.edit('UpdateAccount', { id: c.company, views: { Default: { Values: { DisplayName: 'x' } } } });
    const again = await admin.op('TerminateAccount', { id: c.company });

    expect(update.status).toBe(409);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This account is already terminated');
  });

  it('[A4.1] schedules a termination for a future date and cancel termination clears it', async () => {
    const c = await customer();
    const date = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();

    const scheduled = await admin.op('TerminateAccount', { id: c.company, terminationDate: date });
    const cancelled = await admin.op('CancelAccountTermination', { id: c.company });

    expect(scheduled.body.Views.ExtendedView.Values.TerminationDate).toBe(date);
    expect(scheduled.body.Views.Default.Values.AccountState).toBe('Active');
    expect(cancelled.body.Views.ExtendedView.Values.TerminationDate).toBeNull();
  });

  it('refuses to cancel when nothing is scheduled', async () => {
    const c = await customer();

    const res = await admin.op('CancelAccountTermination', { id: c.company });

    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('This account has no scheduled termination');
  });

  it('refuses a date well in the past, naming the field', async () => {
    const c = await customer();

    const res = await admin.op('TerminateAccount', { id: c.company, terminationDate: '2020-01-01T00:00:00Z' });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'terminationDate', message: 'Choose a date in the future, or terminate now' }]);
  });

  it('carries out a due scheduled termination with an audit row', async () => {
    const c = await customer();
    await admin.op('TerminateAccount', { id: c.company, terminationDate: new Date(Date.now() + 3600_000).toISOString() });

    const count = await terminateDue(t.db, new Date(Date.now() + 2 * 3600_000));

    expect(count).toBeGreaterThanOrEqual(3);
    const [row] = await t.db.query<{ state: string }>('SELECT state FROM accounts WHERE id = $1', [c.user.id]);
    expect(row?.state).toBe('Terminated');
    const log = await admin.op('GetAuditLog', { accountId: c.company });
    expect(log.body.Items[0]).toMatchObject({ Operation: 'ScheduledTermination', Actor: null });
  });

  it('carries out due terminations as a recurring job of the job runner, and queues its next run', async () => {
    const c = await customer();
    await admin.op('TerminateAccount', { id: c.company, terminationDate: new Date(Date.now() + 3600_000).toISOString() });
    const later = new Date(Date.now() + 2 * 3600_000);

    await t.app.jobs.ensureSchedules(later);
    await t.app.jobs.runDue({ now: later });

    const [row] = await t.db.query<{ state: string }>('SELECT state FROM accounts WHERE id = $1', [c.company]);
    expect(row?.state).toBe('Terminated');
    const runs = await t.db.query<{ status: string; run_at: Date }>(
      'SELECT status, run_at FROM jobs WHERE type = $1 ORDER BY run_at',
      [SCHEDULED_TERMINATIONS_JOB_TYPE],
    );
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'queued']);
    expect((runs[1]?.run_at.getTime() ?? 0) - later.getTime()).toBeGreaterThanOrEqual(60_000);
  });

  it('[A6.13] needs the delete permission of the account type', async () => {
    const c = await customer();
    const reader = await makeUser(t.db, { parentId: reseller, capabilities: [...READ_ALL, ...UPDATE_ALL] });
    const client = await signedIn(t.url, reader.username);

    const load = await client.op('LoadAccountById', { id: c.company });
    const res = await client.op('TerminateAccount', { id: c.company });

    expect(load.body.Permissions.CanTerminate).toBe(false);
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('You need permission to delete company accounts');
  });

  it('refuses to terminate the caller own organisation or own user', async () => {
    const own = await admin.op('TerminateAccount', { id: reseller });
    const self = await admin.op('TerminateAccount', { id: adminId });

    expect(own.status).toBe(409);
    expect(self.status).toBe(409);
  });

  it('answers 404 for an account of another tenant', async () => {
    const [other] = await t.db.query<{ id: number }>(
      "INSERT INTO accounts (account_type, parent_id, path, depth, display_name) SELECT 'Reseller', id, path || 999999 || '/', 1, 'Other' FROM accounts WHERE account_type = 'Provider' RETURNING id",
    );

    const res = await admin.op('TerminateAccount', { id: other!.id });

    expect(res.status).toBe(404);
  });
});

describe('move an account', () => {
  let mover: ApiClient;
  beforeAll(async () => {
    const m = await makeUser(t.db, { parentId: reseller, capabilities: [...READ_ALL, 'ACCOUNT_MOVE_EXECUTE'] });
    mover = await signedIn(t.url, m.username);
  });

  it('[A6.9] moves a user with its subscriptions under another department, keeping the hierarchy consistent', async () => {
    const c = await customer();
    const product = await makeAccount(t.db, { type: 'Product', parentId: c.user.id });
    const target = await makeAccount(t.db, { type: 'Department', parentId: c.company, displayName: 'Logistics' });

    const res = await mover.op('MoveAccount', { id: c.user.id, newParentId: target });

    expect(res.status).toBe(200);
    expect(res.body.Views.Default.Values.ParentAccountId).toBe(target);
    expect(res.body.Permissions.CanMove).toBe(true);
    const page = await mover.op('ListAccountSubtree', { id: target });
    expect(page.body.Items.map((i: any) => i.AccountId)).toEqual([c.user.id, product]);
    const old = await mover.op('ListAccountSubtree', { id: c.dept });
    expect(old.body.Items).toEqual([]);
  });

  it('[A6.9] refuses targets of the wrong type, naming the field', async () => {
    const c = await customer();

    const res = await mover.op('MoveAccount', { id: c.user.id, newParentId: reseller });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'newParentId', message: 'A user can be moved under a company or a department' }]);
  });

  it('[A6.9] moves only User and Product accounts', async () => {
    const c = await customer();
    const other = await customer();

    const res = await mover.op('MoveAccount', { id: c.dept, newParentId: other.company });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toBe('Only user and product accounts can be moved');
  });

  it('refuses a target outside the caller scope like one that does not exist', async () => {
    const c = await customer();
    const [foreign] = await t.db.query<{ id: number }>("SELECT id FROM accounts WHERE display_name = 'Other'");

    const res = await mover.op('MoveAccount', { id: c.user.id, newParentId: foreign!.id });
    const missing = await mover.op('MoveAccount', { id: c.user.id, newParentId: 987654 });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(missing.body.errors);
  });

  it('[A6.9] needs ACCOUNT_MOVE_EXECUTE', async () => {
    const c = await customer();

    const res = await admin.op('MoveAccount', { id: c.user.id, newParentId: c.company });

    expect(res.status).toBe(403);
  });

  it('finds accounts by part of their name inside the caller scope only', async () => {
    await makeAccount(t.db, { type: 'Department', parentId: (await customer()).company, displayName: 'Quality Assurance' });

    const res = await mover.op('SearchAccounts', { text: 'quality', types: ['Department'] });
    const foreign = await mover.op('SearchAccounts', { text: 'Other' });
    const short = await mover.op('SearchAccounts', { text: 'q' });

    expect(res.body.Items.map((i: any) => i.DisplayName)).toEqual(['Quality Assurance']);
    expect(foreign.body.Items.filter((i: any) => i.DisplayName === 'Other')).toEqual([]);
    expect(short.status).toBe(422);
  });
});
