import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { checkAccessible, DEMO_PASSWORD, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The price windows of a price list, mounted by the price list page (#/MyMarketplaces/v2/Edit/M/{id}/) from its
 * toolbar ("Edit all prices", "Export prices", "Manage pricing rules", "Review terms", the "Markup" switch) and
 * from each service tile ("Edit prices for {DisplayName}"). Every change made here is undone, so the demo price
 * lists keep their prices for other specs.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The first demo price list the provider administrator sees (ListMarketplaces [M7.18]). */
async function demoPriceList(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const auth = await request.post('/api/op/Authenticate', { data: { Username: 'provider.admin', Password: DEMO_PASSWORD } });
  expect(auth.status()).toBe(200);
  const res = await request.post('/api/op/ListMarketplaces', { data: {} });
  expect(res.status()).toBe(200);
  const body = await res.json();
  const items = (Array.isArray(body) ? body : (body.Items ?? body.Marketplaces ?? [])) as {
    Id: number;
    Name: string;
    ServiceCount?: number;
  }[];
  const list = items.find((m) => (m.ServiceCount ?? 1) > 0) ?? items[0];
  if (!list) throw new Error('the demo has no price list');
  return { id: list.Id, name: list.Name };
}

async function openList(page: Page, id: number) {
  await signIn(page, 'provider.admin');
  await page.goto(`/#/MyMarketplaces/v2/Edit/M/${id}/`);
  await expect(page.getByRole('button', { name: 'Export prices' })).toBeVisible();
}

test.describe('price list prices', () => {
  let list: { id: number; name: string };

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    list = await demoPriceList(request);
    await request.dispose();
  });

  test('[M2.25] [M3.18] [M5.11] [M9.11] edits one service price per month and puts it back', async ({ page }) => {
    await openList(page, list.id);
    const edit = page.getByRole('button', { name: /^Edit prices for / }).first();
    const name = ((await edit.getAttribute('aria-label')) ?? (await edit.textContent()) ?? '').replace('Edit prices for ', '');
    await edit.click();

    const dialog = page.getByRole('dialog', { name: `Edit prices for ${name}` });
    await expect(dialog.getByRole('table', { name: 'Prices per fee and currency' })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBeLessThanOrEqual(1325);
    const input = dialog.getByRole('textbox', { name: /^Custom price per month of / }).first();
    const before = await input.inputValue();
    await checkAccessible(page);
    await shot(page, 'price-list-edit-service');

    await dialog.getByLabel('Override price protection').check();
    await dialog.getByLabel('Price protection length in days').fill('-3');
    await expect(dialog.getByLabel('Price protection length in days')).not.toHaveValue('-3');
    await input.fill('abc');
    await expect(dialog.getByText('Enter a price of at least 0 with at most 6 decimals')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await input.fill('123.45');
    await dialog.getByLabel('Override price protection').uncheck();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`The prices of ${name} were saved`)).toBeVisible();

    await page.getByRole('button', { name: `Edit prices for ${name}` }).click();
    await expect(input).toHaveValue('123.45');
    await input.fill(before);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('[M3.14] [M7.14] [M9.9] [M9.11] exports the prices with filters and notifies when the file is ready', async ({ page }) => {
    await openList(page, list.id);
    await page.getByRole('button', { name: 'Export prices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export prices' });
    await expect(dialog.getByRole('textbox', { name: 'Categories' })).toBeVisible();
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBeLessThanOrEqual(500);
    await checkAccessible(page);

    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'can be downloaded now' })).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole('link', { name: /^Download / })).toBeVisible();
    await shot(page, 'price-list-export');
  });

  test('[M4.14] [M5.5] [M8.12] uploading the exported file unchanged answers "No prices were changed"', async ({ page }) => {
    await openList(page, list.id);
    await page.getByRole('button', { name: 'Export prices' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export prices' });
    await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
    const downloading = page.waitForEvent('download');
    await exportDialog.getByRole('link', { name: /^Download / }).click({ timeout: 30_000 });
    const file = await readFile(await (await downloading).path());
    await exportDialog.getByRole('button', { name: 'Close' }).last().click();

    await page.getByRole('button', { name: 'Edit all prices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit all prices by Excel' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(dialog.getByRole('alert')).toContainText('Invalid format: choose one .xlsx file');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'prices.xlsx', mimeType: XLSX, buffer: file });
    await expect(dialog.getByText('0 changed prices read. Go on to review them.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('No prices were changed')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await checkAccessible(page);
    await shot(page, 'price-list-no-changes');
  });

  test('[M4.26] [M9.14] switching markup on offers 20 percent and switching off restores the prices', async ({ page }) => {
    await openList(page, list.id);
    const markup = page.getByRole('switch', { name: 'Markup' });
    await markup.click();
    const on = page.getByRole('dialog', { name: 'Switch markup on' });
    await expect(on.getByLabel('Markup percent')).toHaveValue('20');
    await on.getByLabel('Markup percent').fill('-1');
    await expect(on.getByRole('button', { name: 'Apply markup' })).toBeDisabled();
    await on.getByLabel('Markup percent').fill('20');
    await checkAccessible(page);
    await on.getByRole('button', { name: 'Apply markup' }).click();
    await expect(page.getByText(/^Markup of 20 % applied to/)).toBeVisible();
    await expect(markup).toBeChecked();

    await markup.click();
    await page.getByRole('dialog', { name: 'Switch markup off' }).getByRole('button', { name: 'Restore prices' }).click();
    await expect(page.getByText(/^Markup switched off:/)).toBeVisible();
    await expect(markup).not.toBeChecked();
  });

  test('[M4.16] [M6.6] previews pricing rules without saving them', async ({ page }) => {
    await openList(page, list.id);
    await page.getByRole('button', { name: 'Manage pricing rules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage pricing rules' });
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await dialog.getByRole('textbox', { name: 'Rule 1 vendor, category or service' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Preview prices' }).click();
    await expect(dialog.getByRole('table', { name: 'Prices under these rules' })).toBeVisible();
    // Every price fits the preview here: it says so rather than "the first N of N".
    await expect(dialog.getByText(/^All \d+ prices:$/)).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'price-list-rules');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('[M2.25] [M7.16] [M9.11] reviews the terms of the services', async ({ page }) => {
    await openList(page, list.id);
    await page.getByRole('button', { name: 'Review terms' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review terms' });
    await expect(dialog.getByRole('button').first()).toBeVisible();
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBeLessThanOrEqual(1100);
    await checkAccessible(page);
    await shot(page, 'price-list-terms');
  });

  test('[M8.9] reviewing the terms of a price list without services says there are none', async ({ page }) => {
    await signIn(page, 'provider.admin');
    const created = await page.request.post('/api/op/CreateMarketplace', { data: { Name: `Empty terms ${Date.now()}` } });
    expect(created.status()).toBe(200);
    const empty = (await created.json()) as { Id: number; Version: number };
    try {
      await page.goto(`/#/MyMarketplaces/v2/Edit/M/${empty.Id}/`);
      await page.getByRole('button', { name: 'Review terms' }).click();
      const info = page.getByRole('dialog', { name: 'Review terms' });
      await expect(info.getByText('There are no services in this marketplace')).toBeVisible();
      await checkAccessible(page);
      await info.getByRole('button', { name: 'OK' }).click();
      await expect(info).toHaveCount(0);
    } finally {
      await page.request.post('/api/op/DeleteMarketplace', { data: { id: empty.Id, version: empty.Version } });
    }
  });

  test('[M6.6] without DYNAMIC_PRICING_MANAGEMENT_EXECUTE pricing rules are refused', async ({ page }) => {
    await signIn(page, 'acme.admin');
    const res = await page.request.post('/api/op/ListMarketplacePricingRules', { data: { marketplaceId: list.id } });
    expect([403, 404]).toContain(res.status());
  });
});
