import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { checkAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

const unique = () => Date.now().toString(36);
const XLSM = 'application/vnd.ms-excel.sheet.macroEnabled.12';
const importWindow = (page: Page) => page.getByRole('dialog', { name: 'Import accounts' });

/** A company of this spec's own under the reseller the caller administers, so no other spec sees it. */
async function ownCompany(page: Page, name: string): Promise<number> {
  const root = await page.request.post('/api/op/GetAvailableCreateParents', { data: { accountType: 'Company' } });
  const resellerId = (await root.json()).Items[0].AccountId as number;
  const res = await page.request.post('/api/op/CreateAccount', {
    data: {
      accountType: 'Company',
      parentId: resellerId,
      views: { Default: { Values: { DisplayName: name } }, Company: { Values: { Currency: 'USD' } } },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).AccountId as number;
}

/** Fills the downloaded template by header name, as someone would in Excel. */
async function fill(template: Buffer, rows: Record<string, string>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Accounts');
  if (!sheet) throw new Error('the template has no Accounts sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map((v) => String(v).replace(/ \*$/, ''));
  rows.forEach((row, i) => {
    for (const [name, value] of Object.entries(row)) sheet.getRow(i + 2).getCell(header.indexOf(name) + 1).value = value;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const person = (stamp: string, who: string) => ({
  'Display name': `${who} Imported ${stamp}`,
  Username: `import.${who.toLowerCase()}.${stamp}`,
  'E-mail': `${who.toLowerCase()}.${stamp}@example.com`,
  'First name': who,
  'Last name': 'Imported',
});

test.describe('account import wizard', () => {
  test('[A1.4] [A2.9] [A2.46] [A4.11] [A5.4] [A8.3] [A8.4] [A8.13] [A9.6] [A9.8] a reseller administrator imports users into a company', async ({
    page,
  }) => {
    const stamp = unique();
    const companyName = `Import Co ${stamp}`;
    await signIn(page, 'cedarridge.admin');
    const companyId = await ownCompany(page, companyName);
    await page.goto(`/#/Account/View/${companyId}`);
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();

    await page.getByRole('button', { name: 'Import accounts' }).click();
    await expect(page).toHaveURL(new RegExp(`#/Account/Create\\?parentId=${companyId}$`));
    const dialog = importWindow(page);
    await expect(dialog.getByRole('radio', { name: /Users/ })).toBeVisible();
    const box = await page.locator('.mantine-Modal-content').first().boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(960);
    expect(box?.height).toBeGreaterThanOrEqual(570);
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await shot(page, 'import-type');
    await checkAccessible(page);
    await dialog.getByRole('radio', { name: /Users/ }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();

    // The creation wizard's parent picker, with the company the wizard was opened from already chosen.
    await expect(dialog.getByTestId('chosen-parent')).toHaveText(`Parent: ${companyName} (Company)`);
    await expect(dialog.getByRole('tree', { name: 'Hierarchy' })).toBeVisible();
    await checkAccessible(page);
    await dialog.getByRole('button', { name: 'Next' }).click();

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download template' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^User-import-.*\.xlsm$/);
    const template = Buffer.from(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c)));
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(template as unknown as ArrayBuffer);
    const headerRow = read.getWorksheet('Accounts')?.getRow(1).values;
    expect(Array.isArray(headerRow) ? headerRow.slice(1) : []).toEqual(expect.arrayContaining(['Display name *', 'Username *']));

    const preview = dialog.getByRole('button', { name: 'Preview', exact: true });
    await expect(preview).toBeDisabled();
    const fileInput = dialog.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'users.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: template,
    });
    await expect(dialog.getByRole('alert')).toContainText('Only .xlsm files can be uploaded');

    // [A8.3] An upload the server never receives says so; the next one works.
    await page.route('**/keeper/upload', (route) => route.abort());
    await fileInput.setInputFiles({ name: 'users.xlsm', mimeType: XLSM, buffer: template });
    await expect(dialog.getByRole('alert')).toContainText('Error uploading file');
    await page.unroute('**/keeper/upload');

    const bad = await fill(template, [
      person(stamp, 'Ann'),
      { ...person(stamp, 'Bob'), 'Display name': '' },
      person(stamp, 'Cy'),
    ]);
    await fileInput.setInputFiles({ name: 'users.xlsm', mimeType: XLSM, buffer: bad });
    await expect(dialog.getByTestId('uploaded-file')).toHaveText('Uploaded: users.xlsm');
    await expect(preview).toBeDisabled();
    await dialog.getByLabel('Import name').fill(`New hires ${stamp}`);
    await shot(page, 'import-template');
    await checkAccessible(page);
    await preview.click();

    await expect(dialog.getByRole('alert')).toContainText('The uploaded file contains 1 error(s)');
    await expect(dialog.getByRole('alert')).toContainText('Row 3: Display name: Display name is required');
    const firstRow = dialog.getByTestId('preview-row').first();
    await expect(firstRow.getByRole('cell').first()).toHaveText('3');
    await expect(dialog.getByTestId('preview-row')).toHaveCount(3);
    await expect(dialog.getByText(`3 rows of users under ${companyName}.`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Finish' })).toBeDisabled();
    await shot(page, 'import-preview-errors');
    await checkAccessible(page);

    await dialog.getByRole('button', { name: 'Back' }).click();
    const good = await fill(template, [person(stamp, 'Ann'), person(stamp, 'Bob'), person(stamp, 'Cy')]);
    await fileInput.setInputFiles({ name: 'users-fixed.xlsm', mimeType: XLSM, buffer: good });
    await expect(dialog.getByTestId('uploaded-file')).toHaveText('Uploaded: users-fixed.xlsm');
    await preview.click();
    await expect(
      dialog.getByText("This file's data is valid, you may start the import by pressing the finish button."),
    ).toBeVisible();
    await expect(dialog.getByTestId('preview-row').first().getByRole('cell').first()).toHaveText('2');
    await checkAccessible(page);
    await dialog.getByRole('button', { name: 'Finish' }).click();

    await expect(dialog.getByText('Import successfully completed')).toBeVisible();
    await expect(dialog.getByText(`3 users were created under ${companyName}.`)).toBeVisible();
    await shot(page, 'import-success');
    await checkAccessible(page);
    await dialog.getByRole('link', { name: `Open ${companyName}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    await page.getByRole('treeitem', { name: new RegExp(companyName) }).press('ArrowRight');
    await expect(page.getByRole('treeitem', { name: new RegExp(`Ann Imported ${stamp}`) })).toBeVisible();
    await expect(page.getByRole('treeitem', { name: new RegExp(`Cy Imported ${stamp}`) })).toBeVisible();
  });

  test('[A2.46] [A6.6] a service import chooses its service and checks its terms before the import', async ({ page }) => {
    const stamp = unique();
    await signIn(page, 'cedarridge.admin');
    const companyId = await ownCompany(page, `Import Services ${stamp}`);
    const userRes = await page.request.post('/api/op/CreateAccount', {
      data: {
        accountType: 'User',
        parentId: companyId,
        views: {
          Default: { Values: { DisplayName: `Sia Services ${stamp}`, Username: `import.sia.${stamp}` } },
          User: { Values: { Email: `sia.${stamp}@example.com`, FirstName: 'Sia', LastName: 'Services' } },
        },
      },
    });
    expect(userRes.status(), await userRes.text()).toBe(200);
    const userId = (await userRes.json()).AccountId as number;
    await page.goto(`/#/Account/Create?parentId=${userId}`);
    const dialog = importWindow(page);

    await dialog.getByRole('radio', { name: /Services/ }).check();
    await expect(dialog.getByRole('button', { name: /Service$/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByTestId('chosen-parent')).toHaveText(`Parent: Sia Services ${stamp} (User)`);
    await dialog.getByRole('button', { name: 'Next' }).click();

    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await dialog.getByLabel('Search services').fill('Backup 500');
    await dialog.getByRole('radio', { name: /Contoso Backup 500 GB/ }).check();
    await expect(dialog.getByRole('radio')).toHaveCount(1);
    await shot(page, 'import-service');
    await checkAccessible(page);
    await dialog.getByRole('button', { name: 'Next' }).click();

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download template' }).click();
    const template = Buffer.concat(await (await (await downloading).createReadStream()).toArray());
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(template as unknown as ArrayBuffer);
    const headerRow = read.getWorksheet('Accounts')?.getRow(1).values;
    expect(Array.isArray(headerRow) ? headerRow.slice(1) : []).toEqual(expect.arrayContaining(['Protected devices *']));
    const file = await fill(template, [{ 'Display name': `Backup ${stamp}`, 'Protected devices': '2' }]);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'services.xlsm', mimeType: XLSM, buffer: file });
    await expect(dialog.getByTestId('uploaded-file')).toHaveText('Uploaded: services.xlsm');
    await dialog.getByLabel('Import name').fill(`Backups ${stamp}`);
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();

    await expect(dialog.getByRole('alert')).toContainText(
      'Row 1: Accept the terms and conditions of Contoso Backup 500 GB first',
    );
    await expect(dialog.getByRole('button', { name: 'Finish' })).toBeDisabled();
    await checkAccessible(page);
  });

  test('[A8.5] a type nothing here can hold gives the dialog No available migration parents', async ({ page }) => {
    const stamp = unique();
    await signIn(page, 'cedarridge.admin');
    const companyId = await ownCompany(page, `Import Parentless ${stamp}`);
    await page.goto(`/#/Account/Create?parentId=${companyId}`);
    const dialog = importWindow(page);

    await dialog.getByRole('radio', { name: /Resellers/ }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();

    const noParents = page.getByRole('dialog', { name: 'No available migration parents' });
    await expect(noParents).toBeVisible();
    await checkAccessible(page);
    await noParents.getByRole('button', { name: 'Choose another type' }).click();
    await expect(dialog.getByRole('radio', { name: /Users/ })).toBeVisible();
  });

  test('[A5.13] [A6.7] a viewer without a create capability has no Import accounts and the wizard refuses', async ({ page }) => {
    await signIn(page, 'acme.jdoe');
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import accounts' })).toHaveCount(0);

    await page.goto('/#/Account/Create');

    await expect(importWindow(page).getByRole('alert')).toContainText('Your role does not allow you to import accounts.');
    await checkAccessible(page);
  });
});
