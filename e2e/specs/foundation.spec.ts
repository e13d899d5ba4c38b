import { expect } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

test.describe('sign-in and the account page', () => {
  test('shows the sign-in screen without accessibility violations and rejects a wrong password', async ({ page }) => {
    await page.goto('/');

    await expect(page).toHaveURL(/#\/login/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Username').fill('blueharbor.admin');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'The username or password is incorrect' })).toBeVisible();
  });

  test('[A2.35] signs in and lands on the organisation account with the account tree in the left menu', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');

    await expect(page.getByRole('heading', { level: 1, name: 'Blue Harbor IT' })).toBeVisible();
    await expect(
      page.getByRole('tree', { name: 'Account tree' }).getByRole('treeitem', { name: /Acme Logistics/ }),
    ).toBeVisible();
    await expect(page.getByTestId('current-user')).toBeVisible();
    await expectAccessible(page);
  });

  test('[A2.1] [A2.31] [A2.32] opens an account through the tree at #/Account/View/{id}, with its name, and marks it as current in the breadcrumbs', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    await expect(page.getByRole('navigation', { name: 'Account hierarchy' })).toHaveCount(0);

    await page.getByRole('treeitem', { name: /Acme Logistics/ }).click();

    await expect(page).toHaveURL(/#\/Account\/View\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Account hierarchy' });
    await expect(crumbs.getByRole('link', { name: 'Blue Harbor IT' })).toBeVisible();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Acme Logistics');
    await expectAccessible(page);
  });

  test('[A2.35] loads children on expand and is usable with the keyboard alone', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    const tree = page.getByRole('tree', { name: 'Account tree' });
    const acme = tree.getByRole('treeitem', { name: /Acme Logistics/ });
    await expect(acme).toHaveAttribute('aria-expanded', 'false');

    await tree.getByRole('treeitem', { name: /Blue Harbor IT/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(acme).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(acme).toHaveAttribute('aria-expanded', 'true');
    await expect(tree.getByRole('treeitem', { name: /Finance/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
  });

  test('[A2.2] selecting a tab updates the address, and the address selects the tab', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('treeitem', { name: /Acme Logistics/ }).click();
    await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('tab', { name: 'Finance' }).click();

    await expect(page).toHaveURL(/#\/Account\/View\/\d+\/Finance$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Finance' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('VAT number')).toBeVisible();
  });

  test('[A2.36] containers expand and collapse, hidden containers are not shown, fields are read-only in view mode', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('treeitem', { name: /Acme Logistics/ }).click();
    await page.getByRole('tab', { name: 'Finance' }).click();
    const internal = page.getByRole('button', { name: 'Expand Internal' });
    await expect(internal).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Internal reference')).toBeHidden();

    await internal.click();

    await expect(page.getByText('Internal reference')).toBeVisible();
    await expect(page.getByRole('region', { name: 'System' })).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await page.getByRole('button', { name: 'Collapse Tax' }).click();
    await expect(page.getByText('VAT number')).toBeHidden();
  });

  test('[A4.2] edits and saves a field, and Cancel restores the saved values', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('treeitem', { name: /Brightwater Dental/ }).click();
    // The company's page, not the organisation's page still shown while it loads, is the one edited.
    await expect(page.getByRole('heading', { level: 1, name: 'Brightwater Dental' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();

    await page.getByLabel('City').fill('Utrecht');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Account data has been updated')).toBeVisible();
    await expect(page.locator('[data-field="Company.City"]')).toHaveText('Utrecht');
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('City').fill('Groningen');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('[data-field="Company.City"]')).toHaveText('Utrecht');
    await page.reload();
    await expect(page.locator('[data-field="Company.City"]')).toHaveText('Utrecht');
  });

  test('[A5.5] a field validation error blocks saving and names the field', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('treeitem', { name: /Dunmore Architects/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dunmore Architects' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();

    await page.getByLabel('Display name').fill('');
    await page.getByLabel('Phone').fill('call me');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Display name is required')).toBeVisible();
    await expect(page.getByText('Enter a phone number such as +31 20 123 4567')).toBeVisible();
    await expect(page.getByText('One or more validation errors present')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dunmore Architects' })).toBeVisible();
  });

  test('[A5.6] a field flagged IsModifyConfirmRequired asks for confirmation before it is saved', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('treeitem', { name: /Evergreen Bakeries/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Evergreen Bakeries' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();

    await page.getByRole('textbox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: 'US dollar (USD)' }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm sensitive changes' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Currency: EUR → USD');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Confirm and save' }).click();

    await expect(page.getByText('Account data has been updated')).toBeVisible();
    await expect(page.locator('[data-field="Company.Currency"]')).toHaveText('US dollar (USD)');
  });

  test('a read-only user sees no Edit action', async ({ page }) => {
    await signIn(page, 'acme.jdoe');

    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    await expect(page.getByText('You can view this account but not change it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  });

  test('signs out, and a deep link after sign-out returns there after signing in again', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('treeitem', { name: /Acme Logistics/ }).click();
    await page.getByRole('tab', { name: 'Finance' }).click();
    const accountUrl = page.url();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.goto(accountUrl);
    await expect(page).toHaveURL(/#\/login\?redirect=/);
    await page.getByLabel('Username').fill('blueharbor.admin');
    await page.getByLabel('Password', { exact: true }).fill('Portal-demo-2026!');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(accountUrl);
    await expect(page.getByRole('tab', { name: 'Finance' })).toHaveAttribute('aria-selected', 'true');
  });

  test('an account of another tenant is reported as not found', async ({ page }) => {
    await signIn(page, 'acme.admin');
    const ids = await page.evaluate(async () => {
      const res = await fetch('/api/op/GetPartialCompanyHierarchy', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"id":1}',
      });
      return res.status;
    });
    expect(ids).toBe(404);

    await page.goto('/#/Account/View/1');

    await expect(page.getByText('This account does not exist or you do not have access to it.')).toBeVisible();
  });

  test('an address that is no page, or an account address without a valid id, shows the 404 page', async ({ page }) => {
    await signIn(page, 'acme.admin');
    for (const address of ['/#/Account/View/abc', '/#/No/Such/Page']) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
      await expect(page.getByText('This page does not exist.')).toBeVisible();
    }
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to my account' }).click();
    await expect(page.getByRole('heading', { name: '404' })).toBeHidden();
  });
});
