import { expect } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

test.describe('audit log and user log', () => {
  test('[A2.21] shows who changed which field of an account, with before and after values', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('treeitem', { name: /Fjord Maritime/ }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('City').fill('Bergen');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Account data has been updated')).toBeVisible();

    await page.getByRole('tab', { name: 'Audit log' }).click();

    await expect(page).toHaveURL(/\/Audit_log$/);
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect(table.getByRole('row').nth(1)).toContainText('UpdateAccount');
    await expect(table.getByRole('row').nth(1)).toContainText('Company.City: Rotterdam → Bergen');
    await expect(table.getByRole('row').nth(1)).toContainText('UTC');
    await expectAccessible(page);
  });

  test('shows the empty state for an account nobody has changed', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('treeitem', { name: /Greenfield Schools/ }).click();

    await page.getByRole('tab', { name: 'Audit log' }).click();

    await expect(page.getByText('Nothing has been changed on this account yet.')).toBeVisible();
  });

  test("[A2.22] shows a user's sign-ins in the User log", async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    const tree = page.getByRole('tree', { name: 'Account tree' });
    await tree.getByRole('treeitem', { name: /Blue Harbor IT/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Blue Harbor IT' }).waitFor();
    const self = await page.getByTestId('current-user').textContent();
    await tree.getByRole('treeitem', { name: new RegExp(self ?? 'none') }).click();

    await page.getByRole('tab', { name: 'User log' }).click();

    const table = page.getByRole('table', { name: 'User log' });
    await expect(table.getByRole('row').filter({ hasText: 'Authenticate' }).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('a user without AUDIT_LOG_READ sees no audit tabs', async ({ page }) => {
    await signIn(page, 'acme.jdoe');

    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveCount(0);
  });
});
