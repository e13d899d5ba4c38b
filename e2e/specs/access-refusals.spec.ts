import { expect } from '@playwright/test';
import { checkAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * What a plain company user (the standard "Company user" role: reads accounts, nothing more) is
 * refused, and how: one no-access notice in words on every guarded screen, never an editor that
 * cannot be saved, never an empty list that pretends there is nothing, never a capability key; and
 * the analytics leave out the data the Orders page refuses (decision 0037).
 */

const PLAIN = 'acme.jdoe';

test.describe('refusals of a plain company user', () => {
  test('typing the service editor address shows the no-access page, not the editor', async ({ page }) => {
    await signIn(page, PLAIN);

    await page.goto('/#/Marketplace/ServiceCreate');

    await expect(page.getByRole('heading', { level: 1, name: 'Your services' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('You do not have access to this page');
    await expect(page.getByRole('alert')).toContainText('Ask an administrator for permission to create your services.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await checkAccessible(page);
    await shot(page, 'refusal-service-create');
  });

  test('Your services says there is no access instead of "You have no services yet"', async ({ page }) => {
    await signIn(page, PLAIN);

    await page.goto('/#/Services');

    await expect(page.getByRole('alert')).toContainText('You do not have access to this page');
    await expect(page.getByRole('alert')).toContainText('Ask an administrator for permission to view service information.');
    await expect(page.getByText('You have no services yet.')).toHaveCount(0);
    await checkAccessible(page);
  });

  test('the Orders page refusal names the permission in words, never its key', async ({ page }) => {
    await signIn(page, PLAIN);

    await page.goto('/#/Orders');

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Ask an administrator for permission to view company orders or view order management.');
    await expect(alert).not.toContainText('CREDITCHECK_COMPANYORDERS_READ');
    await expect(alert).not.toContainText('ORDER_MANAGEMENT_READ');
    await checkAccessible(page);
    await shot(page, 'refusal-orders');
  });

  test('the "Orders and revenue" report shows no revenue and no orders to a user refused the Orders page', async ({ page }) => {
    await signIn(page, PLAIN);
    await page.goto('/#/Reports');
    await page
      .getByRole('navigation', { name: 'My reports' })
      .getByRole('region', { name: 'Sales' })
      .getByRole('link', { name: /Orders and revenue$/ })
      .click();
    const frame = page.frameLocator('[data-testid="bi-report"] iframe');

    await expect(page).toHaveURL(/#\/Reports\/OrdersAndRevenue$/);
    const card = frame.locator('[data-visual="ThisMonthRevenue"]');
    await expect(card).toContainText('You do not have access to this data.', { timeout: 30_000 });
    await expect(card.locator('[data-currency]')).toHaveCount(0);
    await expect(frame.locator('[data-visual="RevenueByMonth"]')).toContainText('You do not have access to this data.');
    await frame.locator('[data-page-tab="OrdersList"]').click();
    await expect(frame.locator('[data-visual="OrderList"]')).toContainText('You do not have access to this data.');
    await expect(frame.locator('body')).not.toContainText(/ORD-\d{6}/);
    await checkAccessible(page);
    await shot(page, 'refusal-orders-report');
  });
});
