import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

const windowDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tablist', { name: 'Service tool tabs' }) });

async function openRemoteDataSource(page: Page) {
  await page.goto('/#/Marketplace/ServiceCreate');
  const dialog = windowDialog(page);
  await dialog.getByRole('tab', { name: 'Fields' }).click();
  await dialog.getByRole('button', { name: 'Add a Combobox field' }).click();
  const configurator = page.getByRole('dialog', { name: 'New Combobox field' });
  await configurator.getByRole('tab', { name: 'Advanced' }).click();
  return configurator;
}

test.describe('service tool gating', () => {
  test('[S6.4] without the remote data source right the configurator shows the source but does not let it change', async ({
    page,
  }) => {
    await signIn(page, 'litware.editor');
    const configurator = await openRemoteDataSource(page);

    await expect(configurator.getByText('You may not change remote data sources', { exact: false })).toBeVisible();
    await expect(configurator.getByRole('switch', { name: 'Values from a remote data source' })).toBeDisabled();
    await expectAccessible(page);
  });

  test('[S6.4] with the right the remote data source can be switched on and edited', async ({ page }) => {
    await signIn(page, 'litware.admin');
    const configurator = await openRemoteDataSource(page);

    await expect(configurator.getByText('You may not change remote data sources', { exact: false })).toHaveCount(0);
    await configurator.getByRole('switch', { name: 'Values from a remote data source' }).check({ force: true });
    await expect(configurator.getByLabel('Endpoint', { exact: false }).first()).toBeEnabled();
  });

  test('[S4.8] the original of a shared text cannot link it elsewhere; a service sharing it can', async ({ page }) => {
    await signIn(page, 'contoso.admin');
    await page.goto('/#/Marketplace/ServiceCreate/Contoso%20Office%20Business');
    const dialog = windowDialog(page);
    await dialog.getByRole('tab', { name: 'Localization' }).click();

    await expect(dialog.getByRole('textbox', { name: 'Description shared with' })).toBeDisabled();
    await expect(
      dialog.getByText('This service is the original of a text other services share, so it cannot link to another one.').first(),
    ).toBeVisible();
    await expectAccessible(page);

    await page.goto('/#/Marketplace/ServiceCreate/Contoso%20Office%20Education');
    await windowDialog(page).getByRole('tab', { name: 'Localization' }).click();
    await expect(windowDialog(page).getByRole('textbox', { name: 'Description shared with' })).toBeEnabled();
  });
});
