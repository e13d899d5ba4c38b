// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { EmbedData } from '../data.js';
import { ReportHost, SWIPE_PAGE_PX, SWIPE_START_PX } from '../host.js';
import { parentWindow } from './helpers/parent-window.js';

/** The host's user-driven events: selectionChanged, swipeStart/swipeEnd and info (docs/decisions/0021-embed-events.md). */
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
            dataset: 'accounts',
            fields: { value: 'Count' },
            layout: { x: 0, y: 0, width: 200, height: 100 },
          },
          {
            name: 'ByType',
            title: 'By type',
            type: 'columnChart',
            dataset: 'accounts',
            fields: { category: 'AccountType', value: 'Count' },
            layout: { x: 0, y: 100, width: 400, height: 300 },
          },
          {
            name: 'Types',
            title: 'Type',
            type: 'slicer',
            dataset: 'accounts',
            fields: { category: 'AccountType' },
            layout: { x: 400, y: 0, width: 200, height: 300 },
          },
        ],
      },
      {
        name: 'P2',
        displayName: 'Accounts',
        visuals: [
          {
            name: 'List',
            title: 'Account list',
            type: 'tableEx',
            dataset: 'accounts',
            fields: { columns: ['AccountType', 'State'] },
            layout: { x: 0, y: 0, width: 600, height: 300 },
          },
        ],
      },
      { name: 'P3', displayName: 'Notes', visuals: [] },
    ],
  },
  permissions: 0,
  scope: { accountId: 1, displayName: 'P' },
  datasets: {
    accounts: [
      { AccountType: 'Company', State: 'Active', Count: 3 },
      { AccountType: 'User', State: 'Suspended', Count: 5 },
    ],
  },
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};

const loadConfig = {
  type: 'report',
  id: 'r1',
  groupId: 'g1',
  accessToken: 'tok',
  embedUrl: 'https://app.powerbi.com/reportEmbed',
};

function setup(data: EmbedData = DATA) {
  const { channel, send, events } = parentWindow();
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const fetcher = (async () => new Response(JSON.stringify(data), { status: 200 })) as unknown as typeof fetch;
  new ReportHost(channel, root, { search: '?reportId=r1&groupId=g1&uid=u1' } as Location, fetcher);
  const names = () => events().map((e) => e.url.split('/').pop());
  const last = (name: string) =>
    events()
      .filter((e) => e.url.endsWith(`/events/${name}`))
      .pop()?.body;
  return { send, events, names, last, root };
}

const basic = (table: string, column: string, values: string[]) => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table, column },
  operator: 'In',
  values,
  filterType: 1,
});

describe('selectionChanged', () => {
  const point = (root: HTMLElement, visual: string, category: string) =>
    root.querySelector(`[data-visual="${visual}"] [data-category="${category}"]`) as SVGElement & HTMLElement;

  it('[E4.3] selects a chart point after visualClicked and dataSelected, with the report, page, visual and data point', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);
    const before = h.events().length;

    point(h.root, 'ByType', 'User').dispatchEvent(new MouseEvent('click', { bubbles: true }));

    expect(h.names().slice(before)).toEqual(['visualClicked', 'dataSelected', 'selectionChanged']);
    const selection = h.last('selectionChanged');
    expect(selection).toEqual({
      report: { id: 'r1', displayName: 'Account overview' },
      page: expect.objectContaining({ name: 'P1', displayName: 'Overview', isActive: true }),
      visual: expect.objectContaining({ name: 'ByType', title: 'By type', type: 'columnChart' }),
      dataPoints: [
        {
          identity: [{ target: { table: 'Accounts', column: 'AccountType' }, equals: 'User' }],
          values: [{ target: { table: 'Accounts', column: 'Count' }, value: 5, formattedValue: '5' }],
        },
      ],
      regions: [],
      filters: [],
    });
    expect(h.last('dataSelected')).toEqual(selection);
    // The visual is drawn with the selection before the events: the point pressed, the others dimmed.
    expect(point(h.root, 'ByType', 'User').getAttribute('aria-pressed')).toBe('true');
    expect(point(h.root, 'ByType', 'Company').getAttribute('aria-pressed')).toBe('false');
    expect(point(h.root, 'ByType', 'Company').getAttribute('class')).toBe('dimmed');
  });

  it('[E4.3] clears the selection when the selected point is chosen again (keyboard), keeping the focus on it', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);
    const enter = (el: Element) => el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));

    point(h.root, 'ByType', 'Company').focus();
    enter(point(h.root, 'ByType', 'Company'));
    expect(h.last('selectionChanged').dataPoints[0].identity[0].equals).toBe('Company');
    expect(document.activeElement).toBe(point(h.root, 'ByType', 'Company'));

    enter(point(h.root, 'ByType', 'Company'));

    expect(h.last('selectionChanged')).toMatchObject({ visual: { name: 'ByType' }, dataPoints: [] });
    expect(h.last('dataSelected').dataPoints).toEqual([]);
    expect(point(h.root, 'ByType', 'Company').getAttribute('aria-pressed')).toBe('false');
    expect(h.root.querySelector('.dimmed')).toBeNull();
    expect(document.activeElement).toBe(point(h.root, 'ByType', 'Company'));
  });

  it('[E4.3] selects a table row by its first column; a card raises dataSelected but selects nothing', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);

    (h.root.querySelector('[data-visual="Total"] .card-value') as HTMLButtonElement).click();
    expect(h.names()).not.toContain('selectionChanged');
    expect(h.last('dataSelected').dataPoints[0].values[0].value).toBe(8);

    await h.send('PUT', '/report/pages/active', { name: 'P2', displayName: null, isActive: true });
    const rows = h.root.querySelectorAll('[data-visual="List"] tbody tr');
    (rows[1] as HTMLElement).click();

    expect(h.last('selectionChanged')).toMatchObject({
      page: { name: 'P2' },
      visual: { name: 'List', type: 'tableEx' },
      dataPoints: [{ identity: [{ target: { table: 'Accounts', column: 'AccountType' }, equals: 'User' }], values: [] }],
    });
    expect(h.root.querySelector('[data-visual="List"] tbody tr.selected td')?.textContent).toBe('User');
  });

  it('[E4.3] selects a table row from the keyboard through the button of its key cell', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);
    await h.send('PUT', '/report/pages/active', { name: 'P2', displayName: null, isActive: true });
    const button = h.root
      .querySelectorAll('[data-visual="List"] tbody tr')[1]
      ?.querySelector('button.row-select') as HTMLButtonElement;

    expect(button.textContent).toBe('User');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    button.click();

    expect(h.last('selectionChanged')).toMatchObject({ visual: { name: 'List' }, dataPoints: [{ values: [] }] });
    const pressed = h.root.querySelector('[data-visual="List"] tbody tr.selected button.row-select');
    expect(pressed?.getAttribute('aria-pressed')).toBe('true');
  });

  it('[E4.3] clears the selection with selectionChanged before pageChanged when the page changes', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);
    point(h.root, 'ByType', 'User').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const before = h.events().length;

    await h.send('PUT', '/report/pages/active', { name: 'P2', displayName: null, isActive: true });

    expect(h.names().slice(before)).toEqual(['selectionChanged', 'renderingStarted', 'rendered', 'pageChanged']);
    expect(h.events()[before]?.body).toMatchObject({ page: { name: 'P1' }, visual: { name: 'ByType' }, dataPoints: [] });
    // Back on the first page nothing is selected any more.
    await h.send('PUT', '/report/pages/active', { name: 'P1', displayName: null, isActive: true });
    expect(point(h.root, 'ByType', 'User').getAttribute('aria-pressed')).toBe('false');
  });

  it('[E4.3] clears the selection when a bookmark opens another page', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);
    await h.send('PUT', '/report/pages/active', { name: 'P2', displayName: null, isActive: true });
    const bookmark = (await h.send('POST', '/report/bookmarks/capture', { options: { allPages: true } })).body;
    await h.send('PUT', '/report/pages/active', { name: 'P1', displayName: null, isActive: true });
    point(h.root, 'ByType', 'User').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const before = h.events().length;

    await h.send('POST', '/report/bookmarks/applyState', { state: bookmark.state });

    expect(h.names().slice(before)).toEqual(['selectionChanged', 'renderingStarted', 'rendered', 'bookmarkApplied']);
    expect(h.events()[before]?.body).toMatchObject({ visual: { name: 'ByType' }, dataPoints: [] });
  });
});

describe('swipeStart and swipeEnd', () => {
  /** One touch pointer event at (x, y) on the element (jsdom has no PointerEvent constructor). */
  const pointer = (target: Element, type: string, x: number, y: number, pointerType = 'touch') => {
    const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y });
    Object.defineProperties(event, { pointerType: { value: pointerType }, pointerId: { value: 7 } });
    target.dispatchEvent(event);
  };
  const swipe = (root: HTMLElement, dx: number, dy = 0, pointerType = 'touch', end = 'pointerup') => {
    const canvas = root.querySelector('.page-scroller .page') as Element;
    pointer(canvas, 'pointerdown', 300, 200, pointerType);
    pointer(canvas, 'pointermove', 300 + dx / 2, 200 + dy / 2, pointerType);
    pointer(canvas, 'pointermove', 300 + dx, 200 + dy, pointerType);
    pointer(canvas, end, 300 + dx, 200 + dy, pointerType);
  };
  const swipeEvents = (h: ReturnType<typeof setup>, from: number) =>
    h
      .events()
      .slice(from)
      .filter((e) => /\/(swipeStart|swipeEnd|pageChanged)$/.test(e.url))
      .map((e) => [e.url.split('/').pop(), (e.body.currentPage ?? e.body.newPage).name]);

  it('[E4.3] a swipe to the left goes to the next page: swipeStart, pageChanged, then swipeEnd with the page landed on', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);

    swipe(h.root, -(SWIPE_PAGE_PX + 20), 10);

    expect(swipeEvents(h, 0)).toEqual([
      ['swipeStart', 'P1'],
      ['pageChanged', 'P2'],
      ['swipeEnd', 'P2'],
    ]);
    expect(h.last('swipeStart').currentPage).toMatchObject({ name: 'P1', displayName: 'Overview' });
    expect(h.last('swipeEnd').currentPage).toMatchObject({ name: 'P2', displayName: 'Accounts', isActive: true });
    expect(h.root.querySelector('.page')?.getAttribute('data-page')).toBe('P2');

    // To the right: back to the previous page.
    const before = h.events().length;
    swipe(h.root, SWIPE_PAGE_PX);
    expect(swipeEvents(h, before)).toEqual([
      ['swipeStart', 'P2'],
      ['pageChanged', 'P1'],
      ['swipeEnd', 'P1'],
    ]);
  });

  it('[E4.3] a short swipe, one past the last page or a cancelled one ends on the same page without pageChanged', async () => {
    const h = setup();
    await h.send('POST', '/report/load', { ...loadConfig, pageName: 'P3' });

    swipe(h.root, -(SWIPE_PAGE_PX - 1));
    swipe(h.root, -(SWIPE_PAGE_PX + 100));
    swipe(h.root, SWIPE_PAGE_PX + 100, 0, 'touch', 'pointercancel');

    expect(swipeEvents(h, 0)).toEqual([
      ['swipeStart', 'P3'],
      ['swipeEnd', 'P3'],
      ['swipeStart', 'P3'],
      ['swipeEnd', 'P3'],
      ['swipeStart', 'P3'],
      ['swipeEnd', 'P3'],
    ]);
  });

  it('leaves vertical moves, tiny moves and mouse drags alone', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);

    swipe(h.root, 20, 120); // scrolling down
    swipe(h.root, SWIPE_START_PX - 1, 0); // a tap that wobbled
    swipe(h.root, -200, 0, 'mouse');

    expect(swipeEvents(h, 0)).toEqual([]);
  });

  it('[E4.3] swipes change page in a mobile layout even without the page navigation, and not on a desktop layout without it', async () => {
    const desktop = setup();
    await desktop.send('POST', '/report/load', { ...loadConfig, settings: { navContentPaneEnabled: false } });
    swipe(desktop.root, -200);
    expect(swipeEvents(desktop, 0)).toEqual([]);

    const mobile = setup();
    await mobile.send('POST', '/report/load', {
      ...loadConfig,
      settings: { layoutType: 2, panes: { pageNavigation: { visible: false } } },
    });
    swipe(mobile.root, -200);
    expect(swipeEvents(mobile, 0)).toEqual([
      ['swipeStart', 'P1'],
      ['pageChanged', 'P2'],
      ['swipeEnd', 'P2'],
    ]);
  });
});

describe('info', () => {
  const info = (message: string, errorCode: string) => ({
    message,
    detailedMessage: message,
    errorCode,
    level: 0,
    technicalDetails: { requestId: null },
  });

  it('[E4.3] tells after loaded what the load configuration named that the report lacks', async () => {
    const h = setup();

    await h.send('POST', '/report/load', {
      ...loadConfig,
      pageName: 'Missing',
      filters: [basic('Accounts', 'Region', ['North']), basic('Accounts', 'State', ['Active']), basic('Orders', 'State', ['x'])],
      slicers: [
        {
          selector: { $schema: 'http://powerbi.com/product/schema#visualSelector', visualName: 'Ghost' },
          state: { filters: [] },
        },
      ],
      bookmark: { name: 'Nope' },
    });

    expect(h.names()).toEqual(['loaded', 'info', 'info', 'info', 'info', 'info', 'renderingStarted', 'rendered']);
    expect(
      h
        .events()
        .slice(1, 6)
        .map((e) => e.body),
    ).toEqual([
      info('Page Missing was not found; the report opens on its first page', 'PageNotFound'),
      info('The filter on Accounts.Region has no effect: this report has no such field', 'FilterTargetNotFound'),
      info('The filter on Orders.State has no effect: this report has no such field', 'FilterTargetNotFound'),
      info('The slicer state for Ghost was ignored: the page has no such slicer', 'VisualNotFound'),
      info('Bookmark Nope was not found; the report opens without it', 'BookmarkNotFound'),
    ]);
    // The known filter still applies.
    expect(h.root.querySelector('[data-visual="Total"] .card')?.getAttribute('data-value')).toBe('3');
  });

  it('[E4.3] tells after loaded, and again on refresh, which datasets the server cut at their row limit', async () => {
    const h = setup({ ...DATA, rowLimits: { accounts: 500 } });

    await h.send('POST', '/report/load', loadConfig);
    const message = 'Only the first 500 rows of the accounts data are shown in Accounts, By type, Type, Account list';
    expect(h.names()).toEqual(['loaded', 'info', 'renderingStarted', 'rendered']);
    expect(h.last('info')).toEqual(info(message, 'RowLimitReached'));

    const before = h.events().length;
    await h.send('POST', '/report/refresh');
    expect(h.names().slice(before)).toEqual(['info', 'renderingStarted', 'rendered']);
  });

  it('[E4.3] tells before filtersApplied that a new filter or slicer state names an unknown field', async () => {
    const h = setup();
    await h.send('POST', '/report/load', loadConfig);
    let before = h.events().length;

    await h.send('POST', '/report/filters', { filtersOperation: 2, filters: [basic('Accounts', 'Region', ['North'])] });
    expect(h.names().slice(before)).toEqual(['info', 'filtersApplied', 'rendered']);
    expect(h.last('info')).toEqual(
      info('The filter on Accounts.Region has no effect: this report has no such field', 'FilterTargetNotFound'),
    );

    before = h.events().length;
    await h.send('PUT', '/report/pages/P1/filters', [basic('Accounts', 'State', ['Active'])]);
    await h.send('PUT', '/report/pages/P1/visuals/Types/slicer', { filters: [basic('Accounts', 'Tier', ['Gold'])] });
    expect(h.names().slice(before)).toEqual(['filtersApplied', 'rendered', 'info', 'filtersApplied', 'rendered']);
    expect(h.last('info').message).toBe('The filter on Accounts.Tier has no effect: this report has no such field');
  });
});
