import { describe, expect, it } from 'vitest';
import { Embed } from '../embed.js';
import { attachPeer, flush } from './helpers/frame-peer.js';
import { createService, makeContainer } from './helpers/ours.js';
import { loadReference, toRealm } from './helpers/reference.js';

type Attempt = [title: string, run: (powerbi: any, mk: () => HTMLElement) => unknown];

const R = 'https://app.powerbi.com/reportEmbed';
const attempts: Attempt[] = [
  ['[E8.7] no access token', (p, mk) => p.embed(mk(), { type: 'report', id: 'r', embedUrl: R })],
  ['[E8.7] no embed url', (p, mk) => p.embed(mk(), { type: 'report', id: 'r', accessToken: 't' })],
  [
    '[E8.3] invalid protocol',
    (p, mk) => p.embed(mk(), { type: 'report', id: 'r', accessToken: 't', embedUrl: 'http://app.powerbi.com/reportEmbed' }),
  ],
  [
    '[E8.3] invalid host',
    (p, mk) =>
      p.embed(mk(), { type: 'report', id: 'r', accessToken: 't', embedUrl: 'https://app.powerbi.com.evil.example/reportEmbed' }),
  ],
  ['[E8.3] not a url', (p, mk) => p.embed(mk(), { type: 'report', id: 'r', accessToken: 't', embedUrl: 'not a url' })],
  [
    '[E8.2] auto-auth url',
    (p, mk) => p.embed(mk(), { type: 'report', id: 'r', accessToken: 't', embedUrl: R + '?autoAuth=true' }),
  ],
  ['[E8.7] no report id', (p, mk) => p.embed(mk(), { type: 'report', accessToken: 't', embedUrl: R })],
  [
    '[E8.7] no dashboard id',
    (p, mk) => p.embed(mk(), { type: 'dashboard', accessToken: 't', embedUrl: 'https://app.powerbi.com/dashboardEmbed' }),
  ],
  [
    '[E8.7] no tile id',
    (p, mk) => p.embed(mk(), { type: 'tile', accessToken: 't', dashboardId: 'd', embedUrl: 'https://app.powerbi.com/embed' }),
  ],
  ['[E8.7] no dataset id', (p, mk) => p.createReport(mk(), { accessToken: 't', embedUrl: R })],
  ['[E8.6] unknown component type', (p, mk) => p.embed(mk(), { type: 'foo', id: 'r', accessToken: 't', embedUrl: R })],
  [
    '[E5.6] event hook that is not a function',
    (p, mk) =>
      p.embed(mk(), { type: 'report', id: 'r', accessToken: 't', embedUrl: R, eventHooks: { applicationContextProvider: 1 } }),
  ],
  [
    '[E5.6] application context provider outside a report',
    (p, mk) =>
      p.embed(mk(), {
        type: 'dashboard',
        id: 'd',
        accessToken: 't',
        embedUrl: 'https://app.powerbi.com/dashboardEmbed',
        eventHooks: { applicationContextProvider: () => 1 },
      }),
  ],
  [
    '[E5.6] access token provider with an embed token',
    (p, mk) =>
      p.embed(mk(), {
        type: 'report',
        id: 'r',
        accessToken: 't',
        tokenType: 1,
        embedUrl: R,
        eventHooks: { accessTokenProvider: () => 'x' },
      }),
  ],
  [
    '[E5.6] access token provider on a dashboard',
    (p, mk) =>
      p.embed(mk(), {
        type: 'dashboard',
        id: 'd',
        accessToken: 't',
        tokenType: 0,
        embedUrl: 'https://app.powerbi.com/dashboardEmbed',
        eventHooks: { accessTokenProvider: () => 'x' },
      }),
  ],
  [
    '[E5.4] invalid report configuration',
    (p, mk) => p.embed(mk(), { type: 'report', id: 'r', accessToken: 't', embedUrl: R, settings: { filterPaneEnabled: 3 } }),
  ],
  [
    '[E5.2] invalid dashboard page view',
    (p, mk) =>
      p.embed(mk(), {
        type: 'dashboard',
        id: 'd',
        accessToken: 't',
        embedUrl: 'https://app.powerbi.com/dashboardEmbed',
        pageView: 'big',
      }),
  ],
  [
    '[E5.4] qna without datasets',
    (p, mk) => p.embed(mk(), { type: 'qna', accessToken: 't', embedUrl: 'https://app.powerbi.com/qnaEmbed' }),
  ],
  ['[E5.6] no type at all', (p, mk) => p.embed(mk(), { id: 'r', accessToken: 't', embedUrl: R })],
  [
    '[E5.6] event name outside the allowed list',
    (p, mk) => p.embed(mk(), { type: 'report', id: 'r', accessToken: 't', embedUrl: R }).on('bogus', () => undefined),
  ],
  [
    '[E5.6] dashboard event name outside its list',
    (p, mk) =>
      p
        .embed(mk(), { type: 'dashboard', id: 'd', accessToken: 't', embedUrl: 'https://app.powerbi.com/dashboardEmbed' })
        .on('pageChanged', () => undefined),
  ],
  ['[E5.6] get on an element without embed', (p, mk) => p.get(mk())],
  [
    '[E5.6] bootstrap twice',
    (p, mk) => {
      const el = mk();
      p.bootstrap(el, { type: 'report' });
      p.bootstrap(el, { type: 'report' });
    },
  ],
];

function outcome(run: () => unknown): unknown {
  try {
    const value = run();
    return { ok: typeof value };
  } catch (error) {
    if (Array.isArray(error)) return { errors: JSON.parse(JSON.stringify(error)) };
    return { message: String((error as Error).message).replace(/uid=[a-z0-9]+/g, 'uid=X') };
  }
}

describe('embed-time errors match powerbi-client 2.23.1', () => {
  const ref = loadReference();
  for (const [title, run] of attempts) {
    it(`${title}: same error as the reference`, () => {
      const ours = outcome(() => run(createService(), () => makeContainer()));
      const theirs = outcome(() =>
        run(ref.powerbi, () => {
          const d = ref.window.document.createElement('div');
          ref.window.document.body.appendChild(d);
          return d as unknown as HTMLElement;
        }),
      );
      expect(ours).toEqual(theirs);
      expect(ours).not.toHaveProperty('ok');
    });
  }

  it('[E8.7] the missing-token message names the attribute and the global token', () => {
    expect(() => createService().embed(makeContainer(), { type: 'report', id: 'r', embedUrl: R })).toThrow(
      "No access token was found for element. You must specify an access token directly on the element using attribute 'powerbi-access-token' or specify a global token at: powerbi.accessToken.",
    );
  });

  it('[E5.6] [E8.7] an empty access token is refused on token update', async () => {
    const report = createService().embed(makeContainer(), { type: 'report', id: 'r', accessToken: 't', embedUrl: R });
    await expect(report.setAccessToken('')).rejects.toThrow('Access token cannot be empty');
  });

  it('[E5.6] [E8.7] a visual needs a page name and a visual name when it loads', async () => {
    const powerbi = createService();
    const errors: unknown[] = [];
    const noPage = powerbi.embed(makeContainer(), { type: 'visual', id: 'r', accessToken: 't', embedUrl: R });
    noPage.iframeLoaded = true;
    await Promise.resolve()
      .then(() => noPage.load())
      .catch((e: Error) => errors.push(e.message));
    const noVisual = powerbi.embed(makeContainer(), { type: 'visual', id: 'r', accessToken: 't', embedUrl: R, pageName: 'p' });
    noVisual.iframeLoaded = true;
    await Promise.resolve()
      .then(() => noVisual.load())
      .catch((e: Error) => errors.push(e.message));
    expect(errors).toEqual([
      'Page name is required when embedding a visual.',
      'Visual name is required, but it was not found. You must provide a visual name as part of embed configuration.',
    ]);
  });

  it('[E5.6] a global access token is used when neither config nor element has one', () => {
    const powerbi = createService();
    powerbi.accessToken = 'global';
    const report = powerbi.embed(makeContainer(), { type: 'report', id: 'r', embedUrl: R });
    expect(report.config.accessToken).toBe('global');
  });

  it('[E5.6] the report id may come from the embed URL', () => {
    const report = createService().embed(makeContainer(), {
      type: 'report',
      accessToken: 't',
      embedUrl: R + '?reportId=abc&groupId=g1',
    });
    expect(report.config.id).toBe('abc');
    expect(report.config.groupId).toBe('g1');
  });

  it('[E5.6] [E8.3] accepts embed URLs on the known https hosts only', () => {
    const powerbi = createService();
    for (const url of [
      'https://app.powerbi.com/reportEmbed',
      'https://app.powerbigov.us/reportEmbed',
      'https://app.powerbi.cn/reportEmbed',
      'https://x.fabric.microsoft.com/reportEmbed',
    ]) {
      expect(() => powerbi.embed(makeContainer(), { type: 'report', id: 'r', accessToken: 't', embedUrl: url })).not.toThrow();
    }
    expect(() =>
      powerbi.embed(makeContainer(), { type: 'report', id: 'r', accessToken: 't', embedUrl: 'https://powerbi.com/reportEmbed' }),
    ).toThrow(
      'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL',
    );
  });

  it('[E8.5] switching from desktop to a mobile layout after embed is refused', async () => {
    const report = createService().embed(makeContainer(), { type: 'report', id: 'r', accessToken: 't', embedUrl: R }) as any;
    await expect(report.switchLayout(2)).rejects.toBe(
      'Switching between mobile and desktop layouts is not supported. Please reset the embed container and re-embed with required layout.',
    );
  });

  it('[E8.4] only the active page can be resized', async () => {
    const report = createService().embed(makeContainer(), { type: 'report', id: 'r', accessToken: 't', embedUrl: R }) as any;
    await expect(report.page('p2', 'Two', false).resizePage(4, 10, 10)).rejects.toBe(
      'Cannot resize the page. Only the active page can be resized',
    );
  });

  it('[E8.1] bookmark, page, filter and theme calls are refused for paginated reports', async () => {
    const report = createService().embed(makeContainer(), {
      type: 'report',
      id: 'r',
      accessToken: 't',
      embedUrl: 'https://app.powerbi.com/rdlEmbed?reportId=r',
    }) as any;
    for (const call of [
      () => report.bookmarksManager.getBookmarks(),
      () => report.getPages(),
      () => report.getFilters(),
      () => report.applyTheme({ themeJson: {} }),
    ]) {
      await expect(call()).rejects.toBe('This API is currently not supported for RDL reports');
    }
  });

  it('[E4.2] switches view mode through a call', async () => {
    const powerbi = createService();
    const report = powerbi.embed(makeContainer(), {
      type: 'report',
      id: 'r',
      accessToken: 't',
      embedUrl: R,
      uniqueId: 'u',
    }) as any;
    const peer = attachPeer(window, report.iframe);
    await report.switchMode(1);
    await report.switchMode(0);
    await flush();
    expect(peer.messages.map((m) => m.url)).toEqual(['/report/switchMode/edit', '/report/switchMode/view']);
  });

  it('[E4.3] allowed events per kind', () => {
    expect(Embed.allowedEvents).toEqual([
      'loaded',
      'saved',
      'rendered',
      'saveAsTriggered',
      'error',
      'dataSelected',
      'buttonClicked',
      'info',
    ]);
    const powerbi = createService();
    const report = powerbi.embed(makeContainer(), { type: 'report', id: 'r', accessToken: 't', embedUrl: R });
    const dashboard = powerbi.embed(makeContainer(), {
      type: 'dashboard',
      id: 'd',
      accessToken: 't',
      embedUrl: 'https://app.powerbi.com/dashboardEmbed',
    });
    const qna = powerbi.embed(makeContainer(), {
      type: 'qna',
      accessToken: 't',
      datasetIds: ['d'],
      embedUrl: 'https://app.powerbi.com/qnaEmbed',
    });
    expect(report.allowedEvents).toEqual([
      ...Embed.allowedEvents,
      'filtersApplied',
      'pageChanged',
      'commandTriggered',
      'swipeStart',
      'swipeEnd',
      'bookmarkApplied',
      'dataHyperlinkClicked',
      'visualRendered',
      'visualClicked',
      'selectionChanged',
      'renderingStarted',
      'blur',
    ]);
    expect(dashboard.allowedEvents).toContain('tileClicked');
    expect(qna.allowedEvents).toContain('visualRendered');
    expect(qna.allowedEvents).not.toContain('pageChanged');
  });

  it('[E4.3] instance event lists match the reference', () => {
    const ref = loadReference();
    const mkRef = () => {
      const d = ref.window.document.createElement('div');
      ref.window.document.body.appendChild(d);
      return d;
    };
    const configs = [
      { type: 'report', id: 'r', accessToken: 't', embedUrl: R },
      { type: 'dashboard', id: 'd', accessToken: 't', embedUrl: 'https://app.powerbi.com/dashboardEmbed' },
      { type: 'tile', id: 't', dashboardId: 'd', accessToken: 't', embedUrl: 'https://app.powerbi.com/embed' },
      { type: 'qna', accessToken: 't', datasetIds: ['d'], embedUrl: 'https://app.powerbi.com/qnaEmbed' },
      { type: 'visual', id: 'r', accessToken: 't', embedUrl: R, pageName: 'p', visualName: 'v' },
    ];
    for (const config of configs) {
      const ours = createService().embed(makeContainer(), JSON.parse(JSON.stringify(config)));
      const theirs = ref.powerbi.embed(mkRef(), toRealm(ref.window, config));
      expect([...ours.allowedEvents]).toEqual([...theirs.allowedEvents]);
    }
  });
});
