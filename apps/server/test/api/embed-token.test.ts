import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_DASHBOARD_ID,
  DEMO_REPORT_ID,
  DEMO_SUBSCRIPTIONS_REPORT_ID,
  DEMO_WORKGROUP_ID,
  issueEmbedToken,
  seedDemoReports,
  tokenSettingsFromEnv,
} from '../../src/domains/reports/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { type ApiClient, signedIn } from '../factories/client.js';

const SDK_BUNDLE = new URL('../../../../packages/embed/dist/powerbi.js', import.meta.url);
let t: TestApp;
const ids: Record<string, number> = {};
let providerAdmin: ApiClient;
let r1Admin: ApiClient;
let providerEditor: ApiClient;
let r1Editor: ApiClient;
let r2Editor: ApiClient;
const EDIT = [...READ_ALL, 'EMBEDDED_REPORT_UPDATE', 'EMBEDDED_REPORT_CREATE'];

const tokenPath = (accountId?: number, reportId = DEMO_REPORT_ID, workgroupId = DEMO_WORKGROUP_ID) =>
  `/api/powerbi/workgroups/${workgroupId}/reports/${reportId}${accountId === undefined ? '' : `/accounts/${accountId}`}/token`;

async function get(client: ApiClient | null, path: string) {
  const res = await fetch(`${t.url}${path}`, { headers: client?.cookie ? { cookie: client.cookie } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function embedData(token: string, reportId = DEMO_REPORT_ID, groupId = DEMO_WORKGROUP_ID) {
  const res = await fetch(`${t.url}/api/embed/data?reportId=${reportId}&groupId=${groupId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: await res.json() };
}

const total = (rows: { Count: number }[]) => rows.reduce((sum, r) => sum + r.Count, 0);

beforeAll(async () => {
  t = await buildTestApp();
  ids.P = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'P' });
  ids.R1 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R1', currency: 'USD' });
  ids.R2 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P, displayName: 'R2' });
  ids.C1 = await makeAccount(t.db, { type: 'Company', parentId: ids.R1, displayName: 'C1' });
  ids.C2 = await makeAccount(t.db, { type: 'Company', parentId: ids.R2, displayName: 'C2' });
  ids.D1 = await makeAccount(t.db, { type: 'Department', parentId: ids.C1, displayName: 'D1' });
  const pa = await makeUser(t.db, { parentId: ids.P, capabilities: READ_ALL });
  const ra = await makeUser(t.db, { parentId: ids.R1, capabilities: READ_ALL });
  await seedDemoReports(t.db);
  providerAdmin = await signedIn(t.url, pa.username);
  r1Admin = await signedIn(t.url, ra.username);
});
afterAll(async () => {
  await t?.close();
});

describe('embed tokens', () => {
  it('[S7.5] issues { id, embedUrl, embedToken } for the demo report to a signed-in user', async () => {
    const res = await get(providerAdmin, tokenPath());

    expect(res.status).toBe(200);
    expect(res.body.id).toBe(DEMO_REPORT_ID);
    expect(res.body.embedUrl).toBe(`${t.url}/embed/reportEmbed?reportId=${DEMO_REPORT_ID}&groupId=${DEMO_WORKGROUP_ID}`);
    expect(res.body.embedToken).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(Date.parse(res.body.expiration) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a caller without a session with 401', async () => {
    const res = await get(null, tokenPath());

    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('answers 404 for an unknown report, workgroup or malformed id', async () => {
    for (const path of [
      tokenPath(undefined, '00000000-0000-4000-8000-000000000000'),
      tokenPath(undefined, DEMO_REPORT_ID, '00000000-0000-4000-8000-000000000000'),
      tokenPath(undefined, 'not-a-uuid'),
    ]) {
      const res = await get(providerAdmin, path);
      expect(res.status, path).toBe(404);
    }
  });

  it('gives the report and live datasets for the whole tree to the provider', async () => {
    const { body } = await get(providerAdmin, tokenPath());
    const data = await embedData(body.embedToken);

    expect(data.status).toBe(200);
    expect(data.body.report.name).toBe('Account overview');
    expect(data.body.report.pages.map((p: { displayName: string }) => p.displayName)).toEqual(['Overview', 'Accounts']);
    expect(total(data.body.datasets.accountCounts)).toBe(8);
    expect(data.body.datasets.accounts.map((a: { DisplayName: string }) => a.DisplayName)).toEqual(
      expect.arrayContaining(['P', 'R1', 'R2', 'C1', 'C2', 'D1']),
    );
  });

  it('binds the token to the caller scope: a reseller sees only its subtree', async () => {
    const { body } = await get(r1Admin, tokenPath());
    const data = await embedData(body.embedToken);
    const names = data.body.datasets.accounts.map((a: { DisplayName: string }) => a.DisplayName);

    expect(data.status).toBe(200);
    expect(data.body.scope).toEqual({ accountId: ids.R1, displayName: 'R1' });
    expect(names).toEqual(expect.arrayContaining(['R1', 'C1', 'D1']));
    expect(names).not.toContain('R2');
    expect(names).not.toContain('C2');
    expect(names).not.toContain('P');
    expect(total(data.body.datasets.accountCounts)).toBe(4);
  });

  it('binds the token to an account of the scope when one is given', async () => {
    const { status, body } = await get(r1Admin, tokenPath(ids.C1));
    const data = await embedData(body.embedToken);

    expect(status).toBe(200);
    expect(data.body.scope).toEqual({ accountId: ids.C1, displayName: 'C1' });
    expect(data.body.datasets.accounts.map((a: { DisplayName: string }) => a.DisplayName)).toEqual(['C1', 'D1']);
  });

  it("answers the currency of the viewer's organisation, whatever account the token is limited to (decision 0058)", async () => {
    const provider = await embedData((await get(providerAdmin, tokenPath())).body.embedToken);
    const reseller = await embedData((await get(r1Admin, tokenPath())).body.embedToken);
    const providerAtC1 = await embedData((await get(providerAdmin, tokenPath(ids.C1))).body.embedToken);

    expect(provider.body.viewerCurrency).toBe('EUR');
    expect(reseller.body.viewerCurrency).toBe('USD');
    expect(providerAtC1.body.viewerCurrency).toBe('EUR');
  });

  it('answers a foreign account exactly like a missing one (404)', async () => {
    const foreign = await get(r1Admin, tokenPath(ids.C2));
    const missing = await get(r1Admin, tokenPath(999_999));
    const malformed = await get(r1Admin, tokenPath('abc' as unknown as number));

    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
    expect(foreign.body.code).toBe('NOT_FOUND');
  });

  it('refuses an expired token with 401', async () => {
    const settings = tokenSettingsFromEnv({});
    const issued = await issueEmbedToken(
      t.db,
      { userId: 1, scope: { rootId: ids.P!, rootPath: `/${ids.P}/`, rootType: 'Provider', rootDisplayName: 'P' } },
      {
        workgroupId: DEMO_WORKGROUP_ID,
        reportId: DEMO_REPORT_ID,
        accountId: null,
        baseUrl: t.url,
        now: new Date(Date.now() - 61 * 60_000),
      },
      settings,
    );
    const data = await embedData(issued.embedToken);

    expect(data.status).toBe(401);
    expect(data.body.detail).toBe('The embed token has expired');
  });

  it('refuses a tampered token with 401', async () => {
    const { body } = await get(r1Admin, tokenPath());
    const [v, claims, sig] = String(body.embedToken).split('.');
    const widened = JSON.parse(Buffer.from(claims!, 'base64url').toString());
    widened.sid = ids.P;
    const forged = `${v}.${Buffer.from(JSON.stringify(widened)).toString('base64url')}.${sig}`;
    const data = await embedData(forged);

    expect(data.status).toBe(401);
    expect(data.body.detail).toBe('The embed token signature is invalid');
  });

  it('refuses a token used for another report or workgroup with 403', async () => {
    const { body } = await get(providerAdmin, tokenPath());
    const data = await embedData(body.embedToken, DEMO_REPORT_ID, '00000000-0000-4000-8000-000000000000');

    expect(data.status).toBe(403);
    expect(data.body.detail).toBe('The embed token was issued for another report');
  });

  it('refuses the data route without a token', async () => {
    const res = await fetch(`${t.url}/api/embed/data?reportId=${DEMO_REPORT_ID}&groupId=${DEMO_WORKGROUP_ID}`);

    expect(res.status).toBe(401);
  });
});

async function sendWithToken(method: 'PUT' | 'POST', path: string, token: string, body: unknown, reportId = DEMO_REPORT_ID) {
  const res = await fetch(`${t.url}${path}?reportId=${reportId}&groupId=${DEMO_WORKGROUP_ID}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const onePage = (displayName: string) => [
  {
    name: 'ReportSection1',
    displayName,
    visuals: [
      {
        name: 'Total',
        title: 'Accounts',
        type: 'card',
        dataset: 'accountCounts',
        fields: { value: 'Count' },
        layout: { x: 0, y: 0, width: 200, height: 100 },
      },
    ],
  },
];

const dashboardTokenPath = (dashboardId = DEMO_DASHBOARD_ID, accountId?: number) =>
  `/api/powerbi/workgroups/${DEMO_WORKGROUP_ID}/dashboards/${dashboardId}${accountId === undefined ? '' : `/accounts/${accountId}`}/token`;

async function dashboardData(token: string, dashboardId = DEMO_DASHBOARD_ID) {
  const res = await fetch(`${t.url}/api/embed/dashboard?dashboardId=${dashboardId}&groupId=${DEMO_WORKGROUP_ID}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: await res.json() };
}

describe('dashboard tokens and tiles', () => {
  it('[S7.5] issues a dashboard token with the embed URL of the dashboard and of each tile', async () => {
    const res = await get(providerAdmin, dashboardTokenPath());

    expect(res.status).toBe(200);
    expect(res.body.embedUrl).toBe(`${t.url}/embed/dashboardEmbed?dashboardId=${DEMO_DASHBOARD_ID}&groupId=${DEMO_WORKGROUP_ID}`);
    expect(res.body.tiles).toHaveLength(4);
    expect(res.body.tiles[0].embedUrl).toBe(
      `${t.url}/embed/embed?dashboardId=${DEMO_DASHBOARD_ID}&tileId=${res.body.tiles[0].id}&groupId=${DEMO_WORKGROUP_ID}`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('gives the tiles with their pinned visuals and the scope datasets', async () => {
    const { body } = await get(r1Admin, dashboardTokenPath());
    const data = await dashboardData(body.embedToken);

    expect(data.status).toBe(200);
    expect(data.body.dashboard.name).toBe('Account health');
    expect(data.body.dashboard.tiles.map((tile: { visual: { type: string } }) => tile.visual.type)).toEqual([
      'card',
      'donutChart',
      'columnChart',
      'lineChart',
    ]);
    expect(data.body.dashboard.tiles[0].reportEmbedUrl).toContain(`/embed/reportEmbed?reportId=${DEMO_REPORT_ID}`);
    expect(data.body.scope.displayName).toBe('R1');
    expect(total(data.body.datasets.accountCounts)).toBe(4);
  });

  it('keeps report and dashboard tokens apart', async () => {
    const dashboardToken = (await get(providerAdmin, dashboardTokenPath())).body.embedToken;
    const reportToken = (await get(providerAdmin, tokenPath())).body.embedToken;

    expect((await embedData(dashboardToken)).status).toBe(403);
    const asDashboard = await fetch(`${t.url}/api/embed/dashboard?dashboardId=${DEMO_REPORT_ID}&groupId=${DEMO_WORKGROUP_ID}`, {
      headers: { authorization: `Bearer ${reportToken}` },
    });
    expect(asDashboard.status).toBe(403);
    expect((await asDashboard.json()).detail).toBe('The embed token was issued for another dashboard');
  });

  it('answers 401 without a session and 404 for an unknown dashboard, a foreign one or a foreign account', async () => {
    const r2Dashboard = '11111111-2222-4333-8444-555555555555';
    await t.db.query('INSERT INTO dashboards (id, workgroup_id, name, owner_account_id, tiles) VALUES ($1, $2, $3, $4, $5)', [
      r2Dashboard,
      DEMO_WORKGROUP_ID,
      'R2 only',
      ids.R2,
      '[]',
    ]);

    expect((await get(null, dashboardTokenPath())).status).toBe(401);
    expect((await get(r1Admin, dashboardTokenPath('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    expect((await get(r1Admin, dashboardTokenPath(r2Dashboard))).status).toBe(404);
    expect((await get(r1Admin, dashboardTokenPath(DEMO_DASHBOARD_ID, ids.C2))).status).toBe(404);
    expect((await get(providerAdmin, dashboardTokenPath(r2Dashboard))).status).toBe(200);
  });

  it('draws no visual for a tile whose report the token scope cannot see', async () => {
    const r2Report = '22222222-3333-4444-8555-666666666666';
    const mixed = '33333333-4444-4555-8666-777777777777';
    await t.db.query('INSERT INTO reports (id, workgroup_id, name, owner_account_id, pages) VALUES ($1, $2, $3, $4, $5)', [
      r2Report,
      DEMO_WORKGROUP_ID,
      'R2 report',
      ids.R2,
      JSON.stringify([
        {
          name: 'P',
          displayName: 'P',
          visuals: [
            {
              name: 'V',
              title: 'V',
              type: 'card',
              dataset: 'accountCounts',
              fields: { value: 'Count' },
              layout: { x: 0, y: 0, width: 100, height: 100 },
            },
          ],
        },
      ]),
    ]);
    const tile = (id: string, reportId: string, pageName: string, visualName: string) => ({
      id,
      title: id,
      reportId,
      pageName,
      visualName,
      size: { columns: 1, rows: 1 },
    });
    await t.db.query('INSERT INTO dashboards (id, workgroup_id, name, owner_account_id, tiles) VALUES ($1, $2, $3, $4, $5)', [
      mixed,
      DEMO_WORKGROUP_ID,
      'Mixed',
      ids.P,
      JSON.stringify([
        tile('a', DEMO_REPORT_ID, 'ReportSection1', 'TotalAccounts'),
        tile('b', r2Report, 'P', 'V'),
        tile('c', DEMO_REPORT_ID, 'Gone', 'X'),
      ]),
    ]);

    const { body } = await get(r1Admin, dashboardTokenPath(mixed));
    const data = await dashboardData(body.embedToken, mixed);

    expect(data.body.dashboard.tiles.map((x: { id: string; visual: unknown }) => [x.id, x.visual !== null])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
    ]);
  });
});

describe('saving reports from the embed host', () => {
  // Made here, not above, so the account counts asserted by the token tests stay as they are.
  beforeAll(async () => {
    providerEditor = await signedIn(t.url, (await makeUser(t.db, { parentId: ids.P as number, capabilities: EDIT })).username);
    r1Editor = await signedIn(t.url, (await makeUser(t.db, { parentId: ids.R1 as number, capabilities: EDIT })).username);
    r2Editor = await signedIn(t.url, (await makeUser(t.db, { parentId: ids.R2 as number, capabilities: EDIT })).username);
  });

  it('[E3.4] tells the host what the token allows: nothing more than reading without the capability', async () => {
    const { body } = await get(providerAdmin, tokenPath());

    expect((await embedData(body.embedToken)).body.permissions).toBe(0);
    const save = await sendWithToken('PUT', '/api/embed/report', body.embedToken, { pages: onePage('Mine') });
    expect(save.status).toBe(403);
    expect(save.body.detail).toBe('This embed token does not allow saving the report');
    const copy = await sendWithToken('POST', '/api/embed/report/copies', body.embedToken, {
      name: 'Copy',
      pages: onePage('Mine'),
    });
    expect(copy.status).toBe(403);
  });

  it('[E3.15] saves a copy under a new name, then saves edited pages over that copy', async () => {
    const { body } = await get(providerEditor, tokenPath());
    expect((await embedData(body.embedToken)).body.permissions).toBe(3);

    const copy = await sendWithToken('POST', '/api/embed/report/copies', body.embedToken, {
      name: 'Provider copy',
      pages: onePage('First'),
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ workgroupId: DEMO_WORKGROUP_ID, name: 'Provider copy' });

    const copyToken = (await get(providerEditor, tokenPath(undefined, copy.body.id))).body.embedToken;
    const saved = await sendWithToken('PUT', '/api/embed/report', copyToken, { pages: onePage('Renamed') }, copy.body.id);
    expect(saved.status).toBe(200);
    const reread = await embedData(copyToken, copy.body.id);
    expect(reread.body.report.pages.map((p: { displayName: string }) => p.displayName)).toEqual(['Renamed']);
    const [audit] = await t.db.query<{ operation: string }>(
      "SELECT operation FROM audit_log WHERE operation = 'SaveEmbeddedReport' ORDER BY id DESC LIMIT 1",
    );
    expect(audit?.operation).toBe('SaveEmbeddedReport');
  });

  it('refuses invalid pages and names with errors naming the field, and a taken name with 409', async () => {
    const { body } = await get(providerEditor, tokenPath());

    const noPages = await sendWithToken('POST', '/api/embed/report/copies', body.embedToken, { name: 'X', pages: [] });
    expect(noPages.status).toBe(422);
    expect(noPages.body.errors).toEqual([{ field: 'pages', message: 'a report needs at least one page' }]);
    const badDataset = onePage('Bad');
    (badDataset[0]?.visuals[0] as { dataset: string }).dataset = 'salaries';
    const bad = await sendWithToken('POST', '/api/embed/report/copies', body.embedToken, { name: 'X', pages: badDataset });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('pages.0.visuals.0.dataset');
    const noName = await sendWithToken('POST', '/api/embed/report/copies', body.embedToken, { name: '  ', pages: onePage('A') });
    expect(noName.body.errors).toEqual([{ field: 'name', message: 'name is required' }]);
    await sendWithToken('POST', '/api/embed/report/copies', body.embedToken, { name: 'Twice', pages: onePage('A') });
    const twice = await sendWithToken('POST', '/api/embed/report/copies', body.embedToken, {
      name: 'Twice',
      pages: onePage('A'),
    });
    expect(twice.status).toBe(409);
  });

  it('lets a reseller save a copy of a report shared from above but not overwrite it; the copy stays in its tenant', async () => {
    const { body } = await get(r1Editor, tokenPath());
    expect((await embedData(body.embedToken)).body.permissions).toBe(2);

    const overwrite = await sendWithToken('PUT', '/api/embed/report', body.embedToken, { pages: onePage('Mine') });
    expect(overwrite.status).toBe(403);
    const copy = await sendWithToken('POST', '/api/embed/report/copies', body.embedToken, {
      name: 'R1 view',
      pages: onePage('R1'),
    });
    expect(copy.status).toBe(201);
    expect((await get(r1Editor, tokenPath(undefined, copy.body.id))).status).toBe(200);
    expect((await get(r2Editor, tokenPath(undefined, copy.body.id))).status).toBe(404);
  });
});

describe('embed host page', () => {
  it('serves the host page framable by the portal and the embedding sites EMBED_FRAME_ANCESTORS names, not by any site', async () => {
    const res = await fetch(`${t.url}/embed/reportEmbed?reportId=${DEMO_REPORT_ID}&groupId=${DEMO_WORKGROUP_ID}`);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'[^;]*$/);
    expect(res.headers.get('content-security-policy')).not.toContain('frame-ancestors *');
    expect(await res.text()).toContain('<script src="/embed/host.js"></script>');
  });

  // The library is built by `npm test` before the unit step (dist/powerbi.js).
  it.skipIf(!existsSync(SDK_BUNDLE))('serves the library so that it trusts this portal as an embed host', async () => {
    const res = await fetch(`${t.url}/embed/sdk/powerbi.js`);
    const body = await res.text();

    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toContain('Host');
    expect(body.trimEnd().endsWith(`client.trustEmbedOrigin("${new URL(t.url).origin}"); })(window['powerbi-client']);`)).toBe(
      true,
    );
  });

  it('keeps x-frame-options on every other page', async () => {
    const res = await fetch(`${t.url}/healthz`);

    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('subscriptions dataset', () => {
  const product = async (parentId: number, displayName: string, productName: string) => {
    const id = await makeAccount(t.db, { type: 'Product', parentId, displayName });
    await t.db.query("UPDATE accounts SET product_name = $2, created_at = '2026-10-15T23:30:00Z' WHERE id = $1", [
      id,
      productName,
    ]);
    return id;
  };
  beforeAll(async () => {
    ids.S1 = await product(ids.D1 as number, 'Mail for D1', 'Hosted Mail');
    ids.S2 = await product(ids.C1 as number, 'Backup for C1', 'Cloud Backup');
    ids.S3 = await product(ids.C2 as number, 'Mail for C2', 'Hosted Mail');
  });
  const subscriptions = async (client: ApiClient, accountId?: number) => {
    const { body } = await get(client, tokenPath(accountId, DEMO_SUBSCRIPTIONS_REPORT_ID));
    return embedData(body.embedToken, DEMO_SUBSCRIPTIONS_REPORT_ID);
  };

  it('gives the Subscriptions report the product subscriptions with their company, day, month and page link', async () => {
    const data = await subscriptions(providerAdmin);

    expect(data.status).toBe(200);
    expect(data.body.report.name).toBe('Subscriptions');
    expect(data.body.datasets.subscriptions).toContainEqual({
      Id: ids.S1,
      Subscription: 'Mail for D1',
      Product: 'Hosted Mail',
      Company: 'C1',
      State: 'Active',
      CreatedOn: '2026-10-15',
      Month: '2026-10',
      Link: `/#/Account/View/${ids.S1}`,
    });
    expect(data.body.datasets.subscriptions.map((s: { Id: number }) => s.Id)).toEqual(
      expect.arrayContaining([ids.S1, ids.S2, ids.S3]),
    );
  });

  it('binds the subscriptions to the token scope: a reseller, and an account of it', async () => {
    const reseller = await subscriptions(r1Admin);
    const company = await subscriptions(r1Admin, ids.D1);

    expect(reseller.body.datasets.subscriptions.map((s: { Id: number }) => s.Id).sort()).toEqual([ids.S1, ids.S2].sort());
    expect(company.body.datasets.subscriptions.map((s: { Id: number }) => s.Id)).toEqual([ids.S1]);
  });
});

// Last in the file: it adds 500 accounts under the provider.
describe('row limits', () => {
  it('cuts the accounts list at 500 rows and names it in rowLimits; a smaller scope has none', async () => {
    ids.R3 = await makeAccount(t.db, { type: 'Reseller', parentId: ids.P as number, displayName: 'R3' });
    for (let i = 0; i < 500; i++) await makeAccount(t.db, { type: 'Company', parentId: ids.R3, displayName: `Big ${i}` });

    const { body } = await get(providerAdmin, tokenPath(ids.R3));
    const big = await embedData(body.embedToken);
    const small = await embedData((await get(r1Admin, tokenPath())).body.embedToken);

    expect(big.status).toBe(200);
    expect(big.body.datasets.accounts).toHaveLength(500);
    expect(total(big.body.datasets.accountCounts)).toBe(501);
    expect(big.body.rowLimits).toEqual({ accounts: 500 });
    expect(small.body.rowLimits).toEqual({});
  });
});
