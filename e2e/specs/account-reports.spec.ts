import { expect, type Page } from '@playwright/test';
import { expectAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

// A fake clock or an init script cannot be taken back out of a tab: each test opens a context of its own.
test.use({ freshPage: true });

/** Opens a company of the signed-in user's tree and answers its account id. */
async function openCompany(page: Page, company: string): Promise<number> {
  await page.getByRole('treeitem', { name: new RegExp(company) }).click();
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  const id = Number(/#\/Account\/View\/(\d+)/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

const progressBlock = (page: Page) => page.getByTestId('account-report-progress');

test.describe('report pages of the account page', () => {
  test('[A1.11] [A2.11] [A2.51] [A4.9] [A9.5] a report tab shows the preparation with a countdown, checks again by itself, then draws the report', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, 'cedarridge.admin');
    await openCompany(page, 'Keystone Realty');

    // [A2.11] The report pages follow the layout's data pages.
    const tabs = page.getByRole('tablist', { name: 'Account pages' }).getByRole('tab');
    const names = await tabs.allTextContents();
    expect(names.indexOf('Usage report')).toBe(names.indexOf('Finance') + 1);
    expect(names.indexOf('Orders report')).toBe(names.indexOf('Usage report') + 1);
    await page.getByRole('tab', { name: 'Usage report' }).click();
    await expect(page).toHaveURL(/\/Usage_report$/);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

    // The first look waits for the short preparation and shows the report (decision 0058); a refresh answers at
    // once, so it shows the progress.
    const prepared = page.getByTestId('account-report-prepared');
    await expect(progressBlock(page).or(prepared)).toBeVisible();
    if (await prepared.isVisible()) await page.getByRole('button', { name: 'Refresh data' }).click();

    // [A2.51] [A4.9] The status block: progress, the preparation's message, the countdown and Update status.
    await expect(progressBlock(page)).toBeVisible();
    await expect(progressBlock(page).getByRole('progressbar')).toBeVisible();
    await expect(progressBlock(page).getByRole('button', { name: 'Update status' })).toBeVisible();
    // [A9.5] 30 seconds, counted down one second at a time.
    const countdown = page.getByTestId('account-report-countdown');
    await expect(countdown).toHaveText('Checking the status again in 30 seconds');
    await page.clock.runFor(1000);
    await expect(countdown).toHaveText('Checking the status again in 29 seconds');
    await expectAccessible(page);
    await shot(page, 'account-report-progress');

    // [A4.9] When the countdown ends the tab asks again by itself; the job is done by then.
    await expect(async () => {
      await page.clock.runFor(30_000);
      await expect(prepared).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(prepared).toContainText(/^Prepared \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: \d+ rows? of subscriptions/);

    // [A4.9] Ready: the report limited to this company, drawn by the portal's embed host.
    const frame = page.frameLocator('[data-testid="account-report"] iframe');
    await expect(frame.locator('[data-visual="TotalSubscriptions"] .card')).toBeVisible();
    await expect(page.getByTestId('account-report')).toHaveAttribute('data-loaded', 'true');
    await expect(frame.getByText('Ironclad Manufacturing')).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, 'account-report-ready');

    // [A2.51] Update status asks at once, without waiting for the countdown.
    await page.getByRole('tab', { name: 'Orders report' }).click();
    await expect(page).toHaveURL(/\/Orders_report$/);
    // The Orders report's own status line, not the Usage report's still on screen for a moment.
    const ordersPrepared = page.getByTestId('account-report-prepared').filter({ hasText: /rows? of orders/ });
    await expect(progressBlock(page).or(ordersPrepared)).toBeVisible();
    if (await ordersPrepared.isVisible()) await page.getByRole('button', { name: 'Refresh data' }).click();
    await expect(progressBlock(page)).toBeVisible();
    await expect(async () => {
      if (await progressBlock(page).isVisible()) await page.getByRole('button', { name: 'Update status' }).click();
      await expect(ordersPrepared).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(ordersPrepared).toContainText(/rows? of orders/);
  });

  test('[A2.51] [A4.9] a report that cannot be prepared shows the error with Retry, which prepares it again', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, 'keystone.admin');
    const companyId = Number(/#\/Account\/View\/(\d+)/.exec(page.url())?.[1]) || (await openCompany(page, 'Keystone Realty'));
    const res = await page.request.post('/api/op/GetPartialCompanyHierarchy', { data: { id: companyId, depth: 1 } });
    expect(res.status()).toBe(200);
    const tree = (await res.json()) as { Children: { AccountId: number; AccountType: string; DisplayName: string }[] };
    const department = tree.Children.find((c) => c.AccountType === 'Department');
    expect(department).toBeDefined();
    await page.goto(`/#/Account/View/${department?.AccountId}`);
    await expect(page.getByRole('heading', { level: 1, name: department?.DisplayName })).toBeVisible();
    await page.getByRole('tab', { name: 'Costs report' }).click();

    const failure = page.getByRole('alert').filter({ hasText: 'Costs report could not be prepared' });
    await expect(async () => {
      if (!(await failure.isVisible())) await page.clock.runFor(30_000);
      await expect(failure).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(failure).toContainText('The report of this page does not exist in this installation');
    await expectAccessible(page);
    await shot(page, 'account-report-error');

    // Retry prepares again: the progress block, then the same error once the job has run.
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(progressBlock(page)).toBeVisible();
    await expect(async () => {
      await page.clock.runFor(30_000);
      await expect(failure).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  });

  test('[A8.1] says so in a dialog when the report token cannot be obtained', async ({ page }) => {
    await signIn(page, 'cedarridge.admin');
    const companyId = await openCompany(page, 'Northgate Retail');
    // Prepare the report first, so that the tab goes straight to drawing it.
    await page.request.get(`/api/accounts/${companyId}/reports/Orders_report/status`);
    await expect
      .poll(async () => (await (await page.request.get(`/api/accounts/${companyId}/reports/Orders_report/status`)).json()).status)
      .toBe('Ready');
    // The token call fails on the way (a network failure).
    await page.route('**/api/powerbi/workgroups/*/reports/*/accounts/*/token', (route) => route.abort('failed'));

    await page.getByRole('tab', { name: 'Orders report' }).click();

    const dialog = page.getByRole('dialog', { name: 'Report token' });
    await expect(dialog).toContainText('The report token could not be obtained.');
    await expectAccessible(page);
    await page.unroute('**/api/powerbi/workgroups/*/reports/*/accounts/*/token');
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(dialog).toBeHidden();
    const frame = page.frameLocator('[data-testid="account-report"] iframe');
    await expect(frame.locator('[data-visual]').first()).toBeVisible();
  });

  test('[A8.2] shows a fallback message in the report area when the report fails to generate', async ({ page }) => {
    await signIn(page, 'cedarridge.admin');
    const companyId = await openCompany(page, 'Ironclad Manufacturing');
    await page.request.get(`/api/accounts/${companyId}/reports/Usage_report/status`);
    await expect
      .poll(async () => (await (await page.request.get(`/api/accounts/${companyId}/reports/Usage_report/status`)).json()).status)
      .toBe('Ready');
    // The embed host's data call fails on the server side.
    await page.route('**/api/embed/data?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Internal error',
          status: 500,
          code: 'INTERNAL',
          detail: 'The data service is down',
        }),
      }),
    );

    await page.getByRole('tab', { name: 'Usage report' }).click();

    const fallback = page.getByRole('alert').filter({ hasText: 'The report could not be generated' });
    await expect(fallback).toContainText('Something went wrong while generating this report.');
    await expect(fallback).toContainText('The data service is down');
    await expect(page.getByTestId('account-report')).toBeHidden();
    await expectAccessible(page);
    await page.unroute('**/api/embed/data?*');
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(fallback).toBeHidden();
    const frame = page.frameLocator('[data-testid="account-report"] iframe');
    await expect(frame.locator('[data-visual="TotalSubscriptions"] .card')).toBeVisible();
  });

  test('[A2.11] hides report pages from a user without the report capability', async ({ page }) => {
    await signIn(page, 'acme.jdoe');
    await openCompany(page, 'Acme Logistics');

    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Usage report' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Orders report' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
