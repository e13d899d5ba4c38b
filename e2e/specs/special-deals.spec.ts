import { expect, type Page } from '@playwright/test';
import { checkAccessible, demoSubscriptionOf, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The Special Deal tab (decision 0049). Summit Peak Partners (a demo reseller) creates, through the API, a
 * sub-reseller of its own with a customer company, a user and a subscription, so that it is a distributor selling
 * to a reseller: the subscription's charge stream is Summit Peak Partners -> the sub-reseller. Everything the test
 * makes is its own (a new name per run); no demo account is changed.
 */

const SERVICE = 'Contoso Backup 500 GB';

async function create(page: Page, input: object): Promise<number> {
  const res = await page.request.post('/api/op/CreateAccount', { data: input });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).AccountId as number;
}

/** A sub-reseller of the signed-in reseller, with a company, a user and a subscription of SERVICE: their ids. */
async function subResellerSubscription(page: Page, resellerId: number, stamp: string) {
  const subReseller = `Deal Partner ${stamp}`;
  const partnerId = await create(page, {
    accountType: 'Reseller',
    parentId: resellerId,
    views: { Default: { Values: { DisplayName: subReseller } }, Company: { Values: { Currency: 'GBP' } } },
  });
  const companyId = await create(page, {
    accountType: 'Company',
    parentId: partnerId,
    views: { Default: { Values: { DisplayName: `Deal Customer ${stamp}` } }, Company: { Values: { Currency: 'GBP' } } },
  });
  const userId = await create(page, {
    accountType: 'User',
    parentId: companyId,
    views: {
      Default: { Values: { DisplayName: `Dana Deal ${stamp}`, Username: `deal.dana.${stamp}` } },
      User: { Values: { Email: `dana.${stamp}@example.com`, FirstName: 'Dana', LastName: 'Deal' } },
    },
  });
  const terms = await page.request.post('/api/op/AcceptTermsAndConditions', {
    data: { accountId: userId, productName: SERVICE },
  });
  expect(terms.status()).toBe(200);
  const productId = await create(page, {
    accountType: 'Product',
    parentId: userId,
    productName: SERVICE,
    views: {
      Default: { Values: { DisplayName: `Backup ${stamp}` } },
      Product: { Values: { Quantity: '1' } },
      Service: { Values: { Devices: '2', EncryptionKey: 'correct horse battery' } },
    },
  });
  return { subReseller, productId };
}

test.describe('special deal tab', () => {
  test('[A2.25] [A2.49] [A4.5] [A5.12] [A8.13] a reseller activates a special deal for its sub-reseller, modifies it, undoes, saves, removes it and reads the history', async ({
    page,
  }) => {
    const stamp = Date.now().toString(36);
    await signIn(page, 'summitpeak.admin');
    const resellerId = Number(/Account\/View\/(\d+)/.exec(page.url())?.[1]);
    const { subReseller, productId } = await subResellerSubscription(page, resellerId, stamp);

    await page.goto(`/#/Account/View/${productId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Backup ${stamp}` })).toBeVisible();
    await page.getByRole('tab', { name: 'Special Deal' }).click();
    await expect(page).toHaveURL(/\/Special_deal$/);
    const panel = page.getByRole('region', { name: `Summit Peak Partners to ${subReseller}` });
    const status = panel.getByTestId('special-deal-status');
    await expect(status).toHaveText('Status: Inactive');
    await expect(panel.getByRole('columnheader', { name: 'Actual price' })).toBeVisible();
    await expect(panel.getByText('No special deal has been made on this charge stream yet.')).toBeVisible();

    // [A5.12] No end date, then 120 month ends.
    const validUntil = panel.getByRole('combobox', { name: 'Valid until' });
    await expect(validUntil.locator('option')).toHaveCount(121);
    await panel.getByText('Percentage discount', { exact: true }).click();
    const percent = panel.getByRole('textbox', { name: /^Percentage discount for / }).first();
    await percent.fill('10');
    await validUntil.selectOption({ index: 12 });
    const endDate = (await validUntil.inputValue()).slice(0, 10);
    await panel.getByRole('textbox', { name: 'Comments' }).fill('Launch price');
    await panel.getByRole('button', { name: 'Activate' }).click();
    const activate = page.getByRole('dialog', { name: 'Activate special deal' });
    await checkAccessible(page);
    await activate.getByRole('button', { name: 'Yes, activate' }).click();
    await expect(page.getByText('Special deal activated')).toBeVisible();
    await expect(status).toHaveText('Status: Active');

    // [A4.5] Undo shows while modified and brings back the saved values.
    await percent.fill('12.5');
    await expect(status).toHaveText('Status: Modified');
    await panel.getByRole('button', { name: 'Undo' }).click();
    await expect(percent).toHaveValue('10.00');
    await expect(status).toHaveText('Status: Active');
    await expect(panel.getByRole('button', { name: 'Undo' })).toHaveCount(0);

    await percent.fill('15');
    await panel.getByRole('textbox', { name: 'Comments' }).fill('Renewal price');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Special deal changes saved')).toBeVisible();
    await expect(status).toHaveText('Status: Active');
    await expect(percent).toHaveValue('15.00');
    await checkAccessible(page);
    await shot(page, 'special-deals-active');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'special-deals-active-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    await panel.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove special deal' }).getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByText('Special deal removed')).toBeVisible();
    await expect(status).toHaveText('Status: Inactive');

    // The history, newest first: action, author, date, valid until, comments.
    const history = panel.getByRole('region', { name: 'History' }).getByRole('listitem');
    await expect(history).toHaveCount(3);
    await expect(history.nth(0)).toContainText('Removed special deal on');
    await expect(history.nth(1)).toContainText('Modified on');
    await expect(history.nth(1)).toContainText('Renewal price');
    await expect(history.nth(1)).toContainText(`Valid until: ${endDate}`);
    await expect(history.nth(2)).toContainText('Activated on');
    await expect(history.nth(2)).toContainText('Launch price');
    await expect(history.nth(2)).toContainText('Author: Milan Bos');
    await shot(page, 'special-deals-history');
  });

  test('[A8.6] when the special deals cannot be read the tab says "Error getting special deals, data incomplete." and Retry reads them again', async ({
    page,
  }) => {
    const stamp = Date.now().toString(36);
    await signIn(page, 'summitpeak.admin');
    const resellerId = Number(/Account\/View\/(\d+)/.exec(page.url())?.[1]);
    const { subReseller, productId } = await subResellerSubscription(page, resellerId, stamp);

    // The server fails the one read of the deals (an honest 500 problem answer from the route, nothing else changed).
    let failing = true;
    await page.route('**/api/op/GetSpecialDealDiscount', (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/problem+json',
            body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }),
          })
        : route.continue(),
    );
    await page.goto(`/#/Account/View/${productId}/Special_deal`);
    await expect(page.getByRole('heading', { level: 1, name: `Backup ${stamp}` })).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: 'Error getting special deals, data incomplete.' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('region', { name: `Summit Peak Partners to ${subReseller}` })).toHaveCount(0);
    await checkAccessible(page);
    await alert.scrollIntoViewIfNeeded();
    await shot(page, 'special-deals-load-error');

    // Once the deals can be read again, Retry shows the tab.
    failing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('region', { name: `Summit Peak Partners to ${subReseller}` })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test('[A2.29] [A6.16] no Special Deal tab without SPECIAL_DEAL execute or for the parent of the owning company; another reseller’s customer’s subscription is the missing account', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const sub = await demoSubscriptionOf(playwright, baseURL as string, 'Acme Logistics', 'acme.admin');
    // A company administrator has no SPECIAL_DEAL execute: no tab, and the operation refuses.
    await signIn(page, 'acme.admin');
    await page.goto(`/#/Account/View/${sub.id}`);
    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Special Deal' })).toHaveCount(0);
    const refused = await page.request.post('/api/op/GetAccountChargeStreams', { data: { accountId: sub.id } });
    expect(refused.status()).toBe(403);
    await page.request.post('/api/op/Logout', { data: {} });

    // [A2.29] Blue Harbor IT sells to Acme directly (its discounts and price lists price it): no Special Deal tab.
    await signIn(page, 'blueharbor.admin');
    await page.goto(`/#/Account/View/${sub.id}`);
    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Special Deal' })).toHaveCount(0);
    await page.request.post('/api/op/Logout', { data: {} });

    // Summit Peak Partners does not see Blue Harbor's customers: the missing account's page.
    await signIn(page, 'summitpeak.admin');
    await page.goto(`/#/Account/View/${sub.id}/Special_deal`);
    await expect(page.getByText('This account does not exist or you do not have access to it.')).toBeVisible();
    await checkAccessible(page);
  });
});
