import { expect, type Page } from '@playwright/test';
import { checkAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * Decision 0032: the review of an order under review on the Orders page [M4.23] [A2.44] [A2.33].
 * cedarridge.admin (Reseller administrator, ORDER_MANAGEMENT update) creates a new company with a credit
 * limit of 1, a user and a subscription above the limit through the API, then approves or declines that
 * order. dunmore.admin (Company administrator) sees its own company's order under review without the
 * review buttons. The demo's Dunmore order is never decided here (other specs rely on it).
 */

const unique = () => Date.now().toString(36);
const SERVICE = 'Contoso Backup 500 GB';

async function createViaApi(page: Page, input: object): Promise<number> {
  const res = await page.request.post('/api/op/CreateAccount', { data: input });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).AccountId as number;
}

/** A new company of Cedar Ridge with a credit limit of 1 and a subscription ordered above it: its order number. */
async function orderUnderReview(page: Page, stamp: string): Promise<{ company: string; orderNumber: string }> {
  const root = await page.request.post('/api/op/GetAvailableCreateParents', { data: { accountType: 'Company' } });
  const resellerId = (await root.json()).Items[0].AccountId as number;
  const company = `Review Test ${stamp}`;
  const companyId = await createViaApi(page, {
    accountType: 'Company',
    parentId: resellerId,
    views: { Default: { Values: { DisplayName: company } }, Company: { Values: { Currency: 'USD' } } },
  });
  const userId = await createViaApi(page, {
    accountType: 'User',
    parentId: companyId,
    views: {
      Default: { Values: { DisplayName: `Rory Review ${stamp}`, Username: `review.rory.${stamp}` } },
      User: { Values: { Email: `rory.${stamp}@example.com`, FirstName: 'Rory', LastName: 'Review' } },
    },
  });
  const limit = await page.request.post('/api/op/AddCreditLimitRecord', {
    data: {
      accountId: companyId,
      Limit: '1',
      Comment: 'Review test limit',
      IsLocked: false,
      Version: (await (await page.request.post('/api/op/GetCreditLimitRecords', { data: { accountId: companyId } })).json())
        .Version,
    },
  });
  expect(limit.status()).toBe(200);
  const terms = await page.request.post('/api/op/AcceptTermsAndConditions', {
    data: { accountId: userId, productName: SERVICE },
  });
  expect(terms.status()).toBe(200);
  const res = await page.request.post('/api/op/CreateAccount', {
    data: {
      accountType: 'Product',
      parentId: userId,
      productName: SERVICE,
      views: {
        Default: { Values: { DisplayName: `Backup ${stamp}` } },
        Product: { Values: { Quantity: '1' } },
        Service: { Values: { Devices: '2', EncryptionKey: 'correct horse battery' } },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).OrderStatus).toBe('UnderReview');
  const list = await page.request.post('/api/op/ListOrders', { data: { search: company } });
  const items = (await list.json()).Items as { OrderNumber: string; CanDecide: boolean }[];
  expect(items).toHaveLength(1);
  expect(items[0]?.CanDecide).toBe(true);
  return { company, orderNumber: items[0]?.OrderNumber as string };
}

const rows = (page: Page) => page.getByRole('table', { name: 'Orders' }).getByTestId('order-row');

async function openOrder(page: Page, orderNumber: string) {
  await page.goto('/#/Orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await page.getByLabel('Search by order number, company or service').fill(orderNumber);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(orderNumber);
  return rows(page).first();
}

test.describe('order review', () => {
  test('[M4.23] [A2.44] a reseller administrator approves an order under review after confirming it', async ({ page }) => {
    const stamp = unique();
    await signIn(page, 'cedarridge.admin');
    const { company, orderNumber } = await orderUnderReview(page, stamp);

    const row = await openOrder(page, orderNumber);
    await expect(row.getByText('Under review')).toBeVisible();
    await expect(row.getByRole('button', { name: `Decline order ${orderNumber}` })).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'order-review-row');

    await row.getByRole('button', { name: `Approve order ${orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Approve order ${orderNumber}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Order under review' })).toContainText(company);
    await expect(dialog).toContainText(SERVICE);
    await expect(dialog).toContainText('the service is provisioned now');
    await checkAccessible(page);
    await shot(page, 'order-review-approve');

    // Cancel leaves the order as it was; the keyboard reaches the buttons.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Under review')).toBeVisible();

    await row.getByRole('button', { name: `Approve order ${orderNumber}` }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Approve order', exact: true }).click();
    await expect(page.getByText(`Order ${orderNumber} is approved; its service is being provisioned.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Completed')).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(0);
    await checkAccessible(page);
  });

  test('[M4.23] [A2.44] a reseller administrator declines an order under review, giving a reason', async ({ page }) => {
    const stamp = unique();
    await signIn(page, 'cedarridge.admin');
    const { company, orderNumber } = await orderUnderReview(page, stamp);

    const row = await openOrder(page, orderNumber);
    await row.getByRole('button', { name: `Decline order ${orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Decline order ${orderNumber}` });
    await expect(dialog).toContainText(company);
    await expect(dialog.getByText('0 of 500 characters')).toBeVisible();

    await dialog.getByRole('button', { name: 'Decline order', exact: true }).click();
    await expect(dialog.getByText('Give the reason for declining the order')).toBeVisible();
    await expect(dialog.getByLabel('Reason for declining')).toHaveAttribute('aria-invalid', 'true');
    await checkAccessible(page);

    await dialog.getByLabel('Reason for declining').fill('The credit limit cannot be raised this quarter');
    await expect(dialog.getByText('46 of 500 characters')).toBeVisible();
    await expect(dialog.getByText('Give the reason for declining the order')).toBeHidden();
    await checkAccessible(page);
    await shot(page, 'order-review-decline');
    await dialog.getByRole('button', { name: 'Decline order', exact: true }).click();

    await expect(page.getByText(`Order ${orderNumber} is declined; its subscription is terminated.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Canceled')).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(0);
    await checkAccessible(page);
  });

  test("[A2.33] a company administrator sees its own company's order under review without the review buttons", async ({
    page,
  }) => {
    await signIn(page, 'dunmore.admin');
    await page.goto('/#/Orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await page.getByLabel('Status').first().click();
    await page.getByRole('option', { name: 'Under review' }).click();
    await expect(rows(page).first()).toContainText('Dunmore Architects');
    await expect(rows(page).first().getByText('Under review')).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Approve|Decline) order/ })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Review' })).toHaveCount(0);
    await checkAccessible(page);
  });
});

test.describe('what an order charges (issue 15)', () => {
  test('a prepaid backup: the review and the success screen show the 12-month advance payment and the unpriced device count', async ({
    page,
  }) => {
    const stamp = unique();
    await signIn(page, 'cedarridge.admin');
    const root = await page.request.post('/api/op/GetAvailableCreateParents', { data: { accountType: 'Company' } });
    const resellerId = (await root.json()).Items[0].AccountId as number;
    // Cedar Ridge sells in USD: Contoso Backup 2 TB is 54.99 USD a month, prepaid 12 months.
    const companyId = await createViaApi(page, {
      accountType: 'Company',
      parentId: resellerId,
      views: { Default: { Values: { DisplayName: `Prepaid Test ${stamp}` } }, Company: { Values: { Currency: 'USD' } } },
    });
    const userId = await createViaApi(page, {
      accountType: 'User',
      parentId: companyId,
      views: {
        Default: { Values: { DisplayName: `Pia Prepaid ${stamp}`, Username: `prepaid.pia.${stamp}` } },
        User: { Values: { Email: `pia.${stamp}@example.com`, FirstName: 'Pia', LastName: 'Prepaid' } },
      },
    });
    const service = 'Contoso Backup 2 TB';
    const terms = await page.request.post('/api/op/AcceptTermsAndConditions', {
      data: { accountId: userId, productName: service },
    });
    expect(terms.status()).toBe(200);

    await page.goto(`/#/Account/Create?accountType=Service&parentId=${userId}&productName=${encodeURIComponent(service)}`);
    const dialog = page.getByRole('dialog');
    const devices = dialog.getByLabel('Protected devices');
    for (let i = 0; i < 5 && !(await devices.isVisible()); i++) {
      await dialog.getByRole('button', { name: 'Next' }).click();
    }
    await devices.fill('50');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // The review: recurring 54.99 USD, but 12 months are invoiced now; the devices are said not to change the price.
    const review = dialog.getByRole('table', { name: 'What this order charges' });
    await expect(review).toBeVisible();
    await expect(review.getByTestId('charge-monthly')).toContainText('54.99 USD');
    await expect(review.getByTestId('charge-advance')).toContainText('Paid in advance now (12 months)');
    await expect(review.getByTestId('charge-advance')).toContainText('659.88 USD');
    await expect(review.getByTestId('charge-firstInvoice')).toContainText('659.88 USD');
    await expect(dialog.getByTestId('review-unpriced')).toContainText('Protected devices: 50 — not a price driver');
    await checkAccessible(page);
    await shot(page, 'order-charges-review');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'order-charges-review-narrow');
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByRole('button', { name: 'Finish' }).click();
    const success = dialog.getByRole('table', { name: 'What this order charges' });
    await expect(dialog.getByTestId('created-order')).toContainText(/ORD-\d{6}/);
    await expect(success.getByTestId('charge-advance')).toContainText('659.88 USD');
    await expect(success.getByTestId('charge-firstInvoice')).toContainText('659.88 USD');
    await checkAccessible(page);
    await shot(page, 'order-charges-success');

    // The subscription's price preview gives the same first invoice.
    await dialog.getByRole('link', { name: 'Go to the created account' }).click();
    await expect(page.getByTestId('price-first-invoice')).toContainText('659.88 USD');
    await expect(page.getByTestId('price-prepaid-advance')).toContainText('659.88 USD');
    await checkAccessible(page);
    await shot(page, 'order-charges-preview');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'order-charges-preview-narrow');
  });
});
