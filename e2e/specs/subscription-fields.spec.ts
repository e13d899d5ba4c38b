import { expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { checkAccessible, DEMO_PASSWORD, demoSubscriptionOf, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * A subscription's own service fields on its page (decision 0079): shown by their DisplayTypeOnModify [S3.2] in the
 * service's layout, changed with Edit and Save like the page's other fields, checked by the service's rules, and
 * priced at once by the one pricing rule.
 *
 * Demo data: Pinecrest Media's Fabrikam Endpoint Protection (Protected devices, priced per device, 1 to 5,000; the
 * Platform choice; the Agent installation key, read-only after ordering). No other spec changes it.
 */

interface Node {
  AccountId: number;
  AccountType: string;
  DisplayName: string;
  Children?: Node[];
}

async function subscriptionId(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string): Promise<number> {
  const api = await playwright.request.newContext({ baseURL });
  try {
    await api.post('/api/op/Authenticate', { data: { Username: 'provider.admin', Password: DEMO_PASSWORD } });
    const found = (
      await (await api.post('/api/op/SearchAccounts', { data: { text: 'Pinecrest Media', types: ['Company'] } })).json()
    ).Items[0] as { AccountId: number };
    const tree = (await (
      await api.post('/api/op/GetPartialCompanyHierarchy', { data: { id: found.AccountId, depth: 4 } })
    ).json()) as Node;
    const all = (n: Node): Node[] => [n, ...(n.Children ?? []).flatMap(all)];
    const product = all(tree).find((n) => n.AccountType === 'Product' && n.DisplayName === 'Fabrikam Endpoint Protection');
    if (!product) throw new Error('Pinecrest Media has no Fabrikam Endpoint Protection');
    return product.AccountId;
  } finally {
    await api.dispose();
  }
}

const details = (page: Page) => page.getByRole('tabpanel').getByRole('region', { name: 'Details' });

test.describe('a subscription’s service fields', () => {
  test('[S3.2] are shown in the service’s layout, the read-only one read-only, and a change is saved and priced', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const id = await subscriptionId(playwright, baseURL as string);
    await signIn(page, 'provider.admin');
    await page.goto(`/#/Account/View/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fabrikam Endpoint Protection' })).toBeVisible();

    // Viewing: the service's block with its three fields (a retry finds the device count the first run saved).
    await expect(details(page)).toBeVisible();
    await expect(details(page).getByText('Protected devices')).toBeVisible();
    await expect(details(page).getByText('Agent installation key')).toBeVisible();
    const devices = Number((await details(page).locator('[data-field="Service.Devices"]').textContent())?.trim());
    expect(devices).toBeGreaterThan(0);
    const price = page.getByRole('region', { name: 'Price' });
    // The fee's units: the devices times the subscription's quantity.
    const quantity = Number(/Quantity: (\d+)/.exec((await price.getByText(/Quantity: \d+/).textContent()) ?? '')?.[1]);
    const units = (n: number) => price.getByRole('cell', { name: `${n * quantity} (Protected devices)`, exact: true });
    await expect(units(devices)).toBeVisible();
    await checkAccessible(page);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // Read-only after ordering (DisplayTypeOnModify): shown, not an input.
    await expect(page.getByLabel('Agent installation key')).toHaveCount(0);
    await expect(details(page).getByText('Agent installation key')).toBeVisible();
    await page.getByLabel('Protected devices').fill('6000');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Protected devices must be at most 5000')).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'subscription-fields-edit');

    await page.getByLabel('Protected devices').fill(String(devices + 1));
    await page.getByRole('textbox', { name: 'Platform' }).click();
    await page.getByRole('option', { name: 'Windows' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Account data has been updated')).toBeVisible();
    await expect(details(page).locator('[data-field="Service.Devices"]')).toHaveText(String(devices + 1));
    await expect(details(page).locator('[data-field="Service.Platform"]')).toHaveText('Windows');
    // The price preview prices the saved count at once (the one pricing rule).
    await expect(units(devices + 1)).toBeVisible();
    await checkAccessible(page);
  });

  test('[S3.2] denied: a company user who may not change subscriptions sees the fields and no Edit', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const { id } = await demoSubscriptionOf(playwright, baseURL as string, 'Acme Logistics', 'acme.admin');
    await signIn(page, 'acme.jdoe');
    await page.goto(`/#/Account/View/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Microsoft 365 Business Standard' })).toBeVisible();
    await expect(page.getByRole('tabpanel').locator('[data-field="Service.Licences"]')).toHaveText(/^\d+$/);
    await expect(page.getByRole('tabpanel').locator('[data-field="Service.Domain"]')).toHaveText('acme-logistics.example');
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    const save = await page.request.post('/api/op/UpdateAccount', {
      data: { id, views: { Service: { Values: { Licences: '13' } } }, version: 1 },
    });
    expect(save.status()).toBe(403);
    await checkAccessible(page);
  });
});
