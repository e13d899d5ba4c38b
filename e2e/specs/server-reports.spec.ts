import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { checkAccessible, expectAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

// provider.support signs in in no other spec: its kept runs and most used reports are this spec's alone.
const USER = 'provider.support';

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'My reports' });

/** dd/MM/yyyy of a day some days from today (UTC). */
function typed(daysFromToday: number) {
  const d = new Date(Date.now() + daysFromToday * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/** The ExecuteReport request the next action sends, with its body. */
function nextExecute(page: Page) {
  return page.waitForRequest((r) => r.url().endsWith('/api/op/ExecuteReport') && r.method() === 'POST');
}

/** Waits until the open report's run is loaded: its table or its 'no rows' text. */
async function expectLoaded(page: Page) {
  await expect(page.getByTestId('report-table').or(page.getByTestId('report-no-rows'))).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('report-loaded-at')).toContainText('Loaded');
}

/** Total rows the table says it has ('Rows 1–15 of 42'). */
async function totalRows(page: Page) {
  const text = (await page.getByTestId('report-rows').textContent()) ?? '';
  return Number(/of (\d+)/.exec(text.replaceAll(',', ''))?.[1]);
}

async function readRows(download: Download) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the file has no worksheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { header: rows[0] as string[], rows: rows.slice(1) };
}

/** Waits for the open report's first answer: its kept run (loading or loaded) or the invitation to run it. */
async function settled(page: Page) {
  await expect(
    page
      .getByTestId('report-empty')
      .or(page.getByTestId('report-table'))
      .or(page.getByTestId('report-no-rows'))
      .or(page.getByTestId('report-running')),
  ).toBeVisible();
}

/** Types a server report's From and To (dd/MM/yyyy) and runs it with Execute. */
async function runFromTo(page: Page, from: string, to: string) {
  await settled(page);
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Execute' }).click();
}

/** Opens a report of the menu by its name. */
async function openReport(page: Page, name: string) {
  await menuOf(page)
    .getByRole('link', { name: new RegExp(`${name}$`) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe('server reports', () => {
  test('[M2.53] [M5.15] [M9.14] [M4.24] runs Orders by Date with its From/To dates and status, draws the chart and the table, tells when it finished', async ({
    page,
  }) => {
    await signIn(page, USER);
    await page.goto('/#/Reports');
    await openReport(page, 'Orders by Date');
    await expect(page).toHaveURL(/#\/Reports\/OrdersByDate$/);
    const menu = menuOf(page);

    // [M2.51] The entry's parameters behind its expander.
    await menu.getByRole('button', { name: 'Parameters of Orders by Date' }).click();
    await expect(menu.getByRole('button', { name: 'Parameters of Orders by Date' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByText('Status: All')).toBeVisible();

    // [M5.15] Dates are typed dd/MM/yyyy and sent yyyy-MM-dd.
    await expect(page.getByRole('textbox', { name: 'Status' })).toHaveValue('All');
    const sent = nextExecute(page);
    await runFromTo(page, '01/01/2024', typed(1));
    const body = (await sent).postDataJSON() as { parameters: Record<string, string>; flag: boolean };
    expect(body.parameters.From).toBe('2024-01-01');
    expect(body.parameters.To).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.flag).toBe(false);

    // [M4.24] Loading, then loaded with a notice; the menu entry follows.
    await expectLoaded(page);
    await expect(page.getByText('Orders by Date has finished loading!')).toBeVisible();
    await expect(menu.locator('[data-report="OrdersByDate"]')).toHaveAttribute('data-status', 'loaded');

    // [M9.14] The configured chart types without Pie, as radio choices; the chart follows the choice.
    const chartType = page.getByRole('radiogroup', { name: 'Chart type' });
    await expect(chartType.getByRole('radio')).toHaveCount(2);
    await expect(chartType.getByRole('radio', { name: 'Column' })).toBeChecked();
    await expect(chartType.getByRole('radio', { name: 'Line' })).toBeVisible();
    await expect(chartType.getByRole('radio', { name: 'Pie' })).toHaveCount(0);
    await expect(page.getByTestId('report-chart')).toHaveAttribute('data-chart-type', 'Column');
    await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
    await chartType.getByRole('radio', { name: 'Line' }).check();
    await expect(page.getByTestId('report-chart')).toHaveAttribute('data-chart-type', 'Line');
    await expect(page.getByTestId('report-chart').locator('.recharts-line').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Report result' })).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'server-report-loaded');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('table', { name: 'Report result' })).toBeVisible();
    await shot(page, 'server-report-loaded-phone');
    await checkAccessible(page);
  });

  test('[M9.13] pages the table 15 rows at a time with 5, 15, 30 or 100 to choose, and sorts by a column on the server', async ({
    page,
  }) => {
    await signIn(page, USER);
    await page.goto('/#/Reports/OrdersByDate');
    // The same period as the first test: its kept run when that ran before.
    await runFromTo(page, '01/01/2024', typed(1));
    await expectLoaded(page);
    const table = page.getByRole('table', { name: 'Report result' });
    const total = await totalRows(page);
    expect(total).toBeGreaterThan(5);
    await expect(page.getByRole('textbox', { name: 'Rows per page' })).toHaveValue('15');
    await expect(table.locator('tbody tr')).toHaveCount(Math.min(15, total));

    await page.getByRole('textbox', { name: 'Rows per page' }).click();
    await expect(page.getByRole('option')).toHaveText(['5', '15', '30', '100']);
    await page.getByRole('option', { name: '5', exact: true }).click();
    await expect(table.locator('tbody tr')).toHaveCount(5);
    await expect(page.getByTestId('report-rows')).toContainText('Rows 1–5 of');
    const firstPage = await table.locator('tbody tr').first().textContent();
    const paging = page.waitForRequest((r) => r.url().endsWith('/api/op/GetReportResult') && r.postDataJSON().page === 2);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await paging;
    await expect(page.getByTestId('report-rows')).toContainText('Rows 6–10 of');
    await expect(table.locator('tbody tr').first()).not.toHaveText(firstPage ?? '');

    // Sorting asks the server for the column, ascending then descending, from the first page.
    const header = table.getByRole('columnheader').first();
    const column = (await header.getByRole('button').textContent())?.replace(/[▲▼⇅]/g, '').trim() ?? '';
    const ascending = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/op/GetReportResult') &&
        r.postDataJSON().sortBy === column &&
        r.postDataJSON().sortDirection === 'asc',
    );
    await header.getByRole('button').click();
    await ascending;
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByTestId('report-rows')).toContainText('Rows 1–5 of');
    const smallest = await table.locator('tbody tr').first().locator('td').first().textContent();
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(table.locator('tbody tr').first().locator('td').first()).not.toHaveText(smallest ?? '');
  });

  test('[M5.15] a date that is no dd/MM/yyyy day is named on its field and nothing runs', async ({ page }) => {
    await signIn(page, USER);
    await page.goto('/#/Reports/RevenueByMonth');
    await expect(page.getByRole('heading', { level: 1, name: 'Revenue by Month' })).toBeVisible();
    let executed = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/op/ExecuteReport')) executed += 1;
    });
    const before = executed;

    await page.getByLabel('From', { exact: true }).fill('31/02/2026');
    await page.getByLabel('To', { exact: true }).fill('2026-03-01');
    await page.getByRole('button', { name: 'Execute' }).click();

    await expect(page.getByText('From: enter a real date as dd/mm/yyyy, e.g. 31/01/2026')).toBeVisible();
    await expect(page.getByText('To: enter a real date as dd/mm/yyyy, e.g. 31/01/2026')).toBeVisible();
    await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('From', { exact: true }).fill('01/03/2026');
    await page.getByLabel('To', { exact: true }).fill('01/02/2026');
    await page.getByRole('button', { name: 'Execute' }).click();
    await expect(page.getByText('To must not be before From')).toBeVisible();
    expect(executed).toBe(before);
    await expectAccessible(page);
    await shot(page, 'server-report-bad-date');
  });

  test('[M5.15] picks From by keyboard and To by click from the calendar, shows them dd/MM/yyyy and sends them yyyy-MM-dd', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, USER);
    await page.goto('/#/Reports/RevenueByMonth');
    await expect(page.getByRole('heading', { level: 1, name: 'Revenue by Month' })).toBeVisible();
    await settled(page);
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });

    // By keyboard: the button opens the calendar on the typed day, arrows move, Enter picks and closes it.
    await from.fill('10/03/2025');
    const pickFrom = page.getByRole('button', { name: 'Pick From from a calendar' });
    await pickFrom.focus();
    await page.keyboard.press('Enter');
    const fromCalendar = page.getByRole('dialog', { name: 'Calendar for From' });
    await expect(fromCalendar).toBeVisible();
    await expect(fromCalendar.getByRole('button', { name: '10 March 2025' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect(fromCalendar.getByRole('button', { name: '19 March 2025' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(fromCalendar).toBeHidden();
    await expect(from).toHaveValue('19/03/2025');
    await expect(pickFrom).toBeFocused();

    // Open, the calendar passes the accessibility check at both sizes; Escape closes it and gives the focus back.
    await page.keyboard.press('Enter');
    await expect(fromCalendar.getByRole('button', { name: '19 March 2025' })).toBeFocused();
    await checkAccessible(page);
    await shot(page, 'date-field-calendar');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(fromCalendar).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'date-field-calendar-phone');
    await page.keyboard.press('Escape');
    await expect(fromCalendar).toBeHidden();
    await expect(pickFrom).toBeFocused();
    await expect(from).toHaveValue('19/03/2025');
    await page.setViewportSize({ width: 1280, height: 800 });

    // By click: an empty To opens on today's month; from a typed month a click on a day picks it.
    await to.fill('');
    await page.getByRole('button', { name: 'Pick To from a calendar' }).click();
    const toCalendar = page.getByRole('dialog', { name: 'Calendar for To' });
    await expect(toCalendar).toBeVisible();
    const today = await page.evaluate(() =>
      new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
    );
    await expect(toCalendar.getByRole('button', { name: today })).toBeFocused();
    await page.keyboard.press('Escape');
    await to.fill('01/04/2025');
    await page.getByRole('button', { name: 'Pick To from a calendar' }).click();
    await toCalendar.getByRole('button', { name: '15 April 2025' }).click();
    await expect(toCalendar).toBeHidden();
    await expect(to).toHaveValue('15/04/2025');

    // [M5.15] Shown dd/MM/yyyy, sent yyyy-MM-dd; the run kept with those days brings them back as dd/MM/yyyy.
    const sent = nextExecute(page);
    await page.getByRole('button', { name: 'Execute' }).click();
    const body = (await sent).postDataJSON() as { parameters: Record<string, string> };
    expect(body.parameters.From).toBe('2025-03-19');
    expect(body.parameters.To).toBe('2025-04-15');
    await expectLoaded(page);
    await page.reload();
    await expectLoaded(page);
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('19/03/2025');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('15/04/2025');
  });

  test('[M2.53] reopening shows the kept result without running it again; Refresh runs it again', async ({ page }) => {
    await signIn(page, USER);
    await page.goto('/#/Reports/CreditExposure');
    // No parameters: it runs as soon as it is opened the first time.
    await expectLoaded(page);
    const loadedAt = await page.getByTestId('report-loaded-at').textContent();

    await page.goto('/#/Reports');
    await expect(page.getByRole('heading', { name: 'Most frequently used reports' })).toBeVisible();
    const reopened = nextExecute(page);
    await page.goto('/#/Reports/CreditExposure');
    expect(((await reopened).postDataJSON() as { flag: boolean }).flag).toBe(false);
    await expectLoaded(page);
    await expect(page.getByTestId('report-loaded-at')).toHaveText(loadedAt ?? '');
    await expect(page.getByTestId('report-running')).toHaveCount(0);

    // The first run's notice fades (after 5 s) before the refresh tells its own.
    const notice = page.getByText('Credit Exposure has finished loading!');
    await expect(notice).toHaveCount(0, { timeout: 10_000 });
    const refreshed = nextExecute(page);
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect(((await refreshed).postDataJSON() as { flag: boolean }).flag).toBe(true);
    await expect(notice).toHaveCount(1);
    await expectLoaded(page);
    await expect(page.getByTestId('report-loaded-at')).toContainText('Loaded');

    // [M2.52] The reports used are tiles on the landing page, with their parameters behind an expander.
    await page.goto('/#/Reports');
    await expect(page.getByRole('article', { name: 'Credit Exposure' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Orders by Date' })).toBeVisible();
    await page
      .getByRole('article', { name: 'Orders by Date' })
      .getByRole('button', { name: 'Parameters of Orders by Date' })
      .click();
    await expect(page.getByRole('article', { name: 'Orders by Date' }).getByText('Status: All')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'server-reports-landing');
  });

  test('exports the kept result to Excel with progress and downloads every row', async ({ page }) => {
    await signIn(page, USER);
    await page.goto('/#/Reports/OrdersByDate');
    await runFromTo(page, '01/01/2024', typed(1));
    await expectLoaded(page);
    const total = await totalRows(page);
    const headers = (await page.getByRole('table', { name: 'Report result' }).getByRole('columnheader').allTextContents()).map(
      (h) => h.replace(/[▲▼⇅]/g, '').trim(),
    );

    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Orders by Date to Excel' });
    await expect(dialog.getByText(/The file is ready/)).toBeVisible({ timeout: 30_000 });
    await checkAccessible(page);
    await shot(page, 'server-report-export');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: /^Download .+\.xlsx$/ }).click();
    const file = await readRows(await downloading);

    expect(file.header).toEqual(headers);
    expect(file.rows).toHaveLength(total);
  });

  test('[M2.53] [M4.24] runs every server report the user may open', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, USER);
    await page.goto('/#/Reports');
    const links = menuOf(page).locator('a[data-report]');
    await expect(links.first()).toBeVisible();
    const server = await page.request.post('/api/op/ListReports', { data: {} });
    const reports = (
      (await server.json()) as { Reports: { reportName: string; reportLink: string; kind: string }[] }
    ).Reports.filter((r) => r.kind === 'Server');
    expect(reports.length).toBeGreaterThanOrEqual(8);
    for (const report of reports) {
      await page.goto(`/#/Reports/${report.reportLink}`);
      await expect(page.getByRole('heading', { level: 1, name: report.reportName })).toBeVisible();
      await settled(page);
      // With its parameters as the form shows them (the defaults, or the kept run's).
      const execute = page.getByRole('button', { name: 'Execute' });
      if (await execute.isVisible()) await execute.click();
      await expectLoaded(page);
      await expect(menuOf(page).locator(`[data-report="${report.reportLink}"]`)).toHaveAttribute('data-status', 'loaded');
    }
  });

  test('[M5.14] refuses the Excel export of Orders by Date over 2023 (above 100,000 rows): Data limit exceeded', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signIn(page, USER);
    await page.goto('/#/Reports/OrdersByDate');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/op/ExecuteReport'));
    await runFromTo(page, '01/01/2023', '31/12/2023');
    await answered;

    // While it runs: the progress bar (a shot when the run is slow enough to catch it).
    const running = page.getByTestId('report-running');
    if (await running.isVisible()) {
      await expect(running.getByRole('progressbar', { name: 'Progress of Orders by Date' })).toBeVisible();
      await shot(page, 'server-report-running');
    }
    const rows = page.getByTestId('report-rows');
    await expect
      .poll(async () => ((await rows.isVisible()) ? totalRows(page) : 0), { timeout: 240_000, intervals: [1000] })
      .toBeGreaterThan(100_000);
    await expect(menuOf(page).locator('[data-report="OrdersByDate"]')).toHaveAttribute('data-status', 'loaded');

    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Data limit exceeded' });
    await expect(dialog.getByRole('alert')).toHaveText('Report contains large amounts of data and cannot be exported to XLS.');
    await checkAccessible(page);
    await shot(page, 'server-report-data-limit');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toHaveCount(0);
  });

  test('[M8.11] [M4.24] shows a failed run with its message and marks its entry failed with a warning icon', async ({ page }) => {
    // A run fails when its computation cannot be done; the browser cannot cause that, so the server's answers about
    // Price List Margins are turned into a failed run here (the server's own test fails a real run: server-reports.test.ts).
    const error = 'The report "Price List Margins" cannot be run: its computation is not known';
    await page.route('**/api/op/ListReports', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { Reports: { reportLink: string; status: string }[] };
      for (const r of body.Reports) if (r.reportLink === 'PriceListMargins') r.status = 'failed';
      await route.fulfill({ response, json: body });
    });
    await page.route('**/api/op/GetReportResult', async (route) => {
      if ((route.request().postDataJSON() as { name: string }).name !== 'Price List Margins') return route.continue();
      const list = (await (await page.request.post('/api/op/ListReports', { data: {} })).json()) as {
        Reports: { reportLink: string }[];
      };
      const entry = { ...list.Reports.find((r) => r.reportLink === 'PriceListMargins'), status: 'failed' };
      const now = new Date().toISOString();
      await route.fulfill({
        json: {
          Report: entry,
          Run: {
            JobId: null,
            Status: 'failed',
            Parameters: {},
            StartedAt: now,
            LoadedAt: null,
            ExpectedMs: 1000,
            ExecutionMs: 5,
            Error: error,
            TotalRows: 0,
          },
          Columns: [],
          Rows: [],
          Page: 1,
          PageSize: 15,
          Chart: null,
        },
      });
    });
    await signIn(page, USER);
    await page.goto('/#/Reports/PriceListMargins');

    await expect(page.getByRole('alert').filter({ hasText: error })).toContainText('Price List Margins could not be run');
    const item = menuOf(page).locator('[data-report="PriceListMargins"]');
    await expect(item).toHaveAttribute('data-status', 'failed');
    await expect(item.getByRole('img', { name: 'Failed' })).toHaveText('⚠');
    await expect(page.getByTestId('report-loaded-at')).toHaveText('Last run failed');
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
    await expectAccessible(page);
    await shot(page, 'server-report-failed');
  });
});
