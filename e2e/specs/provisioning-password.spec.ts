import { expect, type Page } from '@playwright/test';
import { checkAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

const windowDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tablist', { name: 'Service tool tabs' }) });

test.describe('provisioning passwords are never shown again (issue 14, decision 0035)', () => {
  test('the editor of a service with Basic auth shows the user name but an empty password that keeps the saved one', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    await page.goto('/#/Marketplace/ServiceCreate/Fabrikam%20Password%20Vault');
    const dialog = windowDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Edit (Fabrikam Password Vault)' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Provisioning' }).click();

    const users = dialog.getByRole('textbox', { name: 'User name' });
    await expect(users.first()).toHaveValue('northwind-portal');
    const passwords = dialog.getByLabel('Password', { exact: true });
    const count = await passwords.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await expect(passwords.nth(i)).toHaveValue('');
    await expect(dialog.getByText('Leave empty to keep the saved password.').first()).toBeVisible();
    await checkAccessible(page);
    await passwords.first().scrollIntoViewIfNeeded();
    await shot(page, 'provisioning-password');
  });
});
