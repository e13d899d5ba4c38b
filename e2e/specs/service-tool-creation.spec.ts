import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

const windowDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tablist', { name: 'Service tool tabs' }) });

test.describe('service creation job', () => {
  test('[S1.1] [S4.10] [S8.2] Creation started follows the creation job until the service is ready', async ({ page }) => {
    const name = `Contoso Job ${Date.now().toString(36)}`;
    await signIn(page, 'contoso.admin');
    await page.goto('/#/Services');
    await page.getByRole('link', { name: 'New service' }).click();
    const dialog = windowDialog(page);
    await dialog.getByLabel('Service name', { exact: false }).first().fill(name);
    await dialog.getByLabel('Intro text').fill('Created by a durable job');
    await dialog.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Productivity and office' }).click();
    await dialog.getByRole('checkbox', { name: 'Company' }).check();
    await dialog.getByRole('button', { name: 'Use the office icon' }).click();

    await dialog.getByRole('button', { name: 'Save' }).click();

    const done = page.getByRole('dialog', { name: 'Creation started' });
    await expect(done.getByText('Your product is now being created it will appear in Your Services soon')).toBeVisible();
    await expect(done.getByText(`${name} is ready in Your Services.`)).toBeVisible();
    await page.screenshot({ path: 'test-results/service-tool-creation-done.png' });
    await expectAccessible(page);
    await done.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Search services').fill(name);
    await expect(page.getByRole('table', { name: 'Your services' }).getByRole('row', { name: new RegExp(name) })).toContainText(
      'Active',
    );
  });
});
