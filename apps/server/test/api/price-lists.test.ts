import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

/**
 * Price lists ("my marketplaces", decision 0033) through the HTTP API: validation naming the field,
 * capabilities, tenant scope (a reseller never reaches another reseller's list, a customer only a list
 * assigned to it), stale versions, services Added / Hidden / Deleted, copy with margin and assignment.
 */

let t: TestApp;
const ids: Record<string, number> = {};
const clients: Record<string, ApiClient> = {};
const c = (name: string) => clients[name] as ApiClient;

const EDITOR = ['MARKETPLACE_READ', 'MARKETPLACE_CREATE', 'MARKETPLACE_UPDATE', 'MARKETPLACE_DELETE'];
const ALL_FLAGS = [
  'MARKETPLACE_AUTO_SRP_SYNC_FLAG_READ',
  'MARKETPLACE_AUTO_SRP_SYNC_FLAG_UPDATE',
  'MARKETPLACE_PROPAGATION_ENABLEMENT_FLAG_READ',
  'MARKETPLACE_PROPAGATION_ENABLEMENT_FLAG_UPDATE',
  'MARKETPLACE_AUTO_ADD_SERVICES_FLAG_READ',
  'MARKETPLACE_AUTO_ADD_SERVICES_FLAG_UPDATE',
];

async function client(name: string, root: string, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId: ids[root] as number, capabilities: [...READ_ALL, ...capabilities] });
  clients[name] = await new ApiClient(t.url).signIn(user.username);
}

async function service(name: string) {
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO services (service_name, display_name, owner_account_id, state, definition)
     VALUES ($1, $2, $3, 'Active', '{}'::jsonb) RETURNING id`,
    [name, `${name} display`, ids.vendor],
  );
  ids[name] = row?.id as number;
}

async function create(who: string, Name: string) {
  const res = await c(who).op('CreateMarketplace', { Name });
  expect(res.status).toBe(200);
  return res.body as { Id: number; Version: number };
}

const props = async (who: string, id: number) => (await c(who).op('GetMarketplaceProperties', { id })).body;
const version = async (id: number) => (await props('provider', id)).Version as number;
const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

beforeAll(async () => {
  t = await buildTestApp();
  ids.P = await makeAccount(t.db, { type: 'Provider', parentId: null });
  ids.vendor = await makeAccount(t.db, { type: 'Company', parentId: ids.P, displayName: 'Vendor Co' });
  ids.R1 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'Reseller One' });
  ids.R2 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'Reseller Two' });
  ids.C1 = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'Customer One' });
  ids.C1b = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'Customer One B' });
  ids.C2 = await makeAccount(t.db, { type: 'Company', parentId: ids.R2, displayName: 'Customer Two' });
  ids.D1 = await makeAccount(t.db, { type: 'Department', parentId: ids.C1, displayName: 'Department One' });
  for (const name of ['pl-backup', 'pl-mail', 'pl-storage']) await service(name);
  // Customer One uses pl-backup.
  await insertAccount(t.db, { type: 'Product', parentId: ids.C1 as number, displayName: 'Backup sub', productName: 'pl-backup' });

  await client('provider', 'P', [...EDITOR, ...ALL_FLAGS]);
  await client('r1', 'R1', [...EDITOR, 'MARKETPLACE_AUTO_SRP_SYNC_FLAG_READ', 'MARKETPLACE_AUTO_SRP_SYNC_FLAG_UPDATE']);
  await client('r1Reader', 'R1', ['MARKETPLACE_READ']);
  await client('r1NoRead', 'R1', []);
  await client('r2', 'R2', EDITOR);
  await client('c1', 'C1', ['MARKETPLACE_READ']);
  await client('c1Editor', 'C1', EDITOR);
});

afterAll(async () => {
  await t?.close();
});

describe('creating and listing price lists', () => {
  it('[M6.5] creates a price list owned by the caller organisation with the defaults', async () => {
    const res = await c('r1').op('CreateMarketplace', { Name: '  Reseller One retail  ' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      Name: 'Reseller One retail',
      OwnerAccountId: ids.R1,
      Priority: 100,
      PricingMode: 'legacy',
      AssigneeCount: 0,
      ServiceCount: 0,
      IsAutoSrpSyncEnabled: false,
      IsOwn: true,
      Version: 1,
    });
  });

  it.each([
    { name: 'a name of two characters', input: { Name: ' ab ' }, field: 'Name' },
    { name: 'an empty name', input: { Name: '' }, field: 'Name' },
    { name: 'a priority of 0', input: { Name: 'Priority zero', Priority: 0 }, field: 'Priority' },
    { name: 'an unknown pricing mode', input: { Name: 'Mode', PricingMode: 'cheap' }, field: 'PricingMode' },
  ])('refuses $name naming the field', async ({ input, field }) => {
    const res = await c('r1').op('CreateMarketplace', input);

    expect(res.status).toBe(422);
    expect(fieldsOf(res.body)).toContain(field);
  });

  it('refuses a name the organisation already uses, whatever its case', async () => {
    await create('r1', 'Duplicate check');

    const res = await c('r1').op('CreateMarketplace', { Name: 'DUPLICATE check' });

    expect(res.status).toBe(422);
    expect(fieldsOf(res.body)).toEqual(['Name']);
  });

  it('needs MARKETPLACE create, and a company does not keep price lists', async () => {
    expect((await c('r1Reader').op('CreateMarketplace', { Name: 'Not allowed' })).status).toBe(403);
    expect((await c('c1Editor').op('CreateMarketplace', { Name: 'Company list' })).status).toBe(403);
  });

  it('[M3.10] lists the lists the organisation owns (none assigned to it yet), with counts, priority, mode and flags; the provider sees all', async () => {
    const own = await create('r2', 'Reseller Two list');

    const r1 = await c('r1').op('ListMarketplaces', {});
    const r2 = await c('r2').op('ListMarketplaces', {});
    const provider = await c('provider').op('ListMarketplaces', { pageSize: 100 });

    expect(r1.status).toBe(200);
    expect(r1.body.Items.every((m: { OwnerAccountId: number }) => m.OwnerAccountId === ids.R1)).toBe(true);
    expect(r2.body.Items.map((m: { Id: number }) => m.Id)).toEqual([own.Id]);
    expect(Object.keys(r2.body.Items[0]).sort()).toEqual(
      expect.arrayContaining([
        'AssigneeCount',
        'ServiceCount',
        'Priority',
        'PricingMode',
        'IsAutoSrpSyncEnabled',
        'IsAutoAddEnabled',
        'IsPropagationEnabled',
      ]),
    );
    expect(provider.body.Items.map((m: { Id: number }) => m.Id)).toContain(own.Id);
    expect(provider.body.Total).toBeGreaterThanOrEqual(3);
  });

  it('pages and searches by name', async () => {
    const page = await c('r1').op('ListMarketplaces', { page: 2, pageSize: 1 });
    const search = await c('r1').op('ListMarketplaces', { search: 'duplicate' });

    expect(page.body).toMatchObject({ Page: 2, PageSize: 1 });
    expect(page.body.Items).toHaveLength(1);
    expect(search.body.Items.map((m: { Name: string }) => m.Name)).toEqual(['Duplicate check']);
  });

  it('needs MARKETPLACE read to list', async () => {
    expect((await c('r1NoRead').op('ListMarketplaces', {})).status).toBe(403);
  });
});

describe('renaming and properties', () => {
  it('[M5.4] renames with the version seen, and refuses the same name or an empty one naming the field', async () => {
    const list = await create('r1', 'Rename me');

    const same = await c('r1').op('UpdateMarketplaceName', { id: list.Id, name: 'rename ME', version: 1 });
    const empty = await c('r1').op('UpdateMarketplaceName', { id: list.Id, name: '  ', version: 1 });
    const ok = await c('r1').op('UpdateMarketplaceName', { id: list.Id, name: 'Renamed', version: 1 });

    expect(same.status).toBe(422);
    expect(fieldsOf(same.body)).toEqual(['name']);
    expect(empty.status).toBe(422);
    expect(fieldsOf(empty.body)).toEqual(['name']);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ Name: 'Renamed', Version: 2 });
  });

  it('answers 409 with the current values when the version is stale', async () => {
    const list = await create('r1', 'Stale rename');
    await c('r1').op('UpdateMarketplaceName', { id: list.Id, name: 'Stale rename 2', version: 1 });

    const res = await c('r1').op('UpdateMarketplaceName', { id: list.Id, name: 'Stale rename 3', version: 1 });

    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect(res.body.current).toMatchObject({ Id: list.Id, Name: 'Stale rename 2', Version: 2 });
  });

  it('[M6.7] the auto SRP sync flag needs its update capability', async () => {
    const list = await create('r1', 'SRP flags');

    const reader = await c('r1Reader').op('UpdateMarketplaceProperties', { id: list.Id, version: 1, IsAutoSrpSyncEnabled: true });
    const ok = await c('r1').op('UpdateMarketplaceProperties', {
      id: list.Id,
      version: 1,
      IsAutoSrpSyncEnabled: true,
      Priority: 5,
    });

    expect(reader.status).toBe(403);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ IsAutoSrpSyncEnabled: true, Priority: 5, Version: 2 });
  });

  it('[M6.8] propagation and auto-add need their flag capabilities of the update kind', async () => {
    const list = await create('r1', 'Propagation flags');

    const refused = await c('r1').op('UpdateMarketplaceProperties', {
      id: list.Id,
      version: 1,
      IsPropagationEnabled: true,
      IsAutoAddEnabled: true,
    });
    const provider = await c('provider').op('UpdateMarketplaceProperties', {
      id: list.Id,
      version: 1,
      IsPropagationEnabled: true,
      IsAutoAddEnabled: true,
    });

    expect(refused.status).toBe(403);
    expect(fieldsOf(refused.body).sort()).toEqual(['IsAutoAddEnabled', 'IsPropagationEnabled']);
    expect(provider.status).toBe(200);
    expect(provider.body).toMatchObject({ IsPropagationEnabled: true, IsAutoAddEnabled: true });
  });

  it('refuses a priority out of range naming the field', async () => {
    const list = await create('r1', 'Priority range');

    const res = await c('r1').op('UpdateMarketplaceProperties', { id: list.Id, version: 1, Priority: 1001 });

    expect(res.status).toBe(422);
    expect(fieldsOf(res.body)).toEqual(['Priority']);
  });
});

describe('services of a price list', () => {
  let list: number;
  beforeAll(async () => {
    list = (await create('provider', 'Provider services list')).Id;
    const assign = await c('provider').op('AssignMarketplace', { marketplaceId: list, accountId: ids.C1, version: 1 });
    expect(assign.status).toBe(200);
  });

  it('[M4.13] [M7.15] adding services sets them Added', async () => {
    const res = await c('provider').op('UpdateMarketplaceServices', {
      marketplaceId: list,
      services: [ids['pl-backup'], ids['pl-mail']],
      flag: true,
      version: await version(list),
    });

    expect(res.status).toBe(200);
    expect(res.body.Services).toEqual([
      { ServiceId: ids['pl-backup'], Status: 'Added' },
      { ServiceId: ids['pl-mail'], Status: 'Added' },
    ]);
    expect(res.body.Marketplace.ServiceCount).toBe(2);
  });

  it('[M3.16] tells whether assignees use a service, and which', async () => {
    const used = await c('provider').op('CheckForMarketplaceServiceInstances', {
      serviceId: ids['pl-backup'],
      marketplaceId: list,
    });
    const unused = await c('provider').op('CheckForMarketplaceServiceInstances', {
      serviceId: ids['pl-mail'],
      marketplaceId: list,
    });

    expect(used.body).toEqual({ IsServiceUsed: true, ServiceAssignees: [{ AccountId: ids.C1, CompanyName: 'Customer One' }] });
    expect(unused.body).toEqual({ IsServiceUsed: false, ServiceAssignees: [] });
  });

  it('[M4.13] removing hides a service an assignee uses and deletes one nobody uses', async () => {
    const res = await c('provider').op('UpdateMarketplaceServices', {
      marketplaceId: list,
      services: [ids['pl-backup'], ids['pl-mail']],
      flag: false,
      version: await version(list),
    });
    const tiles = await c('provider').op('ListMarketplaceServicesLite', { marketplaceId: list });

    expect(res.status).toBe(200);
    expect(res.body.Services).toEqual([
      { ServiceId: ids['pl-backup'], Status: 'Hidden' },
      { ServiceId: ids['pl-mail'], Status: 'Deleted' },
    ]);
    expect(tiles.body.Items.map((s: { ServiceId: number; Status: string }) => [s.ServiceId, s.Status])).toEqual([
      [ids['pl-backup'], 'Hidden'],
    ]);
  });

  it('adding a hidden service makes it Added again; removing one not in the list names the field', async () => {
    const again = await c('provider').op('UpdateMarketplaceServices', {
      marketplaceId: list,
      services: [ids['pl-backup']],
      flag: true,
      version: await version(list),
    });
    const missing = await c('provider').op('UpdateMarketplaceServices', {
      marketplaceId: list,
      services: [ids['pl-storage']],
      flag: false,
      version: await version(list),
    });

    expect(again.body.Services).toEqual([{ ServiceId: ids['pl-backup'], Status: 'Added' }]);
    expect(missing.status).toBe(422);
    expect(fieldsOf(missing.body)).toEqual(['services.0']);
  });

  it('a reseller adds only services of the price lists assigned to it', async () => {
    const own = await create('r1', 'Reseller services');
    const refused = await c('r1').op('UpdateMarketplaceServices', {
      marketplaceId: own.Id,
      services: [ids['pl-storage']],
      flag: true,
      version: 1,
    });
    await c('provider').op('AssignMarketplace', { marketplaceId: list, accountId: ids.R1, version: await version(list) });

    const allowed = await c('r1').op('UpdateMarketplaceServices', {
      marketplaceId: own.Id,
      services: [ids['pl-backup']],
      flag: true,
      version: 1,
    });

    expect(refused.status).toBe(422);
    expect(fieldsOf(refused.body)).toEqual(['services.0']);
    expect(allowed.status).toBe(200);
  });

  it('[M7.16] tells which of the caller organisation lists hold each service', async () => {
    const res = await c('provider').op('GetAvailableMarketplacesForServices', { ids: [ids['pl-backup'], ids['pl-storage']] });

    expect(res.status).toBe(200);
    const backup = res.body.find((s: { ServiceId: number }) => s.ServiceId === ids['pl-backup']);
    expect(backup.Marketplaces.map((m: { Id: number }) => m.Id)).toContain(list);
    expect(res.body.find((s: { ServiceId: number }) => s.ServiceId === ids['pl-storage']).Marketplaces).toEqual([]);
  });

  it('a stale version refuses a services change with 409', async () => {
    const res = await c('provider').op('UpdateMarketplaceServices', {
      marketplaceId: list,
      services: [ids['pl-storage']],
      flag: true,
      version: 1,
    });

    expect(res.status).toBe(409);
    expect(res.body.current.Id).toBe(list);
  });
});

describe('copying a price list', () => {
  let source: number;
  beforeAll(async () => {
    source = (await create('provider', 'Copy source')).Id;
    await c('provider').op('UpdateMarketplaceProperties', { id: source, version: 1, IsAutoAddEnabled: true, Priority: 7 });
    await c('provider').op('UpdateMarketplaceServices', {
      marketplaceId: source,
      services: [ids['pl-mail']],
      flag: true,
      version: 2,
    });
    await t.db.query(
      `INSERT INTO marketplace_prices (marketplace_id, service_id, rule_id, currency, custom_price) VALUES
       ($1, $2, 'r1', 'EUR', 10), ($1, $2, 'r1', 'USD', 9.99)`,
      [source, ids['pl-mail']],
    );
    await t.db.query(
      "INSERT INTO marketplace_pricing_rules (marketplace_id, target_kind, target_value, markup_percent) VALUES ($1, 'Category', 'Backup', 15)",
      [source],
    );
    await c('provider').op('AssignMarketplace', { marketplaceId: source, accountId: ids.C2, version: 3 });
  });

  it('[M5.3] copies services, prices times the margin, rules and flags, not assignments; returns the new id', async () => {
    const res = await c('provider').op('CopyMarketplace', { id: source, newName: '  Copy with margin  ', margin: '12.5' });

    expect(res.status).toBe(200);
    const copy = await props('provider', res.body.Id);
    expect(copy).toMatchObject({
      Name: 'Copy with margin',
      ServiceCount: 1,
      AssigneeCount: 0,
      Priority: 7,
      IsAutoAddEnabled: true,
    });
    const prices = await t.db.query<{ currency: string; custom_price: string }>(
      'SELECT currency, custom_price::text AS custom_price FROM marketplace_prices WHERE marketplace_id = $1 ORDER BY currency',
      [res.body.Id],
    );
    expect(prices).toEqual([
      { currency: 'EUR', custom_price: '11.250000' },
      { currency: 'USD', custom_price: '11.238750' },
    ]);
    const rules = await t.db.query('SELECT target_kind, target_value FROM marketplace_pricing_rules WHERE marketplace_id = $1', [
      res.body.Id,
    ]);
    expect(rules).toEqual([{ target_kind: 'Category', target_value: 'Backup' }]);
  });

  it('[M5.3] the margin defaults to 0', async () => {
    const res = await c('provider').op('CopyMarketplace', { id: source, newName: 'Copy without margin' });

    const [price] = await t.db.query<{ custom_price: string }>(
      "SELECT custom_price::text AS custom_price FROM marketplace_prices WHERE marketplace_id = $1 AND currency = 'EUR'",
      [res.body.Id],
    );
    expect(price?.custom_price).toBe('10.000000');
  });

  it.each([
    { name: 'a name of two characters after trimming', input: { newName: '  ab ' }, field: 'newName' },
    { name: 'a margin that is not a number', input: { newName: 'Copy bad margin', margin: 'ten' }, field: 'margin' },
    { name: 'a name already used', input: { newName: 'copy SOURCE' }, field: 'newName' },
  ])('[M5.3] refuses $name naming the field', async ({ input, field }) => {
    const res = await c('provider').op('CopyMarketplace', { id: source, ...input });

    expect(res.status).toBe(422);
    expect(fieldsOf(res.body)).toEqual([field]);
  });

  it('[M6.5] needs MARKETPLACE create', async () => {
    const own = await create('r1', 'Reseller copy source');

    expect((await c('r1Reader').op('CopyMarketplace', { id: own.Id, newName: 'Reader copy' })).status).toBe(403);
  });
});

describe('assignment', () => {
  let list: number;
  beforeAll(async () => {
    list = (await create('r1', 'Assignment list')).Id;
  });

  it('assigns a company below the owner and counts it; a customer then reads the list', async () => {
    const before = await c('c1').op('GetMarketplaceProperties', { id: list });

    const res = await c('r1').op('AssignMarketplace', { marketplaceId: list, accountId: ids.C1, version: 1 });
    const assignees = await c('r1').op('ListMarketplaceAssignees', { marketplaceId: list });
    const after = await c('c1').op('GetMarketplaceProperties', { id: list });

    expect(before.status).toBe(404);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ AssigneeCount: 1, Version: 2 });
    expect(assignees.body.Items).toMatchObject([{ AccountId: ids.C1, DisplayName: 'Customer One', AccountType: 'Company' }]);
    const listed = await c('c1').op('ListMarketplaces', {});
    expect(listed.body.Items.map((m: { Id: number; IsOwn: boolean }) => [m.Id, m.IsOwn])).toContainEqual([list, false]);
    expect(after.status).toBe(200);
    expect(after.body.IsOwn).toBe(false);
  });

  it('a customer sees only itself among the assignees, and not who uses a service', async () => {
    await c('r1').op('AssignMarketplace', { marketplaceId: list, accountId: ids.C1b, version: 2 });

    const seen = await c('c1').op('ListMarketplaceAssignees', { marketplaceId: list });
    const owner = await c('r1').op('ListMarketplaceAssignees', { marketplaceId: list });
    const check = await c('c1').op('CheckForMarketplaceServiceInstances', { marketplaceId: list, serviceId: ids['pl-backup'] });
    await c('r1').op('UnassignMarketplace', { marketplaceId: list, accountId: ids.C1b, version: 3 });

    expect(seen.body.Items.map((a: { AccountId: number }) => a.AccountId)).toEqual([ids.C1]);
    expect(owner.body.Total).toBe(2);
    expect(check.status).toBe(403);
  });

  it('a customer that is assigned a list still cannot change it', async () => {
    const res = await c('c1Editor').op('UpdateMarketplaceName', { id: list, name: 'Taken over', version: 4 });

    expect(res.status).toBe(403);
  });

  it.each([
    { name: 'a department', account: 'D1', status: 422 },
    { name: 'the owner itself', account: 'R1', status: 422 },
    { name: 'an account already assigned', account: 'C1', status: 422 },
    { name: "another reseller's company", account: 'C2', status: 404 },
  ])('refuses to assign $name', async ({ account, status }) => {
    const res = await c('r1').op('AssignMarketplace', { marketplaceId: list, accountId: ids[account], version: 4 });

    expect(res.status).toBe(status);
    if (status === 422) expect(fieldsOf(res.body)).toEqual(['accountId']);
  });

  it('offers the resellers and companies below the owner that are not assigned yet', async () => {
    const res = await c('r1').op('ListMarketplaceAssigneeCandidates', { marketplaceId: list, search: 'customer' });

    expect(res.body.map((a: { AccountId: number }) => a.AccountId)).toEqual([ids.C1b]);
  });

  it('unassigns, and refuses an account that is not assigned', async () => {
    const res = await c('r1').op('UnassignMarketplace', { marketplaceId: list, accountId: ids.C1, version: 4 });
    const again = await c('r1').op('UnassignMarketplace', { marketplaceId: list, accountId: ids.C1, version: 5 });

    expect(res.status).toBe(200);
    expect(res.body.AssigneeCount).toBe(0);
    expect(again.status).toBe(422);
    expect(fieldsOf(again.body)).toEqual(['accountId']);
  });
});

describe('deleting a price list', () => {
  it('refuses a stale version, then deletes with its services and assignments', async () => {
    const list = await create('r1', 'Delete me');
    await c('r1').op('AssignMarketplace', { marketplaceId: list.Id, accountId: ids.C1, version: 1 });

    const stale = await c('r1').op('DeleteMarketplace', { id: list.Id, version: 1 });
    const ok = await c('r1').op('DeleteMarketplace', { id: list.Id, version: 2 });
    const gone = await c('r1').op('GetMarketplaceProperties', { id: list.Id });

    expect(stale.status).toBe(409);
    expect(ok.status).toBe(200);
    expect(gone.status).toBe(404);
  });

  it('needs MARKETPLACE delete', async () => {
    const list = await create('r1', 'Keep me');

    expect((await c('r1Reader').op('DeleteMarketplace', { id: list.Id, version: 1 })).status).toBe(403);
  });
});

describe('another reseller price list looks missing', () => {
  let foreign: number;
  beforeAll(async () => {
    foreign = (await create('r1', 'Foreign to R2')).Id;
  });

  it.each([
    ['GetMarketplaceProperties', () => ({ id: foreign })],
    ['UpdateMarketplaceName', () => ({ id: foreign, name: 'Hijacked', version: 1 })],
    ['UpdateMarketplaceProperties', () => ({ id: foreign, version: 1, Priority: 1 })],
    ['CopyMarketplace', () => ({ id: foreign, newName: 'Stolen copy' })],
    ['DeleteMarketplace', () => ({ id: foreign, version: 1 })],
    ['UpdateMarketplaceServices', () => ({ marketplaceId: foreign, services: [ids['pl-mail']], flag: true, version: 1 })],
    ['CheckForMarketplaceServiceInstances', () => ({ marketplaceId: foreign, serviceId: ids['pl-mail'] })],
    ['ListMarketplaceServicesLite', () => ({ marketplaceId: foreign })],
    ['ListMarketplaceAssignees', () => ({ marketplaceId: foreign })],
    ['ListMarketplaceAssigneeCandidates', () => ({ marketplaceId: foreign })],
    ['AssignMarketplace', () => ({ marketplaceId: foreign, accountId: ids.C2, version: 1 })],
    ['UnassignMarketplace', () => ({ marketplaceId: foreign, accountId: ids.C2, version: 1 })],
  ] as const)('%s answers 404 for R2', async (name, input) => {
    const res = await c('r2').op(name, input());

    expect(res.status).toBe(404);
  });

  it('and the same 404 as a list that does not exist', async () => {
    const missing = await c('r2').op('GetMarketplaceProperties', { id: 999_999 });
    const foreignRes = await c('r2').op('GetMarketplaceProperties', { id: foreign });

    expect(foreignRes.body.title).toBe(missing.body.title);
    expect(foreignRes.body.detail).toBe(missing.body.detail);
  });
});
