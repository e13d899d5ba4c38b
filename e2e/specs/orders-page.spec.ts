import { expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { checkAccessible, clickInOneGo, DEMO_PASSWORD, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The Orders page #/Orders and the "modification request pending approval" banner [A2.33] [A3.1].
 * Demo data: Dunmore Architects (under blueharbor) ordered Fabrikam Endpoint Protection above its credit
 * limit, so that order is under review [M4.23]. blueharbor.admin (Reseller administrator) holds both
 * orders capabilities; blueharbor.finance (Auditor) reads every account but holds neither.
 */

/** The subscription whose order is under review, found through blueharbor.admin's own session. */
async function dunmoreSubscription(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  const api = await playwright.request.newContext({ baseURL });
  try {
    const auth = await api.post('/api/op/Authenticate', { data: { Username: 'blueharbor.admin', Password: DEMO_PASSWORD } });
    expect(auth.status()).toBe(200);
    const res = await api.post('/api/op/ListOrders', { data: { status: 'UnderReview', search: 'Dunmore' } });
    expect(res.status()).toBe(200);
    const items = (await res.json()).Items as { AccountId: number; OrderNumber: string }[];
    expect(items).toHaveLength(1);
    return items[0] as { AccountId: number; OrderNumber: string };
  } finally {
    await api.dispose();
  }
}

const table = (page: Page) => page.getByRole('table', { name: 'Orders' });
const rows = (page: Page) => table(page).getByTestId('order-row');
const banner = (page: Page) => page.getByTestId('approval-banner');

test.describe('orders page', () => {
  test('[A2.33] [M9.13] a reseller administrator lists, searches and filters orders from the header link', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(rows(page)).toHaveCount(15);
    await expect(page.getByText(/^\d+ orders$/)).toBeVisible();
    await expect(rows(page).first().getByRole('cell').nth(1)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await checkAccessible(page);
    await shot(page, 'orders-page');

    await page.getByLabel('Status').first().click();
    await page.getByRole('option', { name: 'Under review' }).click();
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row).toContainText('Dunmore Architects');
    await expect(row).toContainText('Fabrikam Endpoint Protection');
    await expect(row.getByText('Under review')).toBeVisible();
    await expect(row.getByRole('cell').nth(5)).toHaveText(/^€[\d,]+\.\d{2}$|^FREE$/);
    await checkAccessible(page);
    await shot(page, 'orders-under-review');

    await page.getByLabel('Status').first().click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await page.getByLabel('Search by order number, company or service').fill('no such order zzz');
    await expect(page.getByTestId('orders-empty')).toHaveText('No orders match your search or filter.');
    await page.getByLabel('Search by order number, company or service').fill('Dunmore');
    await expect(rows(page).first()).toContainText('Dunmore Architects');
    for (const text of await rows(page).allInnerTexts()) expect(text).toContain('Dunmore Architects');

    await page.getByLabel('Rows per page').first().click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await expect(page).toHaveURL(/pageSize=5/);
    expect(await rows(page).count()).toBeLessThanOrEqual(5);
  });

  test('[A2.10] [A2.33] [A3.1] the subscription under review shows the banner with a link to its orders for a reseller administrator', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const sub = await dunmoreSubscription(playwright, baseURL as string);
    await signIn(page, 'blueharbor.admin');
    await page.goto(`/#/Account/View/${sub.AccountId}`);
    // Decision 0046: the demo order under review created the subscription, so the banner speaks of a new order.
    await expect(banner(page)).toContainText('This new order did not pass the credit check and waits for approval');
    const link = banner(page).getByRole('link', { name: 'See the order' });
    await expect(link).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'orders-approval-banner');

    await link.click();
    await expect(page).toHaveURL(new RegExp(`#/Orders\\?account=${sub.AccountId}$`));
    await expect(page.getByText('Showing the orders of one subscription.')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(sub.OrderNumber);
    await page.getByRole('button', { name: 'Show all orders' }).click();
    await expect(rows(page)).toHaveCount(15);
  });

  test('[A2.33] a viewer holding neither orders capability sees the banner without the link, no header link and a denied Orders page', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const sub = await dunmoreSubscription(playwright, baseURL as string);
    await signIn(page, 'blueharbor.finance');
    await page.goto(`/#/Account/View/${sub.AccountId}`);
    await expect(banner(page)).toHaveText(
      'This new order did not pass the credit check and waits for approval; the service is provisioned once it is approved.',
    );
    await expect(banner(page).getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Orders', exact: true })).toHaveCount(0);
    await checkAccessible(page);

    await page.goto('/#/Orders');
    await expect(page.getByRole('alert')).toContainText('You do not have access to this page');
    await expect(page.getByRole('alert')).toContainText(
      'Ask an administrator for permission to view company orders or view order management.',
    );
    await expect(table(page)).toHaveCount(0);
    await checkAccessible(page);
    await shot(page, 'orders-denied');
  });

  test('[A2.33] [M6.11] a company administrator (company orders read) sees only its own company orders', async ({ page }) => {
    await signIn(page, 'acme.admin');
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(rows(page).first()).toBeVisible();
    for (const text of await rows(page).allInnerTexts()) expect(text).toContain('Acme Logistics');
    await checkAccessible(page);
  });

  test('[A3.1] a subscription without an order under review shows no approval banner', async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL: baseURL as string });
    await api.post('/api/op/Authenticate', { data: { Username: 'blueharbor.admin', Password: DEMO_PASSWORD } });
    const res = await api.post('/api/op/ListOrders', { data: { status: 'Completed', pageSize: 5 } });
    const completed = ((await res.json()).Items as { AccountId: number }[])[0] as { AccountId: number };
    await api.dispose();
    await signIn(page, 'blueharbor.admin');
    await page.goto(`/#/Account/View/${completed.AccountId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('tab').first()).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test('[A2.33] filters used one right after the other, before the page has rendered the first, both hold (decision 0072)', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const sub = await dunmoreSubscription(playwright, baseURL as string);
    await signIn(page, 'blueharbor.admin');
    await page.goto(`/#/Orders?account=${sub.AccountId}`);
    const showAll = page.getByRole('button', { name: 'Show all orders' });
    await expect(showAll).toBeVisible();
    // A status chosen, and at once the subscription filter dropped: the status stays.
    await page.getByLabel('Status').first().click();
    await clickInOneGo(page, [page.getByRole('option', { name: 'Under review' }), showAll]);
    await expect(page).toHaveURL(/#\/Orders\?status=UnderReview$/);
    await expect(showAll).toHaveCount(0);
    await expect(page.getByLabel('Status').first()).toHaveValue('Under review');
    await expect(rows(page).first()).toContainText('Dunmore Architects');

    // A page size chosen, and at once the second page: both hold.
    await page.goto('/#/Orders');
    await expect(rows(page)).toHaveCount(15);
    await page.getByLabel('Rows per page').first().click();
    await clickInOneGo(page, [
      page.getByRole('option', { name: '5', exact: true }),
      page.getByRole('button', { name: 'Page 2' }),
    ]);
    await expect(page).toHaveURL(/#\/Orders\?pageSize=5&page=2$/);
    await expect(rows(page)).toHaveCount(5);
    await expect(page.getByLabel('Rows per page').first()).toHaveValue('5');
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await checkAccessible(page);
  });
});

test.describe('an order page', () => {
  test('[A2.33] a row of the Orders page opens the order: its amounts, fees, history and links to the subscription and the customer', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    await page.goto('/#/Orders');
    await page.getByLabel('Status').first().click();
    await page.getByRole('option', { name: 'Under review' }).click();
    await expect(rows(page)).toHaveCount(1);
    const number = ((await rows(page).first().getByRole('link').first().textContent()) ?? '').trim();
    // The order number is the row's link: the keyboard opens it too.
    await rows(page)
      .first()
      .getByRole('link', { name: `Open order ${number}` })
      .focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(new RegExp(`#/Orders/${number}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Order', exact: true })).toContainText('Dunmore Architects');
    await expect(page.getByRole('link', { name: 'Dunmore Architects' })).toHaveAttribute('href', /#\/Account\/View\/\d+/);
    await expect(page.getByTestId('order-amounts')).toContainText(/€[\d,]+\.\d{2}/);
    await expect(page.getByRole('table', { name: 'Fees', exact: true })).toContainText('Protected devices');
    await expect(page.getByRole('table', { name: 'Status history' })).toContainText('Under review (above the credit limit)');
    // The demo subscription's vendor request (a MODIFY that was escalated) shows with its state.
    await expect(page.getByRole('table', { name: 'Provisioning' })).toContainText('Escalated');
    await checkAccessible(page);
    await shot(page, 'order-page');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'order-page-narrow');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('link', { name: '← All orders' }).click();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  });

  test('[A2.33] an order number outside the scope reads as missing', async ({ page }) => {
    await signIn(page, 'acme.admin');
    await page.goto('/#/Orders/ORD-999999');
    await expect(page.getByRole('alert')).toContainText('This order does not exist or is outside your organisation.');
    await checkAccessible(page);
  });
});
