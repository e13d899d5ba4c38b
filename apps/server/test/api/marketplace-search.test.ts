import { type ServiceDocumentInput, STANDARD_PROVISIONING_ACTIONS } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { makePriceList } from '../factories/price-lists.js';
import { createService, SERVICE_TOOL_ALL } from '../factories/services.js';

/**
 * Marketplace explore and search (domains/marketplace-search, decision 0033): SearchServices [M7.9],
 * GetSearchServicesMetadata, SearchServicesAutocomplete [M9.7] and GetServiceInfo [M7.16]: who sees
 * which services, the sources, filters, order, paging, validation and capability.
 */

let t: TestApp;
const ids: Record<string, number> = {};
const lists: Record<string, number> = {};
const svc = { alpha: 0, beta: 0, gamma: 0, delta: 0 };
const clients: Record<string, ApiClient> = {};
const c = (name: string) => clients[name] as ApiClient;

const BROWSE = [...READ_ALL, 'MARKETPLACE_READ', 'BILLING_SHOWPRODUCTPRICE_READ'];

function document(name: string, over: Partial<ServiceDocumentInput> = {}): ServiceDocumentInput {
  return {
    ServiceName: name.replace(/\s+/g, ''),
    DisplayName: name,
    ShortDescription: `About ${name}`,
    Category: 'Backup',
    Tags: ['Backup'],
    Icon: '/service-icons/backup.png',
    Parents: [{ ParentAccountType: 'Company' }],
    Fields: [],
    Layouts: [],
    BillingRules: [
      {
        ChargeType: 'Monthly',
        Charge: '10',
        LicenceType: 'CORP-SEAT',
        SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '12.00' }],
      },
      { ChargeType: 'Setup', Charge: '3', LicenceType: 'CORP-SEAT', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '5' }] },
    ],
    ProvisioningActions: STANDARD_PROVISIONING_ACTIONS.slice(0, 3).map((Action) => ({ Action })),
    PriceProtectionLengthInDays: 30,
    MinimumContractPeriodInDays: 365,
    Screenshots: [{ Url: '/service-icons/backup.png', Description: 'Dashboard' }],
    Descriptions: [
      { Type: 'Description', LocalizationLanguageCode: 'en', Title: name, Content: `All about ${name}` },
      { Type: 'TermsAndConditions', LocalizationLanguageCode: 'en', Title: 'Terms', Content: `Terms of ${name}` },
    ],
    ...over,
  };
}

async function client(name: string, parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities, displayName: `Staff ${name}` });
  clients[name] = await new ApiClient(t.url).signIn(user.username);
}

const search = (who: string, options: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) =>
  c(who).op('SearchServices', { options, ...rest });
const names = async (who: string, options: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) => {
  const res = await search(who, options, rest);
  if (res.status !== 200) throw new Error(`SearchServices ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.Services as { DisplayName: string }[]).map((s) => s.DisplayName);
};

beforeAll(async () => {
  t = await buildTestApp();
  ids.provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  ids.vendor = await makeAccount(t.db, { type: 'Company', parentId: ids.provider, displayName: 'Acme Vendor' });
  ids.vendor2 = await makeAccount(t.db, { type: 'Company', parentId: ids.provider, displayName: 'Zeta Vendor' });
  await t.db.query('UPDATE accounts SET is_vendor = true WHERE id = ANY($1::int[])', [[ids.vendor, ids.vendor2]]);
  ids.r1 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.provider });
  ids.r2 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.provider });
  ids.c1 = await makeAccount(t.db, { type: 'Company', parentId: ids.r1 });
  ids.c2 = await makeAccount(t.db, { type: 'Company', parentId: ids.r1 });
  ids.c3 = await makeAccount(t.db, { type: 'Company', parentId: ids.r2 });
  ids.d1 = await makeAccount(t.db, { type: 'Department', parentId: ids.c1 });

  await client('vendorAdmin', ids.vendor, [...READ_ALL, ...SERVICE_TOOL_ALL]);
  await client('vendor2Admin', ids.vendor2, [...READ_ALL, ...SERVICE_TOOL_ALL]);
  await client('provider', ids.provider, [...BROWSE, 'SERVICE_TOOL_INFO_READ']);
  await client('r1', ids.r1, BROWSE);
  await client('r2', ids.r2, BROWSE);
  await client('c1', ids.c1, BROWSE);
  await client('c2', ids.c2, BROWSE);
  await client('c3', ids.c3, BROWSE);
  await client('c1NoPrices', ids.c1, [...READ_ALL, 'MARKETPLACE_READ']);
  await client('c1NoBrowse', ids.c1, READ_ALL);

  svc.alpha = (await createService(t.db, c('vendorAdmin'), document('Alpha Backup', { Tags: ['Backup', 'Storage'] }))).Id;
  svc.beta = (
    await createService(t.db, c('vendorAdmin'), document('Beta Mail', { Category: 'Communication', Tags: ['Mail'] }))
  ).Id;
  svc.gamma = (
    await createService(t.db, c('vendorAdmin'), document('Gamma Shield', { Category: 'Security', Tags: ['Security'] }))
  ).Id;
  svc.delta = (await createService(t.db, c('vendor2Admin'), document('Delta Backup Vault', { Tags: ['Backup'] }))).Id;

  // L1: the provider's list for R1 and everyone below it; Beta is hidden (removed while in use).
  lists.l1 = await makePriceList(t.db, {
    ownerId: ids.provider,
    name: 'Provider to R1',
    propagation: true,
    services: [{ id: svc.alpha }, { id: svc.beta, status: 'Hidden' }],
    assignees: [ids.r1],
  });
  // L2: the provider's list for R2 only (no propagation).
  lists.l2 = await makePriceList(t.db, {
    ownerId: ids.provider,
    name: 'Provider to R2',
    services: [{ id: svc.gamma }],
    assignees: [ids.r2],
  });
  // L3: R1's own list for its customer C2.
  lists.l3 = await makePriceList(t.db, {
    ownerId: ids.r1,
    name: 'R1 to C2',
    services: [{ id: svc.alpha }, { id: svc.delta }],
    assignees: [ids.c2],
  });
});
afterAll(async () => {
  await t.close();
});

describe('who sees which services (decision 0033)', () => {
  it('the provider sees every Active service', async () => {
    expect(await names('provider')).toEqual(['Alpha Backup', 'Beta Mail', 'Delta Backup Vault', 'Gamma Shield']);
  });

  it('a vendor sees only its own services', async () => {
    expect(await names('vendorAdmin')).toEqual(['Alpha Backup', 'Beta Mail', 'Gamma Shield']);
    expect(await names('vendor2Admin')).toEqual(['Delta Backup Vault']);
  });

  it('a reseller sees the Added services of the lists assigned to it and of its own lists, never a Hidden one', async () => {
    expect(await names('r1')).toEqual(['Alpha Backup', 'Delta Backup Vault']);
    expect(await names('r2')).toEqual(['Gamma Shield']);
  });

  it('a company sees the lists reaching it directly or by propagation, and nothing of lists not assigned to it', async () => {
    expect(await names('c1')).toEqual(['Alpha Backup']);
    expect(await names('c2')).toEqual(['Alpha Backup', 'Delta Backup Vault']);
    expect(await names('c3')).toEqual([]);
  });

  it('a customer never finds a service of a list not assigned to it, by name or by id', async () => {
    expect(await names('c3', { DisplayName: 'Gamma' })).toEqual([]);
    expect((await c('c3').op('GetServiceInfo', { Id: svc.gamma })).status).toBe(404);
    expect((await c('c1').op('GetServiceInfo', { Id: svc.delta })).status).toBe(404);
    expect((await c('c1').op('GetServiceInfo', { Id: 999999 })).status).toBe(404);
  });
});

describe('sources [M3.12]', () => {
  it('MyServices: the services owned inside the caller organisation', async () => {
    expect(await names('vendor2Admin', { Source: { Type: 'MyServices' } })).toEqual(['Delta Backup Vault']);
    expect(await names('r1', { Source: { Type: 'MyServices' } })).toEqual([]);
  });

  it('AvailableServicesForAccount: what the account’s customer can buy through its lists', async () => {
    expect(await names('r1', { Source: { Type: 'AvailableServicesForAccount', Value: ids.d1 } })).toEqual(['Alpha Backup']);
    expect(await names('r1', { Source: { Type: 'AvailableServicesForAccount', Value: ids.c2 } })).toEqual([
      'Alpha Backup',
      'Delta Backup Vault',
    ]);
    expect(await names('r2', { Source: { Type: 'AvailableServicesForAccount', Value: ids.c3 } })).toEqual([]);
  });

  it('AvailableServicesForAccount of an account outside the caller scope is a 404', async () => {
    const res = await search('r1', { Source: { Type: 'AvailableServicesForAccount', Value: ids.c3 } });

    expect(res.status).toBe(404);
  });

  it('Marketplace: the owner sees Added and Hidden services with their status', async () => {
    const res = await search('provider', { Source: { Type: 'Marketplace', Value: lists.l1 } });

    expect(res.status).toBe(200);
    expect(res.body.Services.map((s: { DisplayName: string; Status: string }) => [s.DisplayName, s.Status])).toEqual([
      ['Alpha Backup', 'Added'],
      ['Beta Mail', 'Hidden'],
    ]);
  });

  it('Marketplace: a list that reaches the caller shows its Added services only', async () => {
    expect(await names('c1', { Source: { Type: 'Marketplace', Value: lists.l1 } })).toEqual(['Alpha Backup']);
    expect(await names('r1', { Source: { Type: 'Marketplace', Value: lists.l3 } })).toEqual([
      'Alpha Backup',
      'Delta Backup Vault',
    ]);
  });

  it('a reseller never sees another reseller’s list via Source Marketplace', async () => {
    expect((await search('r2', { Source: { Type: 'Marketplace', Value: lists.l3 } })).status).toBe(404);
    expect((await search('r1', { Source: { Type: 'Marketplace', Value: lists.l2 } })).status).toBe(404);
    expect((await search('c3', { Source: { Type: 'Marketplace', Value: lists.l1 } })).status).toBe(404);
    expect((await search('r1', { Source: { Type: 'Marketplace', Value: 987654 } })).status).toBe(404);
  });

  it('MarketplaceId sets each status, and ExcludeAdded / ExcludeHidden leave those out', async () => {
    const res = await search('provider', { MarketplaceId: lists.l1 });
    const statuses = Object.fromEntries(
      res.body.Services.map((s: { DisplayName: string; Status: string }) => [s.DisplayName, s.Status]),
    );

    expect(statuses).toEqual({
      'Alpha Backup': 'Added',
      'Beta Mail': 'Hidden',
      'Delta Backup Vault': 'Active',
      'Gamma Shield': 'Active',
    });
    expect(await names('provider', { MarketplaceId: lists.l1, ExcludeAdded: true })).toEqual([
      'Beta Mail',
      'Delta Backup Vault',
      'Gamma Shield',
    ]);
    expect(await names('provider', { MarketplaceId: lists.l1, ExcludeHidden: true })).toEqual([
      'Alpha Backup',
      'Delta Backup Vault',
      'Gamma Shield',
    ]);
  });

  it('[M7.9] the quote catalogue search: Source Marketplace with ExcludeHidden, DisplayName ascending', async () => {
    const res = await search(
      'provider',
      { Source: { Type: 'Marketplace', Value: lists.l1 }, ExcludeHidden: true },
      { orderBy: { Key: 'DisplayName', Direction: 'ASC' }, page: 1, limit: 20 },
    );

    expect(res.body.Services.map((s: { DisplayName: string }) => s.DisplayName)).toEqual(['Alpha Backup']);
    expect(res.body).toMatchObject({ Total: 1, Page: 1, Limit: 20 });
  });

  it('MarketplaceId of a list the caller does not own is a 404', async () => {
    expect((await search('r1', { MarketplaceId: lists.l1 })).status).toBe(404);
    expect((await search('r2', { MarketplaceId: lists.l3 })).status).toBe(404);
    expect((await search('r1', { MarketplaceId: lists.l3 })).status).toBe(200);
  });
});

describe('filters, order and paging [M3.12] [M9.6]', () => {
  it('filters by part of the name, vendor, category and every tag given', async () => {
    expect(await names('provider', { DisplayName: 'backup' })).toEqual(['Alpha Backup', 'Delta Backup Vault']);
    expect(await names('provider', { DisplayName: '%' })).toEqual([]);
    // Either name, without case (the service name of 'Alpha Backup' is 'AlphaBackup'), never across the two.
    expect(await names('provider', { DisplayName: 'HABACK' })).toEqual(['Alpha Backup']);
    expect(await names('provider', { DisplayName: 'backupalpha' })).toEqual([]);
    expect(await names('provider', { DisplayName: 'backup\nalpha' })).toEqual([]);
    expect(await names('provider', { DisplayName: 'Alpha\nBackup' })).toEqual([]);
    expect(await names('provider', { OwnerAccountIds: [ids.vendor2] })).toEqual(['Delta Backup Vault']);
    expect(await names('provider', { ServiceCategories: ['Communication', 'Security'] })).toEqual(['Beta Mail', 'Gamma Shield']);
    expect(await names('provider', { ServiceTags: ['Backup'] })).toEqual(['Alpha Backup', 'Delta Backup Vault']);
    expect(await names('provider', { ServiceTags: ['Backup', 'Storage'] })).toEqual(['Alpha Backup']);
  });

  it('ShowNewOnly keeps the services created in the last 30 days', async () => {
    await t.db.query(`UPDATE services SET created_at = now() - interval '45 days' WHERE id = $1`, [svc.beta]);

    expect(await names('provider', { ShowNewOnly: true })).toEqual(['Alpha Backup', 'Delta Backup Vault', 'Gamma Shield']);

    await t.db.query('UPDATE services SET created_at = now() WHERE id = $1', [svc.beta]);
  });

  it('[M9.6] orders by Ranking first, then by the chosen key and direction', async () => {
    await t.db.query('UPDATE services SET ranking = 5 WHERE id = $1', [svc.gamma]);

    expect(await names('provider')).toEqual(['Gamma Shield', 'Alpha Backup', 'Beta Mail', 'Delta Backup Vault']);
    expect(await names('provider', {}, { orderBy: { Key: 'DisplayName', Direction: 'DESC' } })).toEqual([
      'Gamma Shield',
      'Delta Backup Vault',
      'Beta Mail',
      'Alpha Backup',
    ]);
    await t.db.query(`UPDATE services SET created_at = now() - interval '1 day' * id`);
    expect(await names('provider', {}, { orderBy: { Key: 'CreateDate', Direction: 'DESC' } })).toEqual([
      'Alpha Backup',
      'Beta Mail',
      'Gamma Shield',
      'Delta Backup Vault',
    ]);
    expect((await names('provider', {}, { orderBy: { Key: 'ModifyDate', Direction: 'ASC' } })).length).toBe(4);

    await t.db.query('UPDATE services SET ranking = 1000, created_at = now()');
  });

  it('pages with the total of the whole set, also past the last page', async () => {
    const first = await search('provider', {}, { orderBy: { Key: 'DisplayName', Direction: 'ASC' }, page: 1, limit: 3 });
    const second = await search('provider', {}, { orderBy: { Key: 'DisplayName', Direction: 'ASC' }, page: 2, limit: 3 });
    const past = await search('provider', {}, { page: 9, limit: 3 });

    expect(first.body).toMatchObject({ Total: 4, Page: 1, Limit: 3 });
    expect(first.body.Services).toHaveLength(3);
    expect(second.body.Services.map((s: { DisplayName: string }) => s.DisplayName)).toEqual(['Gamma Shield']);
    expect(past.body).toMatchObject({ Services: [], Total: 4, Page: 9 });
  });

  it('answers a later page the same whichever way its statement reads it: the whole catalogue prepared, other sets planned', async () => {
    // A page after the first of the whole Active catalogue (the provider, no filter) runs prepared with its OFFSET
    // bound; a later page of any other set (R1's lists, a vendor filter) is planned for its values; a first page is
    // prepared. Each page of one row, asked twice (the second on a connection that already holds the statement), is
    // the same row as that place of the first page of six, with the same total, in every order and direction.
    for (const [who, options] of [
      ['provider', {}],
      ['r1', {}],
      ['provider', { OwnerAccountIds: [ids.vendor] }],
    ] as const) {
      for (const Key of ['Ranking', 'DisplayName', 'CreateDate', 'ModifyDate']) {
        for (const Direction of ['ASC', 'DESC']) {
          const orderBy = { Key, Direction };
          const whole = await search(who, options, { orderBy, page: 1, limit: 6 });
          expect(whole.status).toBe(200);
          const inOrder = whole.body.Services.map((s: { Id: number }) => s.Id);
          for (let page = 2; page <= inOrder.length + 1; page++) {
            for (const time of [1, 2]) {
              const one = await search(who, options, { orderBy, page, limit: 1 });
              expect(one.status, `${who} ${Key} ${Direction} page ${page}, time ${time}`).toBe(200);
              expect(one.body.Total).toBe(whole.body.Total);
              expect(one.body.Services.map((s: { Id: number }) => s.Id)).toEqual(inOrder.slice(page - 1, page));
            }
          }
        }
      }
    }
  });

  it('answers a page by name or creation date from a kept position only while the catalogue is unchanged', async () => {
    // A page by DisplayName or CreateDate keeps where it and the next page start under the catalogue search
    // generation; a later page asked under the same generation starts there instead of walking to its offset. A rename,
    // a new creation date or a service leaving the catalogue is a new generation: the pages are walked again. Each page
    // of one row is compared with that place of the first page of six, read after every change.
    const ordered = async (who: string, orderBy: object) =>
      (await search(who, {}, { orderBy, page: 1, limit: 6 })).body.Services.map((s: { Id: number }) => s.Id) as number[];
    // Asked from the last page back to the first: after a change, each page is asked before the one that precedes it,
    // so the position it finds was kept under the generation before the change.
    const pages = async (who: string, orderBy: object, count: number) => {
      const found: number[][] = [];
      for (let page = count + 1; page >= 1; page--) {
        const one = await search(who, {}, { orderBy, page, limit: 1 });
        expect(one.status).toBe(200);
        found.unshift(one.body.Services.map((s: { Id: number }) => s.Id));
      }
      return found.flat();
    };
    const alpha = await t.db.query<{ display_name: string; created_at: Date }>(
      'SELECT display_name, created_at FROM services WHERE id = $1',
      [svc.alpha],
    );
    for (const who of ['provider', 'r1']) {
      for (const orderBy of [
        { Key: 'DisplayName', Direction: 'ASC' },
        { Key: 'DisplayName', Direction: 'DESC' },
        { Key: 'CreateDate', Direction: 'ASC' },
        { Key: 'CreateDate', Direction: 'DESC' },
      ]) {
        const before = await ordered(who, orderBy);
        expect(await pages(who, orderBy, before.length)).toEqual(before);
        expect(await pages(who, orderBy, before.length)).toEqual(before);
        for (let page = 1; page <= before.length; page++) await search(who, {}, { orderBy, page, limit: 1 });
        // Alpha moves to the other end of both orders.
        await t.db.query(
          `UPDATE services SET display_name = 'Zz Alpha Backup', created_at = now() + interval '1 day' WHERE id = $1`,
          [svc.alpha],
        );
        expect(await pages(who, orderBy, before.length)).toEqual(await ordered(who, orderBy));
        // Alpha leaves the catalogue, then comes back as it was.
        await t.db.query(`UPDATE services SET state = 'Failed' WHERE id = $1`, [svc.alpha]);
        for (let page = 1; page <= before.length; page++) await search(who, {}, { orderBy, page, limit: 1 });
        expect(await pages(who, orderBy, before.length)).toEqual(await ordered(who, orderBy));
        await t.db.query(`UPDATE services SET state = 'Active', display_name = $2, created_at = $3 WHERE id = $1`, [
          svc.alpha,
          alpha[0]?.display_name,
          alpha[0]?.created_at,
        ]);
        expect(await pages(who, orderBy, before.length)).toEqual(await ordered(who, orderBy));
        expect(await ordered(who, orderBy)).toEqual(before);
      }
    }
  });

  it('answers a text search the same whichever way its statement reads it: counted with its page, then kept and prepared', async () => {
    // The first search of a text reads its matching set once for the page and the total; once its total T and the
    // total B without the text are kept, its first page is prepared and walks the order's index when
    // limit x B <= 10 x T x T, else sorts the matching set: the provider's "alpha" (T 1, B 4) walks with limit 1
    // and sorts with limit 6, R1's (B 2) too, "backup" (T 2) walks. Rows, order and totals are the same every time.
    const seen = { backup: ['Alpha Backup', 'Delta Backup Vault'], alpha: ['Alpha Backup'] };
    for (const [who, sees] of [
      ['provider', seen],
      ['r1', seen],
      ['c3', { backup: [], alpha: [] }],
    ] as const) {
      for (const text of ['backup', 'alpha'] as const) {
        for (const limit of [1, 6]) {
          const input = { orderBy: { Key: 'DisplayName', Direction: 'DESC' }, page: 1, limit };
          const counted = await search(who, { DisplayName: text.toUpperCase() }, input);
          await search(who, {}, input);
          const kept = await search(who, { DisplayName: text.toUpperCase() }, input);
          const again = await search(who, { DisplayName: text.toUpperCase() }, input);
          expect(counted.status).toBe(200);
          expect(counted.body.Total).toBe(sees[text].length);
          expect(counted.body.Services.map((s: { DisplayName: string }) => s.DisplayName)).toEqual(
            [...sees[text]].reverse().slice(0, limit),
          );
          expect(kept.body).toEqual(counted.body);
          expect(again.body).toEqual(counted.body);
        }
      }
    }
  });

  it('gives the right total after the catalogue or a price list changes; other writes keep the kept totals', async () => {
    const total = async (who: string) => (await search(who, {}, { page: 1, limit: 1 })).body.Total as number;
    const statements = async (fn: () => Promise<unknown>) => {
      const before = Number((await t.db.query<{ n: string }>('SELECT value::text AS n FROM catalogue_search_generation'))[0]?.n);
      await fn();
      return Number((await t.db.query<{ n: string }>('SELECT value::text AS n FROM catalogue_search_generation'))[0]?.n) - before;
    };
    expect(await total('provider')).toBe(4);
    expect(await total('r1')).toBe(2);

    // A price list gains a service: the reseller's total moves at once, the provider's stays right.
    expect(
      await statements(() =>
        t.db.query('INSERT INTO marketplace_services (marketplace_id, service_id) VALUES ($1, $2)', [lists.l1, svc.gamma]),
      ),
    ).toBe(1);
    expect(await total('r1')).toBe(3);
    await t.db.query('DELETE FROM marketplace_services WHERE marketplace_id = $1 AND service_id = $2', [lists.l1, svc.gamma]);
    expect(await total('r1')).toBe(2);

    // A service leaves the Active catalogue, and comes back.
    await t.db.query(`UPDATE services SET state = 'Failed' WHERE id = $1`, [svc.delta]);
    expect(await total('provider')).toBe(3);
    expect(await total('r1')).toBe(1);
    await t.db.query(`UPDATE services SET state = 'Active' WHERE id = $1`, [svc.delta]);
    expect(await total('provider')).toBe(4);

    // Writes that cannot change what a search finds leave the generation alone.
    expect(await statements(() => t.db.query('UPDATE services SET ranking = ranking WHERE id = $1', [svc.alpha]))).toBe(0);
    expect(await statements(() => t.db.query(`UPDATE accounts SET display_name = display_name WHERE id = $1`, [ids.c1]))).toBe(0);
  });

  it('shows a list assigned or unassigned, its propagation switched or a vendor flag changed at once, also in kept totals', async () => {
    const total = async (who: string) => (await search(who, {}, { page: 1, limit: 1 })).body.Total as number;
    // C3 sits under R2, whose list L2 (Gamma) does not propagate: C3 sees nothing, and keeps that total.
    expect(await total('c3')).toBe(0);
    expect(await total('c3')).toBe(0);

    await t.db.query('INSERT INTO marketplace_assignments (marketplace_id, account_id) VALUES ($1, $2)', [lists.l1, ids.c3]);
    expect(await names('c3')).toEqual(['Alpha Backup']);
    expect(await total('c3')).toBe(1);
    await t.db.query('DELETE FROM marketplace_assignments WHERE marketplace_id = $1 AND account_id = $2', [lists.l1, ids.c3]);
    expect(await total('c3')).toBe(0);

    await t.db.query('UPDATE marketplaces SET is_propagation_enabled = true WHERE id = $1', [lists.l2]);
    expect(await names('c3')).toEqual(['Gamma Shield']);
    expect(await total('c3')).toBe(1);

    // A vendor sees only its own services (C3 owns none), whatever lists reach it.
    await t.db.query('UPDATE accounts SET is_vendor = true WHERE id = $1', [ids.c3]);
    expect(await total('c3')).toBe(0);
    await t.db.query('UPDATE accounts SET is_vendor = false WHERE id = $1', [ids.c3]);
    expect(await total('c3')).toBe(1);

    await t.db.query('UPDATE marketplaces SET is_propagation_enabled = false WHERE id = $1', [lists.l2]);
    expect(await total('c3')).toBe(0);
  });

  it('[M3.11] returns the search fields of a service, with Billing in the viewer’s currency', async () => {
    const res = await search('c1', { DisplayName: 'Alpha' });
    const [alpha] = res.body.Services;

    expect(alpha).toMatchObject({
      Id: svc.alpha,
      ServiceName: 'AlphaBackup',
      DisplayName: 'Alpha Backup',
      Status: 'Active',
      Billing: '€12.00',
      Owner: { OwnerId: ids.vendor, OwnerName: 'Acme Vendor' },
      OwnerAccountId: ids.vendor,
      OwnerAccountName: 'Acme Vendor',
      OwnerProfileIcon: null,
      IsTcAccepted: false,
      ServiceCategoryName: 'Backup',
      ServiceCategoryDisplayName: 'Backup and recovery',
      Tags: ['Backup', 'Storage'],
      Ranking: 1000,
      Icon: '/service-icons/backup.png',
      ShortDescription: 'About Alpha Backup',
    });
    // The page comes as one JSON value (its dates as text): the same instants the driver reads, to the millisecond.
    const [stored] = await t.db.query<{ created_at: Date; updated_at: Date }>(
      'SELECT created_at, updated_at FROM services WHERE id = $1',
      [svc.alpha],
    );
    expect(alpha.CreateDate).toBe(stored?.created_at.toISOString());
    expect(alpha.ModifyDate).toBe(stored?.updated_at.toISOString());
  });

  it('leaves Billing out for a caller who may not see prices', async () => {
    const res = await search('c1NoPrices');

    expect(res.body.Services[0].Billing).toBeNull();
  });
});

describe('GetSearchServicesMetadata', () => {
  it('counts the categories, vendors and tags of the matching services', async () => {
    const res = await c('provider').op('GetSearchServicesMetadata', { options: { ServiceTags: ['Backup'] } });

    expect(res.status).toBe(200);
    expect(res.body.Total).toBe(2);
    expect(res.body.Categories).toEqual([
      { ServiceCategoryName: 'Backup', ServiceCategoryDisplayName: 'Backup and recovery', Count: 2 },
    ]);
    expect(res.body.Vendors).toEqual([
      { OwnerAccountId: ids.vendor, OwnerAccountName: 'Acme Vendor', OwnerProfileIcon: null, Count: 1 },
      { OwnerAccountId: ids.vendor2, OwnerAccountName: 'Zeta Vendor', OwnerProfileIcon: null, Count: 1 },
    ]);
    expect(res.body.Tags).toEqual([
      { TagValue: 'Backup', Count: 2 },
      { TagValue: 'Storage', Count: 1 },
    ]);
  });

  it('only counts what the caller may see', async () => {
    const res = await c('c1').op('GetSearchServicesMetadata', {});

    expect(res.body.Total).toBe(1);
    expect(res.body.Vendors.map((v: { OwnerAccountName: string }) => v.OwnerAccountName)).toEqual(['Acme Vendor']);
  });

  it('counts a new service, changed tags, a state change and a price list entry at once (decision 0074)', async () => {
    const meta = async (who: string, options: Record<string, unknown>) => {
      const res = await c(who).op('GetSearchServicesMetadata', { options });
      expect(res.status).toBe(200);
      return res.body as {
        Total: number;
        Categories: unknown[];
        Vendors: { OwnerAccountId: number; Count: number }[];
        Tags: unknown[];
      };
    };
    const autocomplete = async (who: string, Text: string) => {
      const res = await c(who).op('SearchServicesAutocomplete', { Text });
      expect(res.status).toBe(200);
      return res.body.Entries as { Type: string; DisplayName?: string; OwnerAccountId?: number; TagValue?: string }[];
    };
    // The counts the provider's metadata reads (service_facet_counts) must stay those of the services themselves.
    const countsAgree = async () => {
      const live = await t.db.query(`SELECT category, owner_account_id, search_tags, count(*)::int AS n FROM services
        WHERE state = 'Active' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
      const kept = await t.db.query(`SELECT category, owner_account_id, search_tags, services AS n FROM service_facet_counts
        WHERE services > 0 ORDER BY 1, 2, 3`);
      expect(kept).toEqual(live);
    };
    const storage = { ServiceCategories: ['Storage'] };
    expect((await meta('provider', storage)).Total).toBe(0);

    const created = await createService(
      t.db,
      c('vendorAdmin'),
      document('Epsilon Store', { Category: 'Storage', Tags: ['Storage', 'Compliance'] }),
    );
    expect(await meta('provider', storage)).toEqual({
      Total: 1,
      Categories: [{ ServiceCategoryName: 'Storage', ServiceCategoryDisplayName: 'Storage', Count: 1 }],
      Vendors: [{ OwnerAccountId: ids.vendor, OwnerAccountName: 'Acme Vendor', OwnerProfileIcon: null, Count: 1 }],
      Tags: [
        { TagValue: 'Compliance', Count: 1 },
        { TagValue: 'Storage', Count: 1 },
      ],
    });
    expect((await meta('provider', { ServiceTags: ['Compliance', 'Storage'] })).Total).toBe(1);
    expect((await autocomplete('provider', 'epsilon')).map((e) => e.DisplayName ?? e.OwnerAccountId)).toEqual([
      'Epsilon Store',
      ids.vendor,
    ]);
    expect((await autocomplete('provider', 'complia')).filter((e) => e.Type === 'Tag')).toEqual([
      { Type: 'Tag', TagValue: 'Compliance' },
    ]);
    await countsAgree();

    const updated = await c('vendorAdmin').op('UpdateService', {
      ServiceName: created.ServiceName,
      Version: created.Version,
      Tags: ['Storage'],
    });
    expect(updated.status).toBe(200);
    expect((await meta('provider', storage)).Tags).toEqual([{ TagValue: 'Storage', Count: 1 }]);
    expect((await meta('provider', { ServiceTags: ['Compliance', 'Storage'] })).Total).toBe(0);
    expect((await autocomplete('provider', 'complia')).filter((e) => e.Type === 'Tag')).toEqual([]);
    await countsAgree();

    // C1 browses L1 (propagated from R1): the service counts for it once Added there, and not once it leaves.
    expect((await meta('c1', storage)).Total).toBe(0);
    await t.db.query('INSERT INTO marketplace_services (marketplace_id, service_id) VALUES ($1, $2)', [lists.l1, created.Id]);
    expect((await meta('c1', storage)).Total).toBe(1);
    expect((await autocomplete('c1', 'epsilon')).map((e) => e.DisplayName ?? e.OwnerAccountId)).toEqual([
      'Epsilon Store',
      ids.vendor,
    ]);
    await t.db.query('DELETE FROM marketplace_services WHERE marketplace_id = $1 AND service_id = $2', [lists.l1, created.Id]);
    expect((await meta('c1', storage)).Total).toBe(0);

    await t.db.query(`UPDATE services SET state = 'Failed' WHERE id = $1`, [created.Id]);
    expect(await meta('provider', storage)).toEqual({ Total: 0, Categories: [], Vendors: [], Tags: [] });
    expect(await autocomplete('provider', 'epsilon')).toEqual([]);
    await countsAgree();
  });

  it('keeps the narrow table equal to the Active services through every write of the catalogue (decision 0077)', async () => {
    const columns = 'id, owner_account_id, category, ranking, created_at, search_name, search_tags';
    // service_search_rows must always be the Active services' search columns and the lists they are Added to, whatever
    // wrote them.
    const narrowAgrees = async () => {
      const live = await t.db.query(`SELECT ${columns}, ARRAY(SELECT ms.marketplace_id FROM marketplace_services ms
          WHERE ms.service_id = services.id AND ms.status = 'Added' ORDER BY 1) AS added_lists
        FROM services WHERE state = 'Active' ORDER BY id`);
      const kept = await t.db.query(`SELECT ${columns}, added_lists FROM service_search_rows ORDER BY id`);
      expect(kept).toEqual(live);
    };
    const found = async (who: string, Text: string) => {
      const res = await c(who).op('SearchServicesAutocomplete', { Text });
      expect(res.status).toBe(200);
      return (res.body.Entries as { Type: string; DisplayName?: string; OwnerAccountId?: number; TagValue?: string }[]).map(
        (e) => e.DisplayName ?? e.OwnerAccountId ?? `#${e.TagValue}`,
      );
    };
    const total = async (who: string, options: Record<string, unknown>) => {
      const res = await c(who).op('GetSearchServicesMetadata', { options });
      expect(res.status).toBe(200);
      return res.body.Total as number;
    };
    const xmin = async (id: number) =>
      (await t.db.query<{ x: string }>('SELECT xmin::text AS x FROM service_search_rows WHERE id = $1', [id]))[0]?.x;
    await narrowAgrees();

    const zeta = await createService(
      t.db,
      c('vendorAdmin'),
      document('Zeta Narrow', { Category: 'Storage', Tags: ['Storage', 'Narrowtag'] }),
    );
    await narrowAgrees();
    expect(await found('provider', 'zeta nar')).toEqual(['Zeta Narrow', ids.vendor]);
    expect(await found('provider', 'narrowt')).toEqual(['#Narrowtag']);

    // Renamed through the API, then its tags changed: the row follows in the same statement.
    const renamed = await c('vendorAdmin').op('UpdateService', {
      ServiceName: zeta.ServiceName,
      Version: zeta.Version,
      DisplayName: 'Omega Narrow',
      Tags: ['Narrowtag'],
    });
    expect(renamed.status).toBe(200);
    await narrowAgrees();
    expect(await found('provider', 'zeta nar')).toEqual([]);
    expect(await found('provider', 'omega nar')).toEqual(['Omega Narrow', ids.vendor]);
    expect(await total('provider', { DisplayName: 'omega', ServiceTags: ['Narrowtag'] })).toBe(1);
    await t.db.query(`INSERT INTO service_tag_links (service_id, tag, position) VALUES ($1, 'Storage', 1)`, [zeta.Id]);
    await narrowAgrees();
    await t.db.query(`DELETE FROM service_tag_links WHERE service_id = $1 AND tag = 'Narrowtag'`, [zeta.Id]);
    await narrowAgrees();
    expect(await found('provider', 'narrowt')).toEqual([]);

    // A write of nothing the table keeps writes nothing there; a ranking, category or owner change does.
    const before = await xmin(zeta.Id);
    await t.db.query(`UPDATE services SET short_description = 'Changed', updated_at = now() WHERE id = $1`, [zeta.Id]);
    expect(await xmin(zeta.Id)).toBe(before);
    await t.db.query('UPDATE services SET ranking = 7 WHERE id = $1', [zeta.Id]);
    await t.db.query(`UPDATE services SET category = 'Security' WHERE id = $1`, [zeta.Id]);
    await narrowAgrees();
    await t.db.query('UPDATE services SET owner_account_id = $2 WHERE id = $1', [zeta.Id, ids.vendor2]);
    await narrowAgrees();
    expect(await found('provider', 'omega nar')).toEqual(['Omega Narrow', ids.vendor2]);
    expect(await found('vendor2Admin', 'omega nar')).toEqual(['Omega Narrow', ids.vendor2]);
    expect(await found('vendorAdmin', 'omega nar')).toEqual([]);

    // State changes: leaves when no longer Active, comes back when Active again; a bulk update of every row.
    await t.db.query(`UPDATE services SET state = 'Failed' WHERE id = $1`, [zeta.Id]);
    await narrowAgrees();
    expect(await found('provider', 'omega nar')).toEqual([]);
    await t.db.query(`UPDATE services SET state = 'Active' WHERE id = $1`, [zeta.Id]);
    await narrowAgrees();
    await t.db.query('UPDATE services SET ranking = ranking + 1');
    await narrowAgrees();

    // List entries and assignments change what a customer finds, read through the narrow table.
    expect(await found('c1', 'omega nar')).toEqual([]);
    await t.db.query('INSERT INTO marketplace_services (marketplace_id, service_id) VALUES ($1, $2)', [lists.l1, zeta.Id]);
    await narrowAgrees();
    expect(await found('c1', 'omega nar')).toEqual(['Omega Narrow', ids.vendor2]);
    expect(await total('c1', { ServiceCategories: ['Security'] })).toBeGreaterThanOrEqual(1);
    await t.db.query(`UPDATE marketplace_services SET status = 'Hidden' WHERE marketplace_id = $1 AND service_id = $2`, [
      lists.l1,
      zeta.Id,
    ]);
    await narrowAgrees();
    expect(await found('c1', 'omega nar')).toEqual([]);
    await t.db.query(`UPDATE marketplace_services SET status = 'Added' WHERE marketplace_id = $1 AND service_id = $2`, [
      lists.l1,
      zeta.Id,
    ]);
    expect(await found('c1', 'omega nar')).toEqual(['Omega Narrow', ids.vendor2]);
    await t.db.query('DELETE FROM marketplace_assignments WHERE marketplace_id = $1 AND account_id = $2', [lists.l1, ids.r1]);
    expect(await found('c1', 'omega nar')).toEqual([]);
    await t.db.query('INSERT INTO marketplace_assignments (marketplace_id, account_id) VALUES ($1, $2)', [lists.l1, ids.r1]);
    expect(await found('c1', 'omega nar')).toEqual(['Omega Narrow', ids.vendor2]);
    await t.db.query('DELETE FROM marketplace_services WHERE marketplace_id = $1 AND service_id = $2', [lists.l1, zeta.Id]);
    await narrowAgrees();
    expect(await found('c1', 'omega nar')).toEqual([]);

    // In two lists, then Failed, hidden in one meanwhile, and Active again: the row comes back with its lists as they
    // stand; then a list deleted.
    const l4 = await makePriceList(t.db, {
      ownerId: ids.r1 as number,
      name: 'R1 narrow',
      services: [{ id: zeta.Id }],
      assignees: [ids.c2 as number],
    });
    await t.db.query('INSERT INTO marketplace_services (marketplace_id, service_id) VALUES ($1, $2)', [lists.l1, zeta.Id]);
    await narrowAgrees();
    await t.db.query(`UPDATE services SET state = 'Failed' WHERE id = $1`, [zeta.Id]);
    await t.db.query(`UPDATE marketplace_services SET status = 'Hidden' WHERE marketplace_id = $1 AND service_id = $2`, [
      lists.l1,
      zeta.Id,
    ]);
    await t.db.query(`UPDATE services SET state = 'Active' WHERE id = $1`, [zeta.Id]);
    await narrowAgrees();
    expect(await found('c1', 'omega nar')).toEqual([]);
    expect(await found('c2', 'omega nar')).toEqual(['Omega Narrow', ids.vendor2]);
    await t.db.query('DELETE FROM marketplaces WHERE id = $1', [l4]);
    await narrowAgrees();
    expect(await found('c2', 'omega nar')).toEqual([]);

    // Deleted: gone from the table and from every answer.
    await t.db.query('DELETE FROM service_tag_links WHERE service_id = $1', [zeta.Id]);
    await t.db.query('DELETE FROM services WHERE id = $1', [zeta.Id]);
    await narrowAgrees();
    expect(await found('provider', 'omega nar')).toEqual([]);
  });
});

describe('SearchServicesAutocomplete [M9.7]', () => {
  it('suggests up to 5 services, the vendor owning most matches and the matching tags', async () => {
    for (let i = 1; i <= 6; i += 1) {
      await createService(t.db, c('vendor2Admin'), document(`Backup Extra ${i}`, { Tags: ['Backup'] }));
    }

    const res = await c('provider').op('SearchServicesAutocomplete', { Text: 'backup' });

    expect(res.status).toBe(200);
    const entries = res.body.Entries as { Type: string; DisplayName?: string; OwnerAccountName?: string; TagValue?: string }[];
    expect(entries.filter((e) => e.Type === 'Service')).toHaveLength(5);
    expect(entries.filter((e) => e.Type === 'Vendor')).toEqual([
      { Type: 'Vendor', OwnerAccountId: ids.vendor2, OwnerAccountName: 'Zeta Vendor', OwnerProfileIcon: null },
    ]);
    expect(entries.filter((e) => e.Type === 'Tag').map((e) => e.TagValue)).toEqual(['Backup']);
  });

  it('only suggests what the caller may see', async () => {
    const res = await c('c1').op('SearchServicesAutocomplete', { Text: 'ba' });

    expect(res.body.Entries).toEqual([
      {
        Type: 'Service',
        Id: svc.alpha,
        ServiceName: 'AlphaBackup',
        DisplayName: 'Alpha Backup',
        Icon: '/service-icons/backup.png',
      },
      { Type: 'Vendor', OwnerAccountId: ids.vendor, OwnerAccountName: 'Acme Vendor', OwnerProfileIcon: null },
      { Type: 'Tag', TagValue: 'Backup' },
    ]);
  });

  it('needs at least 2 characters', async () => {
    const res = await c('provider').op('SearchServicesAutocomplete', { Text: 'b' });

    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('Text');
  });
});

describe('GetServiceInfo [M7.16]', () => {
  it('returns the info page data with the price in the viewer’s currency', async () => {
    const res = await c('c1').op('GetServiceInfo', { Id: svc.alpha });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      Id: svc.alpha,
      ServiceName: 'AlphaBackup',
      DisplayName: 'Alpha Backup',
      Category: { ServiceCategoryName: 'Backup', ServiceCategoryDisplayName: 'Backup and recovery' },
      Tags: ['Backup', 'Storage'],
      Owner: { OwnerId: ids.vendor, OwnerName: 'Acme Vendor' },
      Screenshots: [{ Url: '/service-icons/backup.png', Description: 'Dashboard' }],
      Downloads: [],
      ServiceVideos: [],
      PriceProtectionLengthInDays: 30,
      MinimumContractPeriodInDays: 365,
      IsTcAccepted: false,
      // L1 reaches C1 through R1 and holds no own prices yet: the suggested retail prices, named by the list.
      Price: { Currency: 'EUR', PriceListName: 'Provider to R1', MonthlyTotal: '12', SetupTotal: '5' },
    });
    expect(res.body.Descriptions).toEqual([
      { Type: 'Description', Title: 'Alpha Backup', Content: 'All about Alpha Backup', LocalizationLanguageCode: 'en' },
      { Type: 'TermsAndConditions', Title: 'Terms', Content: 'Terms of Alpha Backup', LocalizationLanguageCode: 'en' },
    ]);
    expect(res.body.Price.Lines).toEqual([
      { ChargeType: 'Monthly', Condition: null, UnitField: null, UnitPrice: '12', AdvanceMonths: null },
      { ChargeType: 'Setup', Condition: null, UnitField: null, UnitPrice: '5', AdvanceMonths: null },
    ]);
  });

  it('finds a service by its name without case', async () => {
    const res = await c('c1').op('GetServiceInfo', { ServiceName: 'alphabackup' });

    expect(res.status).toBe(200);
    expect(res.body.Id).toBe(svc.alpha);
  });

  it('gives no price to a viewer who may not see prices', async () => {
    const res = await c('c1NoPrices').op('GetServiceInfo', { Id: svc.alpha });

    expect(res.body.Price).toBeNull();
  });

  it('lets a vendor open its own service', async () => {
    expect((await c('vendor2Admin').op('GetServiceInfo', { Id: svc.delta })).status).toBe(200);
    expect((await c('vendor2Admin').op('GetServiceInfo', { Id: svc.alpha })).status).toBe(404);
  });

  it('names the missing field when neither Id nor ServiceName is given', async () => {
    const res = await c('c1').op('GetServiceInfo', {});

    expect(res.status).toBe(422);
  });
});

describe('validation and capability', () => {
  it('rejects a page size above 100 and a page below 1, naming the field', async () => {
    const big = await search('provider', {}, { limit: 101 });
    const zero = await search('provider', {}, { page: 0 });

    expect(big.status).toBe(422);
    expect(JSON.stringify(big.body)).toContain('limit');
    expect(zero.status).toBe(422);
    expect(JSON.stringify(zero.body)).toContain('page');
  });

  it('asks for the account or price list of a source that needs one', async () => {
    const res = await search('provider', { Source: { Type: 'Marketplace' } });

    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('Choose the account or price list to search');
  });

  it('rejects an unknown sort key', async () => {
    const res = await search('provider', {}, { orderBy: { Key: 'Price', Direction: 'ASC' } });

    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('Key');
  });

  it('refuses a user without MARKETPLACE read or service tool rights on every operation', async () => {
    expect((await search('c1NoBrowse')).status).toBe(403);
    expect((await c('c1NoBrowse').op('GetSearchServicesMetadata', {})).status).toBe(403);
    expect((await c('c1NoBrowse').op('SearchServicesAutocomplete', { Text: 'ba' })).status).toBe(403);
    expect((await c('c1NoBrowse').op('GetServiceInfo', { Id: svc.alpha })).status).toBe(403);
  });

  it('lets a vendor with service tool rights browse', async () => {
    expect((await search('vendorAdmin')).status).toBe(200);
  });
});

describe('prices from the price list that reaches the viewer (decision 0033)', () => {
  it('prices Billing and the info page from the list’s own price, and names the list', async () => {
    const alpha = await c('vendorAdmin').op('GetService', { ServiceName: 'AlphaBackup' });
    const monthly = alpha.body.BillingRules.find((r: { ChargeType: string }) => r.ChargeType === 'Monthly');
    await t.db.query(
      `INSERT INTO marketplace_prices (marketplace_id, service_id, rule_id, currency, custom_price) VALUES ($1, $2, $3, 'EUR', 9.5)`,
      [lists.l1, svc.alpha, monthly.Id],
    );

    const found = await search('c1', { DisplayName: 'Alpha' });
    const info = await c('c1').op('GetServiceInfo', { Id: svc.alpha });

    expect(found.body.Services[0].Billing).toBe('€9.50');
    expect(info.body.Price).toMatchObject({
      Currency: 'EUR',
      PriceListName: 'Provider to R1',
      MonthlyTotal: '9.5',
      SetupTotal: '5',
    });
    // The provider is priced by no list: the suggested retail price.
    expect((await search('provider', { DisplayName: 'Alpha' })).body.Services[0].Billing).toBe('€12.00');
  });

  it('prices the page of a viewer a list is assigned to once it is, and not after (the lookup skipped only without one)', async () => {
    // No list is assigned on the provider's path, so its page leaves the price-list lookup out (listMayPriceSql).
    expect((await search('provider', { DisplayName: 'Alpha' })).body.Services[0].Billing).toBe('€12.00');
    await t.db.query('INSERT INTO marketplace_assignments (marketplace_id, account_id) VALUES ($1, $2)', [
      lists.l1,
      ids.provider,
    ]);
    try {
      expect((await search('provider', { DisplayName: 'Alpha' })).body.Services[0].Billing).toBe('€9.50');
    } finally {
      await t.db.query('DELETE FROM marketplace_assignments WHERE marketplace_id = $1 AND account_id = $2', [
        lists.l1,
        ids.provider,
      ]);
    }
    expect((await search('provider', { DisplayName: 'Alpha' })).body.Services[0].Billing).toBe('€12.00');
  });
});

describe('an account’s marketplace tabs [A2.13] [A2.14]', () => {
  it('[A2.14] prices Available services for the account named, not for the viewer', async () => {
    const res = await search('r1', { DisplayName: 'Alpha', Source: { Type: 'AvailableServicesForAccount', Value: ids.c2 } });
    const own = await search('r1', { DisplayName: 'Alpha' });

    expect(res.status).toBe(200);
    // C2 buys Alpha from R1's list (no own price: the suggested retail price); R1 itself from the provider's list.
    expect(res.body.Services[0].Billing).toBe('€12.00');
    expect(own.body.Services[0].Billing).toBe('€9.50');
  });

  it('[A2.13] gives a subscription’s service to a reader of the subscription without browse rights, priced for its customer', async () => {
    const user = await makeUser(t.db, { parentId: ids.c1!, capabilities: [] });
    const product = await insertAccount(t.db, {
      type: 'Product',
      parentId: user.id,
      displayName: 'Alpha for C1',
      productName: 'AlphaBackup',
    });
    const reader = await new ApiClient(t.url).signIn(
      (await makeUser(t.db, { parentId: ids.c1!, capabilities: [...READ_ALL, 'BILLING_SHOWPRODUCTPRICE_READ'] })).username,
    );

    const res = await reader.op('GetCompanyMarketplaceService', { id: product });
    const browse = await reader.op('GetServiceInfo', { Id: svc.alpha });
    const foreign = await c('c3').op('GetCompanyMarketplaceService', { id: product });
    const notProduct = await reader.op('GetCompanyMarketplaceService', { id: ids.c1 });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      DisplayName: 'Alpha Backup',
      Price: { PriceListName: 'Provider to R1', MonthlyTotal: '9.5' },
    });
    expect(browse.status).toBe(403);
    expect(foreign.status).toBe(404);
    expect(notProduct.status).toBe(404);
  });

  it('[A7.7] the service calls answer by their names: GetServiceInfo(id), GetAvailableMarketplacesForServices([id]), GetCompanyMarketplaceService(id)', async () => {
    const user = await makeUser(t.db, { parentId: ids.c2!, capabilities: [] });
    const product = await insertAccount(t.db, {
      type: 'Product',
      parentId: user.id,
      displayName: 'Alpha for C2',
      productName: 'AlphaBackup',
    });

    const info = await c('r1').op('GetServiceInfo', { Id: svc.alpha });
    const holding = await c('r1').op('GetAvailableMarketplacesForServices', { ids: [svc.alpha] });
    const company = await c('r1').op('GetCompanyMarketplaceService', { id: product });

    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ DisplayName: 'Alpha Backup', Price: { PriceListName: 'Provider to R1' } });
    expect(holding.status).toBe(200);
    expect(holding.body).toEqual([{ ServiceId: svc.alpha, Marketplaces: [{ Id: lists.l3, Name: 'R1 to C2', Status: 'Added' }] }]);
    // The subscription's service as its customer company's price list offers it: R1's list for C2.
    expect(company.status).toBe(200);
    expect(company.body).toMatchObject({ DisplayName: 'Alpha Backup', Price: { PriceListName: 'R1 to C2' } });
  });
});
