import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * Provisioning requests on a service account: Save starts one [A4.2], the banners [A2.33] in the order
 * of [A4.7] with the texts of [A8.10], the retry link [A7.11], the recreate modal [A2.37], [A8.13],
 * save without provisioning [A6.4], and the Provisioning tab [A2.18], [A6.15].
 *
 * The demo services send their Http provisioning to vendor hosts under .example, which do not resolve:
 * such a request fails with a retryable error. Contoso Premium Support provisions by e-mail: its
 * requests are sent through the outbox and wait for the vendor.
 */

interface TreeNode {
  AccountId: number;
  AccountType: string;
  Children: TreeNode[];
}

/** The id of the subscription of a demo company's administrator (the company's first user with one). */
async function productOfCompany(page: Page, company: string): Promise<number> {
  const search = await page.request.post('/api/op/SearchAccounts', { data: { text: company, types: ['Company'] } });
  expect(search.status()).toBe(200);
  const found = ((await search.json()).Items as { AccountId: number; DisplayName: string }[]).find(
    (i) => i.DisplayName === company,
  );
  if (!found) throw new Error(`no company ${company}`);
  const tree = await page.request.post('/api/op/GetPartialCompanyHierarchy', { data: { id: found.AccountId, depth: 2 } });
  const root = (await tree.json()) as TreeNode;
  for (const user of root.Children.filter((c) => c.AccountType === 'User')) {
    const product = user.Children.find((c) => c.AccountType === 'Product');
    if (product) return product.AccountId;
  }
  throw new Error(`no subscription under ${company}`);
}

async function openAccount(page: Page, id: number) {
  await page.goto(`/#/Account/View/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function rename(page: Page, name: string) {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Display name').fill(name);
}

const banner = (page: Page) => page.getByTestId('provisioning-banner');

/** Waits until the account's newest request has been tried this many times and is no longer pending. */
async function waitForAttempt(page: Page, id: number, attempts: number) {
  await expect
    .poll(async () => {
      const res = await page.request.post('/api/op/GetAccountProvisioningRequests', { data: { accountId: id } });
      const [newest] = (await res.json()).Items as { Attempts: number; Status: string }[];
      return newest && newest.Status !== 'Pending' ? newest.Attempts : 0;
    })
    .toBe(attempts);
}
const unique = () => Date.now().toString(36);

test.describe('provisioning requests', () => {
  test('[A4.2] [A2.33] [A3.1] Save starts a provisioning request; an e-mailed one shows the waiting banner and the Provisioning tab lists it', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    const id = await productOfCompany(page, 'Fjord Maritime');
    await openAccount(page, id);
    await expect(banner(page)).toHaveCount(0);
    const name = `Premium support ${unique()}`;
    await rename(page, name);
    await expect(page.getByRole('button', { name: 'Save without provisioning' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await expect(page.getByText('Account data has been updated')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(banner(page)).toHaveText('The provisioning request has been sent and is waiting for the vendor.');
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Provisioning' }).click();
    await expect(page).toHaveURL(/\/Provisioning$/);
    const row = page.getByRole('table', { name: 'Provisioning requests' }).getByRole('row').nth(1);
    await expect(row).toContainText('MODIFY (Email)');
    await expect(row).toContainText('Sent, waiting');
    await expect(row).toContainText('provisioning@contoso.example; servicedesk@contoso.example');
    await expect(row).toContainText('UTC');
    await expectAccessible(page);
  });

  test('[A4.7] [A8.10] [A7.11] a failed request shows the retry link; retries end in escalation', async ({ page }) => {
    await signIn(page, 'provider.admin');
    const id = await productOfCompany(page, 'Meridian Insurance');
    await openAccount(page, id);
    await rename(page, `Backup ${unique()}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Account data has been updated')).toBeVisible();

    // The vendor host does not resolve: the request fails and may be retried.
    await expect(banner(page)).toContainText('Provisioning failed.');
    const retry = banner(page).getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    await expectAccessible(page);

    await retry.click();
    await expect(page.getByText('The provisioning request is sent again.')).toBeVisible();
    await waitForAttempt(page, id, 2);
    await page.reload();
    await banner(page).getByRole('button', { name: 'Retry' }).click();
    await waitForAttempt(page, id, 3);
    await page.reload();

    // The third failure escalates the request: no more retries [A4.7].
    await expect(banner(page)).toHaveText('The provisioning error is being investigated.');
    await expect(banner(page).getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Provisioning' }).click();
    const row = page.getByRole('table', { name: 'Provisioning requests' }).getByRole('row').nth(1);
    await expect(row).toContainText('Escalated');
    await expect(row).toContainText('The provisioning endpoint could not be reached');
    await expectAccessible(page);
  });

  test('[A2.37] [A6.5] [A8.13] the recreate modal asks for the account id and starts a new request', async ({ page }) => {
    await signIn(page, 'provider.admin');
    const id = await productOfCompany(page, 'Keystone Realty');
    await openAccount(page, id);

    await page.getByRole('button', { name: 'Recreate provisioning request' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('All pending provisioning requests of this account will be canceled');
    await expectAccessible(page);
    await dialog.getByLabel(`Type the account id ${id} to confirm`).fill('12');
    await dialog.getByRole('button', { name: 'Recreate' }).click();
    await expect(dialog.getByText(`Type ${id}, the id of this account, to confirm`)).toBeVisible();
    await dialog.locator('form').getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Recreate provisioning request' }).click();
    await page.getByRole('dialog').getByLabel(`Type the account id ${id} to confirm`).fill(String(id));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Recreate provisioning request has been started')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(banner(page)).toHaveText('The provisioning request has been sent and is waiting for the vendor.');
    await page.getByRole('tab', { name: 'Provisioning' }).click();
    await expect(page.getByRole('table', { name: 'Provisioning requests' }).getByRole('row').nth(1)).toContainText(
      'CREATE (Email)',
    );
  });

  test('[A4.2] [A6.4] Save without provisioning saves and starts no request', async ({ page }) => {
    await signIn(page, 'provider.admin');
    const id = await productOfCompany(page, 'Ironclad Manufacturing');
    await openAccount(page, id);
    const name = `Quiet ${unique()}`;
    await rename(page, name);
    await page.getByRole('button', { name: 'Save without provisioning' }).click();

    await expect(page.getByText('Account data has been updated')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Provisioning' }).click();
    await expect(page.getByText('There are no provisioning requests for this account.')).toBeVisible();
    await expectAccessible(page);
  });

  test('[A2.33] [A4.7] the demo subscriptions show each provisioning banner', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    const expected: [string, string][] = [
      ['Brightwater Dental', 'Provisioning failed.'],
      ['Dunmore Architects', 'The provisioning error is being investigated.'],
      ['Greenfield Schools', 'Provisioning failed and the monitoring team is working on it.'],
    ];
    for (const [company, text] of expected) {
      await openAccount(page, await productOfCompany(page, company));
      await expect(banner(page)).toContainText(text);
    }
    await expectAccessible(page);
  });

  test('[A6.4] [A6.5] [A6.15] denied: no save without provisioning, no recreate, no Provisioning tab without the capabilities', async ({
    page,
  }) => {
    // A reseller administrator may recreate but not skip provisioning.
    await signIn(page, 'blueharbor.admin');
    const id = await productOfCompany(page, 'Evergreen Bakeries');
    await openAccount(page, id);
    await expect(page.getByRole('button', { name: 'Recreate provisioning request' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save without provisioning' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    const skip = await page.request.post('/api/op/UpdateAccount', {
      data: { id, views: { Default: { Values: { DisplayName: `Sneaky ${unique()}` } } }, skipProvisioning: true, version: 1 },
    });
    expect(skip.status()).toBe(403);

    // A company administrator reads its own requests but may not recreate them.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Username').fill('acme.admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('current-user')).toBeVisible();
    const acmeProduct = await productOfCompany(page, 'Acme Logistics');
    await openAccount(page, acmeProduct);
    await expect(page.getByRole('tab', { name: 'Provisioning' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Recreate provisioning request' })).toHaveCount(0);
    const recreate = await page.request.post('/api/op/RecreateProvisioningRequest', {
      data: { id: acmeProduct, confirmAccountId: acmeProduct },
    });
    expect(recreate.status()).toBe(403);
    await expectAccessible(page);

    // A company user holds neither provisioning read capability: no Provisioning tab.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Username').fill('acme.jdoe');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('current-user')).toBeVisible();
    await openAccount(page, acmeProduct);
    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Provisioning' })).toHaveCount(0);
    const list = await page.request.post('/api/op/GetAccountProvisioningRequests', { data: { accountId: acmeProduct } });
    expect(list.status()).toBe(403);
    await expectAccessible(page);
  });
});
