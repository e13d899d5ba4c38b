import { describe, expect, it } from 'vitest';
import { recordOurs, recordReference, type Scenario } from './helpers/scenario.js';

const URL_REPORT = 'https://app.powerbi.com/reportEmbed?reportId=r1&groupId=g1';
const report = (extra: Record<string, unknown> = {}) => ({
  type: 'report',
  id: 'r1',
  accessToken: 'tok',
  tokenType: 1,
  embedUrl: URL_REPORT,
  uniqueId: 'u1',
  ...extra,
});

async function expectSameWire(scenario: Scenario) {
  const ours = await recordOurs(scenario);
  const reference = await recordReference(scenario);
  expect(ours.messages).toEqual(reference.messages);
  expect(ours.result).toEqual(reference.result);
  return ours;
}

const cases: Array<[string, Scenario]> = [
  [
    '[E7.1] report load with settings, filters and page name',
    {
      embedConfig: report({
        pageName: 'p1',
        settings: { filterPaneEnabled: false, navContentPaneEnabled: true, panes: { filters: { visible: false } } },
        filters: [
          {
            $schema: 'http://powerbi.com/product/schema#basic',
            target: { table: 't', column: 'c' },
            filterType: 1,
            operator: 'In',
            values: [1],
          },
        ],
      }),
    },
  ],
  [
    '[E7.1] phased report load sends prepare then render',
    {
      method: 'load',
      embedConfig: report(),
      run: async ({ embed }) => embed.render(),
    },
  ],
  [
    '[E7.1] dashboard load',
    {
      embedConfig: {
        type: 'dashboard',
        id: 'd1',
        accessToken: 'tok',
        embedUrl: 'https://app.powerbi.com/dashboardEmbed?dashboardId=d1',
        uniqueId: 'u1',
        pageView: 'fitToWidth',
      },
    },
  ],
  [
    '[E7.1] phased dashboard load still sends load',
    {
      method: 'load',
      embedConfig: {
        type: 'dashboard',
        id: 'd1',
        accessToken: 'tok',
        embedUrl: 'https://app.powerbi.com/dashboardEmbed',
        uniqueId: 'u1',
      },
    },
  ],
  [
    '[E7.1] [E7.11] qna load and interpret',
    {
      embedConfig: {
        type: 'qna',
        accessToken: 'tok',
        datasetIds: ['ds1'],
        question: 'sales',
        embedUrl: 'https://app.powerbi.com/qnaEmbed',
        uniqueId: 'u1',
      },
      run: async ({ embed }) => embed.setQuestion('sales by region'),
    },
  ],
  [
    '[E7.2] tile load',
    {
      embedConfig: {
        type: 'tile',
        id: 't1',
        dashboardId: 'd1',
        accessToken: 'tok',
        embedUrl: 'https://app.powerbi.com/embed?dashboardId=d1&tileId=t1',
        uniqueId: 'u1',
        width: 300,
        height: 200,
      },
    },
  ],
  [
    '[E7.2] report create',
    {
      method: 'createReport',
      embedConfig: {
        datasetId: 'ds1',
        accessToken: 'tok',
        embedUrl: 'https://app.powerbi.com/reportEmbed',
        uniqueId: 'u1',
        groupId: 'g1',
      },
    },
  ],
  [
    '[E7.2] quick create',
    {
      method: 'quickCreate',
      embedConfig: {
        accessToken: 'tok',
        embedUrl: 'https://app.powerbi.com/quickCreate',
        uniqueId: 'u1',
        datasetCreateConfig: { locale: 'en-US', mashupDocument: 'let x = 1 in x' },
      },
    },
  ],
  [
    '[E7.1] visual load builds the single-visual layout',
    {
      embedConfig: {
        type: 'visual',
        id: 'r1',
        accessToken: 'tok',
        embedUrl: URL_REPORT,
        uniqueId: 'u1',
        pageName: 'p1',
        visualName: 'v1',
        width: 400,
        height: 300,
      },
    },
  ],
  [
    '[E7.3] save, saveAs and correlation id',
    {
      embedConfig: report(),
      run: async ({ embed, data }) => [
        await embed.save(),
        await embed.saveAs(data({ name: 'copy' })),
        await embed.getCorrelationId(),
      ],
    },
  ],
  ['[E7.4] report token update', { embedConfig: report(), run: async ({ embed }) => embed.setAccessToken('new-token') }],
  [
    '[E7.4] dashboard token update',
    {
      embedConfig: {
        type: 'dashboard',
        id: 'd1',
        accessToken: 'tok',
        embedUrl: 'https://app.powerbi.com/dashboardEmbed',
        uniqueId: 'u1',
      },
      run: async ({ embed }) => embed.setAccessToken('new-token'),
    },
  ],
  [
    '[E7.4] qna token update maps to report',
    {
      embedConfig: {
        type: 'qna',
        accessToken: 'tok',
        datasetIds: ['ds1'],
        embedUrl: 'https://app.powerbi.com/qnaEmbed',
        uniqueId: 'u1',
      },
      run: async ({ embed }) => embed.setAccessToken('new-token'),
    },
  ],
  [
    '[E7.5] bookmarks',
    {
      embedConfig: report(),
      run: async ({ embed }) => {
        const m = embed.bookmarksManager;
        return [
          await m.getBookmarks(),
          (await m.apply('b1')).statusCode,
          (await m.play(1)).statusCode,
          await m.capture({ allPages: true }),
          await m.capture(),
          (await m.applyState('xyz')).statusCode,
        ];
      },
    },
  ],
  [
    '[E7.6] pages: list, set, add, delete, rename, active',
    {
      embedConfig: report(),
      run: async ({ embed }) => {
        const pages = await embed.getPages();
        await embed.setPage('p2');
        await pages[1].setActive();
        const added = await embed.addPage('Three');
        await embed.deletePage('p3');
        await embed.renamePage('p2', 'Second');
        await pages[0].setDisplayName('First');
        await pages[1].delete();
        const active = await embed.getActivePage();
        const byName = await embed.getPageByName('p2');
        return [pages.length, added.name, active.name, byName.name];
      },
    },
  ],
  [
    '[E7.6] page visuals, layout types and smart narratives',
    {
      embedConfig: report(),
      run: async ({ embed }) => {
        const page = embed.page('p1');
        const visuals = await page.getVisuals();
        const visual = await page.getVisualByName('v1');
        const slicers = await page.getSlicers();
        const hasLayout = await page.hasLayout(2);
        await page.getSmartNarrativeInsights();
        return [visuals.map((v: any) => v.name), visual.title, slicers.length, hasLayout];
      },
    },
  ],
  [
    '[E8.6] missing page and visual reject with the not-found code',
    {
      embedConfig: report(),
      run: async ({ embed }) => {
        const results: unknown[] = [];
        await embed.getPageByName('nope').catch((e: unknown) => results.push(e));
        await embed
          .page('p1')
          .getVisualByName('nope')
          .catch((e: unknown) => results.push(e));
        return results;
      },
    },
  ],
  [
    '[E7.7] report, page and visual filters',
    {
      embedConfig: report(),
      run: async ({ embed, lib }) => {
        const filter = new lib.BasicFilterBuilder().withColumnTarget('t', 'c').in([1, 2]).build();
        const advanced = new lib.AdvancedFilterBuilder()
          .withColumnTarget('t', 'c')
          .or()
          .addCondition('Is', 1)
          .addCondition('GreaterThan', 5)
          .build();
        await embed.getFilters();
        await embed.updateFilters(2, [filter]);
        await embed.setFilters([advanced]);
        await embed.removeFilters();
        const page = embed.page('p1');
        await page.getFilters();
        await page.updateFilters(3, [filter]);
        await page.setFilters([filter]);
        await page.removeFilters();
        const visual = await page.getVisualByName('v1');
        await visual.getFilters();
        await visual.updateFilters(1, [filter]);
        await visual.setFilters([filter]);
        await visual.removeFilters();
      },
    },
  ],
  [
    '[E7.7] slicer state',
    {
      embedConfig: report(),
      run: async ({ embed, data }) => {
        const visual = await embed.page('p1').getVisualByName('s1');
        await visual.setSlicerState(
          data({
            filters: [
              {
                $schema: 'http://powerbi.com/product/schema#basic',
                target: { table: 't', column: 'c' },
                filterType: 1,
                operator: 'In',
                values: ['x'],
              },
            ],
          }),
        );
        return visual.getSlicerState();
      },
    },
  ],
  [
    '[E7.8] render, print, refresh, switch mode, overlays, selections, saved state',
    {
      embedConfig: report(),
      run: async ({ embed }) => {
        await embed.print();
        await embed.refresh();
        await embed.switchMode(1);
        await embed.switchMode('view');
        await embed.closeAllOverlays();
        await embed.clearSelectedVisuals(true);
        await embed.clearSelectedVisuals();
        return embed.isSaved();
      },
    },
  ],
  [
    '[E7.8] export data, clone and sort',
    {
      embedConfig: report(),
      run: async ({ embed, data }) => {
        const visual = await embed.page('p1').getVisualByName('v1');
        const exported = await visual.exportData(1, 100);
        const exportedDefault = await visual.exportData();
        const cloned = await visual.clone(data({ layout: { x: 1, y: 2 } }));
        await visual.clone();
        await visual.sortBy(data({ orderBy: { table: 't', measure: 'm' }, direction: 2 }));
        await visual.getSmartNarrativeInsights();
        return [exported, exportedDefault, cloned];
      },
    },
  ],
  [
    '[E7.9] settings and theme',
    {
      embedConfig: report(),
      run: async ({ embed, data }) => {
        await embed.updateSettings(data({ filterPaneEnabled: true, bars: { actionBar: { visible: true } } }));
        await embed.applyTheme(data({ themeJson: { name: 'dark' } }));
        await embed.resetTheme();
        return embed.getTheme();
      },
    },
  ],
  [
    '[E7.10] persistent filters and zoom',
    {
      embedConfig: report(),
      run: async ({ embed }) => {
        await embed.savePersistentFilters();
        await embed.resetPersistentFilters();
        const applied = await embed.arePersistentFiltersApplied();
        const zoom = await embed.getZoom();
        await embed.setZoom(2);
        return [applied, zoom];
      },
    },
  ],
  [
    '[E4.2] layouts: resize active page, visual display state, move and resize visuals',
    {
      embedConfig: report(),
      run: async ({ embed }) => {
        const pages = await embed.getPages();
        await pages[0].resizePage(4, 1000, 800);
        await embed.resizeActivePage(1);
        await embed.setVisualDisplayState('p1', 'v1', 1);
        await embed.moveVisual('p1', 'v1', 10, 20, 3);
        await embed.resizeVisual('p1', 'v1', 300, 200);
        const visual = await pages[0].getVisualByName('v1');
        await visual.moveVisual(1, 2);
        await visual.setVisualDisplayState(0);
        await visual.resizeVisual(5, 6);
        await pages[0].moveVisual('v1', 3, 4);
        await embed.switchLayout(1);
      },
    },
  ],
  [
    '[E8.4] [E8.5] refused layout changes; updateSettings itself is not checked',
    {
      embedConfig: report(),
      run: async ({ embed }) => {
        const results: unknown[] = [];
        await embed
          .page('p2', 'Two', false)
          .resizePage(4, 1, 1)
          .catch((e: unknown) => results.push(e));
        await embed.switchLayout(2).catch((e: unknown) => results.push(e));
        await embed.updateSettings({ layoutType: 3 }).catch((e: unknown) => results.push(e));
        return results;
      },
    },
  ],
  [
    '[E3.3] context and options menu commands',
    {
      embedConfig: report({
        settings: {
          extensions: { commands: [{ name: 'c0', title: 'Zero', extend: { visualContextMenu: { title: 'Zero menu' } } }] },
        },
      }),
      run: async ({ embed }) => {
        await embed.addContextMenuCommand('c1', 'One');
        await embed.addContextMenuCommand('c2', 'Two', 'Two menu', 1, 'v1');
        await embed.addOptionsMenuCommand('c3', 'Three', 'Three menu', undefined, undefined, 'barChart', undefined, 'icon-data');
        await embed.addContextMenuCommand('c4', 'Four', 'Four menu', 0, undefined, undefined, 'group1');
        await embed.removeContextMenuCommand('c0', 'Zero menu');
        const results: unknown[] = [];
        await embed.removeOptionsMenuCommand('zz', 'missing').catch((e: unknown) => results.push(e));
        return results;
      },
    },
  ],
  [
    '[E8.1] paginated report calls are refused',
    {
      embedConfig: {
        type: 'report',
        id: 'r1',
        accessToken: 'tok',
        embedUrl: 'https://app.powerbi.com/rdlEmbed?reportId=r1',
        uniqueId: 'u1',
        parameterValues: [{ name: 'a', value: 'b' }],
      },
      run: async ({ embed }) => {
        const results: unknown[] = [];
        for (const call of [
          () => embed.getPages(),
          () => embed.getFilters(),
          () => embed.bookmarksManager.getBookmarks(),
          () => embed.applyTheme({ themeJson: {} }),
          () => embed.getZoom(),
          () => embed.setPage('x'),
        ]) {
          await Promise.resolve()
            .then(call)
            .catch((e: unknown) => results.push(e));
        }
        return results;
      },
    },
  ],
  [
    '[E8.6] visual embeds refuse page calls and read filters at each level',
    {
      embedConfig: {
        type: 'visual',
        id: 'r1',
        accessToken: 'tok',
        embedUrl: URL_REPORT,
        uniqueId: 'u1',
        pageName: 'p1',
        visualName: 'v1',
      },
      run: async ({ embed, lib }) => {
        const results: unknown[] = [];
        for (const call of [() => embed.getPages(), () => embed.setPage('p2')]) {
          try {
            call();
          } catch (e) {
            results.push(e);
          }
        }
        await embed.render().catch((e: unknown) => results.push(e));
        const descriptor = await embed.getVisualDescriptor();
        const filter = new lib.TopNFilterBuilder()
          .withColumnTarget('t', 'c')
          .top(3)
          .orderByTarget({ table: 't', measure: 'm' })
          .build();
        await embed.getFilters();
        await embed.getFilters(0);
        await embed.getFilters(1);
        await embed.updateFilters(2, [filter], 0);
        await embed.setFilters([filter], 1);
        await embed.removeFilters();
        return [results, descriptor.name];
      },
    },
  ],
  [
    '[E7.1] bootstrap then embed sends the merged load',
    {
      method: 'bootstrap',
      embedConfig: { type: 'report', hostname: 'https://app.powerbi.com', uniqueId: 'u1' },
      run: async ({ powerbi, element, data }) => {
        powerbi.embed(element, data({ type: 'report', id: 'r1', accessToken: 'tok', embedUrl: URL_REPORT }));
      },
    },
  ],
  [
    '[E4.1] ready event sends the front-load config first',
    {
      embedConfig: report(),
      fireLoad: false,
      run: async ({ peer }) => {
        peer.sendRequest('/ready/u1', null);
        await new Promise((r) => setTimeout(r, 10));
      },
    },
  ],
  [
    '[E7.12] failed calls reject with the response body',
    {
      embedConfig: report(),
      run: async ({ embed }) => embed.getCorrelationId(),
    },
  ],
];

describe('wire messages match powerbi-client 2.23.1', () => {
  for (const [title, scenario] of cases) {
    it(`${title} sends the same messages as the reference`, async () => {
      await expectSameWire(scenario);
    });
  }

  it('[E7.12] failed calls reject with the response body, like the reference', async () => {
    const failing = () => ({ statusCode: 400, body: { message: 'bad', detailedMessage: 'nope' } });
    const scenario: Scenario = { embedConfig: report(), run: async ({ embed }) => embed.getPages() };
    const ours = await recordOurs(scenario, (m) => (m.url === '/report/pages' ? failing() : undefined));
    const reference = await recordReference(scenario, (m) => (m.url === '/report/pages' ? failing() : undefined));
    expect(ours.result).toEqual({ rejected: { message: 'bad', detailedMessage: 'nope' } });
    expect(ours.result).toEqual(reference.result);
  });
});
