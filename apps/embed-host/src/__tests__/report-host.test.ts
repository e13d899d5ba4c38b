// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { Channel } from '../channel.js';
import type { EmbedData } from '../data.js';
import { ReportHost } from '../host.js';

const ORIGIN = 'https://host.example';
const DATA: EmbedData = {
  report: {
    id: 'r1',
    workgroupId: 'g1',
    name: 'Account overview',
    pages: [
      {
        name: 'P1',
        displayName: 'Overview',
        visuals: [
          {
            name: 'Total',
            title: 'Accounts',
            type: 'card',
            dataset: 'accountCounts',
            fields: { value: 'Count' },
            layout: { x: 0, y: 0, width: 200, height: 100 },
          },
          {
            name: 'ByType',
            title: 'By type',
            type: 'columnChart',
            dataset: 'accountCounts',
            fields: { category: 'AccountType', value: 'Count' },
            layout: { x: 0, y: 100, width: 400, height: 300 },
          },
          {
            name: 'Types',
            title: 'Type',
            type: 'slicer',
            dataset: 'accountCounts',
            fields: { category: 'AccountType' },
            layout: { x: 400, y: 0, width: 200, height: 300 },
          },
        ],
      },
      { name: 'P2', displayName: 'Accounts', visuals: [] },
    ],
  },
  scope: { accountId: 1, displayName: 'P' },
  datasets: {
    accountCounts: [
      { AccountType: 'Company', State: 'Active', Level: 1, Count: 3 },
      { AccountType: 'User', State: 'Active', Level: 2, Count: 5 },
    ],
  },
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};

function setup(response: { status: number; body: unknown } = { status: 200, body: DATA }) {
  const posted: Record<string, any>[] = [];
  const listeners: ((event: MessageEvent) => void)[] = [];
  const parent = { postMessage: (message: Record<string, any>) => posted.push(message) } as unknown as Window;
  const self = { addEventListener: (_: string, fn: (event: MessageEvent) => void) => listeners.push(fn) } as unknown as Window;
  const root = document.createElement('main');
  const fetched: { url: string; auth: string }[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    fetched.push({ url, auth: String((init.headers as Record<string, string>).authorization) });
    return new Response(JSON.stringify(response.body), { status: response.status });
  }) as typeof fetch;
  new ReportHost(new Channel(self, parent, ORIGIN), root, { search: '?reportId=r1&groupId=g1&uid=u1' } as Location, fetcher);
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

const loadConfig = {
  type: 'report',
  id: 'r1',
  groupId: 'g1',
  accessToken: 'tok',
  embedUrl: 'https://app.powerbi.com/reportEmbed',
};
const basic = (column: string, values: string[]) => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Accounts', column },
  operator: 'In',
  values,
  filterType: 1,
});

describe('the report host', () => {
  it('loads with the token as bearer, emits loaded then rendered, and draws the first page', async () => {
    const h = setup();

    expect((await h.send('POST', '/report/load', loadConfig)).statusCode).toBe(202);

    expect(h.fetched).toEqual([{ url: '/api/embed/data?reportId=r1&groupId=g1', auth: 'Bearer tok' }]);
    expect(h.events().map((e) => e.url)).toEqual([
      '/reports/u1/events/loaded',
      '/reports/u1/events/renderingStarted',
      '/reports/u1/events/rendered',
    ]);
    expect(h.root.querySelector('[data-visual="Total"] .card')?.getAttribute('data-value')).toBe('8');
  });

  it('refuses a load config the models reject', async () => {
    const h = setup();

    const reply = await h.send('POST', '/report/load', { type: 'report', id: 'r1' });

    expect(reply).toMatchObject({ statusCode: 400, body: [{ message: 'accessToken is required' }] });
    expect(h.fetched).toEqual([]);
  });

  it('turns a refused token into an error event and no loaded event', async () => {
    const h = setup({ status: 401, body: { detail: 'The embed token has expired', reason: 'expired' } });

    await h.send('POST', '/report/load', loadConfig);

    expect(h.events()).toEqual([
      {
        url: '/reports/u1/events/error',
        body: expect.objectContaining({ message: 'The embed token has expired', errorCode: 'TokenExpired', level: 6 }),
      },
    ]);
    expect(h.root.querySelector('[role="alert"]')?.textContent).toBe('The embed token has expired');
  });

  it('answers pages, page switches, filters, slicers and export', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);

    expect(
      (await h.send('GET', '/report/pages')).body.map((p: { name: string; isActive: boolean }) => [p.name, p.isActive]),
    ).toEqual([
      ['P1', true],
      ['P2', false],
    ]);
    expect((await h.send('PUT', '/report/pages/active', { name: 'P9', displayName: null, isActive: true })).statusCode).toBe(404);
    expect((await h.send('PUT', '/report/filters', [{ operator: 'In' }])).statusCode).toBe(400);

    expect(
      (await h.send('POST', '/report/filters', { filtersOperation: 2, filters: [basic('AccountType', ['User'])] })).statusCode,
    ).toBe(202);
    expect(h.events().some((e) => e.url === '/reports/u1/events/filtersApplied')).toBe(true);
    expect(h.root.querySelector('[data-visual="Total"] .card')?.getAttribute('data-value')).toBe('5');
    expect((await h.send('GET', '/report/filters')).body).toEqual([basic('AccountType', ['User'])]);

    await h.send('POST', '/report/filters', { filtersOperation: 0 });
    expect(
      (await h.send('PUT', '/report/pages/P1/visuals/Types/slicer', { filters: [basic('AccountType', ['Company'])] })).statusCode,
    ).toBe(202);
    expect(h.root.querySelector('[data-visual="Total"] .card')?.getAttribute('data-value')).toBe('3');
    expect((await h.send('PUT', '/report/pages/P1/visuals/Total/slicer', { filters: [] })).statusCode).toBe(400);

    const csv = await h.send('POST', '/report/pages/P1/visuals/ByType/exportData', { rows: 10, exportDataType: 0 });
    expect(csv).toMatchObject({ statusCode: 200, body: { data: 'AccountType,Sum of Count\r\nCompany,3' } });

    expect((await h.send('PUT', '/report/pages/active', { name: 'P2', displayName: null, isActive: true })).statusCode).toBe(202);
    expect(h.events().find((e) => e.url === '/reports/u1/events/pageChanged')?.body).toMatchObject({
      newPage: { name: 'P2', isActive: true },
    });
  });

  it('validates and applies zoom through settings', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);

    expect((await h.send('PATCH', '/report/settings', { zoomLevel: 5 })).statusCode).toBe(400);
    expect((await h.send('PATCH', '/report/settings', { zoomLevel: 2 })).statusCode).toBe(202);
    expect((await h.send('GET', '/report/zoom')).body).toBe(2);
  });

  it.each([
    ['POST', '/qna/load', '/qna/u1/events/error', 'Q&A'],
    ['POST', '/report/create', '/reports/u1/events/error', 'Report creation'],
    ['POST', '/quickcreate', '/reports/u1/events/error', 'Quick create'],
  ])('answers %s %s with a clear error', async (method, url, eventUrl, what) => {
    const h = setup();

    const reply = await h.send(method, url, {});

    expect(reply.statusCode).toBe(400);
    expect(reply.body.message).toBe(`${what} is not supported by this report host: it shows self-hosted reports read-only`);
    expect(h.events()).toEqual([{ url: eventUrl, body: expect.objectContaining({ errorCode: 'NotSupported' }) }]);
  });
});
