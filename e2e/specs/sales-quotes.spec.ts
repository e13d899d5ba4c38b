import { readFile } from 'node:fs/promises';
import { type Download, expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { pdfText } from '../fixtures/pdf-text';
import { checkAccessible, headerMenuItems, openHeaderMenuItem, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The quote builder #/SalesQuotes (issue 17): the catalogue, drag and drop by mouse and by keyboard, the lines,
 * saving revisions, loading an older one and the two exports. summitpeak.admin (Reseller administrator) quotes
 * from the price lists that reach Summit Peak; each run makes quotes of its own title, so no other spec's data moves.
 */

const BACKUP = 'Contoso Backup for Microsoft 365';
const STANDARD = 'Microsoft 365 Business Standard';

/** Drags with the mouse in small steps, as a person would (dnd-kit starts after 4 px). */
async function mouseDrag(page: Page, handle: Locator, target: Locator) {
  // Away from the window's edges, where dnd-kit scrolls the page while dragging.
  await handle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  // A box is read once, without waiting: the drop zone must be drawn first.
  await expect(target).toBeVisible();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag or no place to drop');
  // Both must be on screen: the catalogue's list scrolls inside its pane, so the quote stays beside it.
  const toY = to.y + Math.min(60, to.height / 2);
  if (toY < 0 || toY > (page.viewportSize()?.height ?? 0)) throw new Error(`the drop zone is off screen (y ${toY})`);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, toY, { steps: 15 });
  await expect(target).toHaveAttribute('data-over', 'true');
  await page.mouse.up();
}

async function readSheet(download: Download) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of workbook.worksheets)
    sheet.eachRow((row) => {
      for (const v of (row.values as unknown[]).slice(1)) if (v !== null && v !== undefined) cells.push(String(v));
    });
  return cells;
}

async function exportFile(page: Page, button: string, title: RegExp): Promise<Download> {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  const link = dialog.getByRole('link', { name: /^Download / });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await checkAccessible(page);
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);
  return download;
}

test.describe('sales quote builder', () => {
  test('[M2.2] [M2.3] [M2.5] [M2.6] [M2.7] [M4.2] [M4.3] [M6.1] builds a quote by drag and drop and by keyboard, saves two revisions, loads the first and exports it to .xlsx and PDF', async ({
    page,
  }) => {
    const title = `Quote ${Date.now()}`;
    await signIn(page, 'summitpeak.admin');
    await openHeaderMenuItem(page, 'Sales', 'Sales quotes');
    await expect(page.getByRole('heading', { level: 1, name: 'Sales quote builder' })).toBeVisible();
    await expect(page.getByText('No services on this quote yet')).toBeVisible();

    // [M2.3] The new-quote modal: company, title, users 1..100, the first price list.
    // The builder's own New (the footer has the portal's New menu too).
    await page.locator('#main').getByRole('button', { name: 'New', exact: true }).click();
    await expect(page).toHaveURL(/#\/SalesQuotes\/new$/);
    const modal = page.getByRole('dialog', { name: 'New quote' });
    await expect(modal.getByLabel('Quote title')).toHaveValue('New It Infrastructure Quote');
    await modal.getByLabel('Company name').fill('Northwind Prospects');
    await modal.getByLabel('Quote title').fill(title);
    await checkAccessible(page);
    await modal.getByRole('button', { name: 'Create quote' }).click();
    await expect(page).toHaveURL(/#\/SalesQuotes$/);
    await expect(modal).toHaveCount(0);
    const header = page.getByRole('region', { name: 'Quote details' });
    await expect(header.getByLabel('Quote title')).toHaveValue(title);
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
    await header.getByLabel('Total users').fill('20');
    await header.getByLabel('Total users').press('Tab');

    // By mouse: the backup service, which needs Business Standard [M4.3].
    await page.getByLabel('Search services').fill('Microsoft 365');
    // The search applies after a short pause: wait until the catalogue shows only the matches.
    await expect(page.getByTestId('catalogue-service').filter({ hasNotText: 'Microsoft 365' })).toHaveCount(0);
    const dropZone = page.getByTestId('quote-drop-zone');
    await mouseDrag(page, page.getByRole('button', { name: `Drag ${BACKUP} onto the quote` }), dropZone);
    const backupLine = page.getByRole('article', { name: BACKUP });
    await expect(backupLine).toBeVisible();
    await expect(backupLine.getByRole('button', { name: `Add the required service ${STANDARD}` })).toBeVisible();
    await expect(page.getByTestId('total-monthly')).not.toContainText('…');
    await checkAccessible(page);
    await shot(page, 'sales-quotes-drag');

    // By keyboard: Space on Business Standard's handle, an arrow key onto the quote, Space.
    await page.getByRole('button', { name: `Drag ${STANDARD} onto the quote` }).focus();
    await page.keyboard.press('Space');
    // Picked up: the drop zone says so (dnd-kit listens for the arrow keys from then on).
    await expect(dropZone.getByText('Drop here')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(dropZone).toHaveAttribute('data-over', 'true');
    await page.keyboard.press('Space');
    await expect(page.getByRole('article', { name: STANDARD })).toBeVisible();
    await expect(page.getByTestId('quote-line').first()).toHaveAttribute('aria-label', STANDARD);
    await expect(backupLine.getByRole('button', { name: `Add the required service ${STANDARD}` })).toHaveCount(0);

    // [M4.3] Removing the dependency returns it to the backup line's unmet list; it is added from there again.
    await page.getByRole('button', { name: `Remove ${STANDARD}` }).click();
    await backupLine.getByRole('button', { name: `Add the required service ${STANDARD}` }).click();
    await expect(page.getByRole('article', { name: STANDARD })).toBeVisible();
    await expect(page.getByTestId('total-monthly')).toContainText(/\d/);

    // [M4.2] Save: revision 1 and its edit route; change and save again: revision 2.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/#\/SalesQuotes\/edit\/\d+\/1$/);
    await expect(page.getByTestId('quote-revision')).toHaveText('Revision 1 of 1');
    const id = /edit\/(\d+)\/1$/.exec(page.url())?.[1];
    await header.getByLabel('Total users').fill('30');
    await header.getByLabel('Total users').press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`#/SalesQuotes/edit/${id}/2$`));
    await expect(page.getByTestId('quote-revision')).toHaveText('Revision 2 of 2');

    // [M2.5] The load grid lists it at revision 2; revision 1 opens read-only.
    await page.getByRole('button', { name: 'Load' }).click();
    await expect(page).toHaveURL(/#\/SalesQuotes\/load$/);
    const grid = page.getByRole('dialog', { name: 'Load a quote' });
    await grid.getByLabel('Search quotes').fill(title);
    await expect(grid.getByRole('row', { name: new RegExp(title) })).toContainText('2');
    await checkAccessible(page);
    await grid.getByRole('button', { name: `Open ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`#/SalesQuotes/edit/${id}/2$`));
    await page.getByRole('textbox', { name: 'Revision' }).click();
    await page.getByRole('option', { name: /^Revision 1 / }).click();
    await expect(page).toHaveURL(new RegExp(`#/SalesQuotes/edit/${id}/1$`));
    await expect(page.getByText('You are viewing revision 1')).toBeVisible();
    await expect(header.getByLabel('Total users')).toHaveValue('20');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    // [M2.7] [M6.1] The exports of revision 1: an .xlsx with the lines, and the customer-facing PDF.
    const xlsx = await exportFile(page, 'Export to Excel', /Excel/);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const cells = await readSheet(xlsx);
    expect(cells.join('\n')).toContain(title);
    expect(cells.join('\n')).toContain(BACKUP);
    expect(cells.join('\n')).toContain(STANDARD);
    await expect(page).toHaveURL(new RegExp(`#/SalesQuotes/edit/${id}/1$`));

    const pdf = await exportFile(page, 'Export PDF', /PDF/);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile(await pdf.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // What the customer reads: the seller, the quote, the customer, the lines, the totals, currency and validity.
    const shown = pdfText(bytes);
    for (const text of [title, 'For: Northwind Prospects', 'Users: 20', BACKUP, STANDARD, 'Total']) expect(shown).toContain(text);
    expect(shown).toMatch(/Currency: [A-Z]{3}/);
    expect(shown).toMatch(/Valid until: \d{4}-\d{2}-\d{2}/);
    await shot(page, 'sales-quotes-revision-1');
  });

  test('[M9.1] [M4.6] the builder starts at Company Name / Quote Title / 50 users on the first price list, the new-quote modal at New Name / New It Infrastructure Quote / 1 user; another price list reloads the catalogue and clears the search', async ({
    page,
  }) => {
    await signIn(page, 'summitpeak.admin');
    const call = async <T>(operation: string, data: object): Promise<T> => {
      const res = await page.request.post(`/api/op/${operation}`, { data });
      expect(res.status(), `${operation}: ${await res.text()}`).toBe(200);
      return (await res.json()) as T;
    };
    const templates = (await call<{ Items: { Id: number; Name: string }[] }>('ListSalesQuotesPriceTemplates', {})).Items;
    const catalogueOf = async (id: number) =>
      (
        await call<{ Services: { DisplayName: string }[] }>('SearchServices', {
          options: { DisplayName: '', Source: { Type: 'Marketplace', Value: id }, ExcludeHidden: true },
          page: 1,
          limit: 20,
        })
      ).Services.map((s) => s.DisplayName);
    const first = templates[0] as { Id: number; Name: string };
    const firstCatalogue = await catalogueOf(first.Id);
    // Another list of Summit Peak's own, holding Business Standard only (named to sort last, so the first list stays
    // the first): its catalogue differs from the first list's.
    const tiles = await call<{ Items: { ServiceId: number }[] }>('ListMarketplaceServicesLite', {
      marketplaceId: first.Id,
      search: STANDARD,
    });
    const created = await call<{ Id: number; Version: number }>('CreateMarketplace', {
      Name: `Zz Quote catalogue ${Date.now().toString(36)}`,
      Priority: 1,
    });
    await call('UpdateMarketplaceServices', {
      marketplaceId: created.Id,
      services: [tiles.Items[0]?.ServiceId],
      flag: true,
      version: created.Version,
    });
    const otherTemplate = (await call<{ Items: { Id: number; Name: string }[] }>('ListSalesQuotesPriceTemplates', {})).Items.find(
      (t) => t.Id === created.Id,
    );
    if (!otherTemplate) throw new Error('the new price list is not offered for quotes');
    expect(firstCatalogue).not.toEqual([STANDARD]);
    const other = { template: otherTemplate, names: await catalogueOf(created.Id) };
    expect(other.names).toEqual([STANDARD]);

    // [M9.1] The builder after loading: 'Company Name', 'Quote Title', 50 users, the first price list.
    await openHeaderMenuItem(page, 'Sales', 'Sales quotes');
    const header = page.getByRole('region', { name: 'Quote details' });
    await expect(header.getByLabel('Company name')).toHaveValue('Company Name');
    await expect(header.getByLabel('Quote title')).toHaveValue('Quote Title');
    await expect(header.getByLabel('Total users')).toHaveValue('50');
    const priceList = header.getByRole('textbox', { name: 'Price list' });
    await expect(priceList).toHaveValue(first.Name);
    const catalogue = page.getByRole('list', { name: 'Services of the price list' });
    await expect(catalogue).toHaveAttribute('aria-busy', 'false');
    await checkAccessible(page);

    // [M9.1] The new-quote modal: 'New Name', 'New It Infrastructure Quote', 1 user, the first price list loaded.
    await page.locator('#main').getByRole('button', { name: 'New', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'New quote' });
    await expect(modal.getByLabel('Company name')).toHaveValue('New Name');
    await expect(modal.getByLabel('Quote title')).toHaveValue('New It Infrastructure Quote');
    await expect(modal.getByText('Users: 1', { exact: true })).toBeVisible();
    await expect(modal.getByRole('slider', { name: 'Users of the new quote' })).toHaveAttribute('aria-valuenow', '1');
    await expect(modal.getByRole('textbox', { name: 'Price list' })).toHaveValue(first.Name);
    await checkAccessible(page);
    await shot(page, 'sales-quotes-new-defaults');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toHaveCount(0);

    // [M4.6] A search, then another price list: the search is cleared and the catalogue is that list's.
    const search = page.getByLabel('Search services');
    const searched = firstCatalogue.find((name) => name !== STANDARD) as string;
    await search.fill(searched);
    await expect(page.getByTestId('catalogue-service').filter({ hasNotText: searched })).toHaveCount(0);
    await expect(page.getByTestId('catalogue-service').filter({ hasText: searched }).first()).toBeVisible();
    await priceList.click();
    await page.getByRole('option', { name: other.template.Name, exact: true }).click();
    await expect(priceList).toHaveValue(other.template.Name);
    await expect(search).toHaveValue('');
    await expect(catalogue).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('catalogue-service')).toHaveCount(other.names.length);
    for (const [i, name] of other.names.entries()) await expect(page.getByTestId('catalogue-service').nth(i)).toContainText(name);
    await checkAccessible(page);
    await shot(page, 'sales-quotes-other-price-list');

    // The list was this test's own: it goes, so no later spec finds it among Summit Peak's lists.
    const props = await call<{ Version: number }>('GetMarketplaceProperties', { id: created.Id });
    await call('DeleteMarketplace', { id: created.Id, version: props.Version });
  });

  test('[M2.4] the templates address is recognised: it opens the builder, not the missing-page notice', async ({ page }) => {
    await signIn(page, 'summitpeak.admin');
    await page.goto('/#/SalesQuotes/templates');

    await expect(page.getByRole('heading', { level: 1, name: 'Sales quote builder' })).toBeVisible();
    await expect(page.getByText('This page does not exist.')).toHaveCount(0);
    await page.goto('/#/SalesQuotes/no-such-route');
    await expect(page.getByText('This page does not exist.')).toBeVisible();
  });

  test('[M6.1] without the sales quote permissions there is no menu entry, no builder and no Excel export', async ({ page }) => {
    await signIn(page, 'blueharbor.finance');
    expect(await headerMenuItems(page, 'Sales')).not.toContain('Sales quotes');

    await page.goto('/#/SalesQuotes/export/xlsx');

    await expect(page.getByRole('heading', { level: 1, name: 'Sales quote builder' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('You do not have access to this page');
    await expect(page.getByRole('alert')).toContainText('view sales quotes');
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await checkAccessible(page);
    const refused = await page.request.post('/api/op/ExportSalesQuoteToExcel', { data: { id: 1, revision: 1 } });
    expect(refused.status()).toBe(403);
  });
});
