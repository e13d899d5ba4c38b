import { expect } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

test.describe('reports page', () => {
  test('[M2.52] the landing page says when no report was used yet', async ({ page }) => {
    // This user never opens a report in any spec, so the empty state holds on a retry too.
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('link', { name: 'Reports', exact: true }).click();

    await expect(page).toHaveURL(/#\/Reports$/);
    await expect(page.getByRole('heading', { name: 'Most frequently used reports' })).toBeVisible();
    await expect(page.getByTestId('frequent-empty')).toContainText('No reports used yet');
    // Each entry starts with its state icon ([M4.24]: not opened yet). Other specs may add copies of reports.
    const menu = page.getByRole('navigation', { name: 'My reports' });
    await expect(menu.getByRole('region', { name: 'Accounts' }).getByRole('link').first()).toHaveText(/Account overview$/);
    await expect(menu.getByRole('link', { name: 'Not opened yet Subscriptions', exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('[M2.50] [M2.51] [M2.53] [M7.22] [M4.24] opens an analytics report in the embedded BI layout, then finds it among the most used', async ({
    page,
  }) => {
    await signIn(page, 'cedarridge.admin');
    await page.goto('/#/Reports');
    const menu = page.getByRole('navigation', { name: 'My reports' });

    // [M2.51] The search box narrows the list by report or group name.
    await menu.getByLabel('Search reports').fill('subscr');
    // The analytics report and the server report of the Subscriptions group.
    await expect(menu.getByRole('link')).toHaveText([/Subscriptions$/, /Subscriptions by Service and Vendor$/]);
    await menu.getByLabel('Search reports').fill('nothing like it');
    await expect(menu.getByRole('status')).toHaveText('No report matches “nothing like it”.');
    await menu.getByLabel('Search reports').fill('');
    await expect(menu.getByRole('link', { name: /Account overview$/ })).toBeVisible();

    await menu.locator('[data-report="Subscriptions"]').click();
    await expect(page).toHaveURL(/#\/Reports\/Subscriptions$/);
    // Beside an open report the list folds away (decision 0058); Show my reports brings it back.
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Show my reports' }).click();
    await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();

    // The report is drawn by the portal's embed host in a frame, through the embed library.
    const frame = page.frameLocator('[data-testid="bi-report"] iframe');
    await expect(frame.locator('[data-visual="TotalSubscriptions"] .card')).toBeVisible();
    await expect(page.getByText('Subscriptions has finished loading!')).toBeVisible();
    await expect(menu.locator('[data-report="Subscriptions"]')).toHaveAttribute('data-status', 'loaded');
    await expect(page.getByTestId('report-loaded-at')).toContainText('Loaded');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(menu.locator('[data-report="Subscriptions"]')).toHaveAttribute('data-status', 'loaded');

    // [M2.52] Back on the landing page the report is a tile.
    await page.goto('/#/Reports');
    await expect(page.getByRole('article', { name: 'Subscriptions' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Subscriptions' })).toContainText('Subscriptions');

    await page.goto('/#/Reports/NoSuchReport');
    await expect(page.getByRole('heading', { name: 'Report not found' })).toBeVisible();
  });

  test('[M7.22] [M8.11] [M4.24] says Error getting PowerBi token when no token can be had, and marks the report failed', async ({
    page,
  }) => {
    await page.route('**/api/powerbi/workgroups/*/reports/*/token', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"unavailable"}' }),
    );
    await signIn(page, 'cedarridge.admin');
    await page.goto('/#/Reports/AccountOverview');

    await expect(page.getByRole('alert')).toContainText('Error getting PowerBi token');
    await page.getByRole('button', { name: 'Show my reports' }).click();
    await expect(page.getByRole('navigation', { name: 'My reports' }).locator('[data-report="AccountOverview"]')).toHaveAttribute(
      'data-status',
      'failed',
    );
    await expectAccessible(page);
  });
});
