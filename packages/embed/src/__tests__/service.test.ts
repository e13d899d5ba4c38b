import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Embed } from '../embed.js';
import * as models from '../models/index.js';
import { Page } from '../page.js';
import { Report } from '../report.js';
import { embedAccountReport, getEmbedTokenPath } from '../report-embed-helper.js';
import { attachPeer, flush } from './helpers/frame-peer.js';
import { createService, makeContainer } from './helpers/ours.js';
import { loadReference, toRealm } from './helpers/reference.js';

const R = 'https://app.powerbi.com/reportEmbed';
const reportConfig = (extra: Record<string, unknown> = {}) => ({
  type: 'report',
  id: 'r1',
  accessToken: 'tok',
  embedUrl: R,
  uniqueId: 'u1',
  ...extra,
});

describe('iframe and lifecycle', () => {
  it('[E2.1] creates a full-size, non-scrolling iframe that allows full screen, with the uid on the URL', () => {
    const el = makeContainer();
    createService().embed(el, reportConfig());
    const iframe = el.querySelector('iframe')!;
    expect(iframe.style.width).toBe('100%');
    expect(iframe.style.height).toBe('100%');
    expect(iframe.getAttribute('scrolling')).toBe('no');
    expect(iframe.getAttribute('allowfullscreen')).toBe('true');
    expect(iframe.getAttribute('src')).toBe(`${R}?uid=u1`);
  });

  it('[E2.1] [S9.7] bootstraps on the default https host with the endpoint of each kind', () => {
    const powerbi = createService();
    const src = (type: string, extra = {}) => {
      const el = makeContainer();
      powerbi.bootstrap(el, { type, uniqueId: 'b', ...extra });
      return el.querySelector('iframe')!.getAttribute('src');
    };
    expect(Embed.defaultEmbedHostName).toBe('https://app.powerbi.com');
    expect(src('report')).toBe('https://app.powerbi.com/reportEmbed?uid=b');
    expect(src('dashboard')).toBe('https://app.powerbi.com/dashboardEmbed?uid=b');
    expect(src('qna')).toBe('https://app.powerbi.com/qnaEmbed?uid=b');
    expect(src('report', { hostname: 'contoso.powerbi.com' })).toBe('https://contoso.powerbi.com/reportEmbed?uid=b');
  });

  it('[E4.1] sends nothing before the frame has loaded, then load once it has', async () => {
    const report = createService().embed(makeContainer(), reportConfig());
    const peer = attachPeer(window, report.iframe);
    await report.load();
    expect(peer.messages).toHaveLength(0);
    peer.fireLoad();
    await flush();
    expect(peer.messages.map((m) => m.url)).toEqual(['/report/load']);
    expect(peer.messages[0].headers).toMatchObject({
      uid: 'u1',
      sdkVersion: '2.23.1',
      'x-sdk-type': 'js',
      'x-sdk-version': '2.23.1',
    });
  });

  it('[E4.1] skips load without an access token (bootstrapped frame)', async () => {
    const el = makeContainer();
    const report = createService().bootstrap(el, { type: 'report', uniqueId: 'b1' });
    const peer = attachPeer(window, report.iframe);
    peer.fireLoad();
    await report.load();
    await flush();
    expect(peer.messages).toHaveLength(0);
  });

  it('[E4.1] bootstrap, then embed on the same element sends the load with bootstrapped set', async () => {
    const powerbi = createService();
    const el = makeContainer();
    const boot = powerbi.bootstrap(el, { type: 'report', uniqueId: 'b1' });
    const peer = attachPeer(window, boot.iframe);
    peer.fireLoad();
    await flush();
    const report = powerbi.embed(el, { type: 'report', id: 'r1', accessToken: 'tok', embedUrl: R });
    await flush();
    expect(report).toBe(boot);
    expect(peer.messages.map((m) => m.url)).toEqual(['/report/load']);
    expect(peer.messages[0].headers).toMatchObject({ bootstrapped: true, uid: 'b1' });
  });

  it('[E4.1] [S9.7] drops a second load within 100 ms', async () => {
    const report = createService().embed(makeContainer(), reportConfig());
    const peer = attachPeer(window, report.iframe);
    peer.fireLoad();
    peer.fireLoad();
    await flush();
    expect(peer.messages).toHaveLength(1);
    await flush(110);
    await report.load();
    await flush();
    expect(peer.messages).toHaveLength(2);
  });

  it('[E4.1] [S9.7] front-loads the config on the ready event for the first components only, like the reference', async () => {
    expect(Embed.maxFrontLoadTimes).toBe(2);
    const ours: number[] = [];
    const powerbi = createService();
    for (let i = 0; i < 4; i++) {
      const embed = powerbi.embed(makeContainer(), reportConfig({ uniqueId: `f${i}` }));
      const peer = attachPeer(window, embed.iframe);
      peer.sendRequest(`/ready/f${i}`, null);
      await flush(10);
      ours.push(peer.messages.filter((m) => m.url === '/frontload/config').length);
    }
    const ref = loadReference();
    const theirs: number[] = [];
    for (let i = 0; i < 4; i++) {
      const d = ref.window.document.createElement('div');
      ref.window.document.body.appendChild(d);
      const embed = ref.powerbi.embed(d, toRealm(ref.window, reportConfig({ uniqueId: `f${i}` })));
      const peer = attachPeer(ref.window, embed.iframe);
      peer.sendRequest(`/ready/f${i}`, null);
      await flush(10);
      theirs.push(peer.messages.filter((m) => m.url === '/frontload/config').length);
    }
    expect(ours).toEqual(theirs);
    expect(ours[3]).toBe(0);
  });

  it('[E7.1] phased load sends prepare for reports', async () => {
    const powerbi = createService();
    const report = powerbi.load(makeContainer(), reportConfig()) as Report;
    const peer = attachPeer(window, report.iframe);
    peer.fireLoad();
    await flush();
    await report.render();
    expect(peer.messages.map((m) => m.url)).toEqual(['/report/prepare', '/report/render']);
  });

  it('[E2.1] preload adds a hidden iframe', () => {
    const iframe = createService().preload({ type: 'report', embedUrl: R });
    expect(iframe.getAttribute('style')).toBe('display:none;');
    expect(iframe.getAttribute('src')).toBe(R);
    expect(document.body.contains(iframe)).toBe(true);
  });
});

describe('events', () => {
  it('[E2.1] [E4.3] routes report events to handlers and answers the frame', async () => {
    const report = createService().embed(makeContainer(), reportConfig());
    const peer = attachPeer(window, report.iframe);
    const received: unknown[] = [];
    report.on('loaded', (event) => received.push(event.detail));
    peer.sendRequest('/reports/u1/events/loaded', { ok: true }, { id: 'e1' });
    await flush();
    expect(received).toEqual([{ ok: true }]);
    expect(peer.responses).toEqual([{ statusCode: 200, headers: { id: 'e1' }, body: null }]);
  });

  it('[E2.1] routes page and visual level report events', async () => {
    const report = createService().embed(makeContainer(), reportConfig());
    const peer = attachPeer(window, report.iframe);
    const names: string[] = [];
    report.on('visualClicked', () => names.push('visualClicked'));
    report.on('dataSelected', () => names.push('dataSelected'));
    peer.sendRequest('/reports/u1/pages/p1/visuals/v1/events/visualClicked', {});
    peer.sendRequest('/reports/u1/pages/p1/events/dataSelected', {});
    await flush();
    expect(names).toEqual(['visualClicked', 'dataSelected']);
  });

  it('[E2.1] turns pageChanged bodies into Page objects', async () => {
    const report = createService().embed(makeContainer(), reportConfig());
    const peer = attachPeer(window, report.iframe);
    let page: unknown;
    report.on<{ newPage: Page }>('pageChanged', (event) => {
      page = event.detail.newPage;
    });
    peer.sendRequest('/reports/u1/events/pageChanged', { newPage: { name: 'p2', displayName: 'Two' } });
    await flush();
    expect(page).toBeInstanceOf(Page);
    expect(page).toMatchObject({ name: 'p2', displayName: 'Two', isActive: true });
  });

  it('[E2.1] [E4.3] routes dashboard, tile and qna events', async () => {
    const powerbi = createService();
    const dashboard = powerbi.embed(makeContainer(), {
      type: 'dashboard',
      id: 'd',
      accessToken: 't',
      embedUrl: 'https://app.powerbi.com/dashboardEmbed',
      uniqueId: 'd1',
    });
    const tile = powerbi.embed(makeContainer(), {
      type: 'tile',
      id: 't',
      dashboardId: 'd',
      accessToken: 't',
      embedUrl: 'https://app.powerbi.com/embed',
      uniqueId: 't1',
    });
    const qna = powerbi.embed(makeContainer(), {
      type: 'qna',
      datasetIds: ['x'],
      accessToken: 't',
      embedUrl: 'https://app.powerbi.com/qnaEmbed',
      uniqueId: 'q1',
    });
    const got: string[] = [];
    dashboard.on('tileClicked', () => got.push('dashboard'));
    tile.on('tileClicked', () => got.push('tile'));
    qna.on('visualRendered', () => got.push('qna'));
    attachPeer(window, dashboard.iframe).sendRequest('/dashboards/d1/events/tileClicked', {});
    attachPeer(window, tile.iframe).sendRequest('/tile/t1/events/tileClicked', {});
    attachPeer(window, qna.iframe).sendRequest('/qna/q1/events/visualRendered', {});
    await flush();
    expect(got).toEqual(['dashboard', 'tile', 'qna']);
  });

  it('[E4.3] delivers selectionChanged, swipeStart, swipeEnd and info to their hooks until they are taken off', async () => {
    const report = createService().embed(makeContainer(), reportConfig());
    const peer = attachPeer(window, report.iframe);
    const got: [string, unknown][] = [];
    const names = ['selectionChanged', 'swipeStart', 'swipeEnd', 'info'];
    const hooks = names.map((name) => {
      const hook = (event: CustomEvent<unknown>) => got.push([name, event.detail]);
      report.on(name, hook);
      return [name, hook] as const;
    });
    const selection = {
      page: { name: 'p1' },
      visual: { name: 'v1', type: 'columnChart' },
      dataPoints: [{ identity: [{ target: { table: 'Accounts', column: 'State' }, equals: 'Active' }], values: [] }],
      regions: [],
      filters: [],
    };
    const info = { message: 'The filter on Accounts.Region has no effect', errorCode: 'FilterTargetNotFound', level: 0 };
    const send = () => {
      peer.sendRequest('/reports/u1/events/selectionChanged', selection);
      peer.sendRequest('/reports/u1/events/swipeStart', { currentPage: { name: 'p1' } });
      peer.sendRequest('/reports/u1/events/swipeEnd', { currentPage: { name: 'p2' } });
      peer.sendRequest('/reports/u1/events/info', info);
    };

    send();
    await flush();
    expect(got).toEqual([
      ['selectionChanged', selection],
      ['swipeStart', { currentPage: { name: 'p1' } }],
      ['swipeEnd', { currentPage: { name: 'p2' } }],
      ['info', info],
    ]);

    for (const [name, hook] of hooks) report.off(name, hook);
    send();
    await flush();
    expect(got).toHaveLength(4);
  });

  it('[E4.3] allows info on every kind of embed but swipes and selectionChanged on reports only', () => {
    const powerbi = createService();
    const dashboard = powerbi.embed(makeContainer(), {
      type: 'dashboard',
      id: 'd',
      accessToken: 't',
      embedUrl: 'https://app.powerbi.com/dashboardEmbed',
      uniqueId: 'd2',
    });
    expect(() => dashboard.on('info', () => undefined)).not.toThrow();
    for (const name of ['selectionChanged', 'swipeStart', 'swipeEnd'])
      expect(() => dashboard.on(name, () => undefined)).toThrow(`You passed: ${name}`);
  });

  it('removes one handler or all handlers of an event with off', async () => {
    const report = createService().embed(makeContainer(), reportConfig());
    const peer = attachPeer(window, report.iframe);
    const calls: string[] = [];
    const first = () => calls.push('first');
    const second = () => calls.push('second');
    report.on('rendered', first);
    report.on('rendered', second);
    report.off('rendered', first);
    peer.sendRequest('/reports/u1/events/rendered', {});
    await flush();
    report.off('rendered');
    peer.sendRequest('/reports/u1/events/rendered', {});
    await flush();
    expect(calls).toEqual(['second']);
  });

  it('leaves events from another origin or another window unanswered', async () => {
    const report = createService().embed(makeContainer(), reportConfig());
    const peer = attachPeer(window, report.iframe);
    const calls: unknown[] = [];
    report.on('loaded', () => calls.push(1));
    peer.sendRequest('/reports/u1/events/loaded', {}, { origin: 'https://evil.example' });
    peer.sendRequest('/reports/u1/events/loaded', {}, { source: 'other' });
    await flush();
    expect(calls).toHaveLength(0);
    expect(peer.responses).toEqual([]);
  });

  it('[E2.1] answers preQuery with the application context provider and newAccessToken with the token provider', async () => {
    const report = createService().embed(
      makeContainer(),
      reportConfig({
        tokenType: models.TokenType.Aad,
        eventHooks: {
          applicationContextProvider: (req: { q: number; report: unknown }) => ({
            context: req.q,
            report: req.report === report,
          }),
          accessTokenProvider: async () => 'fresh',
        },
      }),
    );
    const peer = attachPeer(window, report.iframe);
    peer.fireLoad();
    await flush();
    expect(peer.messages[0].headers.tokenProviderSupplied).toBe(true);
    peer.sendRequest('/reports/u1/eventHooks/preQuery', { q: 1 }, { id: 'h1' });
    peer.sendRequest('/reports/u1/eventHooks/newAccessToken', null, { id: 'h2' });
    await flush();
    expect(peer.responses).toEqual([
      { statusCode: 200, headers: { id: 'h1' }, body: { context: 1, report: true } },
      { statusCode: 200, headers: { id: 'h2' }, body: 'fresh' },
    ]);
  });

  it('[E2.1] quick create answers newAccessToken; other hook names get 200 with no body, as in the reference', async () => {
    const quick = createService().quickCreate(makeContainer(), {
      accessToken: 't',
      embedUrl: 'https://app.powerbi.com/quickCreate',
      uniqueId: 'qc',
      tokenType: models.TokenType.Aad,
      datasetCreateConfig: { locale: 'en', mashupDocument: 'm' },
      eventHooks: { accessTokenProvider: () => 'fresh' },
    });
    const peer = attachPeer(window, quick.iframe);
    peer.sendRequest('/reports/qc/eventHooks/newAccessToken', null, { id: 'a' });
    peer.sendRequest('/reports/qc/eventHooks/preQuery', null, { id: 'b' });
    await flush();
    expect(peer.responses).toHaveLength(2);
    expect(peer.responses).toEqual(
      expect.arrayContaining([
        { statusCode: 200, headers: { id: 'a' }, body: 'fresh' },
        { statusCode: 200, headers: { id: 'b' }, body: null },
      ]),
    );
  });
});

describe('protocol', () => {
  it('[E7.12] gives every request a unique id and resolves each with its own response body', async () => {
    const report = createService().embed(makeContainer(), reportConfig()) as Report;
    const peer = attachPeer(window, report.iframe, (m) =>
      m.url === '/report/zoom' ? { statusCode: 200, body: 2 } : { statusCode: 200, body: 'corr' },
    );
    const [zoom, correlation] = await Promise.all([report.getZoom(), report.getCorrelationId()]);
    expect(zoom).toBe(2);
    expect(correlation).toBe('corr');
    const ids = peer.messages.map((m) => m.headers.id);
    expect(new Set(ids).size).toBe(2);
  });

  it('posts to the embed URL origin, never to "*"', async () => {
    const report = createService().embed(makeContainer(), reportConfig()) as Report;
    const peer = attachPeer(window, report.iframe);
    await report.refresh();
    expect(peer.messages[0].targetOrigin).toBe('https://app.powerbi.com');
  });

  it('ignores a response that comes from another window', async () => {
    const report = createService().embed(makeContainer(), reportConfig()) as Report;
    const peer = attachPeer(window, report.iframe, () => 'silent');
    const pending = report.getZoom();
    await flush();
    const id = peer.messages[0].headers.id;
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { statusCode: 200, headers: { id }, body: 9 },
        origin: 'https://app.powerbi.com',
        source: window,
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { statusCode: 200, headers: { id }, body: 3 },
        origin: 'https://app.powerbi.com',
        source: report.iframe.contentWindow,
      }),
    );
    await expect(pending).resolves.toBe(3);
  });

  it('[E7.12] rejects with the response body on an error status', async () => {
    const report = createService().embed(makeContainer(), reportConfig()) as Report;
    attachPeer(window, report.iframe, () => ({ statusCode: 500, body: { message: 'boom' } }));
    await expect(report.refresh()).rejects.toEqual({ message: 'boom' });
  });
});

describe('token and settings', () => {
  it('[E5.6] [E7.4] setAccessToken posts the token and keeps it', async () => {
    const report = createService().embed(makeContainer(), reportConfig());
    const peer = attachPeer(window, report.iframe);
    await report.setAccessToken('next');
    expect(peer.messages[0]).toMatchObject({ method: 'POST', url: '/report/token', body: 'next' });
    expect(report.config.accessToken).toBe('next');
  });

  it('[E3.10] adds locale settings to the embed URL', () => {
    const report = createService().embed(
      makeContainer(),
      reportConfig({ settings: { localeSettings: { language: 'de', formatLocale: 'de-AT' } } }),
    );
    expect(report.iframe.getAttribute('src')).toBe(`${R}?language=de&formatLocale=de-AT&uid=u1`);
  });

  it('[E4.2] marks mobile layouts on the embed URL', () => {
    const report = createService().embed(
      makeContainer(),
      reportConfig({ settings: { layoutType: models.LayoutType.MobilePortrait } }),
    );
    expect(report.config.embedUrl).toBe(`${R}?isMobile=true`);
  });
});

describe('attribute-based embedding', () => {
  it('[E2.1] reads powerbi-* attributes', () => {
    const el = makeContainer();
    el.setAttribute('powerbi-type', 'report');
    el.setAttribute('powerbi-embed-url', `${R}?groupId=g1`);
    el.setAttribute('powerbi-access-token', 'attr-token');
    el.setAttribute('powerbi-report-id', 'attr-report');
    el.setAttribute('powerbi-name', 'attr-name');
    el.setAttribute('powerbi-settings-filter-pane-enabled', 'false');
    el.setAttribute('powerbi-settings-nav-content-pane-enabled', 'true');
    const report = createService().embed(el);
    expect(report.config).toMatchObject({
      type: 'report',
      accessToken: 'attr-token',
      id: 'attr-report',
      uniqueId: 'attr-name',
      groupId: 'g1',
      settings: { filterPaneEnabled: false, navContentPaneEnabled: true },
    });
  });

  it('[E2.1] reads powerbi-dashboard-id', () => {
    const el = makeContainer();
    el.setAttribute('powerbi-type', 'dashboard');
    el.setAttribute('powerbi-embed-url', 'https://app.powerbi.com/dashboardEmbed');
    el.setAttribute('powerbi-access-token', 't');
    el.setAttribute('powerbi-dashboard-id', 'dash-1');
    expect(createService().embed(el).config.id).toBe('dash-1');
  });

  it('[E2.1] init embeds every element that has powerbi-embed-url, with the same config as the reference', () => {
    const html = `<div powerbi-type="report" powerbi-embed-url="${R}?reportId=a1" powerbi-access-token="t" powerbi-name="n1"></div>
      <div powerbi-type="dashboard" powerbi-embed-url="https://app.powerbi.com/dashboardEmbed?dashboardId=d1" powerbi-access-token="t" powerbi-name="n2"></div><div></div>`;
    const root = makeContainer();
    root.innerHTML = html;
    const ours = createService().init(root);
    const ref = loadReference();
    const refRoot = ref.window.document.createElement('div');
    refRoot.innerHTML = html;
    ref.window.document.body.appendChild(refRoot);
    const theirs = ref.powerbi.init(refRoot);
    expect(ours).toHaveLength(2);
    expect(ours.map((e) => JSON.parse(JSON.stringify(e.config)))).toEqual(
      theirs.map((e: { config: unknown }) => JSON.parse(JSON.stringify(e.config))),
    );
  });

  it('[E2.1] auto-embeds on DOMContentLoaded when asked to', () => {
    document.body.innerHTML = '';
    const root = makeContainer();
    root.innerHTML = `<div powerbi-type="report" powerbi-embed-url="${R}?reportId=a1" powerbi-access-token="t"></div>`;
    const powerbi = createService({ autoEmbedOnContentLoaded: true });
    document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
    expect(powerbi.get(root.firstElementChild as HTMLElement)).toBeInstanceOf(Report);
  });
});

describe('get, find and reset', () => {
  it('get returns the embed of an element and find looks it up by unique id', () => {
    const powerbi = createService();
    const el = makeContainer();
    const report = powerbi.embed(el, reportConfig());
    expect(powerbi.get(el)).toBe(report);
    expect(powerbi.find('u1')).toBe(report);
    expect(powerbi.find('nope')).toBeUndefined();
  });

  describe('listener bookkeeping', () => {
    type Entry = { target: EventTarget; name: string; listener: unknown };
    let live: Entry[] = [];
    const originalAdd = EventTarget.prototype.addEventListener;
    const originalRemove = EventTarget.prototype.removeEventListener;
    beforeEach(() => {
      live = [];
      EventTarget.prototype.addEventListener = function (this: EventTarget, name: string, listener: unknown, options?: unknown) {
        live.push({ target: this, name, listener });
        return originalAdd.call(this, name, listener as EventListener, options as boolean);
      } as typeof EventTarget.prototype.addEventListener;
      EventTarget.prototype.removeEventListener = function (
        this: EventTarget,
        name: string,
        listener: unknown,
        options?: unknown,
      ) {
        const index = live.findIndex((e) => e.target === this && e.name === name && e.listener === listener);
        if (index >= 0) live.splice(index, 1);
        return originalRemove.call(this, name, listener as EventListener, options as boolean);
      } as typeof EventTarget.prototype.removeEventListener;
    });
    afterEach(() => {
      EventTarget.prototype.addEventListener = originalAdd;
      EventTarget.prototype.removeEventListener = originalRemove;
    });

    it('reset removes the iframe and leaves no listener behind', async () => {
      const powerbi = createService();
      const serviceListeners = live.length; // the service's own message listener stays for other embeds
      const el = makeContainer();
      const report = powerbi.embed(el, reportConfig()) as Report;
      const peer = attachPeer(window, report.iframe);
      report.on('loaded', () => undefined);
      report.on('pageChanged', () => undefined);
      report.on('rendered', () => undefined);
      peer.fireLoad();
      await flush();
      expect(live.length).toBeGreaterThan(serviceListeners);

      powerbi.reset(el);

      expect(el.querySelector('iframe')).toBeNull();
      expect(live.length).toBe(serviceListeners);
      expect(live.every((e) => e.target === window && e.name === 'message')).toBe(true);
      expect(report.listenerCount).toBe(0);
      expect(powerbi.find('u1')).toBeUndefined();
      expect(() => powerbi.get(el)).toThrow('You attempted to get an instance of powerbi component associated with element');
    });

    it('after reset, events for the old embed reach no handler and the element can be embedded again', async () => {
      const powerbi = createService();
      const el = makeContainer();
      const report = powerbi.embed(el, reportConfig());
      const peer = attachPeer(window, report.iframe);
      const calls: unknown[] = [];
      report.on('loaded', () => calls.push(1));
      powerbi.reset(el);
      peer.sendRequest('/reports/u1/events/loaded', {});
      await flush();
      expect(calls).toHaveLength(0);
      const again = powerbi.embed(el, reportConfig({ uniqueId: 'u2' }));
      expect(again).not.toBe(report);
      expect(el.querySelectorAll('iframe')).toHaveLength(1);
    });
  });
});

describe('embed helper', () => {
  it('[E4.4] [E3.1] asks for a token, then embeds the report with the two-letter locale', async () => {
    const urls: string[] = [];
    const el = makeContainer();
    const report = await embedAccountReport(createService(), el, {
      workgroupId: 'w1',
      reportId: 'r1',
      accountId: 'a1',
      locale: 'de-AT',
      fetchToken: async (url) => {
        urls.push(url);
        return { id: 'r1', embedUrl: `${R}?reportId=r1`, embedToken: 'emb' };
      },
    });
    expect(urls).toEqual(['/api/powerbi/workgroups/w1/reports/r1/accounts/a1/token']);
    expect(report?.config).toMatchObject({ id: 'r1', accessToken: 'emb', tokenType: models.TokenType.Embed });
    expect(report?.iframe.getAttribute('src')).toContain('language=de');
  });

  it('[E4.4] uses the path without an account when none is given', () => {
    expect(getEmbedTokenPath('w1', 'r1')).toBe('/api/powerbi/workgroups/w1/reports/r1/token');
  });

  it('[E4.4] logs a failure and resolves to undefined', async () => {
    const logged: unknown[] = [];
    const result = await embedAccountReport(createService(), makeContainer(), {
      workgroupId: 'w1',
      reportId: 'r1',
      fetchToken: async () => {
        throw new Error('401');
      },
      logError: (e) => logged.push(e),
    });
    expect(result).toBeUndefined();
    expect(logged).toHaveLength(1);
  });
});
