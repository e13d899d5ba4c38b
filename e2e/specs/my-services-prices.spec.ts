import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { checkAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The suggested retail prices of "Your services" by Excel [M6.4] [M7.11]-[M7.13]: export, edit, upload,
 * review, save; then the original file restores the prices, so the demo data is left as it was.
 * Litware Hosting's services: litware.admin holds MY_SERVICES_UPDATE (Vendor service administrator).
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbookOf(download: Download) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  return workbook;
}

async function bytes(workbook: ExcelJS.Workbook) {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function exportPrices(page: Page): Promise<Download> {
  await page.getByRole('button', { name: 'Export prices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export suggested retail prices' });
  await expect(dialog.getByRole('textbox', { name: 'Vendors' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: /^EUR/ }).click();
  await checkAccessible(page);
  await shot(page, 'my-services-export');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'can be downloaded now' })).toBeVisible({ timeout: 30_000 });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: /^Download / }).click();
  const download = await downloading;
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);
  await closeToasts(page);
  return download;
}

/** Closes the toasts, which sit over the page's top right corner. */
async function closeToasts(page: Page) {
  for (const button of await page.getByRole('button', { name: 'Close notification' }).all()) await button.click();
  await expect(page.getByRole('button', { name: 'Close notification' })).toHaveCount(0);
}

async function uploadInEditWindow(page: Page, name: string, data: Buffer) {
  const dialog = page.getByRole('dialog', { name: 'Edit suggested retail prices by Excel' });
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: XLSX, buffer: data });
  return dialog;
}

test.describe('suggested retail prices by Excel on Your services', () => {
  test('[M6.4] [M7.11] [M7.12] [M7.13] [M4.14] [M5.6] [M8.13] exports, refuses a bad row, previews only the changed price and saves it after a confirmation', async ({
    page,
  }) => {
    await signIn(page, 'litware.admin');
    await page.goto('/#/Services');
    await expect(page.getByRole('table', { name: 'Your services' })).toBeVisible();

    const download = await exportPrices(page);
    expect(download.suggestedFilename()).toMatch(/^Suggested retail prices - \d{4}-\d\d-\d\d\.xlsx$/);
    const original = await workbookOf(download);
    const sheet = original.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Service ID',
      'Service name',
      'Priceable item',
      'Fee',
      'Currency',
      'Purchase price',
      'Suggested retail price',
    ]);
    const priceColumn = header.indexOf('Suggested retail price') + 1;
    let rowNumber = 0;
    sheet.eachRow((row, n) => {
      const v = row.getCell(priceColumn).value;
      if (n > 1 && rowNumber === 0 && typeof v === 'number' && v > 0) rowNumber = n;
    });
    expect(rowNumber).toBeGreaterThan(1);
    const before = sheet.getRow(rowNumber).getCell(priceColumn).value as number;
    const serviceName = String(sheet.getRow(rowNumber).getCell(2).value);
    const originalBytes = await bytes(original);

    const edited = new ExcelJS.Workbook();
    await edited.xlsx.load(originalBytes as unknown as ArrayBuffer);
    const editedSheet = edited.worksheets[0] as ExcelJS.Worksheet;
    editedSheet.getRow(rowNumber).getCell(priceColumn).value = before * 2;
    const bad = new ExcelJS.Workbook();
    await bad.xlsx.load(originalBytes as unknown as ArrayBuffer);
    (bad.worksheets[0] as ExcelJS.Worksheet).getRow(rowNumber).getCell(priceColumn).value = 'ten euros';

    await page.getByRole('button', { name: 'Edit prices by Excel' }).click();
    let dialog = await uploadInEditWindow(page, 'bad.xlsx', await bytes(bad));
    const refused = dialog.getByRole('alert').filter({ hasText: 'The file was not used' });
    await expect(refused).toContainText(
      `Row ${rowNumber}, Suggested retail price: Enter a price of at least 0 with at most 6 decimals`,
    );
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    // One refused row fits: no scrollbar beside it.
    const viewport = refused.locator('.mantine-ScrollArea-viewport');
    expect(await viewport.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
    await checkAccessible(page);
    await shot(page, 'my-services-refused');

    dialog = await uploadInEditWindow(page, 'edited.xlsx', await bytes(edited));
    await expect(dialog.getByText('1 changed price read. Go on to review it.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const table = dialog.getByRole('table', { name: 'Changed prices' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(serviceName);
    await expect(table.getByRole('row').nth(1)).toContainText('100.00 %');
    // Both prices with at least two decimals, as the service tool shows them (the file's 153.4 reads 153.40).
    const cells = table.getByRole('row').nth(1).getByRole('cell');
    await expect(cells.nth(3)).toHaveText(before.toFixed(2));
    await expect(cells.nth(4)).toHaveText((before * 2).toFixed(2));
    await checkAccessible(page);
    await shot(page, 'my-services-preview');

    // Back is allowed, and removing the file clears the preview.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Remove the file' }).click();
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    dialog = await uploadInEditWindow(page, 'edited.xlsx', await bytes(edited));
    await expect(dialog.getByText('1 changed price read. Go on to review it.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();

    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await expect(confirm).toContainText('Are you sure that you want to save new suggested retail prices?');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('1 price was saved')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await closeToasts(page);

    // The original file puts the price back; uploading it again then changes nothing.
    await page.getByRole('button', { name: 'Edit prices by Excel' }).click();
    dialog = await uploadInEditWindow(page, 'original.xlsx', originalBytes);
    await expect(dialog.getByText('1 changed price read. Go on to review it.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('table', { name: 'Changed prices' }).getByRole('row').nth(1)).toContainText('-50.00 %');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Yes' }).click();
    await expect(dialog).toHaveCount(0);
    await closeToasts(page);

    await page.getByRole('button', { name: 'Edit prices by Excel' }).click();
    dialog = await uploadInEditWindow(page, 'original.xlsx', originalBytes);
    await expect(dialog.getByText('0 changed prices read. Go on to review them.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('No prices were changed')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  });

  test('[M5.5] refuses a file that is not .xlsx before uploading it', async ({ page }) => {
    await signIn(page, 'litware.admin');
    await page.goto('/#/Services');
    await page.getByRole('button', { name: 'Edit prices by Excel' }).click();

    const dialog = await uploadInEditWindow(page, 'prices.csv', Buffer.from('a,b\n1,2\n'));

    await expect(dialog.getByRole('alert')).toContainText('Invalid format: choose one .xlsx file');
  });

  test('[M9.8] the export filter shows one summary tag once more than 5 values are chosen', async ({ page }) => {
    await signIn(page, 'provider.admin');
    await page.goto('/#/Services');
    await page.getByRole('button', { name: 'Export prices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export suggested retail prices' });
    const tags = dialog.getByRole('textbox', { name: 'Tags' });

    await tags.click();
    for (let i = 0; i < 5; i++) await page.getByRole('option').nth(i).click();
    const pills = dialog.locator('.mantine-Pill-root');
    await expect(pills).toHaveCount(5);
    await page.getByRole('option').nth(5).click();

    await expect(pills).toHaveCount(1);
    await expect(pills).toHaveText('6 selected');
    await tags.press('Escape');
    await checkAccessible(page);
    await shot(page, 'my-services-export-summary');
    // Backspace takes the last value off again: back to five tags.
    await tags.press('Backspace');
    await expect(pills).toHaveCount(5);
  });

  test('[M6.4] without MY_SERVICES_UPDATE the price tools are not offered', async ({ page }) => {
    await signIn(page, 'acme.admin');
    await page.goto('/#/Services');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await expect(page.getByRole('button', { name: 'Export prices' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit prices by Excel' })).toHaveCount(0);
  });
});
