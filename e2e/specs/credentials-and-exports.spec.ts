import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { waitForMail } from '../fixtures/mail';
import { checkAccessible, clickAtNextAddress, headerMenuItems, openHeaderMenuItem, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * Send credentials [A6.19], send credentials to all users [A6.11], the first-time credentials export
 * [A2.3], the company hierarchy export [A2.4] and the Outbox screen where the e-mails show up.
 * These tests use Cedar Ridge Solutions' customers, which no other spec touches.
 */

async function openAccount(page: Page, name: string) {
  await page.getByRole('treeitem', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function readRows(download: Download) {
  const path = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the file has no worksheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { name: sheet.name, header: rows[0] as string[], rows: rows.slice(1) };
}

test.describe('send credentials', () => {
  test('[A6.19] [A8.13] sends a user credentials after a confirmation; the outbox shows the e-mail without the password, the e-mailed password signs in', async ({
    page,
  }) => {
    await signIn(page, 'cedarridge.admin');
    const tree = page.getByRole('tree', { name: 'Account tree' });
    await tree.getByRole('treeitem', { name: /Meridian Insurance/ }).click();
    await tree.getByRole('treeitem', { name: /Meridian Insurance/ }).press('ArrowRight');
    const user = tree.locator('[role="treeitem"][aria-level="3"]').filter({ hasText: 'User' }).first();
    const userName = ((await user.textContent()) ?? '').replace(/[▸▾]/g, '').replace(/User$/, '').trim();
    await user.click();
    await expect(page.getByRole('heading', { level: 1, name: userName })).toBeVisible();

    const since = Date.now();
    await page.getByRole('button', { name: 'Send credentials' }).click();
    const dialog = page.getByRole('dialog', { name: `Send credentials to ${userName}?` });
    await expect(dialog).toContainText(/gets a new first-time password by e-mail at meridian-[a-z]+@example\.com/);
    await checkAccessible(page);
    await shot(page, 'send-credentials-dialog');
    await dialog.getByRole('button', { name: 'Send credentials' }).click();

    await expect(page.getByText('Credentials sent')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The user gets the e-mail with the password (here: the e2e mail catcher, fixtures/mail-catcher.mjs).
    const mail = await waitForMail({ subject: 'Your sign-in details for the cloud portal', since });

    await openHeaderMenuItem(page, 'Administration', 'Outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Sent e-mails' });
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText('Your sign-in details for the cloud portal');
    await expect(row).toContainText(userName);
    await expect(row).toContainText('Sent');
    await checkAccessible(page);
    await shot(page, 'outbox');

    await row.getByRole('link', { name: 'Your sign-in details for the cloud portal' }).click();
    await expect(page).toHaveURL(/#\/Outbox\/[0-9a-f-]{36}$/);
    const message = page.getByRole('dialog', { name: 'Your sign-in details for the cloud portal' });
    await expect(message.getByTestId('outbox-message-text')).toContainText(`Hello ${userName},`);
    await expect(message).toContainText('"Cloud portal" <no-reply@localhost>');
    await checkAccessible(page);
    await shot(page, 'outbox-message');
    const text = (await message.getByTestId('outbox-message-text').textContent()) ?? '';
    const username = /Username: (\S+)/.exec(text)?.[1] ?? '';
    // The outbox keeps the e-mail without the password (decision 0035); the user reads it in the e-mail they got.
    expect(text).toContain('First-time password: [removed: sent only to the recipient]');
    expect(mail.text).toContain(`Username: ${username}\n`);
    const password = /First-time password: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(password).toHaveLength(16);
    await message.getByRole('button', { name: 'Close dialog' }).click();
    await expect(page).toHaveURL(/#\/Outbox$/);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    // Decision 0010: the first-time password signs in, and the user chooses their own before anything else.
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    const own = `Meridian-${Date.now().toString(36)}-Own7!`;
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(own);
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill(own);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('current-user')).toHaveText(userName);
  });

  test('[A6.11] [A8.13] sends credentials to all users of a company after a confirmation, then lists the e-mails', async ({
    page,
  }) => {
    await signIn(page, 'cedarridge.admin');
    await openAccount(page, 'Juniper Legal');

    await page.getByRole('button', { name: 'Credentials and exports' }).click();
    await page.getByRole('menuitem', { name: 'Send credentials to all users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send credentials to all users of Juniper Legal' });
    await expect(dialog).toContainText(
      'Every active user below Juniper Legal who has an e-mail address gets a new first-time password',
    );
    await checkAccessible(page);
    await dialog.getByRole('button', { name: 'Send credentials' }).click();

    await expect(dialog.getByText(/^\d+ users were sent a new first-time password\.$/)).toBeVisible();
    await expect(
      page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'Credentials sent' }).first(),
    ).toBeVisible();
    const sent = Number(/^(\d+)/.exec((await dialog.getByText(/users were sent/).textContent()) ?? '')?.[1]);
    expect(sent).toBeGreaterThanOrEqual(3);
    await checkAccessible(page);
    await shot(page, 'send-to-all-done');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    await openHeaderMenuItem(page, 'Administration', 'Outbox');
    await page.getByLabel('Search by recipient or subject').fill('juniper-');
    await expect(page.getByText(`${sent} e-mails`)).toBeVisible();
    await expect(page).toHaveURL(/search=juniper-/);
  });
});

test.describe('exports', () => {
  test('[A2.3] [A6.11] exports first-time credentials after a confirmation and offers the download; a listed password signs in', async ({
    page,
  }) => {
    await signIn(page, 'cedarridge.admin');
    await openAccount(page, 'Keystone Realty');

    await page.getByRole('button', { name: 'Credentials and exports' }).click();
    await page.getByRole('menuitem', { name: 'Export first-time credentials' }).click();
    await expect(page).toHaveURL(/#\/Account\/View\/\d+\/ExportFirstTimeCredentials$/);
    const dialog = page.getByRole('dialog', { name: 'Export first-time credentials of Keystone Realty' });
    await expect(dialog).toContainText('Their current passwords stop working');
    await checkAccessible(page);
    await shot(page, 'export-credentials-confirm');
    await dialog.getByRole('button', { name: 'Export' }).click();

    await expect(
      dialog.getByRole('progressbar', { name: 'Exporting first-time credentials' }).or(dialog.getByText('The export is ready')),
    ).toBeVisible();
    await expect(dialog.getByText('The export is ready')).toBeVisible({ timeout: 30_000 });
    await checkAccessible(page);
    await shot(page, 'export-credentials-ready');
    const downloading = page.waitForEvent('download');
    await dialog
      .getByRole('link', { name: /^Download First-time credentials - Keystone Realty - \d{4}-\d{2}-\d{2}\.xlsx$/ })
      .click();
    const download = await downloading;

    expect(download.suggestedFilename()).toMatch(/^First-time credentials - Keystone Realty - \d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = await readRows(download);
    expect(file.name).toBe('First-time credentials');
    expect(file.header).toEqual([
      'Company',
      'Parent',
      'Account ID',
      'Username',
      'Display name',
      'First name',
      'Last name',
      'E-mail',
      'First-time password',
    ]);
    expect(file.rows.length).toBeGreaterThanOrEqual(3);
    for (const row of file.rows) {
      expect(row[0]).toBe('Keystone Realty');
      expect(String(row[3])).toMatch(/^keystone\./);
      expect(String(row[8])).toHaveLength(16);
    }
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).toHaveURL(/#\/Account\/View\/\d+$/);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    // Decision 0010: an exported first-time password signs in to the "choose a new password" screen.
    await page.getByLabel('Username').fill(String(file.rows[0]?.[3]));
    await page.getByLabel('Password', { exact: true }).fill(String(file.rows[0]?.[8]));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  });

  test('[A2.4] [A6.12] the hierarchy export route runs the export with progress and offers the download', async ({ page }) => {
    await signIn(page, 'cedarridge.admin');
    const id = Number(/View\/(\d+)/.exec(page.url())?.[1]);
    expect(id).toBeGreaterThan(0);

    // A slow network: the progress dialog stays on screen long enough to be checked.
    await page.route('**/api/op/GetJob', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`/#/Account/View/${id}/ExportCompanyHierarchy`);
    const dialog = page.getByRole('dialog', { name: 'Export company hierarchy of Cedar Ridge Solutions' });
    await expect(dialog.getByRole('progressbar', { name: 'Exporting the company hierarchy' })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('Waiting to start…');
    await shot(page, 'export-hierarchy-progress');
    await checkAccessible(page);
    await expect(dialog.getByText('The export is ready')).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toContainText(/\d+ rows\. Only you can download it, until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
    await checkAccessible(page);
    await shot(page, 'export-hierarchy-ready');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: /^Download Company hierarchy - Cedar Ridge Solutions/ }).click();
    const file = await readRows(await downloading);

    expect(file.name).toBe('Hierarchy');
    expect(file.header.slice(0, 4)).toEqual(['Level', 'Display name', 'Account type', 'Account ID']);
    expect(file.rows[0]?.slice(0, 4)).toEqual([0, 'Cedar Ridge Solutions', 'Reseller', id]);
    const companies = file.rows.filter((r) => r[2] === 'Company').map((r) => r[1]);
    expect(companies).toEqual(expect.arrayContaining(['Ironclad Manufacturing', 'Juniper Legal', 'Northgate Retail']));
    expect(file.rows.every((r) => Number(r[0]) >= 0)).toBe(true);
  });

  test('[A2.4] shows a clear error when the export cannot run', async ({ page }) => {
    await signIn(page, 'cedarridge.admin');
    await openAccount(page, 'Lakeside Hotels');
    const id = Number(/View\/(\d+)/.exec(page.url())?.[1]);
    const terminated = await page.request.post('/api/op/TerminateAccount', { data: { id, terminationDate: null } });
    expect(terminated.status()).toBe(200);

    await page.goto(`/#/Account/View/${id}/ExportCompanyHierarchy`);

    const dialog = page.getByRole('dialog', { name: 'Export company hierarchy of Lakeside Hotels' });
    await expect(dialog.getByRole('alert')).toContainText('The export could not be started');
    await expect(dialog.getByRole('alert')).toContainText('This account is terminated');
    await checkAccessible(page);
    await shot(page, 'export-error');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/Account/View/${id}$`));
  });

  test('[A4.1] [A6.19] the credential and export tools of a terminated account are disabled', async ({ page }) => {
    await signIn(page, 'cedarridge.admin');
    await openAccount(page, 'Lakeside Hotels');
    if (await page.getByRole('button', { name: 'Terminate' }).isVisible()) {
      await page.getByRole('button', { name: 'Terminate' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Terminate now' }).click();
    }

    await expect(page.getByText('This account is terminated.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Credentials and exports' })).toBeDisabled();
  });
});

test.describe('outbox', () => {
  test('pages the outbox by 15, keeps the page and the search in the address, and opens a message from page 2', async ({
    page,
  }) => {
    await signIn(page, 'cedarridge.admin');
    await openAccount(page, 'Zoe Carter');
    const id = Number(/View\/(\d+)/.exec(page.url())?.[1]);
    const account = await (await page.request.post('/api/op/LoadAccountById', { data: { id } })).json();
    const email = String(account.Views.User.Values.Email);
    for (let i = 0; i < 17; i++) {
      const res = await page.request.post('/api/op/SendUserFirstTimePassword', { data: { id } });
      expect(res.status()).toBe(200);
    }

    await openHeaderMenuItem(page, 'Administration', 'Outbox');
    await page.getByLabel('Search by recipient or subject').fill(email);
    await expect(page.getByText('17 e-mails')).toBeVisible();
    const table = page.getByRole('table', { name: 'Sent e-mails' });
    await expect(table.getByRole('row')).toHaveCount(16);
    const pager = page.getByRole('navigation', { name: 'Outbox pages' });
    await pager.getByRole('button', { name: 'Page 2' }).click();

    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(page).toHaveURL(/#\/Outbox\?page=2&search=/);
    await checkAccessible(page);
    await page.reload();
    await expect(table.getByRole('row')).toHaveCount(3);
    await table.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page.getByRole('dialog', { name: 'Your sign-in details for the cloud portal' })).toContainText(email);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/#\/Outbox\?page=2&search=/);
    await expect(table.getByRole('row')).toHaveCount(3);
  });

  test('a search applied just as the second page is chosen keeps both (decision 0072)', async ({ page }) => {
    await signIn(page, 'cedarridge.admin');
    const stamp = Date.now().toString(36);
    const call = async (operation: string, data: object) => {
      const res = await page.request.post(`/api/op/${operation}`, { data });
      expect(res.status(), `${operation}: ${await res.text()}`).toBe(200);
      return res.json();
    };
    // A user of its own, sent sixteen e-mails: more than a page (15) when searched for.
    const parents = await call('GetAvailableCreateParents', { accountType: 'Company' });
    const company = await call('CreateAccount', {
      accountType: 'Company',
      parentId: parents.Items[0].AccountId,
      views: { Default: { Values: { DisplayName: `Outbox race ${stamp}` } }, Company: { Values: { Currency: 'USD' } } },
    });
    const email = `outbox.race.${stamp}@example.com`;
    const user = await call('CreateAccount', {
      accountType: 'User',
      parentId: company.AccountId,
      views: {
        Default: { Values: { DisplayName: `Olive Race ${stamp}`, Username: `outbox.race.${stamp}` } },
        User: { Values: { Email: email, FirstName: 'Olive', LastName: 'Race' } },
      },
    });
    for (let i = 0; i < 16; i++) await call('SendUserFirstTimePassword', { id: user.AccountId });

    await openHeaderMenuItem(page, 'Administration', 'Outbox');
    const pager = page.getByRole('navigation', { name: 'Outbox pages' });
    await expect(pager.getByRole('button', { name: 'Page 2' })).toBeVisible();
    // The search is applied 300 ms after typing; the second page is chosen the moment it is, before it is rendered.
    await clickAtNextAddress(page, pager.getByRole('button', { name: 'Page 2' }));
    await page.getByLabel('Search by recipient or subject').fill(email);
    await expect(page).toHaveURL(new RegExp(`#/Outbox\\?page=2&search=outbox\\.race\\.${stamp}%40example\\.com$`));
    await expect(page.getByText('16 e-mails')).toBeVisible();
    const table = page.getByRole('table', { name: 'Sent e-mails' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(`Olive Race ${stamp}`);
    await expect(page.getByLabel('Search by recipient or subject')).toHaveValue(email);
    await checkAccessible(page);
  });
});

test.describe('denied', () => {
  test('[A6.11] a company user without USER_EXPORT_EXECUTE gets no credential tools, no outbox, and the route says why', async ({
    page,
  }) => {
    await signIn(page, 'acme.jdoe');
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    const id = Number(/View\/(\d+)/.exec(page.url())?.[1]);

    await page.getByRole('button', { name: 'Credentials and exports' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Export company hierarchy']);
    await page.keyboard.press('Escape');
    expect(await headerMenuItems(page, 'Administration')).not.toContain('Outbox');

    await page.goto(`/#/Account/View/${id}/ExportFirstTimeCredentials`);
    const dialog = page.getByRole('dialog', { name: 'Export first-time credentials of Acme Logistics' });
    await dialog.getByRole('button', { name: 'Export' }).click();
    await expect(dialog.getByRole('alert')).toContainText('You need permission to use credentials exports to do this');
    await checkAccessible(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    await page.goto('/#/Outbox');
    await expect(page.getByRole('alert')).toContainText('You do not have access to this page');
    await expect(page.getByRole('alert')).toContainText('Ask an administrator for permission to view the outbox.');
    await checkAccessible(page);
  });
});
