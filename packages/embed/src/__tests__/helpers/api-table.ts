/**
 * The table of every public method of powerbi-client 2.23.1 with a call of it on each kind of embed, and the filter
 * builders' calls: shared by api-coverage.test.ts (the calls answered, the builders, the table's completeness) and
 * api-coverage-refused.test.ts (the same calls refused by the frame), two files so that the two halves run side by side.
 */
import { type Env, observeBoth } from './both.js';
import type { FramePeer, Responder } from './frame-peer.js';

export const R = 'https://app.powerbi.com/reportEmbed?reportId=r1&groupId=g1';
export type Ctx = { env: Env; embed: any; peer: FramePeer };
export type Call = (ctx: Ctx) => unknown;

export const kinds: Record<string, (env: Env) => any> = {
  report: (env) =>
    env.powerbi.embed(
      env.mk(),
      env.data({ type: 'report', id: 'r1', accessToken: 't', tokenType: 1, embedUrl: R, uniqueId: 'u1' }),
    ),
  dashboard: (env) =>
    env.powerbi.embed(
      env.mk(),
      env.data({
        type: 'dashboard',
        id: 'd1',
        accessToken: 't',
        embedUrl: 'https://app.powerbi.com/dashboardEmbed',
        uniqueId: 'u1',
      }),
    ),
  tile: (env) =>
    env.powerbi.embed(
      env.mk(),
      env.data({
        type: 'tile',
        id: 't1',
        dashboardId: 'd1',
        accessToken: 't',
        embedUrl: 'https://app.powerbi.com/embed',
        uniqueId: 'u1',
      }),
    ),
  qna: (env) =>
    env.powerbi.embed(
      env.mk(),
      env.data({
        type: 'qna',
        accessToken: 't',
        datasetIds: ['ds'],
        embedUrl: 'https://app.powerbi.com/qnaEmbed',
        uniqueId: 'u1',
      }),
    ),
  visual: (env) =>
    env.powerbi.embed(
      env.mk(),
      env.data({ type: 'visual', id: 'r1', accessToken: 't', embedUrl: R, uniqueId: 'u1', pageName: 'p1', visualName: 'v1' }),
    ),
  create: (env) =>
    env.powerbi.createReport(env.mk(), env.data({ datasetId: 'ds', accessToken: 't', embedUrl: R, uniqueId: 'u1' })),
  quickCreate: (env) =>
    env.powerbi.quickCreate(
      env.mk(),
      env.data({ accessToken: 't', embedUrl: R, uniqueId: 'u1', datasetCreateConfig: { locale: 'en', mashupDocument: 'm' } }),
    ),
};

const basic = {
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 't', column: 'c' },
  filterType: 1,
  operator: 'In',
  values: [1],
};

/** [class, method, kind of embed to call it on, call]. */
export const table: Array<[string, string, string, Call]> = [
  // Service
  [
    'Service',
    'createReport',
    'report',
    ({ env }) =>
      env.powerbi.createReport(env.mk(), env.data({ datasetId: 'd', accessToken: 't', embedUrl: R, uniqueId: 'c1' })).config,
  ],
  [
    'Service',
    'quickCreate',
    'report',
    ({ env }) =>
      env.powerbi.quickCreate(
        env.mk(),
        env.data({ accessToken: 't', embedUrl: R, uniqueId: 'q1', datasetCreateConfig: { locale: 'en', mashupDocument: 'm' } }),
      ).config,
  ],
  [
    'Service',
    'init',
    'report',
    ({ env }) => {
      const root = env.mk();
      const child = env.doc.createElement('div');
      for (const [k, v] of Object.entries({
        'powerbi-type': 'report',
        'powerbi-embed-url': R,
        'powerbi-access-token': 't',
        'powerbi-name': 'a1',
        'powerbi-settings-filter-pane-enabled': 'false',
      }))
        child.setAttribute(k, v);
      root.appendChild(child);
      return env.powerbi.init(root).map((e: any) => e.config);
    },
  ],
  ['Service', 'embed', 'report', ({ embed }) => embed.config],
  [
    'Service',
    'load',
    'report',
    ({ env }) =>
      env.powerbi.load(env.mk(), env.data({ type: 'report', id: 'r', accessToken: 't', embedUrl: R, uniqueId: 'l1' })).config,
  ],
  [
    'Service',
    'bootstrap',
    'report',
    ({ env }) => env.powerbi.bootstrap(env.mk(), env.data({ type: 'dashboard', uniqueId: 'b1' })).config,
  ],
  [
    'Service',
    'embedInternal',
    'report',
    ({ env }) =>
      env.powerbi.embedInternal(
        env.mk(),
        env.data({ type: 'tile', id: 't', dashboardId: 'd', accessToken: 't', embedUrl: R, uniqueId: 'i1' }),
        false,
        false,
      ).config,
  ],
  [
    'Service',
    'embedNew',
    'report',
    ({ env }) =>
      env.powerbi.embedNew(
        env.mk(),
        env.data({ type: 'report', id: 'r', accessToken: 't', embedUrl: R, uniqueId: 'n1' }),
        false,
        false,
      ).config,
  ],
  [
    'Service',
    'createEmbedComponent',
    'report',
    ({ env }) =>
      env.powerbi.createEmbedComponent(
        'qna',
        env.mk(),
        env.data({ type: 'qna', datasetIds: ['d'], accessToken: 't', embedUrl: R, uniqueId: 'e1' }),
      ).config,
  ],
  [
    'Service',
    'embedExisting',
    'report',
    // Called past the 100 ms in which a second load is dropped, so both libraries re-load whatever the machine's load.
    ({ env, embed }) =>
      new Promise((r) => setTimeout(r, 120)).then(
        () =>
          env.powerbi.embedExisting(
            embed.element,
            env.data({ type: 'report', id: 'r2', accessToken: 't2', embedUrl: R, uniqueId: 'u1' }),
          ).config,
      ),
  ],
  ['Service', 'getNumberOfComponents', 'report', ({ env }) => env.powerbi.getNumberOfComponents()],
  [
    'Service',
    'getSdkSessionId',
    'report',
    ({ env }) => [typeof env.powerbi.getSdkSessionId(), env.powerbi.getSdkSessionId().length],
  ],
  ['Service', 'getSDKVersion', 'report', ({ env }) => env.powerbi.getSDKVersion()],
  ['Service', 'enableAutoEmbed', 'report', ({ env }) => env.powerbi.enableAutoEmbed()],
  [
    'Service',
    'get',
    'report',
    ({ env, embed }) => [
      env.powerbi.get(embed.element) === embed,
      (() => {
        try {
          return env.powerbi.get(env.mk());
        } catch (e) {
          return (e as Error).message;
        }
      })(),
    ],
  ],
  ['Service', 'find', 'report', ({ env, embed }) => [env.powerbi.find('u1') === embed, env.powerbi.find('nope')]],
  [
    'Service',
    'addOrOverwriteEmbed',
    'report',
    ({ env, embed }) => {
      env.powerbi.addOrOverwriteEmbed(embed, embed.element);
      return env.powerbi.getNumberOfComponents();
    },
  ],
  [
    'Service',
    'reset',
    'report',
    ({ env, embed }) => {
      env.powerbi.reset(embed.element);
      env.powerbi.reset(env.mk());
      return [embed.element.innerHTML, env.powerbi.getNumberOfComponents()];
    },
  ],
  [
    'Service',
    'handleTileEvents',
    'tile',
    ({ env, embed }) => {
      env.listen(embed.element, ['tileClicked']);
      env.powerbi.handleTileEvents(env.data({ type: 'tile', id: 'u1', name: 'tileClicked', value: { a: 1 } }));
      env.powerbi.handleTileEvents(env.data({ type: 'Tile', id: 'u1', name: 'tileClicked', value: { a: 2 } }));
    },
  ],
  [
    'Service',
    'invokeSDKHook',
    'report',
    async ({ env }) => {
      const res = new (class {
        statusCode = 0;
        body: unknown;
        send(s: number, b: unknown) {
          this.statusCode = s;
          this.body = b;
        }
      })();
      await env.powerbi.invokeSDKHook(undefined, { body: {} }, res);
      const a = [res.statusCode, res.body];
      await env.powerbi.invokeSDKHook(() => 'x', { body: {} }, res);
      return [a, res.statusCode, res.body];
    },
  ],
  [
    'Service',
    'handleEvent',
    'report',
    ({ env, embed }) => {
      env.listen(embed.element, ['loaded']);
      env.powerbi.handleEvent(env.data({ type: 'report', id: 'u1', name: 'loaded', value: null }));
      env.powerbi.handleEvent(env.data({ type: 'report', id: 'x', name: 'loaded', value: null }));
    },
  ],
  [
    'Service',
    'preload',
    'report',
    ({ env }) => {
      const el = env.mk();
      const frame = env.powerbi.preload(env.data({ type: 'report', embedUrl: R }), el);
      env.listen(frame, ['preloaded'], 'frame');
      frame.dispatchEvent(new env.win.Event('load'));
      return [frame.getAttribute('src'), frame.getAttribute('style'), frame.parentElement === el];
    },
  ],
  [
    'Service',
    'setSdkInfo',
    'report',
    async ({ env, embed }) => {
      env.powerbi.setSdkInfo('react', '1.2.3');
      return embed.getZoom();
    },
  ],
  [
    'Service',
    'register',
    'report',
    ({ env }) => {
      const out: unknown[] = [];
      for (const [type, urls] of [
        ['report', []],
        ['custom', ['/custom/:uniqueId/events/:eventName']],
        ['Custom', []],
        ['other', ['/other/events']],
      ] as const) {
        try {
          env.powerbi.register(type, () => null, env.data(urls));
          out.push('ok');
        } catch (e) {
          out.push((e as Error).message);
        }
      }
      return out;
    },
  ],
  // Embed (through a report, and on each kind where it differs)
  ['Embed', 'create', 'report', ({ embed }) => embed.create()],
  ['Embed', 'save', 'dashboard', ({ embed }) => embed.save()],
  ['Embed', 'saveAs', 'report', ({ embed, env }) => embed.saveAs(env.data({ name: 'n', targetWorkspaceId: 'w' }))],
  ['Embed', 'getCorrelationId', 'tile', ({ embed }) => embed.getCorrelationId()],
  ['Embed', 'load', 'report', ({ embed }) => new Promise((r) => setTimeout(r, 120)).then(() => embed.load(true))],
  [
    'Embed',
    'off',
    'report',
    ({ embed, peer }) => {
      const seen: string[] = [];
      const h = () => seen.push('h');
      embed.on('loaded', h);
      embed.off('loaded', h);
      embed.off('rendered');
      peer.sendRequest('/reports/u1/events/loaded', null);
      return new Promise((r) => setTimeout(() => r(seen), 5));
    },
  ],
  [
    'Embed',
    'on',
    'qna',
    ({ embed }) => {
      const out: unknown[] = [];
      for (const n of ['loaded', 'visualRendered', 'pageChanged']) {
        try {
          embed.on(n, () => 0);
          out.push('ok');
        } catch (e) {
          out.push((e as Error).message);
        }
      }
      return out;
    },
  ],
  ['Embed', 'reload', 'dashboard', ({ embed }) => new Promise((r) => setTimeout(r, 120)).then(() => embed.reload())],
  [
    'Embed',
    'setAccessToken',
    'tile',
    async ({ embed }) => [
      await embed.setAccessToken('n'),
      embed.config.accessToken,
      embed.element.getAttribute('powerbi-access-token'),
    ],
  ],
  ['Embed', 'fullscreen', 'report', ({ embed }) => embed.fullscreen()],
  ['Embed', 'exitFullscreen', 'report', ({ embed }) => embed.exitFullscreen()],
  [
    'Embed',
    'setComponentTitle',
    'report',
    ({ embed }) => {
      embed.setComponentTitle('T');
      const a = embed.iframe.getAttribute('title');
      embed.setComponentTitle(null);
      return [a, embed.iframe.getAttribute('title')];
    },
  ],
  [
    'Embed',
    'setComponentTabIndex',
    'report',
    ({ embed }) => {
      embed.setComponentTabIndex();
      const a = embed.element.getAttribute('tabindex');
      embed.setComponentTabIndex(3);
      return [a, embed.element.getAttribute('tabindex')];
    },
  ],
  [
    'Embed',
    'removeComponentTabIndex',
    'report',
    ({ embed }) => {
      embed.setComponentTabIndex(2);
      embed.removeComponentTabIndex();
      return embed.element.getAttribute('tabindex');
    },
  ],
  // Report
  ['Report', 'render', 'report', ({ embed, env }) => embed.render(env.data({ pageName: 'p1' }))],
  ['Report', 'addPage', 'report', ({ embed }) => embed.addPage('New')],
  ['Report', 'deletePage', 'report', ({ embed }) => embed.deletePage('p2')],
  ['Report', 'renamePage', 'report', ({ embed }) => embed.renamePage('p2', 'Two!')],
  ['Report', 'getFilters', 'report', ({ embed }) => embed.getFilters()],
  ['Report', 'updateFilters', 'report', ({ embed, env }) => embed.updateFilters(2, env.data([basic]))],
  ['Report', 'removeFilters', 'report', ({ embed }) => embed.removeFilters()],
  ['Report', 'setFilters', 'report', ({ embed, env }) => embed.setFilters(env.data([basic]))],
  ['Report', 'getId', 'report', ({ embed }) => embed.getId()],
  ['Report', 'getPages', 'report', ({ embed }) => embed.getPages()],
  ['Report', 'getPageByName', 'report', ({ embed }) => embed.getPageByName('p2')],
  ['Report', 'getActivePage', 'report', ({ embed }) => embed.getActivePage()],
  ['Report', 'page', 'report', ({ embed }) => [embed.page('p1'), embed.page('p2', 'Two', true, 1)]],
  ['Report', 'print', 'report', ({ embed }) => embed.print()],
  ['Report', 'setPage', 'report', ({ embed }) => embed.setPage('p2')],
  [
    'Report',
    'updateSettings',
    'report',
    ({ embed, env }) => embed.updateSettings(env.data({ extensions: [{ command: { name: 'c', title: 't', extend: {} } }] })),
  ],
  [
    'Report',
    'validate',
    'report',
    ({ embed, env }) => [embed.validate(env.data({ accessToken: 't', id: 'r' })), embed.validate(env.data({ id: 1 }))],
  ],
  ['Report', 'getDefaultEmbedUrlEndpoint', 'report', ({ embed }) => embed.getDefaultEmbedUrlEndpoint()],
  ['Report', 'switchMode', 'report', ({ embed }) => embed.switchMode('edit')],
  ['Report', 'refresh', 'report', ({ embed }) => embed.refresh()],
  ['Report', 'isSaved', 'report', ({ embed }) => embed.isSaved()],
  ['Report', 'applyTheme', 'report', ({ embed, env }) => embed.applyTheme(env.data({ themeJson: { name: 'x' } }))],
  ['Report', 'resetTheme', 'report', ({ embed }) => embed.resetTheme()],
  ['Report', 'getTheme', 'report', ({ embed }) => embed.getTheme()],
  ['Report', 'resetPersistentFilters', 'report', ({ embed }) => embed.resetPersistentFilters()],
  ['Report', 'savePersistentFilters', 'report', ({ embed }) => embed.savePersistentFilters()],
  ['Report', 'arePersistentFiltersApplied', 'report', ({ embed }) => embed.arePersistentFiltersApplied()],
  [
    'Report',
    'removeContextMenuCommand',
    'report',
    ({ embed }) => embed.removeContextMenuCommand('nope', 'x').catch((e: unknown) => ({ rejected: e })),
  ],
  [
    'Report',
    'addContextMenuCommand',
    'report',
    ({ embed }) => embed.addContextMenuCommand('c', 'T', 'M', 1, 'v1', 'barChart', 'g'),
  ],
  [
    'Report',
    'removeOptionsMenuCommand',
    'report',
    async ({ embed }) => {
      await embed.addOptionsMenuCommand('o', 'O', 'OM');
      return embed.removeOptionsMenuCommand('o', 'OM');
    },
  ],
  [
    'Report',
    'addOptionsMenuCommand',
    'report',
    ({ embed }) => embed.addOptionsMenuCommand('o', 'O', 'OM', 0, 'v1', 'barChart', 'g', 'icon'),
  ],
  ['Report', 'setVisualDisplayState', 'report', ({ embed }) => embed.setVisualDisplayState('p1', 'v1', 0)],
  ['Report', 'resizeVisual', 'report', ({ embed }) => embed.resizeVisual('p1', 'v1', 10, 20, 2)],
  ['Report', 'resizeActivePage', 'report', ({ embed }) => embed.resizeActivePage(4, 800, 600)],
  ['Report', 'moveVisual', 'report', ({ embed }) => embed.moveVisual('p1', 'v1', 1, 2, 3, 2)],
  ['Report', 'switchLayout', 'report', ({ embed }) => embed.switchLayout(3)],
  ['Report', 'getZoom', 'report', ({ embed }) => embed.getZoom()],
  ['Report', 'setZoom', 'report', ({ embed }) => embed.setZoom(9).catch((e: unknown) => ({ rejected: e }))],
  ['Report', 'closeAllOverlays', 'report', ({ embed }) => embed.closeAllOverlays()],
  ['Report', 'clearSelectedVisuals', 'report', ({ embed }) => embed.clearSelectedVisuals(true)],
  // Dashboard, Tile, Qna
  ['Dashboard', 'getId', 'dashboard', ({ embed }) => embed.getId()],
  [
    'Dashboard',
    'validate',
    'dashboard',
    ({ embed, env }) => embed.validate(env.data({ accessToken: 't', id: 'd', pageView: 'nope' })),
  ],
  ['Dashboard', 'getDefaultEmbedUrlEndpoint', 'dashboard', ({ embed }) => embed.getDefaultEmbedUrlEndpoint()],
  [
    'Dashboard',
    'validatePageView',
    'dashboard',
    ({ embed }) => [embed.validatePageView('fitToWidth'), embed.validatePageView('x')],
  ],
  ['Tile', 'getId', 'tile', ({ embed }) => embed.getId()],
  ['Tile', 'validate', 'tile', ({ embed, env }) => embed.validate(env.data({ accessToken: 't', id: 't' }))],
  ['Tile', 'getDefaultEmbedUrlEndpoint', 'tile', ({ embed }) => embed.getDefaultEmbedUrlEndpoint()],
  ['Qna', 'getId', 'qna', ({ embed }) => embed.getId()],
  ['Qna', 'setQuestion', 'qna', ({ embed }) => embed.setQuestion('how many')],
  ['Qna', 'validate', 'qna', ({ embed, env }) => embed.validate(env.data({ accessToken: 't' }))],
  ['Qna', 'getDefaultEmbedUrlEndpoint', 'qna', ({ embed }) => embed.getDefaultEmbedUrlEndpoint()],
  // Visual
  ['Visual', 'load', 'visual', ({ embed }) => new Promise((r) => setTimeout(r, 120)).then(() => embed.load())],
  ['Visual', 'getPages', 'visual', ({ embed }) => embed.getPages()],
  ['Visual', 'setPage', 'visual', ({ embed }) => embed.setPage('p2')],
  ['Visual', 'render', 'visual', ({ embed }) => embed.render()],
  ['Visual', 'getVisualDescriptor', 'visual', ({ embed }) => embed.getVisualDescriptor()],
  ['Visual', 'getFilters', 'visual', ({ embed }) => embed.getFilters(1)],
  ['Visual', 'updateFilters', 'visual', ({ embed, env }) => embed.updateFilters(1, env.data([basic]), 0)],
  ['Visual', 'setFilters', 'visual', ({ embed, env }) => embed.setFilters(env.data([basic]))],
  ['Visual', 'removeFilters', 'visual', ({ embed }) => embed.removeFilters(1)],
  [
    'Visual',
    'getFiltersLevelUrl',
    'visual',
    ({ embed }) => [
      embed.getFiltersLevelUrl(0),
      embed.getFiltersLevelUrl(1),
      embed.getFiltersLevelUrl(2),
      embed.getFiltersLevelUrl(),
    ],
  ],
  // Create, QuickCreate
  ['Create', 'getId', 'create', ({ embed }) => embed.getId()],
  ['Create', 'validate', 'create', ({ embed, env }) => embed.validate(env.data({ accessToken: 't' }))],
  ['Create', 'getDefaultEmbedUrlEndpoint', 'create', ({ embed }) => embed.getDefaultEmbedUrlEndpoint()],
  ['Create', 'isSaved', 'create', ({ embed }) => embed.isSaved()],
  ['Create', 'create', 'create', ({ embed }) => embed.create()],
  ['QuickCreate', 'getId', 'quickCreate', ({ embed }) => embed.getId()],
  ['QuickCreate', 'validate', 'quickCreate', ({ embed, env }) => embed.validate(env.data({ accessToken: 't' }))],
  ['QuickCreate', 'getDefaultEmbedUrlEndpoint', 'quickCreate', ({ embed }) => embed.getDefaultEmbedUrlEndpoint()],
  ['QuickCreate', 'create', 'quickCreate', ({ embed }) => embed.create()],
  // Page
  ...(
    [
      ['getSmartNarrativeInsights', (p: any) => p.getSmartNarrativeInsights()],
      ['getFilters', (p: any) => p.getFilters()],
      ['updateFilters', (p: any, env: Env) => p.updateFilters(3, env.data([basic]))],
      ['removeFilters', (p: any) => p.removeFilters()],
      ['setFilters', (p: any, env: Env) => p.setFilters(env.data([basic]))],
      ['delete', (p: any) => p.delete()],
      ['setActive', (p: any) => p.setActive()],
      ['setDisplayName', (p: any) => p.setDisplayName('D')],
      ['getVisuals', (p: any) => p.getVisuals()],
      ['getVisualByName', (p: any) => p.getVisualByName('s1')],
      ['setVisualDisplayState', (p: any) => p.setVisualDisplayState('v1', 1)],
      ['moveVisual', (p: any) => p.moveVisual('v1', 1, 2, 3)],
      ['resizeVisual', (p: any) => p.resizeVisual('v1', 3, 4)],
      ['resizePage', (p: any) => p.resizePage(4, 5, 6)],
      ['getSlicers', (p: any) => p.getSlicers()],
      ['hasLayout', (p: any) => p.hasLayout(1)],
    ] as Array<[string, (p: any, env: Env) => unknown]>
  ).map(([method, call]): [string, string, string, Call] => [
    'Page',
    method,
    'report',
    async ({ embed, env }) => call((await embed.getPages())[0], env),
  ]),
  // VisualDescriptor
  ...(
    [
      ['getFilters', (v: any) => v.getFilters()],
      ['updateFilters', (v: any, env: Env) => v.updateFilters(1, env.data([basic]))],
      ['removeFilters', (v: any) => v.removeFilters()],
      ['setFilters', (v: any, env: Env) => v.setFilters(env.data([basic]))],
      ['exportData', (v: any) => v.exportData(0, 5)],
      ['setSlicerState', (v: any, env: Env) => v.setSlicerState(env.data({ filters: [basic] }))],
      ['getSlicerState', (v: any) => v.getSlicerState()],
      ['clone', (v: any, env: Env) => v.clone(env.data({ displayState: { mode: 0 } }))],
      ['sortBy', (v: any, env: Env) => v.sortBy(env.data({ orderBy: { table: 't', column: 'c' }, direction: 1 }))],
      ['moveVisual', (v: any) => v.moveVisual(1, 2)],
      ['setVisualDisplayState', (v: any) => v.setVisualDisplayState(1)],
      ['resizeVisual', (v: any) => v.resizeVisual(7, 8)],
      ['getSmartNarrativeInsights', (v: any) => v.getSmartNarrativeInsights()],
    ] as Array<[string, (v: any, env: Env) => unknown]>
  ).map(([method, call]): [string, string, string, Call] => [
    'VisualDescriptor',
    method,
    'report',
    async ({ embed, env }) => call(await embed.page('p1').getVisualByName('v1'), env),
  ]),
  // BookmarksManager
  ['BookmarksManager', 'getBookmarks', 'report', ({ embed }) => embed.bookmarksManager.getBookmarks()],
  ['BookmarksManager', 'apply', 'report', ({ embed }) => embed.bookmarksManager.apply('b1')],
  ['BookmarksManager', 'play', 'report', ({ embed }) => embed.bookmarksManager.play(0)],
  [
    'BookmarksManager',
    'capture',
    'report',
    ({ embed, env }) => embed.bookmarksManager.capture(env.data({ personalizeVisuals: true })),
  ],
  ['BookmarksManager', 'applyState', 'report', ({ embed }) => embed.bookmarksManager.applyState('s')],
];

/** Private helpers of the reference (TypeScript `private` or internal hooks), exercised through the calls above. */
export const PRIVATE: Record<string, string[]> = {
  Embed: [
    'getAccessToken',
    'populateConfig',
    'validateEventHooks',
    'addLocaleToEmbedUrl',
    'getEmbedUrl',
    'getDefaultEmbedUrl',
    'getUniqueId',
    'getGroupId',
    'isFullscreen',
    'setIframe',
    'frontLoadSendConfig',
  ],
  Report: [
    'configChanged',
    'createMenuCommand',
    'findCommandMenuIndex',
    'buildLayoutSettingsObject',
    'validateVisual',
    'applyThemeInternal',
    'viewModeToString',
    'isMobileSettings',
  ],
  Dashboard: ['configChanged'],
  Tile: ['configChanged'],
  Qna: ['configChanged'],
  Create: ['configChanged'],
  QuickCreate: ['configChanged'],
};

export const BUILDERS: Array<[string, (lib: any, env: Env) => unknown]> = [
  ['BasicFilterBuilder.in/build', (l) => new l.BasicFilterBuilder().withColumnTarget('t', 'c').in([1]).build()],
  ['BasicFilterBuilder.notIn', (l) => new l.BasicFilterBuilder().withMeasureTarget('t', 'm').notIn([1]).build()],
  ['BasicFilterBuilder.all', (l) => new l.BasicFilterBuilder().withHierarchyLevelTarget('t', 'h', 'l').all().build()],
  [
    'BasicFilterBuilder.requireSingleSelection',
    (l) => new l.BasicFilterBuilder().withColumnAggregation('t', 'c', 2).in([1]).requireSingleSelection().build(),
  ],
  [
    'AdvancedFilterBuilder.and/or/addCondition',
    (l) => [
      new l.AdvancedFilterBuilder().withColumnTarget('t', 'c').and().addCondition('Is', 1).build(),
      new l.AdvancedFilterBuilder().withColumnTarget('t', 'c').or().addCondition('Is', 1).addCondition('Is', 2).build(),
    ],
  ],
  [
    'TopNFilterBuilder.top/bottom/orderByTarget',
    (l, env) => [
      new l.TopNFilterBuilder()
        .withColumnTarget('t', 'c')
        .top(1)
        .orderByTarget(env.data({ table: 't', measure: 'm' }))
        .build(),
      new l.TopNFilterBuilder().withColumnTarget('t', 'c').bottom(2).build(),
    ],
  ],
  [
    'RelativeDateFilterBuilder.inLast/inThis/inNext/includeToday',
    (l) =>
      ['inLast', 'inThis', 'inNext'].map((m) =>
        new l.RelativeDateFilterBuilder().withColumnTarget('t', 'c')[m](2, 1).includeToday(false).build(),
      ),
  ],
  [
    'RelativeTimeFilterBuilder.inLast/inThis/inNext',
    (l) =>
      ['inLast', 'inThis', 'inNext'].map((m) => new l.RelativeTimeFilterBuilder().withColumnTarget('t', 'c')[m](2, 1).build()),
  ],
  [
    'FilterBuilder.withTargetObject/withHierarchyLevelAggregationTarget',
    (l, env) => [
      new l.BasicFilterBuilder()
        .withTargetObject(env.data({ table: 't', column: 'c' }))
        .in([1])
        .build(),
      new l.BasicFilterBuilder().withHierarchyLevelAggregationTarget('t', 'h', 'l', 3).in([1]).build(),
    ],
  ],
];

/**
 * One call of the table against both libraries: an embed of `kind`, its frame loaded (answering with `responder`, the
 * host's answers by default), then the call; a rejection is recorded as the result.
 */
export function observeCall(kind: string, call: Call, responder?: Responder) {
  return observeBoth(async (env) => {
    const embed = kinds[kind]?.(env);
    const peer = env.peer(embed, responder);
    peer.fireLoad();
    await new Promise((r) => setTimeout(r, 5));
    try {
      return await call({ env, embed, peer });
    } catch (error) {
      return { rejected: error === undefined ? '<undefined>' : error };
    }
  });
}
