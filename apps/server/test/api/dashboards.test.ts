import { DASHBOARD_LAYOUT_PRESETS } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DASHBOARD_TITLE } from '../../src/domains/dashboards/dashboards.demo.js';
import { seedDemoDashboards } from '../../src/domains/dashboards/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

/**
 * The landing dashboards (decision 0051): the /dash routes [M7.1]-[M7.6] and their operations, the manager's
 * capability, tenant scope, optimistic concurrency, server-side sanitising and the landing lookup.
 */

let t: TestApp;
const ids: Record<string, number> = {};
const clients: Record<string, ApiClient> = {};
const c = (name: string) => clients[name] as ApiClient;

const MANAGER = ['DASHBOARD_MANAGER_READ', 'DASHBOARD_MANAGER_UPDATE'];
const LANDING = ['CUSTOM_LANDING_PAGE_EXECUTE'];
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const twoColumns = DASHBOARD_LAYOUT_PRESETS.find((p) => p.id === 'two-columns')?.layout;
const one = DASHBOARD_LAYOUT_PRESETS.find((p) => p.id === 'one')?.layout;

/** A /dash route as a browser (or any HTTP client) calls it, with the session cookie of `who`. */
async function dash(who: string | null, method: 'GET' | 'POST', path: string, body?: unknown) {
  const headers: Record<string, string> = {};
  const cookie = who ? c(who).cookie : null;
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${t.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

const create = (who: string, input: Record<string, unknown> = {}) =>
  dash(who, 'POST', '/dash/dashboard/create', { layout: twoColumns, visibleTo: [], ...input });
const update = (who: string, dashboard: any, changes: Record<string, unknown> = {}) =>
  dash(who, 'POST', `/dash/dashboard/${dashboard.id}/update`, { ...editable(dashboard), ...changes });
function editable(d: any) {
  return { title: d.title, layout: d.layout, content: d.content, visibleTo: d.visibleTo, published: d.published, Version: d.Version };
}
const fields = (res: { body: any }) => (res.body?.errors ?? []).map((e: { field: string }) => e.field).sort();

async function auditOf(dashboardId: number) {
  return t.db.query<{ operation: string; account_id: number; before: any; after: any }>(
    "SELECT operation, account_id, before, after FROM audit_log WHERE (after ->> 'id')::int = $1 OR (before ->> 'id')::int = $1 ORDER BY id",
    [dashboardId],
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  ids.provider = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'Test Provider' });
  ids.reseller = await makeAccount(t.db, { type: 'Reseller', parentId: ids.provider, displayName: 'Near Reseller' });
  ids.subReseller = await makeAccount(t.db, { type: 'Reseller', parentId: ids.reseller, displayName: 'Sub Reseller' });
  ids.otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: ids.provider, displayName: 'Other Reseller' });
  ids.company = await makeAccount(t.db, { type: 'Company', parentId: ids.reseller, displayName: 'Near Company' });
  ids.subCompany = await makeAccount(t.db, { type: 'Company', parentId: ids.subReseller, displayName: 'Sub Company' });
  ids.otherCompany = await makeAccount(t.db, { type: 'Company', parentId: ids.otherReseller, displayName: 'Other Company' });
  ids.department = await makeAccount(t.db, { type: 'Department', parentId: ids.company, displayName: 'Sales' });

  const signIn = async (name: string, parentId: number, capabilities: string[]) => {
    const user = await makeUser(t.db, { parentId, capabilities, displayName: `Staff ${name}` });
    ids[name] = user.id;
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  };
  await signIn('providerAdmin', ids.provider, [...READ_ALL, ...MANAGER, ...LANDING]);
  await signIn('resellerAdmin', ids.reseller, [...READ_ALL, ...MANAGER]);
  await signIn('resellerStaff', ids.reseller, [...READ_ALL, ...LANDING]);
  await signIn('resellerReader', ids.reseller, [...READ_ALL, 'DASHBOARD_MANAGER_READ']);
  await signIn('subResellerAdmin', ids.subReseller, [...READ_ALL, ...MANAGER]);
  await signIn('otherResellerAdmin', ids.otherReseller, [...READ_ALL, ...MANAGER]);
  await signIn('companyUser', ids.department, [...READ_ALL, ...LANDING]);
  await signIn('companyNoLanding', ids.company, READ_ALL);
  await signIn('companyManager', ids.company, [...READ_ALL, ...MANAGER]);
  await signIn('subCompanyUser', ids.subCompany, [...READ_ALL, ...LANDING]);
  await signIn('otherCompanyUser', ids.otherCompany, [...READ_ALL, ...LANDING]);
  await signIn('providerStaff', ids.provider, [...READ_ALL, ...LANDING]);
});
afterAll(async () => {
  await t.close();
});

describe('creating and listing', () => {
  it("[M7.1] [M4.8] creates a draft owned by the caller's organisation, titled 'My Dashboard N' with empty visibleTo", async () => {
    const first = await create('otherResellerAdmin');
    const second = await create('otherResellerAdmin');

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      title: 'My Dashboard 1',
      layout: twoColumns,
      content: {},
      visibleTo: [],
      published: false,
      Version: 1,
      OwnerAccountId: ids.otherReseller,
      OwnerDisplayName: 'Other Reseller',
      CreatedBy: 'Staff otherResellerAdmin',
      UpdatedBy: 'Staff otherResellerAdmin',
    });
    expect(second.body.title).toBe('My Dashboard 2');
  });

  it('creates with the title and audiences given, as the CreateDashboard operation too', async () => {
    const res = await c('otherResellerAdmin').op('CreateDashboard', { title: 'Partners', layout: one, visibleTo: ['Reseller'] });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Partners', visibleTo: ['Reseller'], published: false });
  });

  it("[M7.2] lists the caller organisation's dashboards, drafts and published, and no one else's", async () => {
    const own = await dash('otherResellerAdmin', 'GET', '/dash/dashboards');
    const near = await dash('resellerAdmin', 'GET', '/dash/dashboards');

    expect(own.status).toBe(200);
    expect(own.body.dashboards.map((d: any) => d.title).sort()).toEqual(['My Dashboard 1', 'My Dashboard 2', 'Partners']);
    expect(near.body.dashboards.map((d: any) => d.OwnerAccountId)).not.toContain(ids.otherReseller);
  });

  it('writes an audit row for a create, on the owner organisation', async () => {
    const res = await create('resellerAdmin', { title: 'Audited' });
    const rows = await auditOf(res.body.id);

    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operation: 'CreateDashboard', account_id: ids.reseller, after: { action: 'create', title: 'Audited' } });
  });

  it('refuses bad input naming the field: no layout, a layout that is not a grid, a long title, an unknown audience', async () => {
    const noLayout = await dash('resellerAdmin', 'POST', '/dash/dashboard/create', { visibleTo: [] });
    const badGrid = await create('resellerAdmin', {
      layout: { rows: [{ height: '100%', items: [{ id: 'a', width: '50%', height: '100%' }] }] },
    });
    const longTitle = await create('resellerAdmin', { title: 'x'.repeat(101) });
    const audience = await create('resellerAdmin', { visibleTo: ['Vendor'] });

    expect(noLayout.status).toBe(422);
    expect(fields(noLayout)).toEqual(['layout']);
    expect(fields(badGrid)).toEqual(['layout.rows.0.items']);
    expect(fields(longTitle)).toEqual(['title']);
    expect(fields(audience)).toEqual(['visibleTo.0']);
  });

  it('answers 401 without a session and 403 without DASHBOARD_MANAGER', async () => {
    const anonymous = await dash(null, 'GET', '/dash/dashboards');
    const list = await dash('companyUser', 'GET', '/dash/dashboards');
    const made = await create('resellerReader');

    expect(anonymous.status).toBe(401);
    expect(list.status).toBe(403);
    expect(list.body.code).toBe('FORBIDDEN');
    expect(made.status).toBe(403);
    expect(made.body.detail).toContain('change landing dashboards');
  });

  it('lets a reader list and open but not change, and refuses a company as an owner', async () => {
    const made = await create('resellerAdmin', { title: 'For readers' });
    const read = await dash('resellerReader', 'GET', `/dash/dashboard/${made.body.id}`);
    const changed = await update('resellerReader', made.body, { title: 'Nope' });
    const deleted = await dash('resellerReader', 'POST', `/dash/dashboard/${made.body.id}/delete`);
    const companyCreate = await create('companyManager');

    expect(read.status).toBe(200);
    expect(changed.status).toBe(403);
    expect(deleted.status).toBe(403);
    expect(companyCreate.status).toBe(403);
  });
});

describe('reading, saving, publishing and deleting', () => {
  it('[M7.3] reads a dashboard of the own organisation; the provider reads one of a reseller below it', async () => {
    const made = await create('resellerAdmin', { title: 'Readable' });
    const own = await dash('resellerAdmin', 'GET', `/dash/dashboard/${made.body.id}`);
    const provider = await dash('providerAdmin', 'GET', `/dash/dashboard/${made.body.id}`);

    expect(own.status).toBe(200);
    expect(own.body).toEqual(made.body);
    expect(provider.status).toBe(200);
  });

  it("answers 404 for another reseller's dashboard, exactly as for a missing one, on every route", async () => {
    const made = await create('resellerAdmin', { title: 'Private' });
    const id = made.body.id;
    const get = await dash('otherResellerAdmin', 'GET', `/dash/dashboard/${id}`);
    const save = await update('otherResellerAdmin', made.body, { title: 'Taken over' });
    const del = await dash('otherResellerAdmin', 'POST', `/dash/dashboard/${id}/delete`);
    const missing = await dash('otherResellerAdmin', 'GET', '/dash/dashboard/999999');
    const child = await dash('subResellerAdmin', 'GET', `/dash/dashboard/${id}`);

    for (const res of [get, save, del, missing, child]) expect(res.status).toBe(404);
    expect(get.body.detail).toBe(missing.body.detail);
    expect((await dash('resellerAdmin', 'GET', `/dash/dashboard/${id}`)).body.title).toBe('Private');
  });

  it('[M7.5] saves the whole dashboard with a text and a video widget, moving the Version on', async () => {
    const made = await create('resellerAdmin', { title: 'Welcome' });
    const content = { a1: { type: 'text', html: '<h2>Hello</h2><p>Read <a href="https://example.com">this</a></p>' }, a2: { type: 'video', url: VIDEO } };
    const saved = await update('resellerAdmin', made.body, { title: 'Welcome aboard', content, visibleTo: ['Company'] });

    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Welcome aboard', visibleTo: ['Company'], published: false, Version: 2 });
    expect(saved.body.content.a1.html).toBe(
      '<h2>Hello</h2><p>Read <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">this</a></p>',
    );
    expect(saved.body.content.a2).toEqual({ type: 'video', url: VIDEO });
  });

  it('sanitises text widgets when saved: a script or event handler is never stored as markup', async () => {
    const made = await create('resellerAdmin', { layout: DASHBOARD_LAYOUT_PRESETS.find((p) => p.id === 'three-columns')?.layout });
    const content = {
      a1: { type: 'text', html: '<img src=x onerror=alert(1)><p onclick="alert(2)">Hi</p>' },
      a2: { type: 'text', html: '<script>alert(3)</script><a href="javascript:alert(4)">go</a>' },
      a3: { type: 'text', html: '<svg onload=alert(5)></svg><iframe src="https://evil.example"></iframe>' },
    };
    const saved = await update('resellerAdmin', made.body, { content });
    const html = Object.values(saved.body.content as Record<string, { html: string }>)
      .map((w) => w.html)
      .join('');

    expect(saved.status).toBe(200);
    expect(html).not.toMatch(/<(img|script|svg|iframe)/i);
    expect(html).not.toMatch(/onerror|onclick|onload|javascript:/i);
    expect(saved.body.content.a1.html).toBe('&lt;img /&gt;<p>Hi</p>');
    expect(saved.body.content.a2.html).toBe('&lt;script&gt;alert(3)&lt;/script&gt;<a target="_blank" rel="noopener noreferrer nofollow">go</a>');
  });

  it('[M8.4] refuses an unknown widget type, a link that is not a YouTube video and a slot the layout lacks, naming the fields', async () => {
    const made = await create('resellerAdmin');
    const res = await update('resellerAdmin', made.body, {
      content: { a1: { type: 'image', src: 'x.png' }, a2: { type: 'video', url: 'https://vimeo.com/1' } },
    });
    const slot = await update('resellerAdmin', made.body, { content: { zz: { type: 'text', html: '' } } });

    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(fields(res)).toEqual(['content.a1.type', 'content.a2.url']);
    expect(slot.status).toBe(422);
    expect(fields(slot)).toEqual(['content.zz']);
  });

  it('refuses a path id that is not a dashboard id, naming the field', async () => {
    const res = await dash('resellerAdmin', 'GET', '/dash/dashboard/abc');

    expect(res.status).toBe(422);
    expect(fields(res)).toEqual(['id']);
  });

  it('answers 409 CONFLICT with the current dashboard when two people save the same version', async () => {
    const made = await create('resellerAdmin', { title: 'Shared' });
    const first = await update('resellerAdmin', made.body, { title: 'First save' });
    const second = await update('resellerAdmin', made.body, { title: 'Second save' });

    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('CONFLICT');
    expect(second.body.current).toMatchObject({ id: made.body.id, title: 'First save', Version: 2 });
    expect(fields(second)).toEqual(['Version']);
  });

  it('[M4.7] publishes and unpublishes through update, each with its own audit row', async () => {
    const made = await create('resellerAdmin', { title: 'Publishable' });
    const published = await update('resellerAdmin', made.body, { published: true });
    const unpublished = await update('resellerAdmin', published.body, { published: false });
    const rows = await auditOf(made.body.id);

    expect(published.body.published).toBe(true);
    expect(unpublished.body.published).toBe(false);
    expect(rows.map((r) => [r.operation, r.after.action])).toEqual([
      ['CreateDashboard', 'create'],
      ['UpdateDashboard', 'publish'],
      ['UpdateDashboard', 'unpublish'],
    ]);
    expect(rows[1]?.before).toMatchObject({ published: false });
  });

  it('[M7.4] deletes a dashboard, keeping what it held in the audit row', async () => {
    const made = await create('resellerAdmin', { title: 'Short-lived' });
    const deleted = await dash('resellerAdmin', 'POST', `/dash/dashboard/${made.body.id}/delete`);
    const after = await dash('resellerAdmin', 'GET', `/dash/dashboard/${made.body.id}`);
    const rows = await auditOf(made.body.id);

    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: made.body.id, deleted: true });
    expect(after.status).toBe(404);
    expect(rows.at(-1)).toMatchObject({ operation: 'DeleteDashboard', account_id: ids.reseller, before: { title: 'Short-lived' } });
  });

  it('serves the operations and the routes from one implementation: the same answer either way', async () => {
    const made = await create('resellerAdmin', { title: 'Twice' });
    const viaRoute = await dash('resellerAdmin', 'GET', `/dash/dashboard/${made.body.id}`);
    const viaOperation = await c('resellerAdmin').op('GetDashboard', { id: made.body.id });

    expect(viaOperation.body).toEqual(viaRoute.body);
  });
});

describe('the landing dashboard', () => {
  it('[M7.6] answers 404 NO_LANDING_DASHBOARD while nothing is published for the caller', async () => {
    const res = await dash('otherCompanyUser', 'GET', '/dash/mydashboard/');

    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NO_LANDING_DASHBOARD');
  });

  it('[M6.2] [M4.10] needs CUSTOM_LANDING_PAGE execute', async () => {
    const res = await dash('companyNoLanding', 'GET', '/dash/mydashboard/');

    expect(res.status).toBe(403);
  });

  it('[M7.6] shows a company user the dashboard published for Company users by the nearest organisation above', async () => {
    const fromProvider = await create('providerAdmin', { title: 'Provider welcome', visibleTo: ['Company'] });
    await update('providerAdmin', fromProvider.body, { published: true });

    // Only the provider published: every company user below it lands on the provider's dashboard.
    expect((await dash('companyUser', 'GET', '/dash/mydashboard/')).body.title).toBe('Provider welcome');
    expect((await dash('otherCompanyUser', 'GET', '/dash/mydashboard/')).body.title).toBe('Provider welcome');

    const fromReseller = await create('resellerAdmin', { title: 'Reseller welcome', visibleTo: ['Company'] });
    await update('resellerAdmin', fromReseller.body, { published: true });

    // The reseller is nearer to its companies' users (also through a department); others keep the provider's.
    const near = await dash('companyUser', 'GET', '/dash/mydashboard/');
    expect(near.status).toBe(200);
    expect(near.body).toMatchObject({ title: 'Reseller welcome', OwnerAccountId: ids.reseller, published: true });
    expect((await dash('subCompanyUser', 'GET', '/dash/mydashboard/')).body.title).toBe('Reseller welcome');
    expect((await dash('otherCompanyUser', 'GET', '/dash/mydashboard/')).body.title).toBe('Provider welcome');
    // The same answer as an operation.
    expect((await c('companyUser').op('GetMyDashboard', {})).body.title).toBe('Reseller welcome');
  });

  it('[M7.6] shows the most recently updated when the nearest organisation published several; drafts never show', async () => {
    const newer = await create('subResellerAdmin', { title: 'Sub newer', visibleTo: ['Company'] });
    const older = await create('subResellerAdmin', { title: 'Sub older', visibleTo: ['Company'] });
    await update('subResellerAdmin', older.body, { published: true });
    const publishedNewer = await update('subResellerAdmin', newer.body, { published: true });
    await create('subResellerAdmin', { title: 'Sub draft', visibleTo: ['Company'] });

    expect((await dash('subCompanyUser', 'GET', '/dash/mydashboard/')).body.title).toBe('Sub newer');

    await update('subResellerAdmin', publishedNewer.body, { published: false });
    expect((await dash('subCompanyUser', 'GET', '/dash/mydashboard/')).body.title).toBe('Sub older');
  });

  it("[M7.6] shows a reseller's own staff only a dashboard for 'Reseller' users; the provider's staff have none", async () => {
    expect((await dash('resellerStaff', 'GET', '/dash/mydashboard/')).body.code).toBe('NO_LANDING_DASHBOARD');

    const forStaff = await create('providerAdmin', { title: 'For resellers', visibleTo: ['Reseller'] });
    await update('providerAdmin', forStaff.body, { published: true });

    const staff = await dash('resellerStaff', 'GET', '/dash/mydashboard/');
    expect(staff.body.title).toBe('For resellers');
    // A company user is not a reseller's staff: still the Company dashboard.
    expect((await dash('companyUser', 'GET', '/dash/mydashboard/')).body.title).toBe('Reseller welcome');
    const provider = await dash('providerStaff', 'GET', '/dash/mydashboard/');
    expect(provider.status).toBe(404);
    expect(provider.body.code).toBe('NO_LANDING_DASHBOARD');
  });
});

describe('demo data', () => {
  it("seeds the provider's welcome dashboard for Company users once, as a draft with a text and a video widget", async () => {
    await seedDemoDashboards(t.db);
    await seedDemoDashboards(t.db);
    const rows = await t.db.query<{ owner_account_id: number; published: boolean; visible_to: string[]; content: any }>(
      'SELECT owner_account_id, published, visible_to, content FROM landing_dashboards WHERE title = $1',
      [DEMO_DASHBOARD_TITLE],
    );

    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ published: false, visible_to: ['Company'] });
    expect(Object.values(rows[0]?.content ?? {}).map((w: any) => w.type)).toEqual(['text', 'video']);
  });
});
