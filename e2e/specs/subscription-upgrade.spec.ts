import { expect, type Page } from '@playwright/test';
import { checkAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The upgrade custom action [A1.5] and its screen #/upgrade-subscription/{accountId} [A2.8]. Uses the
 * subscriptions of Juniper Legal (its department users' are not changed by other specs) and of
 * Greenfield Schools, which no other spec changes.
 */

interface TreeNode {
  AccountId: number;
  AccountType: string;
  DisplayName: string;
  Children: TreeNode[];
}

/** The id of a subscription of a demo company by its name, anywhere below the company. */
async function subscriptionOf(page: Page, company: string, name: string): Promise<number> {
  const search = await page.request.post('/api/op/SearchAccounts', { data: { text: company, types: ['Company'] } });
  expect(search.status()).toBe(200);
  const found = ((await search.json()).Items as { AccountId: number; DisplayName: string }[]).find(
    (i) => i.DisplayName === company,
  );
  if (!found) throw new Error(`no company ${company}`);
  const res = await page.request.post('/api/op/GetPartialCompanyHierarchy', { data: { id: found.AccountId, depth: 3 } });
  const stack = [(await res.json()) as TreeNode];
  while (stack.length > 0) {
    const node = stack.pop() as TreeNode;
    if (node.AccountType === 'Product' && node.DisplayName === name) return node.AccountId;
    stack.push(...(node.Children ?? []));
  }
  throw new Error(`no subscription ${name} under ${company}`);
}

test.describe('upgrading a subscription', () => {
  test('[A1.5] [A2.8] moves a subscription to another service of its vendor after a priced confirmation', async ({ page }) => {
    await signIn(page, 'provider.admin');
    const id = await subscriptionOf(page, 'Juniper Legal', 'Contoso Backup 500 GB');
    await page.goto(`/#/Account/View/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contoso Backup 500 GB' })).toBeVisible();

    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Upgrade' }).click();

    await expect(page).toHaveURL(new RegExp(`#/upgrade-subscription/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Upgrade Contoso Backup 500 GB' })).toBeVisible();
    const current = page.getByRole('region', { name: 'Current service' });
    await expect(current).toContainText('Contoso Backup 500 GB');
    await expect(current).toContainText('per month');
    const targets = page.getByRole('radiogroup', { name: 'Upgrade to' });
    await expect(targets.getByRole('radio', { name: 'Contoso Backup 2 TB' })).toBeVisible();
    await expect(targets.getByRole('radio', { name: 'Contoso Backup 500 GB' })).toHaveCount(0);
    await expect(targets).toContainText('compared with now');
    await expect(page.getByRole('button', { name: 'Upgrade', exact: true })).toBeDisabled();
    await checkAccessible(page);

    await targets.getByRole('radio', { name: 'Contoso Backup 2 TB' }).click();
    await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade subscription?' });
    await expect(dialog).toContainText(
      'This subscription moves from Contoso Backup 500 GB to Contoso Backup 2 TB, and takes the new name.',
    );
    await expect(dialog).toContainText('The new price is');
    await checkAccessible(page);
    await shot(page, 'subscription-upgrade-confirm');
    // Cancel keeps everything as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
    await page.getByRole('dialog', { name: 'Upgrade subscription?' }).getByRole('button', { name: 'Upgrade now' }).click();

    await expect(page.getByText('The subscription now uses Contoso Backup 2 TB')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#/Account/View/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Contoso Backup 2 TB' })).toBeVisible();
  });

  test('[A2.8] a company administrator opens the upgrade from the custom action route; a service with nothing to move to says so', async ({
    page,
  }) => {
    await signIn(page, 'greenfield.admin');
    const id = await subscriptionOf(page, 'Greenfield Schools', 'Microsoft 365 Business Standard');

    await page.goto(`/#/Account/CustomAction/UPGRADE/${id}`);

    await expect(page).toHaveURL(new RegExp(`#/upgrade-subscription/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Upgrade Microsoft 365 Business Standard' })).toBeVisible();
    await expect(
      page.getByText('Northwind Cloud offers no other service in the category of Microsoft 365 Business Standard'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade', exact: true })).toBeDisabled();
    await checkAccessible(page);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`#/Account/View/${id}$`));
  });

  test('a company user who may not change subscriptions gets no Upgrade action, and the screen says why', async ({ page }) => {
    await signIn(page, 'provider.admin');
    const id = await subscriptionOf(page, 'Acme Logistics', 'Microsoft 365 Business Standard');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    await signIn(page, 'acme.jdoe');
    await page.goto(`/#/Account/View/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);

    await page.goto(`/#/upgrade-subscription/${id}`);

    await expect(page.getByRole('alert').filter({ hasText: 'This subscription cannot be upgraded' })).toBeVisible();
    await checkAccessible(page);
  });
});
