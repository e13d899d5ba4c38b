import { describe, expect, it } from 'vitest';
import { type Env, observeBoth } from './helpers/both.js';

const R = 'https://app.powerbi.com/reportEmbed?reportId=r1&groupId=g1';
const D = 'https://app.powerbi.com/dashboardEmbed?dashboardId=d1';
const T = 'https://app.powerbi.com/embed?dashboardId=d1&tileId=t1';
const Q = 'https://app.powerbi.com/qnaEmbed';
const RDL = 'https://app.powerbi.com/rdlEmbed?reportId=r1';

const configs: Record<string, Record<string, unknown>> = {
  report: { type: 'report', id: 'r1', accessToken: 'tok', tokenType: 1, embedUrl: R },
  dashboard: { type: 'dashboard', id: 'd1', accessToken: 'tok', embedUrl: D },
  tile: { type: 'tile', id: 't1', dashboardId: 'd1', accessToken: 'tok', embedUrl: T },
  qna: { type: 'qna', accessToken: 'tok', datasetIds: ['ds1'], embedUrl: Q },
  visual: { type: 'visual', id: 'r1', accessToken: 'tok', embedUrl: R, pageName: 'p1', visualName: 'v1' },
};
const eventRoute: Record<string, string> = {
  report: '/reports/u1/events/',
  dashboard: '/dashboards/u1/events/',
  tile: '/tile/u1/events/',
  qna: '/qna/u1/events/',
  visual: '/reports/u1/events/',
  create: '/reports/u1/events/',
  quickCreate: '/reports/u1/events/',
};
const bodyFor = (name: string): unknown =>
  name === 'pageChanged'
    ? { newPage: { name: 'p2', displayName: 'Two' }, oldPage: { name: 'p1', displayName: 'One' } }
    : name === 'error'
      ? { message: 'LoadReportFailed', detailedMessage: 'Forbidden', errorCode: '403', level: 6 }
      : { some: name };

/** Like powerbi-client: answer every frame (see README "Security"); used where a test sends foreign requests. */
const ANY_FRAME = { answerAnyFrame: true };

async function expectSame(script: (env: Env) => unknown, settle?: number, oursConfig?: Record<string, unknown>) {
  const { ours, reference } = await observeBoth(script, settle, oursConfig);
  if (process.env.PARITY_DEBUG) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync('/tmp/parity-ours.json', JSON.stringify(ours, null, 1));
    writeFileSync('/tmp/parity-ref.json', JSON.stringify(reference, null, 1));
  }
  expect(ours).toEqual(reference);
  return ours;
}

const embedWith = (env: Env, kind: string, extra: Record<string, unknown> = {}, el?: HTMLElement) => {
  const { eventHooks, ...rest } = extra;
  const config: Record<string, unknown> = env.data({ ...configs[kind], uniqueId: 'u1', ...rest });
  if (eventHooks) config.eventHooks = eventHooks;
  return env.powerbi.embed(el ?? env.mk(), config);
};

describe('[E4.3] events raised on the embed element match powerbi-client 2.23.1', () => {
  for (const kind of Object.keys(configs)) {
    it(`[E4.3] every ${kind} event bubbles like the reference`, async () => {
      await expectSame(async (env) => {
        const embed = embedWith(env, kind);
        const peer = env.peer(embed);
        env.listen(embed.element, [...embed.allowedEvents, 'ready', 'notAllowed']);
        for (const name of [...embed.allowedEvents, 'notAllowed']) peer.sendRequest(eventRoute[kind] + name, bodyFor(name));
        return [...embed.allowedEvents];
      });
    });
  }

  for (const kind of ['create', 'quickCreate'] as const) {
    it(`[E4.3] every ${kind} event bubbles like the reference`, async () => {
      await expectSame(async (env) => {
        const base = { accessToken: 'tok', embedUrl: 'https://app.powerbi.com/reportEmbed', uniqueId: 'u1' };
        const embed =
          kind === 'create'
            ? env.powerbi.createReport(env.mk(), env.data({ ...base, datasetId: 'ds1' }))
            : env.powerbi.quickCreate(
                env.mk(),
                env.data({ ...base, datasetCreateConfig: { locale: 'en', mashupDocument: 'm' } }),
              );
        const peer = env.peer(embed);
        env.listen(embed.element, [...embed.allowedEvents]);
        for (const name of embed.allowedEvents) peer.sendRequest(eventRoute[kind] + name, bodyFor(name));
        return [...embed.allowedEvents];
      });
    });
  }

  it('[E4.3] page and visual routes raise on the report element', async () => {
    await expectSame(async (env) => {
      const embed = embedWith(env, 'report');
      const peer = env.peer(embed);
      env.listen(embed.element, ['dataSelected', 'visualClicked', 'loaded']);
      peer.sendRequest('/reports/u1/pages/p1/events/dataSelected', { dataPoints: [] });
      peer.sendRequest('/reports/u1/pages/p1/visuals/v1/events/visualClicked', { visual: { name: 'v1' } });
      peer.sendRequest('/dashboards/u1/events/loaded', null);
      peer.sendRequest('/tile/u1/events/loaded', null);
      peer.sendRequest('/qna/u1/events/loaded', null);
    });
  });

  it('[E4.3] events for another uid or an unknown route reach no embed', async () => {
    await expectSame(
      async (env) => {
        const embed = embedWith(env, 'report');
        const peer = env.peer(embed);
        env.listen(embed.element, ['loaded', 'error']);
        peer.sendRequest('/reports/other/events/loaded', null, { id: 'a' });
        peer.sendRequest('/reports/u1/unknown/loaded', null, { id: 'b' });
        peer.sendRequest('/reports/u1/events/loaded', null, { method: 'GET', id: 'c' });
        peer.sendRequest('/reports/u1/events/error', { message: 'x' }, { id: 'd' });
      },
      undefined,
      ANY_FRAME,
    );
  });

  it('[E4.3] two embeds sharing a uniqueId: the event goes to the first only', async () => {
    await expectSame(async (env) => {
      const a = embedWith(env, 'report');
      const b = embedWith(env, 'report');
      const peer = env.peer(b);
      env.listen(a.element, ['loaded', 'pageChanged'], 'a');
      env.listen(b.element, ['loaded', 'pageChanged'], 'b');
      peer.sendRequest('/reports/u1/events/loaded', null);
      peer.sendRequest('/reports/u1/events/pageChanged', bodyFor('pageChanged'));
      return [a.config.uniqueId, b.config.uniqueId, env.powerbi.find('u1') === a];
    });
  });

  it('[E4.3] a config copied from another embed shares its uniqueId and its events', async () => {
    await expectSame(async (env) => {
      const a = env.powerbi.embed(env.mk(), env.data({ ...configs.report }));
      const b = env.powerbi.embed(env.mk(), { ...a.config });
      const c = env.powerbi.embed(env.mk(), a.config);
      const peer = env.peer(c);
      env.listen(a.element, ['loaded', 'rendered'], 'a');
      env.listen(b.element, ['loaded', 'rendered'], 'b');
      env.listen(c.element, ['loaded', 'rendered'], 'c');
      peer.sendRequest(`/reports/${a.config.uniqueId}/events/loaded`, null);
      peer.sendRequest(`/reports/${a.config.uniqueId}/events/rendered`, null);
      return [a.config.uniqueId === b.config.uniqueId, a.config === c.config, b.iframe.src === a.iframe.src];
    });
  });

  it('[E4.3] pageChanged without newPage and handlers removed with off', async () => {
    await expectSame(async (env) => {
      const embed = embedWith(env, 'report');
      const peer = env.peer(embed);
      const seen: string[] = [];
      const handler = (e: CustomEvent) => seen.push(`h:${e.type}`);
      embed.on('loaded', handler);
      embed.on('loaded', () => seen.push('second'));
      embed.on('rendered', handler);
      peer.sendRequest('/reports/u1/events/loaded', null);
      await new Promise((r) => setTimeout(r, 5));
      embed.off('loaded', handler);
      peer.sendRequest('/reports/u1/events/loaded', null);
      await new Promise((r) => setTimeout(r, 5));
      embed.off('rendered');
      peer.sendRequest('/reports/u1/events/rendered', null);
      peer.sendRequest('/reports/u1/events/pageChanged', { oldPage: {} });
      await new Promise((r) => setTimeout(r, 5));
      return seen;
    });
  });

  it('[E4.3] reset removes the handlers and the iframe', async () => {
    await expectSame(
      async (env) => {
        const embed = embedWith(env, 'report');
        const peer = env.peer(embed);
        const seen: string[] = [];
        embed.on('loaded', () => seen.push('loaded'));
        env.powerbi.reset(embed.element);
        peer.sendRequest('/reports/u1/events/loaded', null);
        await new Promise((r) => setTimeout(r, 5));
        return [seen, embed.element.innerHTML, env.powerbi.getNumberOfComponents(), env.powerbi.find('u1')];
      },
      undefined,
      ANY_FRAME,
    );
  });
});

const bootstrapKinds: Array<[string, Record<string, unknown>]> = [
  ['report', configs.report],
  ['dashboard', configs.dashboard],
  ['tile', configs.tile],
  ['qna', configs.qna],
  ['visual', configs.visual],
];

describe('[E7.1] bootstrap with hostname and locale matches powerbi-client 2.23.1', () => {
  for (const [kind, config] of bootstrapKinds) {
    for (const hostname of [
      undefined,
      'App.PowerBI.com ',
      'https://app.powerbi.com',
      'https://app.powerbi.com/',
      'http://app.powerbi.com',
    ]) {
      it(`[E7.1] bootstrap ${kind} with hostname ${JSON.stringify(hostname)} and locale`, async () => {
        await expectSame(async (env) => {
          const el = env.mk();
          let embed: any;
          try {
            embed = env.powerbi.bootstrap(
              el,
              env.data({
                type: kind,
                hostname,
                uniqueId: 'u1',
                settings: { localeSettings: { language: 'de', formatLocale: 'de-AT' } },
              }),
            );
          } catch (error) {
            return { bootstrapThrew: (error as Error).message };
          }
          const src = embed.iframe.getAttribute('src');
          const peer = env.peer(embed);
          peer.fireLoad();
          await new Promise((r) => setTimeout(r, 5));
          const { embedUrl: _drop, ...rest } = config;
          const again = env.powerbi.embed(el, env.data({ ...rest, settings: { localeSettings: { language: 'fr' } } }));
          await new Promise((r) => setTimeout(r, 5));
          return [src, again === embed, embed.config.embedUrl, embed.config.bootstrapped];
        });
      });
    }
  }

  it('[E7.1] bootstrap then embed with another uniqueId; bookmark headers carry the uid', async () => {
    await expectSame(async (env) => {
      const el = env.mk();
      const embed = env.powerbi.bootstrap(el, env.data({ type: 'report', uniqueId: 'boot' }));
      const peer = env.peer(embed);
      peer.fireLoad();
      env.powerbi.embed(el, env.data({ ...configs.report, uniqueId: 'later' }));
      await new Promise((r) => setTimeout(r, 5));
      const m = embed.bookmarksManager;
      await m.getBookmarks();
      await m.apply('b1');
      await m.play(1);
      await m.capture({ allPages: true, personalizeVisuals: true });
      await m.applyState('xyz');
      return embed.config.uniqueId;
    });
  });

  it('[E7.5] bookmark requests carry the uniqueId of the object passed to embed: none when it had none', async () => {
    const { ours, reference } = await observeBoth(async (env) => {
      const config = env.data({ ...configs.report });
      const embed = env.powerbi.embed(env.mk(), config);
      const peer = env.peer(embed);
      peer.fireLoad();
      await new Promise((r) => setTimeout(r, 5));
      const m = embed.bookmarksManager;
      await m.getBookmarks();
      await m.apply('b1');
      await m.play(0);
      await m.capture();
      await m.applyState('s');
      await embed.getZoom();
      // Only the load and the report call carry the generated id; the bookmark calls carry none.
      return [
        'uniqueId' in config,
        peer.messages.map((message) => [
          message.url,
          message.headers.uid === undefined ? 'no uid' : message.headers.uid === embed.config.uniqueId,
        ]),
      ];
    });
    // The generated id is random, so the comparison is of where it appears, not of its value.
    expect(ours.result).toEqual(reference.result);
    expect(ours.messages.map((m) => m.url)).toEqual(reference.messages.map((m) => m.url));
  });

  it('[E7.1] bootstrap of create kinds and unknown kinds is refused like the reference', async () => {
    for (const type of ['create', 'quickCreate', 'bogus', 'Report']) {
      await expectSame((env) => env.powerbi.bootstrap(env.mk(), env.data({ type })));
    }
  });
});

describe('[E5.6] the "Attempted to embed using config" error matches powerbi-client 2.23.1', () => {
  const cases: Array<[string, (env: Env) => unknown]> = [
    [
      'no type, with a token',
      (env) => env.powerbi.embed(env.mk({ id: 'x' }), env.data({ id: 'r', accessToken: 'secret', embedUrl: R })),
    ],
    [
      'no type, no token',
      (env) => env.powerbi.embed(env.mk(), env.data({ id: 'r', embedUrl: R, settings: { accessToken: 'n' } })),
    ],
    ['empty config', (env) => env.powerbi.embed(env.mk())],
    ['no type via load', (env) => env.powerbi.load(env.mk({ class: 'c' }), env.data({ uniqueId: 'u', accessToken: 'a' }))],
    [
      'different type on an existing element',
      (env) => {
        const el = env.mk();
        env.powerbi.embed(el, env.data({ ...configs.report, uniqueId: 'u1' }));
        return env.powerbi.embed(el, env.data({ ...configs.dashboard }));
      },
    ],
    [
      'existing element whose embed the service lost',
      (env) => {
        const el = env.mk();
        env.service().embed(el, env.data({ ...configs.report, uniqueId: 'u1' }));
        return env.powerbi.embed(el, env.data({ ...configs.report, accessToken: 'other' }));
      },
    ],
  ];
  for (const [title, run] of cases) {
    it(`[E5.6] ${title}: same message`, async () => {
      const ours = await expectSame((env) => {
        const value = run(env);
        return value ? 'embedded' : value;
      });
      expect(ours.result).toHaveProperty('thrown');
    });
  }
});

const loadFailure = { message: 'LoadReportFailed', detailedMessage: 'Get report failed', errorCode: '403', level: 6 };
const failingLoad = (m: { url: string }) =>
  /\/(load|prepare|create|quickcreate)$/.test(m.url) ? { statusCode: 403, body: loadFailure } : undefined;

describe('[E7.12] failures reported by the frame match powerbi-client 2.23.1', () => {
  for (const kind of Object.keys(configs)) {
    it(`[E7.12] a rejected ${kind} load: error event and unhandled rejection like the reference`, async () => {
      await expectSame(async (env) => {
        const embed = embedWith(env, kind);
        const peer = env.peer(embed, failingLoad);
        env.listen(embed.element, ['error', 'loaded']);
        peer.fireLoad();
        await new Promise((r) => setTimeout(r, 5));
        peer.sendRequest(`${eventRoute[kind]}error`, loadFailure);
      });
    });
  }

  it('[E7.12] a rejected phased load and render', async () => {
    await expectSame(async (env) => {
      const embed = env.powerbi.load(env.mk(), env.data({ ...configs.report, uniqueId: 'u1' }));
      const peer = env.peer(embed, (m) =>
        m.url === '/report/prepare' || m.url === '/report/render' ? { statusCode: 401, body: loadFailure } : undefined,
      );
      peer.fireLoad();
      await new Promise((r) => setTimeout(r, 5));
      return embed.render().catch((e: unknown) => ({ rejected: e }));
    });
  });

  for (const kind of ['create', 'quickCreate']) {
    it(`[E7.12] a rejected ${kind}: unhandled rejection like the reference`, async () => {
      await expectSame(async (env) => {
        const base = { accessToken: 'tok', embedUrl: 'https://app.powerbi.com/reportEmbed', uniqueId: 'u1' };
        const embed =
          kind === 'create'
            ? env.powerbi.createReport(env.mk(), env.data({ ...base, datasetId: 'ds1' }))
            : env.powerbi.quickCreate(
                env.mk(),
                env.data({ ...base, datasetCreateConfig: { locale: 'en', mashupDocument: 'm' } }),
              );
        const peer = env.peer(embed, failingLoad);
        env.listen(embed.element, ['error']);
        peer.fireLoad();
        await new Promise((r) => setTimeout(r, 5));
        peer.sendRequest('/reports/u1/events/error', loadFailure);
      });
    });
  }

  it('[E7.12] a rejected reload on an existing element', async () => {
    await expectSame(async (env) => {
      const el = env.mk();
      const embed = embedWith(env, 'report', {}, el);
      const peer = env.peer(embed, failingLoad);
      peer.fireLoad();
      await new Promise((r) => setTimeout(r, 150));
      env.powerbi.embed(el, env.data({ ...configs.report, uniqueId: 'u1', accessToken: 'tok2' }));
      await new Promise((r) => setTimeout(r, 5));
      return embed.reload().catch((e: unknown) => ({ rejected: e }));
    });
  });
});

describe('[E8.2] [E8.7] refusals before anything is posted match powerbi-client 2.23.1', () => {
  const auto = 'https://app.powerbi.com/reportEmbed?reportId=r1&autoAuth=true';
  const cases: Array<[string, (env: Env) => unknown]> = [
    ['[E8.2] embed with autoAuth', (env) => env.powerbi.embed(env.mk(), env.data({ ...configs.report, embedUrl: auto }))],
    ['[E8.2] load with autoAuth', (env) => env.powerbi.load(env.mk(), env.data({ ...configs.report, embedUrl: auto }))],
    ['[E8.2] bootstrap with autoAuth', (env) => env.powerbi.bootstrap(env.mk(), env.data({ type: 'report', embedUrl: auto }))],
    [
      '[E8.2] createReport with autoAuth',
      (env) => env.powerbi.createReport(env.mk(), env.data({ datasetId: 'd', accessToken: 't', embedUrl: auto })),
    ],
    [
      '[E8.2] quickCreate with autoAuth',
      (env) =>
        env.powerbi.quickCreate(
          env.mk(),
          env.data({ accessToken: 't', embedUrl: auto, datasetCreateConfig: { locale: 'en', mashupDocument: 'm' } }),
        ),
    ],
    [
      '[E8.2] dashboard with autoAuth',
      (env) => env.powerbi.embed(env.mk(), env.data({ ...configs.dashboard, embedUrl: `${D}&autoAuth=true` })),
    ],
    [
      '[E8.2] autoAuth=false is fine',
      (env) => env.powerbi.embed(env.mk(), env.data({ ...configs.report, uniqueId: 'u1', embedUrl: `${R}&autoAuth=false` })),
    ],
    [
      '[E8.2] autoAuth on an existing element',
      (env) => {
        const el = env.mk();
        env.powerbi.embed(el, env.data({ ...configs.report, uniqueId: 'u1' }));
        return env.powerbi.embed(el, env.data({ ...configs.report, uniqueId: 'u1', embedUrl: auto }));
      },
    ],
    [
      '[E8.7] createReport without datasetId',
      (env) => env.powerbi.createReport(env.mk(), env.data({ accessToken: 't', embedUrl: R })),
    ],
    [
      '[E8.7] quickCreate without datasetCreateConfig',
      (env) => env.powerbi.quickCreate(env.mk(), env.data({ accessToken: 't', embedUrl: R })),
    ],
    [
      '[E8.7] quickCreate with an empty datasetCreateConfig',
      (env) => env.powerbi.quickCreate(env.mk(), env.data({ accessToken: 't', embedUrl: R, datasetCreateConfig: {} })),
    ],
    [
      '[E8.7] createReport with a datasetBinding but no datasetId',
      (env) =>
        env.powerbi.createReport(env.mk(), env.data({ accessToken: 't', embedUrl: R, datasetBinding: { datasetId: 'x' } })),
    ],
  ];
  for (const [title, run] of cases) {
    it(`${title}: same outcome, nothing posted`, async () => {
      await expectSame((env) => {
        const embed = run(env) as any;
        if (embed?.iframe) {
          const peer = env.peer(embed);
          peer.fireLoad();
        }
        return embed ? 'embedded' : embed;
      });
    });
  }

  for (const [title, extra] of [
    ['without a page name', { pageName: undefined }],
    ['with an empty page name', { pageName: '' }],
    ['without a visual name', { visualName: undefined }],
    ['with a numeric page name', { pageName: 3 }],
  ] as const) {
    it(`[E8.7] a visual embed ${title} is refused when it loads, nothing posted`, async () => {
      const ours = await expectSame(async (env) => {
        const embed = embedWith(env, 'visual', extra as Record<string, unknown>);
        const peer = env.peer(embed);
        peer.fireLoad();
        await new Promise((r) => setTimeout(r, 5));
        return embed.load().then(
          () => 'loaded',
          (e: unknown) => ({ rejected: e }),
        );
      });
      expect(ours.messages).toEqual([]);
    });
  }

  it('[E8.1] every API paginated reports do not support is refused, nothing posted', async () => {
    const ours = await expectSame(async (env) => {
      const embed = env.powerbi.embed(
        env.mk(),
        env.data({ type: 'report', id: 'r1', accessToken: 't', embedUrl: RDL, uniqueId: 'u1' }),
      );
      env.peer(embed);
      const calls: Array<[string, () => unknown]> = [
        ['getPages', () => embed.getPages()],
        ['addPage', () => embed.addPage('x')],
        ['deletePage', () => embed.deletePage('x')],
        ['renamePage', () => embed.renamePage('x', 'y')],
        ['getActivePage', () => embed.getActivePage()],
        ['getPageByName', () => embed.getPageByName('x')],
        ['setPage', () => embed.setPage('x')],
        ['getFilters', () => embed.getFilters()],
        ['updateFilters', () => embed.updateFilters(0, [])],
        ['setFilters', () => embed.setFilters([])],
        ['removeFilters', () => embed.removeFilters()],
        ['updateSettings', () => embed.updateSettings({})],
        ['applyTheme', () => embed.applyTheme({ themeJson: {} })],
        ['resetTheme', () => embed.resetTheme()],
        ['getTheme', () => embed.getTheme()],
        ['getZoom', () => embed.getZoom()],
        ['setZoom', () => embed.setZoom(1)],
        ['print', () => embed.print()],
        ['refresh', () => embed.refresh()],
        ['reload', () => embed.reload()],
        ['save', () => embed.save()],
        ['saveAs', () => embed.saveAs({ name: 'x' })],
        ['switchMode', () => embed.switchMode(1)],
        ['closeAllOverlays', () => embed.closeAllOverlays()],
        ['clearSelectedVisuals', () => embed.clearSelectedVisuals()],
        ['isSaved', () => embed.isSaved()],
        ['savePersistentFilters', () => embed.savePersistentFilters()],
        ['resetPersistentFilters', () => embed.resetPersistentFilters()],
        ['arePersistentFiltersApplied', () => embed.arePersistentFiltersApplied()],
        ['addContextMenuCommand', () => embed.addContextMenuCommand('c', 't')],
        ['addOptionsMenuCommand', () => embed.addOptionsMenuCommand('c', 't')],
        ['removeContextMenuCommand', () => embed.removeContextMenuCommand('c')],
        ['removeOptionsMenuCommand', () => embed.removeOptionsMenuCommand('c')],
        ['setVisualDisplayState', () => embed.setVisualDisplayState('p', 'v', 0)],
        ['resizeVisual', () => embed.resizeVisual('p', 'v', 1, 1)],
        ['resizeActivePage', () => embed.resizeActivePage(4, 1, 1)],
        ['moveVisual', () => embed.moveVisual('p', 'v', 1, 1)],
        ['switchLayout', () => embed.switchLayout(0)],
        ['bookmarks.getBookmarks', () => embed.bookmarksManager.getBookmarks()],
        ['bookmarks.apply', () => embed.bookmarksManager.apply('b')],
        ['bookmarks.play', () => embed.bookmarksManager.play(1)],
        ['bookmarks.capture', () => embed.bookmarksManager.capture()],
        ['bookmarks.applyState', () => embed.bookmarksManager.applyState('s')],
        ['page.getVisuals', () => embed.page('p').getVisuals()],
        ['page.getFilters', () => embed.page('p').getFilters()],
        ['page.setActive', () => embed.page('p').setActive()],
        ['page.hasLayout', () => embed.page('p').hasLayout(1)],
        ['getCorrelationId', () => embed.getCorrelationId()],
        ['setAccessToken', () => embed.setAccessToken('n')],
        ['isUserStateApplied', () => embed.isUserStateApplied?.()],
        ['hasUnsavedChanges', () => embed.hasUnsavedChanges?.()],
      ];
      const results: unknown[] = [];
      for (const [name, call] of calls) {
        try {
          const value = await call();
          results.push([name, 'resolved', value === undefined ? null : value]);
        } catch (error) {
          results.push([
            name,
            'rejected',
            error instanceof Object && 'message' in (error as object) ? (error as Error).message : error,
          ]);
        }
      }
      return results;
    });
    expect(ours.result).toBeTruthy();
  });
});

describe('[E2.1] messages from the frame: unknown routes and malformed messages match powerbi-client 2.23.1', () => {
  it('[E2.1] unknown routes, wrong methods and malformed messages', async () => {
    await expectSame(async (env) => {
      const embed = embedWith(env, 'report');
      const peer = env.peer(embed);
      env.listen(embed.element, ['loaded']);
      peer.sendRequest('/unknown/route', null, { id: 'a' });
      peer.sendRequest('/reports/u1/events/loaded', null, { method: 'PUT', id: 'b' });
      peer.sendRequest('/reports/u1/events/loaded?x=1', null, { id: 'c' });
      peer.sendRequest('/reports/u1/events/loaded/', null, { id: 'd' });
      peer.sendRequest('reports/u1/events/loaded', null, { id: 'd2' });
      const frame = embed.iframe.contentWindow;
      const post = (data: unknown) =>
        env.win.dispatchEvent(new env.win.MessageEvent('message', { data, origin: 'https://app.powerbi.com', source: frame }));
      post('a string');
      post(42);
      post(null);
      post({});
      post({ url: '/reports/u1/events/loaded' });
      post({ method: 'POST', headers: { id: 'e' } });
      post({ statusCode: 200, headers: { id: 'nobody' }, body: 1 });
      post({ method: 'POST', url: '/reports/u1/events/loaded', body: null });
      await new Promise((r) => setTimeout(r, 10));
    });
  });

  it('[E2.1] [E5.6] event hooks: answers, arguments and unknown hooks', async () => {
    await expectSame(async (env) => {
      const calls: unknown[] = [];
      const embed = embedWith(env, 'report', {
        tokenType: 0,
        eventHooks: {
          applicationContextProvider: (req: any) => {
            calls.push(['context', Object.keys(req ?? {}), req?.report === embed]);
            return { app: 'x' };
          },
          accessTokenProvider: async (req: any) => {
            calls.push(['token', Object.keys(req ?? {})]);
            return 'fresh';
          },
        },
      });
      const peer = env.peer(embed);
      peer.sendRequest('/reports/u1/eventHooks/preQuery', { query: 1 }, { id: 'a' });
      peer.sendRequest('/reports/u1/eventHooks/newAccessToken', null, { id: 'b' });
      peer.sendRequest('/reports/u1/eventHooks/somethingElse', {}, { id: 'c' });
      peer.sendRequest('/reports/nobody/eventHooks/preQuery', {}, { id: 'd' });
      await new Promise((r) => setTimeout(r, 10));
      return [
        calls,
        embed.eventHooks ? Object.keys(embed.eventHooks) : null,
        'eventHooks' in embed.config,
        embed.iframe.getAttribute('src'),
      ];
    });
  });

  it('[E5.6] event hooks that fail or are missing', async () => {
    await expectSame(async (env) => {
      const embed = embedWith(env, 'report', {
        tokenType: 0,
        eventHooks: {
          accessTokenProvider: () => {
            throw new Error('no token');
          },
        },
      });
      const plainReport = embedWith(env, 'report', { uniqueId: 'u2' });
      const peer = env.peer(embed);
      const peer2 = env.peer(plainReport);
      peer.sendRequest('/reports/u1/eventHooks/newAccessToken', {}, { id: 'a' });
      peer.sendRequest('/reports/u1/eventHooks/preQuery', {}, { id: 'b' });
      peer2.sendRequest('/reports/u2/eventHooks/newAccessToken', {}, { id: 'c' });
      await new Promise((r) => setTimeout(r, 10));
    });
  });

  for (const [kind, tokenType] of [
    ['create', 0],
    ['quickCreate', 0],
    ['create', 1],
    ['quickCreate', undefined],
  ] as const) {
    it(`[E5.6] ${kind} access token provider with token type ${tokenType}: load headers, answers and iframe URL`, async () => {
      await expectSame(async (env) => {
        const seen: unknown[] = [];
        const base = {
          accessToken: 'tok',
          tokenType: tokenType,
          embedUrl: 'https://app.powerbi.com/reportEmbed?groupId=g1',
          uniqueId: 'u1',
          eventHooks: {
            accessTokenProvider: (req: any) => {
              seen.push(Object.keys(req ?? {}));
              return 'fresh';
            },
          },
        };
        const embed =
          kind === 'create'
            ? env.powerbi.createReport(env.mk(), {
                ...env.data({ ...base, eventHooks: undefined, datasetId: 'ds1' }),
                eventHooks: base.eventHooks,
              })
            : env.powerbi.quickCreate(env.mk(), {
                ...env.data({ ...base, eventHooks: undefined, datasetCreateConfig: { locale: 'en', mashupDocument: 'm' } }),
                eventHooks: base.eventHooks,
              });
        const peer = env.peer(embed);
        peer.fireLoad();
        await new Promise((r) => setTimeout(r, 5));
        peer.sendRequest('/reports/u1/eventHooks/newAccessToken', {}, { id: 'a' });
        await new Promise((r) => setTimeout(r, 10));
        return [seen, embed.iframe.getAttribute('src')];
      });
    });
  }
});

describe('[E7.6] the embedded-visual API on a missing entity matches powerbi-client 2.23.1', () => {
  it('[E7.6] getVisualDescriptor and the visual calls when the visual is missing', async () => {
    await expectSame(async (env) => {
      const embed = embedWith(env, 'visual', { visualName: 'missing' });
      const peer = env.peer(embed, (m) =>
        /\/visuals$/.test(m.url)
          ? { statusCode: 200, body: [] }
          : /\/visuals\/missing/.test(m.url)
            ? { statusCode: 404, body: { message: 'visualNotFound' } }
            : undefined,
      );
      peer.fireLoad();
      await new Promise((r) => setTimeout(r, 5));
      const out: unknown[] = [];
      for (const call of [
        () => embed.getVisualDescriptor(),
        () => embed.getFilters(2),
        () => embed.setFilters([], 2),
        () => embed.updateFilters(0, [], 2),
        () => embed.removeFilters(2),
        () => embed.getFilters(),
      ]) {
        try {
          out.push(['resolved', await call()]);
        } catch (error) {
          out.push(['rejected', error]);
        }
      }
      return out;
    });
  });

  it('[E7.6] getVisualDescriptor when the page is missing', async () => {
    await expectSame(async (env) => {
      const embed = embedWith(env, 'visual', { pageName: 'nope' });
      env.peer(embed, (m) =>
        /\/pages\/nope\//.test(m.url) ? { statusCode: 404, body: { message: 'pageNotFound' } } : undefined,
      );
      return embed.getVisualDescriptor().catch((e: unknown) => ({ rejected: e === undefined ? '<undefined>' : e }));
    });
  });
});

describe('[E5.6] [E8.3] remaining thrown errors match powerbi-client 2.23.1', () => {
  const cases: Array<[string, (env: Env) => unknown]> = [
    ['[E5.6] an empty access token on token update', (env) => embedWith(env, 'report').setAccessToken('')],
    [
      '[E8.3] preload of an invalid embed URL',
      (env) => env.powerbi.preload(env.data({ type: 'report', embedUrl: 'https://evil.example/reportEmbed' })),
    ],
    [
      '[E8.3] bootstrap on a hostname that is not an analytics host',
      (env) => env.powerbi.bootstrap(env.mk(), env.data({ type: 'report', hostname: 'evil.example' })),
    ],
    [
      '[E5.6] embed without an embed URL',
      (env) => env.powerbi.embed(env.mk(), env.data({ type: 'dashboard', id: 'd', accessToken: 't' })),
    ],
    ['[E5.6] register over a reserved name', (env) => env.powerbi.register('Tile', () => null, [])],
    ['[E5.6] create on a dashboard', (env) => embedWith(env, 'dashboard').create()],
    ['[E8.6] render on a visual', (env) => embedWith(env, 'visual').render()],
  ];
  for (const [title, run] of cases) {
    it(`${title}: same error as the reference`, async () => {
      const ours = await expectSame(async (env) => {
        try {
          await run(env);
          return 'no error';
        } catch (error) {
          return { caught: error };
        }
      });
      expect(ours.result).not.toBe('no error');
    });
  }
});

describe('[E2.1] safety: by default only our own iframes are answered (README "Security")', () => {
  it('[E2.1] a request from another window is neither answered nor raised, unless answerAnyFrame is set', async () => {
    for (const answerAnyFrame of [false, true]) {
      const { ours, reference } = await observeBoth(
        async (env) => {
          const embed = embedWith(env, 'report');
          const peer = env.peer(embed);
          env.listen(embed.element, ['loaded']);
          const other = env.doc.createElement('iframe');
          env.doc.body.appendChild(other);
          const data = env.data({ method: 'POST', url: '/reports/u1/events/loaded', headers: { id: 'x' }, body: null });
          env.win.dispatchEvent(
            new env.win.MessageEvent('message', { data, origin: 'https://app.powerbi.com', source: other.contentWindow }),
          );
          // Without a source window the reference ignores the message; so do we.
          peer.sendRequest('/reports/u1/events/loaded', null, { id: 'z', source: 'other' });
          peer.sendRequest('/reports/u1/events/loaded', null, { id: 'y', origin: 'https://evil.example' });
        },
        20,
        { answerAnyFrame },
      );
      if (answerAnyFrame) expect(ours).toEqual(reference);
      else {
        expect(ours.log).toEqual([]);
        expect(reference.log.length).toBeGreaterThan(0);
      }
    }
  });

  it('[E2.1] requests to the frame go to the embed URL origin, never "*"', async () => {
    const { ours } = await observeBoth(async (env) => {
      const embed = embedWith(env, 'report');
      const peer = env.peer(embed);
      peer.fireLoad();
      await new Promise((r) => setTimeout(r, 5));
      await embed.getPages();
      return (peer.messages as Array<{ targetOrigin: string }>).map((m) => m.targetOrigin);
    });
    expect(ours.result).toEqual(['https://app.powerbi.com', 'https://app.powerbi.com']);
  });
});
