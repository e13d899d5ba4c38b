import { expect, type Locator, type Page } from '@playwright/test';
import { checkAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The ordering wizard #/Marketplace/Order/{service} (issue 15). Each test makes its own customer through the API
 * (or in the wizard), so the demo data other specs rely on stays as it is. Demo: 'Contoso Backup for Microsoft
 * 365' depends on 'Microsoft 365 Business Standard'; both reach every reseller's customers through the provider's
 * catalogue list. blueharbor.admin and cedarridge.admin are Reseller administrators; blueharbor.finance is an
 * Auditor (reads every account, may not order).
 */

const unique = () => Date.now().toString(36);
const WITH_DEPENDENCY = 'Contoso Backup for Microsoft 365';
const DEPENDENCY = 'Microsoft 365 Business Standard';
const SIMPLE = 'Contoso Standard Support';
/** Shares the terms of DEPENDENCY (a linked group) and depends on it. */
const LINKED = 'Microsoft 365 Archiving';
/** No dependency; Litware's terms; a post-creation message naming the host name ({{Hostname}}, in bold). */
const HOSTING = 'Litware Managed Hosting S';

async function api<T>(page: Page, operation: string, data: object): Promise<T> {
  const res = await page.request.post(`/api/op/${operation}`, { data });
  expect(res.status(), `${operation}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A new company of the signed-in reseller. */
async function newCompany(page: Page, name: string, currency: string): Promise<number> {
  const parents = await api<{ Items: { AccountId: number }[] }>(page, 'GetAvailableCreateParents', { accountType: 'Company' });
  const created = await api<{ AccountId: number }>(page, 'CreateAccount', {
    accountType: 'Company',
    parentId: parents.Items[0]?.AccountId,
    views: { Default: { Values: { DisplayName: name } }, Company: { Values: { Currency: currency } } },
  });
  return created.AccountId;
}

/** The screen at 1280 x 800 and, when screenshots are asked for, at 390 x 844 too (a phone). */
async function shots(page: Page, name: string) {
  await shot(page, name);
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const wizard = (page: Page, service: string) => page.getByRole('dialog', { name: service });
const step = (dialog: Locator, name: string) => dialog.getByRole('button', { name: new RegExp(name) });

async function chooseCustomer(page: Page, dialog: Locator, name: string) {
  await dialog.getByRole('textbox', { name: 'Select customer' }).fill(name);
  await page.getByRole('option', { name }).click();
}

test.describe('ordering wizard', () => {
  test('[M2.42] [M2.43] [M2.44] [M2.45] [M2.46] [M2.47] [M2.48] [M2.49] [M4.19] [M4.20] [M4.21] [M4.22] a reseller orders a service with its dependency and both terms for an existing customer, from the service page to the created subscription; the terms of a linked group are accepted together', async ({
    page,
  }) => {
    const stamp = unique();
    await signIn(page, 'blueharbor.admin');
    const customer = `Order Test ${stamp}`;
    const customerId = await newCompany(page, customer, 'EUR');
    const me = await api<{ DisplayName: string }>(page, 'GetCurrentUser', {});
    const info = await api<{ Id: number }>(page, 'GetServiceInfo', { ServiceName: WITH_DEPENDENCY });

    // [M2.42] The service page's Order opens the wizard by service name; the material number opens the same.
    await page.goto(`/#/service/${info.Id}`);
    await expect(page.getByTestId('material-number')).toHaveText(`Material number ${info.Id}`);
    await page.getByRole('link', { name: 'Order', exact: true }).click();
    await expect(page).toHaveURL(/#\/Marketplace\/Order\/Contoso%20Backup%20for%20Microsoft%20365\?referrer=/);
    await page.goto(`/#/Marketplace/Order/${info.Id}?referrer=${encodeURIComponent(`/service/${info.Id}`)}`);
    const dialog = wizard(page, WITH_DEPENDENCY);

    // [M2.44] The header; [M4.19] only the first step is open at the start.
    await expect(dialog.getByText('Ordering', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' }).first()).toBeVisible();
    await expect(dialog.getByTestId('ordering-user')).toContainText(me.DisplayName);
    await expect(dialog.getByTestId('ordering-logo')).toBeVisible();
    await expect(step(dialog, 'Configuration')).toBeDisabled();
    await expect(step(dialog, 'Order review')).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await checkAccessible(page);
    await shots(page, 'ordering-1-customer-empty');

    // [M2.45] The customer and its fields; choosing it opens the configuration, not later steps [M4.19].
    await chooseCustomer(page, dialog, customer);
    const customerInfo = dialog.getByRole('region', { name: 'Customer information' });
    await expect(customerInfo).toContainText('Company name');
    await expect(customerInfo).toContainText('VAT ID');
    await expect(step(dialog, 'Configuration')).toBeEnabled();
    await expect(step(dialog, 'Terms and Conditions')).toBeDisabled();
    await checkAccessible(page);
    await shots(page, 'ordering-1-customer');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // [M2.46] The service's and the dependency's fields; NEXT only once they are valid.
    await expect(dialog.getByRole('heading', { name: `Fill in details about ${WITH_DEPENDENCY} for ${customer}` })).toBeVisible();
    const dependencyPart = dialog.getByTestId('configuration-dependency');
    await expect(dependencyPart).toHaveAccessibleName(`${DEPENDENCY} (required by ${WITH_DEPENDENCY})`);
    await expect(dependencyPart).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('One or more validation errors present')).toBeVisible();
    await expect(step(dialog, 'Terms and Conditions')).toBeDisabled();
    await dependencyPart.getByLabel('Primary domain').fill(`order${stamp}.example.com`);
    await dependencyPart.getByLabel('Licences').fill('5');
    await dialog.getByTestId('configuration-service').getByLabel('Seats').fill('3');
    await expect(dialog.getByTestId('header-total')).toContainText('/ month');
    await checkAccessible(page);
    await shots(page, 'ordering-2-configuration');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // [M2.47] [M4.22] The terms of both services; ACCEPT, then the next unaccepted one is selected.
    const tabs = dialog.getByRole('tab');
    await expect(tabs).toHaveCount(2);
    await expect(dialog.getByRole('tab', { selected: true })).toBeVisible();
    const first = (await dialog.getByRole('tab', { selected: true }).textContent()) ?? '';
    await expect(step(dialog, 'Order review')).toBeDisabled();
    await checkAccessible(page);
    await shots(page, 'ordering-3-terms');
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(dialog.getByRole('tab', { selected: true })).not.toHaveText(first);
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(dialog.getByText('You have accepted these Terms and Conditions')).toBeVisible();
    await dialog.getByRole('tab', { name: new RegExp(first) }).click();
    await expect(dialog.getByText('You have accepted these Terms and Conditions')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();

    // [M2.48] The review: customer, lines of both services, monthly total; PLACE ORDER once.
    await expect(dialog.getByRole('heading', { name: `Order review for ${WITH_DEPENDENCY}` })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Customer' })).toContainText(customer);
    const table = dialog.getByRole('table', { name: 'Fees of the order' });
    await expect(table.getByRole('columnheader')).toHaveText(['Details', 'Price', 'Total']);
    await expect(table.getByRole('rowheader', { name: DEPENDENCY })).toBeVisible();
    await expect(dialog.getByTestId('review-totals')).toContainText(/Monthly total: €[\d,]+\.\d{2}/);
    await checkAccessible(page);
    await shots(page, 'ordering-4-review');
    await dialog.getByRole('button', { name: 'Place order' }).dblclick();

    // [M2.49] Success, the created service and the way back.
    await expect(dialog.getByRole('heading', { name: 'Success' })).toBeVisible();
    await expect(dialog.getByText('You have completed the ordering process')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Back to where you started' })).toHaveAttribute('href', `#/service/${info.Id}`);
    await checkAccessible(page);
    await shots(page, 'ordering-5-success');
    // A double click placed one order.
    const orders = await api<{ Items: unknown[] }>(page, 'ListOrders', { search: customer });
    expect(orders.Items).toHaveLength(2);
    // [M4.21] The dependency was created first and is now the customer's.
    const after = await api<{ Dependency: { IsProductAdded: boolean } | null }>(page, 'GetMarketServiceForAccount', {
      accountId: customerId,
      serviceName: WITH_DEPENDENCY,
    });
    expect(after.Dependency?.IsProductAdded).toBe(true);
    await dialog.getByRole('link', { name: 'Go to created service' }).click();
    await expect(page).toHaveURL(/#\/Account\/View\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(WITH_DEPENDENCY);

    // [M4.22] Accepting Microsoft's terms accepted every service of their linked group: the archive, which shares
    // them, finds them accepted for this customer (its dependency is added now, so only its own terms are asked).
    await page.goto(`/#/Marketplace/Order/${encodeURIComponent(LINKED)}?customerId=${customerId}`);
    const linked = wizard(page, LINKED);
    await expect(linked.getByRole('textbox', { name: 'Select customer' })).toHaveValue(customer);
    await linked.getByRole('button', { name: 'Next' }).click();
    await linked.getByLabel('Archived mailboxes').fill('4');
    await linked.getByRole('button', { name: 'Next' }).click();
    await expect(linked.getByText('You have accepted these Terms and Conditions')).toBeVisible();
    await expect(linked.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
    await expect(linked.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test("[M3.25] [M3.21] the terms step shows the service by its display name with its terms content; after the order the success page shows the service's post-creation message for the created subscription", async ({
    page,
  }) => {
    const stamp = unique();
    await signIn(page, 'blueharbor.admin');
    const customer = `Hosting Customer ${stamp}`;
    const customerId = await newCompany(page, customer, 'EUR');
    const host = `web-${stamp}`;

    await page.goto(`/#/Marketplace/Order/${encodeURIComponent(HOSTING)}?customerId=${customerId}`);
    const dialog = wizard(page, HOSTING);
    await expect(dialog.getByRole('textbox', { name: 'Select customer' })).toHaveValue(customer);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Host name').fill(host);
    await dialog.getByRole('textbox', { name: 'Operating system' }).click();
    await page.getByRole('option', { name: 'Debian 12' }).click();
    await dialog.getByLabel('Extra storage (GB)').fill('20');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // [M3.25] The terms item: the service's display name (its tab) and the terms' content, rendered.
    await expect(dialog.getByRole('tab', { name: HOSTING })).toHaveAttribute('aria-selected', 'true');
    const terms = dialog.getByRole('tabpanel');
    await expect(terms.getByRole('heading', { level: 2, name: 'Litware Hosting terms of service' })).toBeVisible();
    await expect(terms.getByRole('listitem')).toHaveText([
      'Availability target: 99.95 % per calendar month, measured at the data center edge.',
      'You are responsible for the content you host and for backups unless a backup plan is ordered.',
      'Fair use applies to outbound traffic above 10 TB per month.',
    ]);
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await checkAccessible(page);
    await shots(page, 'ordering-terms-content');
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(dialog.getByText('You have accepted these Terms and Conditions')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('heading', { name: `Order review for ${HOSTING}` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Place order' }).click();

    // [M3.21] The created subscription (its display name) and the service's message after creation: its title, and
    // its markdown with the subscription's host name filled in, in bold.
    await expect(dialog.getByRole('heading', { name: 'Success' })).toBeVisible();
    await expect(dialog.getByTestId('order-number')).toContainText(HOSTING);
    const message = dialog.getByRole('note');
    await expect(message).toContainText('Your server is being built');
    await expect(message).toContainText(`Server ${host} is ready in about 10 minutes; we send the credentials by e-mail.`);
    await expect(message.locator('strong')).toHaveText(host);
    await expect(message).not.toContainText('{{');
    await expect(message).not.toContainText('**');
    await checkAccessible(page);
    await shots(page, 'ordering-post-creation-message');
  });

  test('[M2.45] [M6.14] [M4.23] [M6.11] a reseller creates the customer inside the wizard; the order above its credit limit is under review and approved on the Orders page', async ({
    page,
  }) => {
    const stamp = unique();
    await signIn(page, 'cedarridge.admin');
    const customer = `Inline Customer ${stamp}`;

    // The reseller's Create menu leads to what it can order; the wizard opens by name from the address.
    const me = await api<{ CompanyAccountId: number }>(page, 'GetCurrentUser', {});
    await page.goto(`/#/Account/View/${me.CompanyAccountId}`);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Order a service' }).click();
    await expect(page).toHaveURL(new RegExp(`#/Account/View/${me.CompanyAccountId}/Available_services`));
    await page.goto(`/#/Marketplace/Order/${encodeURIComponent(SIMPLE)}`);
    const dialog = wizard(page, SIMPLE);
    await dialog.getByRole('button', { name: 'CREATE NEW' }).click();
    await expect(dialog.getByRole('heading', { name: 'New customer' })).toBeVisible();
    await expect(dialog.getByText(/At most \d+ characters/).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Create customer' }).click();
    await expect(dialog.getByText('One or more validation errors present')).toBeVisible();
    await checkAccessible(page);
    await shots(page, 'ordering-inline-customer');
    await dialog.getByLabel('Display name').fill(customer);
    await dialog.getByRole('button', { name: 'Create customer' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Select customer' })).toHaveValue(customer);

    // A credit limit of 1 for the new customer (through the API): its order goes above it.
    const found = await api<{ Items: { AccountId: number; DisplayName: string }[] }>(page, 'SearchAccounts', {
      text: customer,
      types: ['Company'],
    });
    const companyId = found.Items[0]?.AccountId as number;
    const records = await api<{ Version: number }>(page, 'GetCreditLimitRecords', { accountId: companyId });
    await api(page, 'AddCreditLimitRecord', {
      accountId: companyId,
      Limit: '1',
      Comment: 'Ordering wizard test',
      IsLocked: false,
      Version: records.Version,
    });

    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel(/Support contact e-mail/).fill(`support.${stamp}@example.com`);
    await dialog.getByRole('button', { name: 'Next' }).click();
    if ((await dialog.getByRole('button', { name: 'Accept', exact: true }).count()) > 0)
      await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('The order will be reviewed before the service is provisioned.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Place order' }).click();

    // [M4.23] Under review, with its notice; [M6.11] 'Go to my orders' for CREDITCHECK_COMPANYORDERS read.
    await expect(dialog.getByRole('heading', { name: 'Your order is under review' })).toBeVisible();
    await expect(dialog.getByTestId('under-review-notice')).toBeVisible();
    await checkAccessible(page);
    await shots(page, 'ordering-under-review');
    const orderNumber = ((await dialog.getByTestId('order-number').textContent()) ?? '').replace(/^Order (\S+):.*$/, '$1');
    await dialog.getByRole('link', { name: 'Go to my orders' }).click();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await page.getByLabel('Search by order number, company or service').fill(orderNumber);
    const row = page.getByRole('table', { name: 'Orders' }).getByTestId('order-row').first();
    await expect(row).toContainText(customer);
    await row.getByRole('button', { name: `Approve order ${orderNumber}` }).click();
    await page
      .getByRole('dialog', { name: `Approve order ${orderNumber}?` })
      .getByRole('button', { name: 'Approve order', exact: true })
      .click();
    await expect(row.getByText('Completed')).toBeVisible();
  });

  test('[M2.42] a user who may not create subscriptions sees no Order button and the ordering route refuses', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.finance');
    const found = await api<{ Items: { AccountId: number }[] }>(page, 'SearchAccounts', {
      text: 'Microsoft 365',
      types: ['Product'],
    });
    const subscription = found.Items[0]?.AccountId as number;
    await page.goto(`/#/Account/View/${subscription}/Service_info`);
    await expect(page.getByTestId('material-number')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Order', exact: true })).toHaveCount(0);

    await page.goto(`/#/Marketplace/Order/${encodeURIComponent(WITH_DEPENDENCY)}`);
    await expect(page.getByTestId('no-access')).toBeVisible();
    await checkAccessible(page);
    await page.getByRole('button', { name: 'Close' }).last().click();
    await expect(page).toHaveURL(/#\/Account\/View\/\d+$/);
    const refused = await page.request.post('/api/op/GetVisibleCompaniesForService', { data: { productName: WITH_DEPENDENCY } });
    expect(refused.status()).toBe(403);
  });
});
