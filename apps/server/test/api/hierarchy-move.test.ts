import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveSubtree } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

interface Placement {
  id: number;
  parent_id: number | null;
  path: string;
  depth: number;
}

let t: TestApp;
let client: ApiClient;
let reseller: number;

async function placements(): Promise<Placement[]> {
  return t.db.query<Placement>('SELECT id, parent_id, path, depth FROM accounts ORDER BY id');
}

async function placement(id: number): Promise<Placement> {
  const [row] = await t.db.query<Placement>('SELECT id, parent_id, path, depth FROM accounts WHERE id = $1', [id]);
  if (!row) throw new Error(`account ${id} not found`);
  return row;
}

async function subtreeIds(id: number): Promise<number[]> {
  const res = await client.op('ListAccountSubtree', { id, limit: 500 });
  expect(res.status).toBe(200);
  return res.body.Items.map((i: { AccountId: number }) => i.AccountId);
}

/** A company with a department holding a sub-department, users and a product: six accounts in all. */
async function makeBranch(name: string) {
  const company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: name });
  const dept = await makeAccount(t.db, { type: 'Department', parentId: company, displayName: `${name} dept` });
  const sub = await makeAccount(t.db, { type: 'Department', parentId: dept, displayName: `${name} sub` });
  const user = await makeAccount(t.db, { type: 'User', parentId: sub, displayName: `${name} user` });
  const product = await makeAccount(t.db, { type: 'Product', parentId: user, displayName: `${name} product` });
  const user2 = await makeAccount(t.db, { type: 'User', parentId: dept, displayName: `${name} user 2` });
  return { company, dept, sub, user, product, user2, moving: [dept, sub, user, product, user2] };
}

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  const { username } = await makeUser(t.db, { parentId: provider, capabilities: READ_ALL });
  client = await new ApiClient(t.url).signIn(username);
});
afterAll(() => t.close());

describe('moveSubtree', () => {
  it('moves an account with all its descendants under the new parent, updating every path and depth', async () => {
    const from = await makeBranch('From');
    const to = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'To' });
    const target = await placement(to);
    const before = new Map((await placements()).map((p) => [p.id, p]));
    const oldRoot = before.get(from.dept) as Placement;

    await t.db.transaction((tx) => moveSubtree(tx, from.dept, to));

    for (const id of from.moving) {
      const old = before.get(id) as Placement;
      const now = await placement(id);
      expect(now.path, `path of ${id}`).toBe(`${target.path}${old.path.slice(oldRoot.path.length - `${from.dept}/`.length)}`);
      expect(now.path.startsWith(`${target.path}${from.dept}/`)).toBe(true);
      expect(now.depth, `depth of ${id}`).toBe(old.depth - oldRoot.depth + target.depth + 1);
      expect(now.parent_id, `parent of ${id}`).toBe(id === from.dept ? to : old.parent_id);
    }
  });

  it('leaves every account outside the moved subtree where it was', async () => {
    const from = await makeBranch('Stay');
    const to = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Stay target' });
    const moving = new Set(from.moving);
    const before = (await placements()).filter((p) => !moving.has(p.id));

    await t.db.transaction((tx) => moveSubtree(tx, from.dept, to));

    const after = (await placements()).filter((p) => !moving.has(p.id));
    expect(after).toEqual(before);
  });

  it('lets subtree paging under the new parent find the moved accounts, and under the old parent no longer', async () => {
    const from = await makeBranch('Paging');
    const to = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Paging target' });
    expect(await subtreeIds(from.company)).toEqual(from.moving);

    await t.db.transaction((tx) => moveSubtree(tx, from.dept, to));

    expect(await subtreeIds(to)).toEqual(from.moving);
    expect(await subtreeIds(from.company)).toEqual([]);
    const tree = await client.op('GetPartialCompanyHierarchy', { id: to, depth: 1 });
    expect(tree.body.Children.map((c: { AccountId: number }) => c.AccountId)).toEqual([from.dept]);
    const old = await client.op('GetPartialCompanyHierarchy', { id: from.company, depth: 1 });
    expect(old.body.ChildCount).toBe(0);
  });

  it('shows the new parent in the hierarchy of a moved account', async () => {
    const from = await makeBranch('Breadcrumb');
    const to = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Breadcrumb target' });

    await t.db.transaction((tx) => moveSubtree(tx, from.dept, to));

    const res = await client.op('LoadAccountById', { id: from.product });
    expect(res.body.Hierarchy.map((h: { AccountId: number }) => h.AccountId).slice(2)).toEqual([
      to,
      from.dept,
      from.sub,
      from.user,
      from.product,
    ]);
  });

  it('moves a subtree deeper and back up again to where it started', async () => {
    const from = await makeBranch('Deep');
    const other = await makeBranch('Deep other');
    const start = await Promise.all(from.moving.map(placement));

    await t.db.transaction((tx) => moveSubtree(tx, from.dept, other.sub));
    const deeper = await placement(from.user);
    await t.db.transaction((tx) => moveSubtree(tx, from.dept, from.company));

    expect(deeper.depth).toBe((start[2] as Placement).depth + 2);
    expect(await Promise.all(from.moving.map(placement))).toEqual(start);
  });

  it('leaves everything as before when the transaction fails after the move', async () => {
    const from = await makeBranch('Rollback');
    const to = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Rollback target' });
    const before = await placements();

    const attempt = t.db.transaction(async (tx) => {
      await moveSubtree(tx, from.dept, to);
      throw new Error('a later step failed');
    });

    await expect(attempt).rejects.toThrow('a later step failed');
    expect(await placements()).toEqual(before);
    expect(await subtreeIds(from.company)).toEqual(from.moving);
    expect(await subtreeIds(to)).toEqual([]);
  });

  it('refuses to move an account under its own descendant and changes nothing', async () => {
    const from = await makeBranch('Cycle');
    const before = await placements();

    const attempt = t.db.transaction((tx) => moveSubtree(tx, from.dept, from.user));

    await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await placements()).toEqual(before);
  });

  it('refuses to move an account under itself', async () => {
    const from = await makeBranch('Self');
    const before = await placements();

    await expect(t.db.transaction((tx) => moveSubtree(tx, from.dept, from.dept))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await placements()).toEqual(before);
  });

  it('refuses to move an account under a parent that does not exist', async () => {
    const from = await makeBranch('Orphan');
    const before = await placements();

    await expect(t.db.transaction((tx) => moveSubtree(tx, from.dept, 999_999))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await placements()).toEqual(before);
  });
});
