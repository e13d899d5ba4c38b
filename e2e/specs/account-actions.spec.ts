import { expect } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

test.describe('terminating an account', () => {
  test('[A4.1] [A2.33] schedules a termination with its UTC date in a banner, and Cancel termination clears it', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('treeitem', { name: /Harborview Clinic/ }).click();
    await page.getByRole('button', { name: 'Terminate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Terminate Harborview Clinic' });
    await dialog.getByLabel('On a date (UTC)').check();
    await dialog.getByLabel('Date and time (UTC)').fill('2031-03-01T09:30');
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Schedule termination' }).click();

    await expect(page.getByText('This account is scheduled for termination on 2031-03-01 09:30 UTC.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Terminate' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel termination' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel the scheduled termination?' })
      .getByRole('button', { name: 'Cancel termination' })
      .click();
    await expect(page.getByText('The scheduled termination has been cancelled')).toBeVisible();
    await expect(page.getByText(/scheduled for termination/)).toHaveCount(0);
  });

  test('[A4.1] terminating now shows the terminated banner and disables every action', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('treeitem', { name: /Harborview Clinic/ }).click();
    await page.getByRole('button', { name: 'Terminate' }).click();

    await page.getByRole('dialog').getByRole('button', { name: 'Terminate now' }).click();

    await expect(page.getByText('The account has been terminated')).toBeVisible();
    await expect(page.getByText('This account is terminated.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Terminate' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a user without the delete permission sees no Terminate action', async ({ page }) => {
    await signIn(page, 'acme.jdoe');

    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Terminate' })).toHaveCount(0);
  });
});

test.describe('moving an account', () => {
  test('[A6.9] moves a user under a department found by name, and the breadcrumbs follow', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    const tree = page.getByRole('tree', { name: 'Account tree' });
    await tree.getByRole('treeitem', { name: /Acme Logistics/ }).click();
    await tree.getByRole('treeitem', { name: /Acme Logistics/ }).press('ArrowRight');
    const user = tree.locator('[role="treeitem"][aria-level="3"]').filter({ hasText: 'User' }).first();
    const userName = ((await user.textContent()) ?? '').replace(/[▸▾]/g, '').replace(/User$/, '').trim();
    await user.click();
    await expect(page.getByRole('heading', { level: 1, name: userName })).toBeVisible();

    await page.getByRole('button', { name: 'Move' }).click();
    const dialog = page.getByRole('dialog', { name: `Move ${userName}` });
    await dialog.getByLabel('Find the new parent').fill('Finan');
    await dialog.getByRole('radio', { name: 'Finance (Department, Acme Logistics)' }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Move here' }).click();

    await expect(page.getByText('The account has been moved')).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Account hierarchy' });
    await expect(crumbs.getByRole('link', { name: 'Finance' })).toBeVisible();
  });
});
