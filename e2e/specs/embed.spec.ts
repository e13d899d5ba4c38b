import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The embed host end to end: a host page on the portal's origin loads our library
 * (/embed/sdk/powerbi.js), asks the token route for a token as a signed-in user and embeds the
 * demo report served by the embed host (/embed/reportEmbed).
 *
 * The library accepts only https embed URLs on analytics hosts ([E8.3]), so the browser is told
 * to serve https://app.powerbi.com from the portal server: the iframe then really runs our host
 * on an https origin, and every message crosses origins as it would in production.
 *
 * The same page runs unchanged with the reference library (powerbi-client 2.23.1, a devDependency
 * of packages/embed) for the scenarios both support. With our library the page can also use the
 * token's own embedUrl: the bundle served by the portal trusts the portal's origin.
 */

type Library = 'ours' | 'reference';
const REFERENCE_BUNDLE = readFileSync(
  createRequire(import.meta.url).resolve('powerbi-client/dist/powerbi.js', {
    paths: [new URL('../../packages/embed', import.meta.url).pathname],
  }),
  'utf8',
);
const SDK_SRC: Record<Library, string> = { ours: '/embed/sdk/powerbi.js', reference: '/e2e/reference/powerbi.js' };

const REPORT_ID = '6f1d3c2a-8b4e-4f7a-9c1d-0a5e2b7c9d11';
const SUBSCRIPTIONS_REPORT_ID = '6f1d3c2a-8b4e-4f7a-9c1d-0a5e2b7c9d12';
const WORKGROUP_ID = '2c9e7b15-4d3a-4e8f-b6a1-7f0d9e3c5a22';
const EMBED_ORIGIN = 'https://app.powerbi.com';
const DASHBOARD_ID = '9a4e6b2d-3c1f-4d8e-a7b6-5c4d3e2f1a00';

const hostPage = (library: Library) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Embedding page</title></head>
<body>
<div id="container" style="width: 1100px; height: 760px"></div>
<div id="tile" style="width: 420px; height: 320px"></div>
<script src="${SDK_SRC[library]}"></script>
<script>
  window.events = [];
  window.tokenFor = async (accountId, reportId) => {
    const account = accountId ? '/accounts/' + accountId : '';
    const res = await fetch('/api/powerbi/workgroups/${WORKGROUP_ID}/reports/' + (reportId || '${REPORT_ID}') + account + '/token');
    return { status: res.status, body: await res.json() };
  };
  window.embedReport = (token, overrides, selfHosted) => {
    const container = document.getElementById('container');
    powerbi.reset(container);
    window.events = [];
    const url = new URL(token.embedUrl);
    const config = Object.assign({
      type: 'report',
      id: token.id,
      embedUrl: selfHosted ? token.embedUrl : '${EMBED_ORIGIN}' + url.pathname + url.search,
      accessToken: token.embedToken,
      tokenType: window['powerbi-client'].models.TokenType.Embed,
    }, overrides || {});
    const report = powerbi.embed(container, config);
    for (const name of ['loaded', 'rendered', 'pageChanged', 'filtersApplied', 'error', 'dataSelected', 'visualClicked', 'bookmarkApplied', 'saved', 'commandTriggered', 'buttonClicked', 'dataHyperlinkClicked', 'selectionChanged', 'swipeStart', 'swipeEnd', 'info']) {
      report.on(name, (event) => {
        const detail = event.detail;
        window.events.push({
          name,
          detail: name === 'pageChanged'
            ? { newPage: detail.newPage.name }
            : name === 'swipeStart' || name === 'swipeEnd'
              ? { currentPage: detail.currentPage.name }
              : JSON.parse(JSON.stringify(detail ?? null)),
        });
      });
    }
    window.report = report;
    return true;
  };
  window.embedVisual = (token, pageName, visualName) => {
    const container = document.getElementById('tile');
    powerbi.reset(container);
    const url = new URL(token.embedUrl);
    const visual = powerbi.embed(container, {
      type: 'visual',
      id: token.id,
      embedUrl: '${EMBED_ORIGIN}' + url.pathname + url.search,
      accessToken: token.embedToken,
      tokenType: window['powerbi-client'].models.TokenType.Embed,
      pageName,
      visualName,
      width: 400,
      height: 300,
    });
    visual.setComponentTitle(visualName + ' visual');
    for (const name of ['loaded', 'rendered', 'error']) {
      visual.on(name, (event) => window.events.push({ name: 'visual:' + name, detail: JSON.parse(JSON.stringify(event.detail ?? null)) }));
    }
    window.visual = visual;
    return true;
  };
  window.dashboardTokenFor = async () => {
    const res = await fetch('/api/powerbi/workgroups/${WORKGROUP_ID}/dashboards/${DASHBOARD_ID}/token');
    return { status: res.status, body: await res.json() };
  };
  const viaAnalyticsHost = (embedUrl) => {
    const url = new URL(embedUrl);
    return '${EMBED_ORIGIN}' + url.pathname + url.search;
  };
  const record = (embed, names) => {
    for (const name of names) {
      embed.on(name, (event) => window.events.push({ name, detail: JSON.parse(JSON.stringify(event.detail ?? null)) }));
    }
  };
  window.embedDashboard = (token, pageView) => {
    const container = document.getElementById('container');
    powerbi.reset(container);
    window.events = [];
    const dashboard = powerbi.embed(container, {
      type: 'dashboard',
      id: token.id,
      embedUrl: viaAnalyticsHost(token.embedUrl),
      accessToken: token.embedToken,
      tokenType: window['powerbi-client'].models.TokenType.Embed,
      pageView: pageView || 'fitToWidth',
    });
    dashboard.setComponentTitle('Account health dashboard');
    record(dashboard, ['loaded', 'rendered', 'tileClicked', 'error']);
    return true;
  };
  window.embedTile = (token, index) => {
    const container = document.getElementById('tile');
    powerbi.reset(container);
    const tile = token.tiles[index];
    const embedded = powerbi.embed(container, {
      type: 'tile',
      id: tile.id,
      dashboardId: token.id,
      embedUrl: viaAnalyticsHost(tile.embedUrl),
      accessToken: token.embedToken,
      tokenType: window['powerbi-client'].models.TokenType.Embed,
      width: 400,
      height: 300,
    });
    embedded.setComponentTitle(tile.title + ' tile');
    record(embedded, ['tileLoaded', 'tileClicked', 'error']);
    return true;
  };
</script>
</body></html>`;

async function openHostPage(page: Page, baseURL: string, library: Library = 'ours') {
  // The host page is served on the portal's own origin.
  await page.route(`${baseURL}/e2e/embedding-page.html`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: hostPage(library) }),
  );
  await page.route(`${baseURL}/e2e/reference/powerbi.js`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: REFERENCE_BUNDLE }),
  );
  // https://app.powerbi.com is answered by the portal server (the embed host and its data route).
  await page.route(`${EMBED_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${baseURL}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
  const signIn = await page.request.post('/api/op/Authenticate', {
    data: { Username: 'provider.admin', Password: DEMO_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await page.goto('/e2e/embedding-page.html');
}

const eventNames = (page: Page) => page.evaluate(() => (window as any).events.map((e: { name: string }) => e.name) as string[]);
const waitForEvent = (page: Page, name: string, count = 1) =>
  expect
    .poll(async () => (await eventNames(page)).filter((n) => n === name).length, { message: `event ${name}` })
    .toBeGreaterThanOrEqual(count);
/** The detail of the last event of that name the host page logged. */
const lastDetail = (page: Page, name: string) =>
  page.evaluate(
    (n) => ((window as any).events as { name: string; detail: any }[]).filter((e) => e.name === n).pop()?.detail,
    name,
  );
/** A one-finger horizontal swipe of dx CSS pixels over the element, as touch pointer events. */
async function swipe(target: Locator, dx: number) {
  const at = (x: number) => ({ pointerType: 'touch', pointerId: 11, isPrimary: true, clientX: x, clientY: 300 });
  await target.dispatchEvent('pointerdown', at(600));
  for (const step of [0.25, 0.5, 1]) await target.dispatchEvent('pointermove', at(600 + dx * step));
  await target.dispatchEvent('pointerup', at(600 + dx));
}

test.describe('embed host', () => {
  for (const library of ['ours', 'reference'] as const) {
    test(`[S7.5] [E7.6] [E7.7] [E7.5] [E4.3] embeds the demo report with ${library === 'ours' ? 'our library' : 'powerbi-client 2.23.1'}: loaded, rendered, pages, filters, export, bookmarks, selection, info and swipes`, async ({
      page,
      baseURL,
    }) => {
      await openHostPage(page, baseURL as string, library);
      const token = await page.evaluate(() => (window as any).tokenFor());
      expect(token.status).toBe(200);
      expect(token.body.embedUrl).toContain(`/embed/reportEmbed?reportId=${REPORT_ID}&groupId=${WORKGROUP_ID}`);

      await page.evaluate((t) => (window as any).embedReport(t), token.body);
      await waitForEvent(page, 'loaded');
      await waitForEvent(page, 'rendered');
      const frame = page.frameLocator('#container iframe');
      const card = frame.locator('[data-visual="TotalAccounts"] .card');
      await expect(card).toBeVisible();
      const allAccounts = Number(await card.getAttribute('data-value'));
      expect(allAccounts).toBeGreaterThan(100);

      // Pages: the list and switching to the second page.
      const pages = await page.evaluate(async () =>
        ((await (window as any).report.getPages()) as { name: string; displayName: string; isActive: boolean }[]).map((p) => ({
          name: p.name,
          displayName: p.displayName,
          isActive: p.isActive,
        })),
      );
      expect(pages).toEqual([
        { name: 'ReportSection1', displayName: 'Overview', isActive: true },
        { name: 'ReportSection2', displayName: 'Accounts', isActive: false },
      ]);
      await page.evaluate(() => (window as any).report.setPage('ReportSection2'));
      await waitForEvent(page, 'pageChanged');
      expect(
        (await page.evaluate(() => (window as any).events)).find((e: { name: string }) => e.name === 'pageChanged').detail,
      ).toEqual({
        newPage: 'ReportSection2',
      });
      const typeCells = frame.locator('[data-visual="AccountList"] tbody tr td:nth-child(2)');
      await expect(typeCells.first()).toBeVisible();
      expect(new Set(await typeCells.allTextContents()).size).toBeGreaterThan(1);

      // A basic filter at report level: only companies remain, on every page.
      await page.evaluate(() => {
        const { BasicFilterBuilder, models } = (window as any)['powerbi-client'];
        const onlyCompanies = new BasicFilterBuilder()
          .withTargetObject({ table: 'Accounts', column: 'AccountType' })
          .in(['Company'])
          .build();
        return (window as any).report.updateFilters(models.FiltersOperations.Add, [onlyCompanies]);
      });
      await waitForEvent(page, 'filtersApplied');
      await expect.poll(async () => [...new Set(await typeCells.allTextContents())]).toEqual(['Company']);
      const filters = await page.evaluate(() => (window as any).report.getFilters());
      expect(filters).toHaveLength(1);
      expect(filters[0].values).toEqual(['Company']);

      // Invalid filters are refused with the models' validation message.
      const refused = await page.evaluate(() =>
        // No target: the frame answers with the models' validation errors and keeps its filters.
        (window as any).report
          .setFilters([{ $schema: 'http://powerbi.com/product/schema#basic', operator: 'In', values: ['Active'], filterType: 1 }])
          .then(
            () => null,
            (error: unknown) => error,
          ),
      );
      expect(refused).toEqual([{ message: 'undefined property is invalid' }]);
      expect(await page.evaluate(() => (window as any).report.getFilters())).toHaveLength(1);

      // Export the table's data as CSV.
      const csv: string = await page.evaluate(async () => {
        const [, second] = await (window as any).report.getPages();
        const visual = await second.getVisualByName('AccountList');
        const result = await visual.exportData((window as any)['powerbi-client'].models.ExportDataType.Summarized);
        return result.data;
      });
      const lines = csv.split('\r\n');
      expect(lines[0]).toBe('DisplayName,AccountType,State,Level');
      expect(lines.length).toBeGreaterThan(10);
      expect(lines.slice(1).every((l) => l.split(',')[1] === 'Company')).toBe(true);

      // Back on the first page the card counts only companies.
      await page.evaluate(() => (window as any).report.setPage('ReportSection1'));
      await waitForEvent(page, 'pageChanged', 2);
      await expect.poll(async () => Number(await card.getAttribute('data-value'))).toBeLessThan(allAccounts);
      const companies = Number(await card.getAttribute('data-value'));
      expect(companies).toBeGreaterThan(10);

      // Clicking a data point raises visualClicked and dataSelected.
      await frame.locator('[data-visual="AccountsByState"] [data-category="Active"]').click();
      await waitForEvent(page, 'dataSelected');
      const selected = (await page.evaluate(() => (window as any).events)).find(
        (e: { name: string }) => e.name === 'dataSelected',
      ).detail;
      expect(selected.visual.name).toBe('AccountsByState');
      expect(selected.dataPoints[0].identity[0]).toEqual({ target: { table: 'Accounts', column: 'State' }, equals: 'Active' });

      // ...and selects it: selectionChanged follows dataSelected, the point shows as pressed.
      await waitForEvent(page, 'selectionChanged');
      const names = await eventNames(page);
      expect(names.lastIndexOf('selectionChanged')).toBeGreaterThan(names.lastIndexOf('dataSelected'));
      expect(await lastDetail(page, 'selectionChanged')).toMatchObject({
        page: { name: 'ReportSection1' },
        visual: { name: 'AccountsByState', type: 'donutChart' },
        dataPoints: [{ identity: [{ target: { table: 'Accounts', column: 'State' }, equals: 'Active' }] }],
      });
      const active = frame.locator('[data-visual="AccountsByState"] [data-category="Active"]');
      await expect(active).toHaveAttribute('aria-pressed', 'true');
      await page.evaluate(() => (window as any).report.setComponentTitle('Account overview report'));
      await expectAccessible(page);
      if (library === 'ours') await shot(page, 'embed-selection');
      // Enter on the selected point clears the selection.
      await active.press('Enter');
      await waitForEvent(page, 'selectionChanged', 2);
      expect((await lastDetail(page, 'selectionChanged')).dataPoints).toEqual([]);
      await expect(active).toHaveAttribute('aria-pressed', 'false');

      // Bookmarks: capture, clear the filters, apply the captured state.
      const restored = await page.evaluate(async () => {
        const report = (window as any).report;
        const bookmark = await report.bookmarksManager.capture({ allPages: true });
        await report.removeFilters();
        const cleared = (await report.getFilters()).length;
        await report.bookmarksManager.applyState(bookmark.state);
        return { cleared, after: (await report.getFilters()).length };
      });
      expect(restored).toEqual({ cleared: 0, after: 1 });
      await waitForEvent(page, 'bookmarkApplied');
      await expect.poll(async () => Number(await card.getAttribute('data-value'))).toBe(companies);

      // Zoom goes through settings; refresh reloads the data and renders again.
      const zoom = await page.evaluate(async () => {
        await (window as any).report.setZoom(0.5);
        return (window as any).report.getZoom();
      });
      expect(zoom).toBe(0.5);
      const renderedBefore = (await eventNames(page)).filter((n) => n === 'rendered').length;
      await page.evaluate(() => (window as any).report.refresh());
      await waitForEvent(page, 'rendered', renderedBefore + 1);

      // A filter on a field the report does not have is kept but filters nothing: an info event says so.
      await page.evaluate(() => {
        const { BasicFilterBuilder, models } = (window as any)['powerbi-client'];
        const byRegion = new BasicFilterBuilder().withTargetObject({ table: 'Accounts', column: 'Region' }).in(['North']).build();
        return (window as any).report.updateFilters(models.FiltersOperations.Add, [byRegion]);
      });
      await waitForEvent(page, 'info');
      expect(await lastDetail(page, 'info')).toEqual({
        message: 'The filter on Accounts.Region has no effect: this report has no such field',
        detailedMessage: 'The filter on Accounts.Region has no effect: this report has no such field',
        errorCode: 'FilterTargetNotFound',
        level: 0,
        technicalDetails: { requestId: null },
      });
      await expect.poll(async () => Number(await card.getAttribute('data-value'))).toBe(companies);

      // A touch swipe to the left over the page goes to the next page, to the right back again.
      await swipe(frame.locator('.page-scroller'), -200);
      await waitForEvent(page, 'swipeEnd');
      expect(await lastDetail(page, 'swipeStart')).toEqual({ currentPage: 'ReportSection1' });
      expect(await lastDetail(page, 'swipeEnd')).toEqual({ currentPage: 'ReportSection2' });
      expect(await lastDetail(page, 'pageChanged')).toEqual({ newPage: 'ReportSection2' });
      await expect(frame.locator('.page')).toHaveAttribute('data-page', 'ReportSection2');
      await swipe(frame.locator('.page-scroller'), 200);
      await waitForEvent(page, 'swipeEnd', 2);
      expect(await lastDetail(page, 'swipeEnd')).toEqual({ currentPage: 'ReportSection1' });
      await expect(frame.locator('.page')).toHaveAttribute('data-page', 'ReportSection1');
      expect(await eventNames(page)).not.toContain('error');
    });
  }

  test('[S7.5] embeds from the embedUrl of the token itself: the served library trusts the portal', async ({ page, baseURL }) => {
    await openHostPage(page, baseURL as string);
    const token = await page.evaluate(() => (window as any).tokenFor());

    await page.evaluate((t) => (window as any).embedReport(t, {}, true), token.body);

    await waitForEvent(page, 'loaded');
    await waitForEvent(page, 'rendered');
    expect(await page.locator('#container iframe').getAttribute('src')).toContain(
      `${baseURL}/embed/reportEmbed?reportId=${REPORT_ID}`,
    );
    await expect(page.frameLocator('#container iframe').locator('[data-visual="TotalAccounts"] .card')).toBeVisible();
  });

  test('refuses an altered token and a token of another workgroup with an error event', async ({ page, baseURL }) => {
    await openHostPage(page, baseURL as string);
    const token = await page.evaluate(() => (window as any).tokenFor());

    // Another tenant's scope written into the token: the signature no longer matches.
    const [v, claims, sig] = String(token.body.embedToken).split('.');
    const forged = JSON.parse(Buffer.from(claims as string, 'base64url').toString());
    forged.sid = 999_999;
    const altered = `${v}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${sig}`;
    await page.evaluate((t) => (window as any).embedReport(t), { ...token.body, embedToken: altered });
    await waitForEvent(page, 'error');
    let events = await page.evaluate(() => (window as any).events);
    expect(events.map((e: { name: string }) => e.name)).not.toContain('loaded');
    expect(events[0].detail).toMatchObject({
      message: 'The embed token signature is invalid',
      errorCode: 'PowerBINotAuthorizedException',
    });
    await expect(page.frameLocator('#container iframe').getByRole('alert')).toHaveText('The embed token signature is invalid');

    // A valid token used for another workgroup's report.
    await page.evaluate((t) => (window as any).embedReport(t, { groupId: '00000000-0000-4000-8000-000000000000' }), token.body);
    await waitForEvent(page, 'error');
    events = await page.evaluate(() => (window as any).events);
    expect(events[0].detail).toMatchObject({ message: 'The embed token was issued for another report' });
    expect(events.map((e: { name: string }) => e.name)).not.toContain('loaded');
  });

  test('[E7.6] [E7.3] [E3.15] edits pages in edit mode and saves them, as a copy and over the report', async ({
    page,
    baseURL,
  }) => {
    await openHostPage(page, baseURL as string);
    const token = await page.evaluate(() => (window as any).tokenFor());
    await page.evaluate(
      (t) => (window as any).embedReport(t, { viewMode: (window as any)['powerbi-client'].models.ViewMode.Edit }, true),
      token.body,
    );
    await waitForEvent(page, 'loaded');
    // A host page names the frame for assistive technology, as powerbi-client leaves it untitled.
    await page.evaluate(() => (window as any).report.setComponentTitle('Account overview report'));
    const frame = page.frameLocator('#container iframe');
    const toolbar = frame.getByRole('toolbar', { name: 'Report editing' });
    await expect(toolbar).toContainText('Editing Account overview');
    await expect(toolbar.getByRole('status')).toHaveText('All changes saved');
    await expectAccessible(page);

    // Add a page with the edit bar's button, rename it through the library.
    await toolbar.getByRole('button', { name: 'Add page' }).click();
    await waitForEvent(page, 'pageChanged');
    await expect(toolbar.getByRole('status')).toHaveText('Unsaved changes');
    await expect(frame.getByText('Page 3 has no visuals yet.')).toBeVisible();
    await page.evaluate(() => (window as any).report.renamePage('ReportSection3', 'Notes'));
    expect(
      await page.evaluate(async () =>
        ((await (window as any).report.getPages()) as { displayName: string }[]).map((p) => p.displayName),
      ),
    ).toEqual(['Overview', 'Accounts', 'Notes']);
    expect(await page.evaluate(() => (window as any).report.isSaved())).toBe(false);

    // Save as a copy from the edit bar's form, then save over the report from the library.
    await toolbar.getByLabel('Copy name').fill('Overview with notes');
    await toolbar.getByRole('button', { name: 'Save as' }).click();
    await waitForEvent(page, 'saved');
    const copy = (await page.evaluate(() => (window as any).events)).find((e: { name: string }) => e.name === 'saved').detail;
    expect(copy).toMatchObject({ reportName: 'Overview with notes', saveAs: true });
    await page.evaluate(() => (window as any).report.deletePage('ReportSection3'));
    await page.evaluate(() => (window as any).report.save());
    await waitForEvent(page, 'saved', 2);
    expect(await page.evaluate(() => (window as any).report.isSaved())).toBe(true);

    // The copy is a report of its own: a token for it loads its three pages.
    const copyPages = await page.evaluate(
      async ({ id, wg }) => {
        const res = await fetch(`/api/powerbi/workgroups/${wg}/reports/${id}/token`);
        const t = await res.json();
        const data = await fetch(`/api/embed/data?reportId=${id}&groupId=${wg}`, {
          headers: { authorization: `Bearer ${t.embedToken}` },
        });
        return ((await data.json()).report.pages as { displayName: string }[]).map((p) => p.displayName);
      },
      { id: copy.reportObjectId as string, wg: WORKGROUP_ID },
    );
    expect(copyPages).toEqual(['Overview', 'Accounts', 'Notes']);
  });

  for (const library of ['ours', 'reference'] as const) {
    test(`[E2.1] [E4.3] embeds the demo dashboard and one of its tiles with ${library === 'ours' ? 'our library' : 'powerbi-client 2.23.1'}`, async ({
      page,
      baseURL,
    }) => {
      await openHostPage(page, baseURL as string, library);
      const token = await page.evaluate(() => (window as any).dashboardTokenFor());
      expect(token.status).toBe(200);

      await page.evaluate((t) => (window as any).embedDashboard(t), token.body);
      await waitForEvent(page, 'loaded');
      await waitForEvent(page, 'rendered');
      const frame = page.frameLocator('#container iframe');
      await expect(frame.locator('[data-tile]')).toHaveCount(4);
      await expect(frame.locator('.dashboard')).toHaveAttribute('data-page-view', 'fitToWidth');
      expect(Number(await frame.locator('[data-tile] .card').getAttribute('data-value'))).toBeGreaterThan(100);

      // Clicking a tile tells the host page which tile and which report it opens.
      await frame.getByRole('button', { name: 'Accounts by type' }).click();
      await waitForEvent(page, 'tileClicked');
      const clicked = (await page.evaluate(() => (window as any).events)).find(
        (e: { name: string }) => e.name === 'tileClicked',
      ).detail;
      expect(clicked.tileId).toBe(token.body.tiles[2].id);
      expect(clicked.reportEmbedUrl).toContain(`/embed/reportEmbed?reportId=${REPORT_ID}`);

      // One tile on its own, at the size the host page asks for.
      await page.evaluate((t) => (window as any).embedTile(t, 1), token.body);
      await waitForEvent(page, 'tileLoaded');
      const tile = page.frameLocator('#tile iframe').locator('[data-tile]');
      await expect(tile).toHaveAttribute('aria-label', 'Accounts by state');
      await expect(tile).toHaveCSS('width', '400px');
      await expectAccessible(page);
      expect(await eventNames(page)).not.toContain('error');
    });
  }

  for (const library of ['ours', 'reference'] as const) {
    test(`[E3.13] [E3.12] [E3.3] slices the report, adds a menu command and embeds a single visual with ${library === 'ours' ? 'our library' : 'powerbi-client 2.23.1'}`, async ({
      page,
      baseURL,
    }) => {
      await openHostPage(page, baseURL as string, library);
      const token = await page.evaluate(() => (window as any).tokenFor());
      await page.evaluate((t) => (window as any).embedReport(t), token.body);
      await waitForEvent(page, 'rendered');
      const frame = page.frameLocator('#container iframe');
      const card = frame.locator('[data-visual="TotalAccounts"] .card');
      const all = Number(await card.getAttribute('data-value'));

      // A user ticks one value of the slicer: the other visuals follow and the host page is told.
      await frame.locator('[data-visual="TypeSlicer"]').getByLabel('Reseller').check();
      await waitForEvent(page, 'filtersApplied');
      await expect.poll(async () => Number(await card.getAttribute('data-value'))).toBeLessThan(all);
      const state = await page.evaluate(async () => {
        const [first] = await (window as any).report.getPages();
        const slicer = await first.getVisualByName('TypeSlicer');
        return slicer.getSlicerState();
      });
      expect(state.filters[0].values).toEqual(['Reseller']);

      // A command the host page adds to a chart's options menu comes back as commandTriggered.
      await page.evaluate(() =>
        (window as any).report.updateSettings({
          extensions: [
            {
              command: {
                name: 'explain',
                title: 'Explain',
                selector: { $schema: 'http://powerbi.com/product/schema#visualSelector', visualName: 'AccountsByType' },
                extend: { visualOptionsMenu: { title: 'Explain this chart' } },
              },
            },
          ],
        }),
      );
      await frame.getByRole('button', { name: 'More options for Accounts by type' }).click();
      await frame.getByRole('menuitem', { name: 'Explain this chart' }).press('Enter');
      await waitForEvent(page, 'commandTriggered');
      const command = (await page.evaluate(() => (window as any).events)).find(
        (e: { name: string }) => e.name === 'commandTriggered',
      ).detail;
      expect(command).toMatchObject({ command: 'explain', visual: { name: 'AccountsByType' } });

      // The same report's column chart on its own, sized by the host page.
      await page.evaluate((t) => (window as any).embedVisual(t, 'ReportSection1', 'AccountsByType'), token.body);
      await expect.poll(async () => (await eventNames(page)).includes('visual:loaded')).toBe(true);
      const visualFrame = page.frameLocator('#tile iframe');
      await expect(visualFrame.locator('[data-visual]')).toHaveCount(1);
      await expect(visualFrame.locator('[data-visual="AccountsByType"]')).toHaveCSS('width', '400px');
      expect(await eventNames(page)).not.toContain('visual:error');
    });
  }

  for (const library of ['ours', 'reference'] as const) {
    test(`[E4.3] the Subscriptions report with ${library === 'ours' ? 'our library' : 'powerbi-client 2.23.1'}: a button goes to the list, a link is told to the host page`, async ({
      page,
      baseURL,
    }) => {
      await openHostPage(page, baseURL as string, library);
      const token = await page.evaluate((id) => (window as any).tokenFor(undefined, id), SUBSCRIPTIONS_REPORT_ID);
      await page.evaluate((t) => (window as any).embedReport(t, { settings: { hyperlinkClickBehavior: 2 } }), token.body);
      await waitForEvent(page, 'loaded');
      const frame = page.frameLocator('#container iframe');
      await expect(frame.locator('[data-visual="TotalSubscriptions"] .card')).toBeVisible();
      await page.evaluate(() => (window as any).report.setComponentTitle('Subscriptions report'));
      await expectAccessible(page);

      await frame.getByRole('button', { name: 'Show the subscriptions' }).click();
      await waitForEvent(page, 'pageChanged');
      let events = await page.evaluate(() => (window as any).events);
      expect(events.find((e: { name: string }) => e.name === 'buttonClicked')?.detail).toEqual({
        id: 'ShowList',
        title: 'Show the subscriptions',
        type: 'PageNavigation',
      });
      expect(events.find((e: { name: string }) => e.name === 'pageChanged')?.detail).toEqual({ newPage: 'SubscriptionsList' });

      // RaiseEvent: the link is only told to the host page, which stays where it is.
      const link = frame.locator('[data-visual="SubscriptionList"] td a').first();
      const href = (await link.getAttribute('href')) as string;
      expect(href).toMatch(/^\/#\/Account\/View\/\d+$/);
      await expectAccessible(page);
      await link.click();
      await waitForEvent(page, 'dataHyperlinkClicked');
      events = await page.evaluate(() => (window as any).events);
      expect(events.find((e: { name: string }) => e.name === 'dataHyperlinkClicked')?.detail).toMatchObject({
        url: href,
        visualId: 'SubscriptionList',
      });
      expect(page.context().pages()).toHaveLength(1);
    });
  }
});

test.describe('embed host on a touch screen', () => {
  test.use({ hasTouch: true });

  test('[E4.3] a finger swiping over the report changes page; a finger moving down scrolls and is no swipe', async ({
    page,
    baseURL,
  }) => {
    await openHostPage(page, baseURL as string);
    const token = await page.evaluate(() => (window as any).tokenFor());
    await page.evaluate((t) => (window as any).embedReport(t), token.body);
    await waitForEvent(page, 'rendered');
    const frame = page.frameLocator('#container iframe');
    const box = await frame.locator('.page-scroller').boundingBox();
    if (!box) throw new Error('the report canvas is not shown');
    // Real touch input through the browser (Chromium's DevTools protocol), not synthetic DOM events.
    const cdp = await page.context().newCDPSession(page);
    const finger = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
      const point = (x: number, y: number) => [{ x: box.x + x, y: box.y + y, id: 1 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x, from.y) });
      for (const t of [0.2, 0.4, 0.6, 0.8, 1]) {
        const x = from.x + (to.x - from.x) * t;
        const y = from.y + (to.y - from.y) * t;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };

    await finger({ x: 500, y: 200 }, { x: 500, y: 320 });
    await finger({ x: 500, y: 250 }, { x: 250, y: 260 });

    await waitForEvent(page, 'swipeEnd');
    const names = (await eventNames(page)).filter((n) => ['swipeStart', 'pageChanged', 'swipeEnd'].includes(n));
    expect(names).toEqual(['swipeStart', 'pageChanged', 'swipeEnd']);
    expect(await lastDetail(page, 'swipeEnd')).toEqual({ currentPage: 'ReportSection2' });
    await expect(frame.locator('.page')).toHaveAttribute('data-page', 'ReportSection2');
    await page.evaluate(() => (window as any).report.setComponentTitle('Account overview report'));
    await expectAccessible(page);
  });
});
