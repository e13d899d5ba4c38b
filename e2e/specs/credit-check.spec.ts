import { expect, type Page } from '@playwright/test';
import { checkAccessible, expectAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

async function openCreditCheck(page: Page, company: string) {
  await page.getByRole('treeitem', { name: new RegExp(company) }).click();
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await page.getByRole('tab', { name: 'Credit Check' }).click();
  await expect(page).toHaveURL(/\/Credit_check$/);
}

const history = (page: Page) => page.getByRole('table', { name: 'Credit limit history' });

test.describe('credit check tab', () => {
  test('[A2.12] [A4.3] [A5.2] [A7.2] assigns a limit with a reason and an uploaded attachment', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await openCreditCheck(page, 'Harborview Clinic');
    await expect(page.getByText('No credit limit is set.')).toBeVisible();
    await expect(page.getByText('The credit limit has not been changed yet.')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('switch', { name: 'Credit limit' }).click({ force: true });
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Amount (EUR)').fill('-5');
    await expect(page.getByText('The credit limit must be 0 or more')).toBeVisible();
    await page.getByLabel('Amount (EUR)').fill('1500');
    await expect(save).toBeDisabled();
    await page.getByLabel('Reason for the change').fill('Approved after the credit check');
    await expect(save).toBeEnabled();

    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
    await expect(page.getByText('fake.pdf: Only PDF, PNG, JPEG, GIF, XLSX, DOCX and TXT files can be uploaded')).toBeVisible();
    await page.getByRole('button', { name: 'Remove fake.pdf' }).click();
    await fileInput.setInputFiles({
      name: 'approval.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 approval'),
    });
    await expect(page.getByRole('button', { name: 'Remove approval.pdf' })).toBeEnabled();
    await expectAccessible(page);
    await save.click();

    await expect(page.getByText('Credit limit changed')).toBeVisible();
    await expect(page.getByTestId('credit-current-limit')).toHaveText('EUR 1,500.00');
    const row = history(page).getByRole('row').nth(1);
    await expect(row).toContainText('Assigned');
    await expect(row).toContainText('none → EUR 1,500.00');
    await expect(row).toContainText('Approved after the credit check');
    await expect(row).toContainText('UTC');
    const link = row.getByRole('link', { name: 'approval.pdf' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/keeper\/download\/[0-9a-f]{32}\.pdf$/);
    const download = await page.request.get(href ?? '');
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe('%PDF-1.4 approval');
    await expectAccessible(page);
  });

  test('[A2.47] [A4.3] [A5.2] locks a limit with the keyboard through Edit limit; the lock disables the amount', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    await openCreditCheck(page, 'Brightwater Dental');
    await expect(page.getByTestId('credit-current-limit')).toHaveText('EUR 8,000.00');

    await page.getByRole('button', { name: 'Edit limit' }).click();
    const amount = page.getByLabel('Amount (EUR)');
    await expect(amount).toHaveValue('8000.00');
    await expect(amount).toBeEnabled();
    await page.getByRole('switch', { name: 'Lock the limit' }).focus();
    await page.keyboard.press('Space');
    await expect(amount).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.getByLabel('Reason for the change').fill('Frozen until the overdue invoices are paid');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Credit limit changed')).toBeVisible();
    const row = history(page).getByRole('row').nth(1);
    await expect(row).toContainText('Locked');
    await expect(row).toContainText('EUR 8,000.00 → EUR 8,000.00');
    await expect(page.getByText('Locked', { exact: true }).first()).toBeVisible();
  });

  test('[A4.3] changes a limit and shows the previous and new amounts', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await openCreditCheck(page, 'Greenfield Schools');
    const accountId = Number(/View\/(\d+)\//.exec(page.url())?.[1]);
    const seeded = await page.request.post('/api/op/AddCreditLimitRecord', {
      data: {
        accountId,
        Limit: '1500',
        Comment: 'Opening limit',
        IsLocked: false,
        Attachments: [],
        Version: (await (await page.request.post('/api/op/GetCreditLimitRecords', { data: { accountId: accountId } })).json())
          .Version,
      },
    });
    expect(seeded.status()).toBe(200);
    await page.reload();

    await page.getByRole('button', { name: 'Edit limit' }).click();
    await page.getByLabel('Amount (EUR)').fill('2750.5');
    await page.getByLabel('Reason for the change').fill('Expansion to a second site');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Credit limit changed')).toBeVisible();
    const row = history(page).getByRole('row').nth(1);
    await expect(row).toContainText('Changed');
    await expect(row).toContainText('EUR 1,500.00 → EUR 2,750.50');
  });

  test('[A9.1] pages the history by 5 with 3 pager buttons', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await openCreditCheck(page, 'Acme Logistics');
    const accountId = Number(/View\/(\d+)\//.exec(page.url())?.[1]);
    const base: number = (
      await (await page.request.post('/api/op/GetCreditLimitRecords', { data: { accountId: accountId } })).json()
    ).Version;
    for (let i = 1; i <= 16; i++) {
      const res = await page.request.post('/api/op/AddCreditLimitRecord', {
        data: { accountId, Limit: `${i * 100}`, Comment: `Step ${i}`, IsLocked: false, Attachments: [], Version: base + i - 1 },
      });
      expect(res.status()).toBe(200);
    }
    await page.reload();

    const table = history(page);
    await expect(table.getByRole('row')).toHaveCount(6);
    await expect(table.getByRole('row').nth(1)).toContainText('Step 16');
    const pager = page.getByRole('navigation', { name: 'Credit history pages' });
    await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(3);
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await pager.getByRole('button', { name: 'Page 3' }).click();
    await expect(table.getByRole('row').nth(1)).toContainText('Step 6');
    await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['2', '3', '4']);
    await pager.getByRole('button', { name: 'Page 4' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('Assigned');
    await expectAccessible(page);
  });

  test('[A5.2] [A6.3] a limit locked by someone else cannot be changed without the overwrite-lock capability', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    await openCreditCheck(page, 'Dunmore Architects');

    await expect(page.getByTestId('credit-current-limit')).toHaveText('EUR 2,000.00');
    await expect(page.getByText(/This credit limit is locked/)).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Credit limit' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Edit limit' })).toHaveCount(0);
    await expect(history(page).getByRole('row').nth(1)).toContainText('Lowered and locked by the provider risk desk');
  });

  test("a company administrator reads its own company's credit limit on the Credit Check tab and cannot change it", async ({
    page,
  }) => {
    await signIn(page, 'dunmore.admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dunmore Architects' })).toBeVisible();
    await page.getByRole('tab', { name: 'Credit Check' }).click();

    await expect(page.getByTestId('credit-current-limit')).toHaveText('EUR 2,000.00');
    await expect(page.getByText('You can view this credit limit but not change it.')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Credit limit' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Edit limit' })).toHaveCount(0);
    // The reseller's reasons and files stay with the reseller (decision 0046).
    await expect(history(page)).toHaveCount(0);
    await expect(page.getByText('Your reseller sets this limit')).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'credit-company-admin-read-only');

    const accountId = Number(/View\/(\d+)\//.exec(page.url())?.[1]);
    const read = await (await page.request.post('/api/op/GetCreditLimitRecords', { data: { accountId } })).json();
    const write = await page.request.post('/api/op/AddCreditLimitRecord', {
      data: { accountId, Limit: '99999', Comment: 'More', IsLocked: false, Attachments: [], Version: read.Version },
    });
    expect(write.status()).toBe(403);
  });

  test("[M4.23] the order review shows the customer's limit, what is open against it and by how much the order goes over", async ({
    page,
  }) => {
    const stamp = Date.now().toString(36);
    const service = 'Contoso Backup 500 GB';
    await signIn(page, 'cedarridge.admin');
    const create = async (accountType: string, parentId: number, views: object, productName?: string) => {
      const res = await page.request.post('/api/op/CreateAccount', { data: { accountType, parentId, views, productName } });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as { AccountId: number; OrderStatus?: string };
    };
    const root = await page.request.post('/api/op/GetAvailableCreateParents', { data: { accountType: 'Company' } });
    const company = await create('Company', (await root.json()).Items[0].AccountId, {
      Default: { Values: { DisplayName: `Credit Review ${stamp}` } },
      Company: { Values: { Currency: 'USD' } },
    });
    const user = await create('User', company.AccountId, {
      Default: { Values: { DisplayName: `Cora Credit ${stamp}`, Username: `credit.cora.${stamp}` } },
      User: { Values: { Email: `cora.${stamp}@example.com`, FirstName: 'Cora', LastName: 'Credit' } },
    });
    const limit = await page.request.post('/api/op/AddCreditLimitRecord', {
      data: {
        accountId: company.AccountId,
        Limit: '1',
        Comment: 'Credit review test',
        IsLocked: false,
        Attachments: [],
        Version: 0,
      },
    });
    expect(limit.status()).toBe(200);
    await page.request.post('/api/op/AcceptTermsAndConditions', { data: { accountId: user.AccountId, productName: service } });
    const views = {
      Default: { Values: { DisplayName: `Backup ${stamp}` } },
      Product: { Values: { Quantity: '1' } },
      Service: { Values: { Devices: '2', EncryptionKey: 'correct horse battery' } },
    };
    // An order already under review: what is open against the limit.
    expect((await create('Product', user.AccountId, views, service)).OrderStatus).toBe('UnderReview');
    const expected = (
      await (
        await page.request.post('/api/op/ValidateCreateOrderBottleneck', {
          data: { parentId: user.AccountId, productName: service, views },
        })
      ).json()
    ).Credit as { Open: string; ThisOrder: string; Over: string };
    const usd = (amount: string) => `${amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',')} USD`;

    await page.goto(
      `/#/Account/Create?accountType=Service&parentId=${user.AccountId}&productName=${encodeURIComponent(service)}`,
    );
    const dialog = page.getByRole('dialog', { name: 'Order a service for a user' });
    await expect(dialog.getByRole('radio', { name: new RegExp(service) })).toBeChecked();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('The terms and conditions are accepted')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Protected devices').fill('2');
    await dialog.getByLabel('Encryption passphrase').fill('correct horse battery');
    await dialog.getByRole('button', { name: 'Next' }).click();

    const credit = dialog.getByRole('table', { name: 'Credit', exact: true });
    await expect(credit.getByRole('row', { name: /Credit limit/ })).toContainText('1.00 USD');
    await expect(credit.getByRole('row', { name: /Open \(orders under review\)/ })).toContainText(usd(expected.Open));
    await expect(credit.getByRole('row', { name: /This order/ })).toContainText(usd(expected.ThisOrder));
    await expect(credit.getByRole('row', { name: /Over the limit by/ })).toContainText(usd(expected.Over));
    await checkAccessible(page);
    await shot(page, 'credit-order-review');
  });

  test("[A2.27] the Credit Check tab is absent on the viewer's own company", async ({ page }) => {
    await signIn(page, 'blueharbor.admin');

    await expect(page.getByRole('heading', { level: 1, name: 'Blue Harbor IT' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Credit Check' })).toHaveCount(0);
  });
});
