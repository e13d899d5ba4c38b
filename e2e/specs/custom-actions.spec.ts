import { expect, type Page } from '@playwright/test';
import { checkAccessible, expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/** Opens the first user directly under Acme Logistics and returns its display name. */
async function openAcmeUser(page: Page) {
  const tree = page.getByRole('tree', { name: 'Account tree' });
  await tree.getByRole('treeitem', { name: /Acme Logistics/ }).click();
  await tree.getByRole('treeitem', { name: /Acme Logistics/ }).press('ArrowRight');
  const user = tree.locator('[role="treeitem"][aria-level="3"]').filter({ hasText: 'User' }).last();
  const name = ((await user.textContent()) ?? '').replace(/[▸▾]/g, '').replace(/User$/, '').trim();
  await user.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return { name, user };
}

test.describe('custom actions', () => {
  test('[A2.7] [A2.38] renames a user in the custom action window and returns to the account', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await openAcmeUser(page);

    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();

    await expect(page).toHaveURL(/#\/Account\/CustomAction\/RENAME\/\d+$/);
    const dialog = page.getByRole('dialog', { name: 'Rename user' });
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('New display name').fill('');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('New display name is required')).toBeVisible();
    await dialog.getByLabel('New display name').fill('Renamed Person');
    await dialog.getByRole('button', { name: 'OK' }).click();

    await expect(page.getByText('Rename user: done')).toBeVisible();
    await expect(page).toHaveURL(/#\/Account\/View\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Renamed Person' })).toBeVisible();
  });

  test('the Change status window preselects no status: OK without a choice names the field and changes nothing', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    await openAcmeUser(page);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change account status' });

    await expect(dialog.getByRole('textbox', { name: 'New status' })).toHaveValue('');
    await dialog.getByLabel('Reason').fill('Checking the window only');
    await dialog.getByRole('button', { name: 'OK' }).click();

    await expect(dialog.getByText('New status is required')).toBeVisible();
    await expect(dialog.getByText('Please confirm: Change account status.')).toHaveCount(0);
    await checkAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('[A4.12] changing the status asks for a confirmation step', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await openAcmeUser(page);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change account status' });
    await dialog.getByRole('textbox', { name: 'New status' }).click();
    await page.getByRole('option', { name: 'Suspended' }).click();
    await dialog.getByLabel('Reason').fill('Left the company for three months');

    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('Please confirm: Change account status.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    await expect(page.getByText('Change account status: done')).toBeVisible();
    await expect(page.getByText('Suspended', { exact: true }).first()).toBeVisible();
    // The state badge reads well: dark text on the yellow badge.
    await checkAccessible(page);
  });

  test('[A2.33] renewal settings of a subscription show the configured-for-renew banner, and Reset saved values clears them', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    const tree = page.getByRole('tree', { name: 'Account tree' });
    await tree.getByRole('treeitem', { name: /Acme Logistics/ }).click();
    await tree.getByRole('treeitem', { name: /Acme Logistics/ }).press('ArrowRight');
    const owner = tree.locator('[role="treeitem"][aria-level="3"][aria-expanded]').filter({ hasText: 'User' }).first();
    // The account page the click opened may still render the tree again: a key pressed then is lost, so press until
    // the user shows its subscriptions.
    await expect(async () => {
      await owner.focus();
      await owner.press('ArrowRight');
      await expect(owner).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
    }).toPass();
    await tree.locator('[role="treeitem"][aria-level="4"]').filter({ hasText: 'Product' }).first().click();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Renew' }).click();
    const dialog = page.getByRole('dialog', { name: 'Renewal settings' });
    await dialog.getByRole('textbox', { name: 'Renewal term' }).click();
    await page.getByRole('option', { name: '24 months' }).click();

    await dialog.getByRole('button', { name: 'OK' }).click();

    const banner = page.getByRole('button', { name: 'This subscription is configured for renew. Open the renewal settings.' });
    await expect(banner).toBeVisible();
    await banner.click();
    await page.getByRole('dialog', { name: 'Renewal settings' }).getByRole('button', { name: 'Reset saved values' }).click();
    await expect(page.getByText('The saved values have been reset')).toBeVisible();
    await page.getByRole('dialog', { name: 'Renewal settings' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(banner).toHaveCount(0);
  });

  test('a user who may not change the account sees no custom actions', async ({ page }) => {
    await signIn(page, 'acme.jdoe');

    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);
  });
});
