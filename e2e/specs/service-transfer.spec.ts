import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

const USER = 'fabrikam.admin';
const SOURCE = 'Fabrikam Mail Security';
const servicesTable = (page: Page) => page.getByRole('table', { name: 'Your services' });
const windowDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tablist', { name: 'Service tool tabs' }) });

/** Exports a service from its row of Your services and returns the parsed file. */
async function exportFromList(page: Page, displayName: string): Promise<Record<string, unknown>> {
  const download = page.waitForEvent('download');
  await servicesTable(page)
    .getByRole('button', { name: `Export ${displayName}` })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${displayName}.json`);
  return JSON.parse(await readFile((await file.path()) as string, 'utf8')) as Record<string, unknown>;
}

async function importFile(page: Page, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
}

test.describe('service export and import', () => {
  test('[S4.1] exports a service to a file and imports it again as a new service that is created', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const name = `Fabrikam Mail Copy ${suffix}`;
    await signIn(page, USER);
    await page.goto('/#/Services');
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/service-transfer-list.png' });

    const exported = await exportFromList(page, SOURCE);
    expect(exported).toMatchObject({ ServiceName: SOURCE, pod_id: expect.any(String) });

    await importFile(page, 'copy.json', JSON.stringify({ ...exported, ServiceName: name, DisplayName: name }));

    const dialog = windowDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Create service' })).toBeVisible();
    await expect(dialog.getByLabel('Unique name')).toHaveValue(name);
    await expect(dialog.getByLabel('Intro text')).toHaveValue(String(exported.ShortDescription));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Creation started' }).getByRole('button', { name: 'OK' }).click();

    await expect(page).toHaveURL(/#\/Services$/);
    await page.getByLabel('Search services').fill(suffix);
    await expect(servicesTable(page)).toContainText(name);
  });

  test('[S4.1] importing a service whose name exists asks before overwriting it, and exports from the window', async ({
    page,
  }) => {
    await signIn(page, USER);
    await page.goto('/#/Services');
    const exported = await exportFromList(page, SOURCE);

    await importFile(page, 'same.json', JSON.stringify({ ...exported, ShortDescription: 'Imported intro' }));
    const confirm = page.getByRole('dialog', { name: 'Overwrite existing service?' });
    await expect(confirm).toContainText(`A service named ${SOURCE} already exists in Your services.`);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page).toHaveURL(/#\/Services$/);

    await importFile(page, 'same.json', JSON.stringify({ ...exported, ShortDescription: 'Imported intro' }));
    await page.getByRole('button', { name: `Overwrite ${SOURCE}` }).click();
    const dialog = windowDialog(page);
    await expect(dialog.getByRole('heading', { name: `Edit (${SOURCE})` })).toBeVisible();
    await expect(dialog.getByLabel('Intro text')).toHaveValue('Imported intro');

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toBe(`${SOURCE}.json`);
    // Nothing is overwritten until Save: closing keeps the stored service.
    await page.getByRole('button', { name: 'Close the service tool' }).click();
    await servicesTable(page).getByRole('link', { name: SOURCE }).click();
    await expect(windowDialog(page).getByLabel('Intro text')).toHaveValue(String(exported.ShortDescription));
  });

  test('[S5.2] [S8.4] [S8.3] shows why a file cannot be imported, and the notice for another instance', async ({ page }) => {
    await signIn(page, USER);
    await page.goto('/#/Services');
    const exported = await exportFromList(page, SOURCE);
    const fields = exported.Fields as { DisplayName: string }[];
    const failed = page.getByRole('dialog', { name: 'The service cannot be imported' });

    const invalid = page.getByRole('dialog', { name: 'Invalid format' });
    await importFile(page, 'broken.json', '{ not json');
    await expect(invalid).toContainText('Selected file is not a valid JSON file');
    await invalid.getByRole('button', { name: 'OK' }).click();

    await importFile(page, 'wrong.json', JSON.stringify({ ...exported, Tags: 'Security' }));
    await expect(failed).toContainText('The file is not a service exported from the service tool');
    await expect(failed.getByText('Tags', { exact: true })).toBeVisible();
    await failed.getByRole('button', { name: 'OK' }).click();

    const duplicate = { ...fields[0], Id: 'Copy' };
    await importFile(page, 'dup.json', JSON.stringify({ ...exported, Fields: [...fields, duplicate] }));
    await expect(failed).toContainText('The service you tried to import has duplicate field display names');
    await expectAccessible(page);
    await failed.getByRole('button', { name: 'OK' }).click();

    const name = `Fabrikam Elsewhere ${Date.now().toString(36)}`;
    await importFile(
      page,
      'other.json',
      JSON.stringify({ ...exported, ServiceName: name, DisplayName: name, pod_id: 'another-pod' }),
    );
    const info = page.getByRole('dialog', { name: 'Imported service' });
    await expect(info).toContainText('Looks like this service is imported from different instance');
    await info.getByRole('button', { name: 'OK' }).click();
    const dialog = windowDialog(page);
    await expect(dialog.getByLabel('Unique name')).toHaveValue(name);
    await expect(dialog.getByLabel('Icon address')).toHaveValue('');
  });

  test('[M5.5] [M8.8] a file that is not .json or not JSON is refused with Invalid format, and nothing opens', async ({
    page,
  }) => {
    await signIn(page, USER);
    await page.goto('/#/Services');
    const invalid = page.getByRole('dialog', { name: 'Invalid format' });

    await importFile(page, 'service.txt', JSON.stringify({ ServiceName: 'Anything' }));
    await expect(invalid).toContainText('Selected file is not a valid JSON file');
    await expectAccessible(page);
    await invalid.getByRole('button', { name: 'OK' }).click();
    await expect(invalid).toHaveCount(0);

    await importFile(page, 'broken.json', '{ "ServiceName": ');
    await expect(invalid).toContainText('Selected file is not a valid JSON file');
    await invalid.getByRole('button', { name: 'OK' }).click();
    await expect(windowDialog(page)).toHaveCount(0);
  });

  test('[M6.3] a user who may not create services is offered no import', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await page.goto('/#/Services');
    await expect(page.getByRole('alert')).toContainText('You do not have access to this page');
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
  });
});
