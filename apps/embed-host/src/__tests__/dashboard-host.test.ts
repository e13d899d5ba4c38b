// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { Channel } from '../channel.js';
import { type DashboardData, DashboardHost, TileHost, tileSize } from '../dashboard-host.js';

const ORIGIN = 'https://host.example';
const card = {
  name: 'Total',
  title: 'Accounts',
  type: 'card' as const,
  dataset: 'accountCounts',
  fields: { value: 'Count' },
  layout: { x: 0, y: 0, width: 200, height: 100 },
};
const DATA: DashboardData = {
  dashboard: {
    id: 'd1',
    workgroupId: 'g1',
    name: 'Account health',
    tiles: [
      {
        id: 't1',
        title: 'Accounts',
        reportId: 'r1',
        pageName: 'P1',
        visualName: 'Total',
        size: { columns: 1, rows: 1 },
        visual: card,
        reportEmbedUrl: 'https://portal.example/embed/reportEmbed?reportId=r1&groupId=g1',
      },
      {
        id: 't2',
        title: 'Gone',
        reportId: 'r2',
        pageName: 'P1',
        visualName: 'X',
        size: { columns: 2, rows: 1 },
        visual: null,
        reportEmbedUrl: 'https://portal.example/embed/reportEmbed?reportId=r2&groupId=g1',
      },
    ],
  },
  scope: { accountId: 1, displayName: 'P' },
  datasets: { accountCounts: [{ AccountType: 'Company', State: 'Active', Level: 1, Count: 7 }] },
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};

function setup(kind: 'dashboard' | 'tile', response: { status: number; body: unknown } = { status: 200, body: DATA }) {
  const posted: Record<string, any>[] = [];
  const listeners: ((event: MessageEvent) => void)[] = [];
  const parent = { postMessage: (message: Record<string, any>) => posted.push(message) } as unknown as Window;
  const self = { addEventListener: (_: string, fn: (event: MessageEvent) => void) => listeners.push(fn) } as unknown as Window;
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const fetched: string[] = [];
  const fetcher = (async (url: string) => {
    fetched.push(url);
    return new Response(JSON.stringify(response.body), { status: response.status });
  }) as typeof fetch;
  const channel = new Channel(self, parent, ORIGIN);
  const location = { search: '?dashboardId=d1&groupId=g1&tileId=t1&uid=u1' } as Location;
  if (kind === 'dashboard') new DashboardHost(channel, root, location, fetcher);
  else new TileHost(channel, root, location, fetcher);
  let n = 0;
  const send = async (method: string, url: string, body?: unknown) => {
    const id = `m${n++}`;
    for (const fn of listeners)
      fn({ data: { method, url, headers: { id, uid: 'u1' }, body }, origin: ORIGIN, source: parent } as MessageEvent);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return posted.find((m) => m.headers?.id === id && 'statusCode' in m) as { statusCode: number; body: any };
  };
  const events = () => posted.filter((m) => 'method' in m).map((m) => ({ url: m.url as string, body: m.body }));
  return { send, events, root, fetched };
}

const dashboardConfig = { type: 'dashboard', id: 'd1', groupId: 'g1', accessToken: 'tok', embedUrl: 'x' };
const tileConfig = { type: 'tile', id: 't1', dashboardId: 'd1', accessToken: 'tok', embedUrl: 'x', width: 400, height: 300 };

describe('the dashboard host', () => {
  it('loads the dashboard with its token and draws every tile, with a note for a tile whose visual is gone', async () => {
    const h = setup('dashboard');

    expect((await h.send('POST', '/dashboard/load', dashboardConfig)).statusCode).toBe(202);

    expect(h.fetched).toEqual(['/api/embed/dashboard?dashboardId=d1&groupId=g1']);
    expect(h.events().map((e) => e.url)).toEqual(['/dashboards/u1/events/loaded', '/dashboards/u1/events/rendered']);
    expect(h.root.querySelector('[data-tile="t1"] .card')?.getAttribute('data-value')).toBe('7');
    expect(h.root.querySelector('[data-tile="t2"]')?.textContent).toContain('no longer available');
  });

  it('[E4.3] raises tileClicked with the tile and the report it opens', async () => {
    const h = setup('dashboard');
    await h.send('POST', '/dashboard/load', dashboardConfig);

    (h.root.querySelector('[data-tile="t1"] button') as HTMLButtonElement).click();

    expect(h.events().at(-1)).toEqual({
      url: '/dashboards/u1/events/tileClicked',
      body: {
        tileId: 't1',
        reportEmbedUrl: 'https://portal.example/embed/reportEmbed?reportId=r1&groupId=g1',
        navigationUrl: 'https://portal.example/embed/reportEmbed?reportId=r1&groupId=g1',
        pageName: 'P1',
      },
    });
  });

  it('lays the tiles out by page view and refuses an unknown one with the models message', async () => {
    const h = setup('dashboard');

    await h.send('POST', '/dashboard/load', { ...dashboardConfig, pageView: 'oneColumn' });
    expect(h.root.querySelector('.dashboard')?.getAttribute('data-page-view')).toBe('oneColumn');
    const refused = await h.send('POST', '/dashboard/load', { ...dashboardConfig, pageView: 'tiny' });

    expect(refused).toEqual({
      statusCode: 400,
      headers: expect.anything(),
      body: [{ message: 'pageView must be a string with one of the following values: "actualSize", "fitToWidth", "oneColumn"' }],
    });
  });

  it('turns a refused token into an error event on the dashboard events route', async () => {
    const h = setup('dashboard', { status: 403, body: { detail: 'The embed token was issued for another dashboard' } });

    await h.send('POST', '/dashboard/load', dashboardConfig);

    expect(h.events()).toEqual([
      {
        url: '/dashboards/u1/events/error',
        body: expect.objectContaining({ message: 'The embed token was issued for another dashboard', level: 6 }),
      },
    ]);
  });
});

describe('the tile host', () => {
  it('draws the asked tile at the asked size and raises tileLoaded', async () => {
    const h = setup('tile');

    expect((await h.send('POST', '/tile/load', tileConfig)).statusCode).toBe(202);

    expect(h.events().map((e) => e.url)).toEqual(['/tile/u1/events/tileLoaded', '/tile/u1/events/rendered']);
    const tile = h.root.querySelector('[data-tile="t1"]') as HTMLElement;
    expect([tile.style.width, tile.style.height]).toEqual(['400px', '300px']);
  });

  it('[E5.4] refuses a tile load without a dashboard id, and a tile the dashboard does not have', async () => {
    const h = setup('tile');

    expect((await h.send('POST', '/tile/load', { ...tileConfig, dashboardId: undefined })).body).toEqual([
      { message: 'dashboardId is required' },
    ]);
    await h.send('POST', '/tile/load', { ...tileConfig, id: 'nope' });
    expect(h.events().at(-1)).toMatchObject({
      url: '/tile/u1/events/error',
      body: { message: 'Tile nope was not found on this dashboard' },
    });
  });

  it('sizes a tile from its grid cells when no size is asked', () => {
    expect(tileSize({ columns: 2, rows: 1 })).toEqual({ width: 532, height: 190 });
  });
});
