// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { EmbedData } from '../data.js';
import { ReportHost } from '../host.js';
import { parentWindow } from './helpers/parent-window.js';

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
  permissions: 0,
  scope: { accountId: 1, displayName: 'P' },
  datasets: {
    accountCounts: [
      { AccountType: 'Company', State: 'Active', Level: 1, Count: 3 },
      { AccountType: 'User', State: 'Active', Level: 2, Count: 5 },
    ],
  },
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};

type Answer = { status: number; body: unknown };
function setup(response: Answer = { status: 200, body: DATA }, respond?: (url: string, init: RequestInit) => Answer | null) {
  const { channel, send, events } = parentWindow();
  const root = document.createElement('main');
  const fetched: { url: string; auth: string }[] = [];
  const sent: { method: string; url: string; body: any }[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    if (init.method && init.method !== 'GET') sent.push({ method: init.method, url, body: JSON.parse(String(init.body)) });
    else fetched.push({ url, auth: String((init.headers as Record<string, string>).authorization) });
    const answer = respond?.(url, init) ?? response;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
  const host = new ReportHost(channel, root, { search: '?reportId=r1&groupId=g1&uid=u1' } as Location, fetcher);
  return { send, events, root, fetched, sent, host };
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

  it('[E3.2] describes pages, visuals and captured bookmarks with the fields of the models', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);

    const [page] = (await h.send('GET', '/report/pages')).body as Record<string, unknown>[];
    expect(Object.keys(page ?? {}).sort()).toEqual(
      [
        'background',
        'defaultDisplayOption',
        'defaultSize',
        'displayName',
        'isActive',
        'mobileSize',
        'name',
        'visibility',
        'wallpaper',
      ].sort(),
    );
    expect(page).toMatchObject({ name: 'P1', displayName: 'Overview', isActive: true, mobileSize: { width: 360 } });
    const visuals = (await h.send('GET', '/report/pages/P1/visuals')).body as Record<string, unknown>[];
    expect(visuals[0]).toEqual({
      name: 'Total',
      title: 'Accounts',
      type: 'card',
      layout: expect.objectContaining({ x: 0, y: 0, width: 200, height: 100 }),
    });
    const bookmark = (await h.send('POST', '/report/bookmarks/capture', { options: { allPages: false } })).body as {
      name: string;
      state: string;
    };
    expect(bookmark.name).toEqual(expect.any(String));
    expect(bookmark.state).toEqual(expect.any(String));
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
    expect(reply.body.message).toBe(`${what} is not supported by this report host`);
    expect(h.events()).toEqual([{ url: eventUrl, body: expect.objectContaining({ errorCode: 'NotSupported' }) }]);
  });
});

describe('editing in the report host', () => {
  const editable = { status: 200, body: { ...DATA, permissions: 3 } };
  const portal = (url: string, init: RequestInit): Answer | null => {
    if (init.method === 'PUT') return { status: 200, body: { id: 'r1', name: 'Account overview' } };
    if (init.method === 'POST')
      return { status: 201, body: { id: 'r9', workgroupId: 'g1', name: JSON.parse(String(init.body)).name } };
    return url.startsWith('/api/embed/data') ? editable : null;
  };
  const names = (events: { url: string; body: any }[]) => events.map((e) => e.url.split('/').pop());

  it('[E7.6] adds, renames and deletes pages in edit mode only', async () => {
    const h = setup(editable, portal);
    await h.send('POST', '/report/load', loadConfig);

    expect(await h.send('POST', '/report/addPage', { displayName: 'Summary' })).toMatchObject({
      statusCode: 400,
      body: { message: 'Pages can be added, renamed and deleted in edit mode only' },
    });
    expect((await h.send('POST', '/report/switchMode/edit')).statusCode).toBe(202);
    const added = await h.send('POST', '/report/addPage', { displayName: 'Summary' });
    expect(added).toMatchObject({ statusCode: 200, body: { name: 'ReportSection3', displayName: 'Summary', isActive: true } });
    expect(names(h.events())).toContain('pageChanged');
    expect((await h.send('PUT', '/report/pages/P2/name', { name: 'P2', displayName: 'Details' })).statusCode).toBe(202);
    expect((await h.send('PUT', '/report/pages/P2/name', { name: 'P2', displayName: ' ' })).body).toEqual([
      { message: 'displayName property is invalid' },
    ]);
    expect((await h.send('DELETE', '/report/pages/ReportSection3')).statusCode).toBe(202);
    expect((await h.send('DELETE', '/report/pages/Nope')).statusCode).toBe(404);

    const pages = (await h.send('GET', '/report/pages')).body;
    expect(pages.map((p: { displayName: string; isActive: boolean }) => [p.displayName, p.isActive])).toEqual([
      ['Overview', true],
      ['Details', false],
    ]);
    expect((await h.send('GET', '/report/hasUnsavedChanges')).body).toBe(true);
    expect(h.root.querySelector('[role="toolbar"] [role="status"]')?.textContent).toBe('Unsaved changes');
  });

  it('[E7.3] saves the edited pages with the token and emits saved', async () => {
    const h = setup(editable, portal);
    await h.send('POST', '/report/load', { ...loadConfig, viewMode: 1 });
    await h.send('PUT', '/report/pages/P2/name', { name: 'P2', displayName: 'Details' });

    expect((await h.send('POST', '/report/save')).statusCode).toBe(202);

    expect(h.sent).toEqual([
      { method: 'PUT', url: '/api/embed/report?reportId=r1&groupId=g1', body: { pages: expect.any(Array) } },
    ]);
    expect(h.sent[0]?.body.pages.map((p: { displayName: string }) => p.displayName)).toEqual(['Overview', 'Details']);
    expect(h.events().find((e) => e.url.endsWith('/saved'))?.body).toEqual({
      reportObjectId: 'r1',
      reportName: 'Account overview',
      saveAs: false,
    });
    expect((await h.send('GET', '/report/hasUnsavedChanges')).body).toBe(false);
  });

  it('[E3.15] [E7.3] saves a copy under a name the models accept', async () => {
    const h = setup(editable, portal);
    await h.send('POST', '/report/load', { ...loadConfig, viewMode: 1 });

    expect((await h.send('POST', '/report/saveAs', {})).body).toEqual([{ message: 'name is required' }]);
    expect((await h.send('POST', '/report/saveAs', { name: 'My copy' })).statusCode).toBe(202);

    expect(h.sent.at(-1)).toMatchObject({ method: 'POST', url: '/api/embed/report/copies?reportId=r1&groupId=g1' });
    expect(h.events().find((e) => e.url.endsWith('/saved'))?.body).toEqual({
      reportObjectId: 'r9',
      reportName: 'My copy',
      saveAs: true,
    });
  });

  it('keeps a read-only token out of edit mode and from saving', async () => {
    const h = setup();
    await h.send('POST', '/report/load', { ...loadConfig, viewMode: 1 });

    expect(h.events()[0]?.body).toMatchObject({ message: 'This embed token does not allow editing the report' });
    expect(names(h.events())).toContain('loaded');
    expect(await h.send('POST', '/report/switchMode/edit')).toMatchObject({
      statusCode: 403,
      body: { message: 'This embed token does not allow editing the report' },
    });
    expect((await h.send('POST', '/report/save')).statusCode).toBe(403);
    expect(h.sent).toEqual([]);
  });
});

describe('layouts and rendering events', () => {
  it('[E3.12] shows only the visual a custom layout keeps, at its size (how a single visual is embedded)', async () => {
    const h = setup();
    const pagesLayout = {
      P1: {
        defaultLayout: { displayState: { mode: 1 } },
        visualsLayout: { ByType: { displayState: { mode: 0 }, x: 1, y: 1, width: 300, height: 200 } },
      },
    };

    await h.send('POST', '/report/load', {
      ...loadConfig,
      pageName: 'P1',
      settings: { layoutType: 2, customLayout: { pageSize: { type: 4, width: 300, height: 200 }, pagesLayout } },
    });

    const shown = [...h.root.querySelectorAll('[data-visual]')] as HTMLElement[];
    expect(shown.map((v) => v.dataset.visual)).toEqual(['ByType']);
    expect([shown[0]?.style.width, shown[0]?.style.height]).toEqual(['300px', '200px']);
  });

  it('[E4.3] raises visualRendered for each shown visual when the settings ask for it, and blur', async () => {
    const h = setup();

    await h.send('POST', '/report/load', { ...loadConfig, settings: { visualRenderedEvents: true } });
    h.host.blurred();

    const names = h.events().map((e) => e.url.split('/').pop());
    expect(names).toEqual([
      'loaded',
      'renderingStarted',
      'visualRendered',
      'visualRendered',
      'visualRendered',
      'rendered',
      'blur',
    ]);
    expect(h.events()[2]?.body).toMatchObject({ name: 'Total', type: 'card' });
  });
});

describe('extension commands', () => {
  const extensions = [
    {
      command: {
        name: 'explain',
        title: 'Explain this',
        selector: { $schema: 'http://powerbi.com/product/schema#visualSelector', visualName: 'ByType' },
        extend: { visualOptionsMenu: { title: 'Explain the chart' } },
      },
    },
    { command: { name: 'drill', title: 'Open accounts', extend: { visualContextMenu: {} } } },
  ];

  it('[E3.3] adds options-menu commands to the visuals their selector names and raises commandTriggered', async () => {
    const h = setup();
    await h.send('POST', '/report/load', { ...loadConfig, settings: { extensions } });

    expect(h.root.querySelectorAll('[aria-label^="More options for"]')).toHaveLength(1);
    (h.root.querySelector('[data-visual="ByType"] .visual-options') as HTMLButtonElement).click();
    const item = document.querySelector('.command-menu [role="menuitem"]') as HTMLElement;
    expect(item.textContent).toBe('Explain the chart');
    item.click();

    const event = h.events().find((e) => e.url.endsWith('/commandTriggered'));
    expect(event?.body).toMatchObject({ command: 'explain', visual: { name: 'ByType' }, dataPoints: [] });
  });

  it('[E4.3] opens the context menu of a data point and sends the point with the command', async () => {
    const h = setup();
    await h.send('POST', '/report/load', { ...loadConfig, settings: { extensions } });

    const point = h.root.querySelector('[data-visual="ByType"] [data-category="User"]') as Element;
    point.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    (document.querySelector('.command-menu [data-command="drill"]') as HTMLElement).click();

    const event = h.events().find((e) => e.url.endsWith('/commandTriggered'));
    expect(event?.body.dataPoints).toEqual([
      { identity: [{ target: { table: 'Accounts', column: 'AccountType' }, equals: 'User' }], values: [] },
    ]);
    expect(document.querySelector('.command-menu')).toBeNull();
  });
});

describe('panes', () => {
  it('[E3.11] shows the pages pane and switches pages from it', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);

    const tabs = [...h.root.querySelectorAll('nav[aria-label="Pages"] button')] as HTMLButtonElement[];
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-current')])).toEqual([
      ['Overview', 'page'],
      ['Accounts', null],
    ]);
    tabs[1]?.click();

    expect(h.events().find((e) => e.url.endsWith('/pageChanged'))?.body.newPage).toMatchObject({ name: 'P2', isActive: true });
    expect(h.root.querySelector('nav[aria-label="Pages"] [aria-current="page"]')?.textContent).toBe('Accounts');
  });

  it('[E3.11] lists the applied filters in words and removes one from the filters pane', async () => {
    const h = setup();
    await h.send('POST', '/report/load', { ...loadConfig, filters: [basic('AccountType', ['Company'])] });

    const pane = h.root.querySelector('aside[aria-label="Filters"]') as HTMLElement;
    expect(pane.querySelector('section[aria-label="On this report"] li span')?.textContent).toBe('AccountType is Company');
    (pane.querySelector('button[aria-label="Remove filter AccountType is Company"]') as HTMLButtonElement).click();

    expect(h.events().at(-2)).toEqual({ url: '/reports/u1/events/filtersApplied', body: { filters: [] } });
    expect(h.root.querySelector('aside[aria-label="Filters"]')?.textContent).toContain('No filters are applied.');
    expect((await h.send('GET', '/report/filters')).body).toEqual([]);
  });

  it('[E3.10] [E3.11] hides the panes the settings turn off and puts the pages pane on the left when asked', async () => {
    const h = setup();
    await h.send('POST', '/report/load', { ...loadConfig, settings: { filterPaneEnabled: false, navContentPaneEnabled: false } });
    expect(h.root.querySelector('nav[aria-label="Pages"]')).toBeNull();
    expect(h.root.querySelector('aside[aria-label="Filters"]')).toBeNull();

    await h.send('PATCH', '/report/settings', {
      panes: { pageNavigation: { visible: true, position: 1 }, filters: { visible: true, expanded: false } },
    });

    expect(h.root.querySelector('nav[aria-label="Pages"]')?.classList.contains('pages-left')).toBe(true);
    expect(h.root.querySelector('aside[aria-label="Filters"]')?.classList.contains('collapsed')).toBe(true);
  });
});

describe('links in tables', () => {
  const LINKS: EmbedData = {
    ...DATA,
    report: {
      ...DATA.report,
      pages: [
        {
          name: 'L1',
          displayName: 'Subscriptions',
          visuals: [
            {
              name: 'List',
              title: 'Subscriptions',
              type: 'tableEx',
              dataset: 'subscriptions',
              fields: { columns: ['Subscription', 'Link'] },
              layout: { x: 0, y: 0, width: 600, height: 300 },
            },
          ],
        },
      ],
    },
    datasets: {
      subscriptions: [
        { Subscription: 'Mail', Link: '/#/Account/View/42' },
        { Subscription: 'Backup', Link: 'not a link' },
      ],
    },
  };

  /** Clicks the first link and says whether the browser would have followed it. */
  const clickLink = (root: HTMLElement) => {
    const a = root.querySelector('a[href="/#/Account/View/42"]') as HTMLAnchorElement;
    let followed = true;
    a.addEventListener('click', (event) => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    });
    a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    return followed;
  };
  const told = (h: ReturnType<typeof setup>) => h.events().filter((e) => !/loaded|rendered|renderingStarted/.test(e.url));

  it('shows portal and web addresses as links that open in a new tab, other text as text', async () => {
    const h = setup({ status: 200, body: LINKS });
    await h.send('POST', '/report/load', loadConfig);

    const links = [...h.root.querySelectorAll('td a')] as HTMLAnchorElement[];
    expect(links.map((a) => [a.getAttribute('href'), a.target, a.rel])).toEqual([
      ['/#/Account/View/42', '_blank', 'noopener noreferrer'],
    ]);
  });

  it('[E4.3] follows a link without telling the host page by default (Navigate)', async () => {
    const h = setup({ status: 200, body: LINKS });
    await h.send('POST', '/report/load', loadConfig);

    expect(clickLink(h.root)).toBe(true);
    expect(told(h)).toEqual([]);
  });

  it('[E4.3] raises dataHyperlinkClicked instead of following the link with RaiseEvent', async () => {
    const h = setup({ status: 200, body: LINKS });
    await h.send('POST', '/report/load', { ...loadConfig, settings: { hyperlinkClickBehavior: 2 } });

    expect(clickLink(h.root)).toBe(false);
    expect(told(h)).toEqual([
      {
        url: '/reports/u1/events/dataHyperlinkClicked',
        body: expect.objectContaining({
          url: '/#/Account/View/42',
          visualId: 'List',
          dataPoints: [{ identity: [{ target: { table: 'Accounts', column: 'Subscription' }, equals: 'Mail' }], values: [] }],
        }),
      },
    ]);
  });

  it('[E4.3] follows the link and raises dataHyperlinkClicked with NavigateAndRaiseEvent, set by updateSettings', async () => {
    const h = setup({ status: 200, body: LINKS });
    await h.send('POST', '/report/load', loadConfig);

    expect((await h.send('PATCH', '/report/settings', { hyperlinkClickBehavior: 1 })).statusCode).toBe(202);

    expect(clickLink(h.root)).toBe(true);
    expect(told(h).map((e) => e.url)).toEqual(['/reports/u1/events/dataHyperlinkClicked']);
  });
});

describe('buttons', () => {
  const BUTTONS: EmbedData = {
    ...DATA,
    report: {
      ...DATA.report,
      pages: [
        {
          name: 'B1',
          displayName: 'Start',
          visuals: [
            {
              name: 'Next',
              title: 'Show the list',
              type: 'actionButton',
              fields: {},
              action: { type: 'PageNavigation', page: 'B2' },
              layout: { x: 0, y: 0, width: 200, height: 40 },
            },
          ],
        },
        { name: 'B2', displayName: 'List', visuals: [] },
      ],
    },
  };

  it('[E4.3] raises buttonClicked, then does the button action: a page navigation raises pageChanged', async () => {
    const h = setup({ status: 200, body: BUTTONS });
    await h.send('POST', '/report/load', loadConfig);
    const button = h.root.querySelector('[data-visual="Next"] button') as HTMLButtonElement;

    expect(button.textContent).toBe('Show the list');
    expect(h.root.querySelector('[data-visual="Next"] h2')).toBeNull();
    button.click();

    const after = h.events().filter((e) => /buttonClicked|pageChanged/.test(e.url));
    expect(after).toEqual([
      { url: '/reports/u1/events/buttonClicked', body: { id: 'Next', title: 'Show the list', type: 'PageNavigation' } },
      { url: '/reports/u1/events/pageChanged', body: { newPage: expect.objectContaining({ name: 'B2', isActive: true }) } },
    ]);
    expect(h.root.querySelector('[data-page]')?.getAttribute('data-page')).toBe('B2');
  });
});
