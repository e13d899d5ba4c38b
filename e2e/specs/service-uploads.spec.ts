import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

const USER = 'litware.admin';
// A 1x1 png and a 1x1 gif, so the previews really load.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const windowDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tablist', { name: 'Service tool tabs' }) });

async function choose(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await windowDialog(page).getByRole('button', { name: button, exact: true }).click();
  await (await chooser).setFiles(file);
}

const loaded = (page: Page, name: string) =>
  page.getByRole('img', { name }).evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth);

test.describe('service file uploads', () => {
  test('[S2.5] [S2.6] [S5.6] uploads an icon, a screenshot and a download with previews, removes with confirmation, and saves', async ({
    page,
  }) => {
    // Three uploads, two confirmations and a save: more steps than the default minute allows on a busy machine.
    test.setTimeout(120_000);
    const name = `Litware Uploads ${Date.now().toString(36)}`;
    await signIn(page, USER);
    await page.goto('/#/Marketplace/ServiceCreate');
    const dialog = windowDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Create service' })).toBeVisible();

    await choose(page, 'Upload icon', { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'Only png, jpg, jpeg or gif images can be uploaded' }),
    ).toBeVisible();
    await choose(page, 'Upload icon', { name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByLabel('Icon address')).toHaveValue(/^[0-9a-f]{32}\.png$/);
    await expect(dialog.getByRole('img', { name: 'Icon preview' })).toHaveAttribute(
      'src',
      /^\/keeper\/download\/[0-9a-f]{32}\.png$/,
    );
    await expect.poll(() => loaded(page, 'Icon preview')).toBe(1);
    await expectAccessible(page);

    await dialog.getByLabel('Service name', { exact: false }).first().fill(name);
    await dialog.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Security' }).click();
    await dialog.getByRole('checkbox', { name: 'Company' }).check();

    await dialog.getByRole('tab', { name: 'Files' }).click();
    await dialog.getByLabel('Description', { exact: true }).first().fill('Quarantine view');
    await choose(page, 'Upload screenshot', { name: 'shot.gif', mimeType: 'image/gif', buffer: GIF });
    await expect(dialog.getByRole('img', { name: 'Quarantine view' })).toHaveAttribute(
      'src',
      /^\/keeper\/download\/[0-9a-f]{32}\.gif$/,
    );
    await expect.poll(() => loaded(page, 'Quarantine view')).toBe(1);

    await choose(page, 'Upload file', { name: 'manual.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(dialog.getByRole('link', { name: 'Uploaded file manual.pdf' })).toHaveAttribute('href', /^\/keeper\/download\//);
    await choose(page, 'Upload file', { name: 'notes.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(dialog.getByRole('link', { name: 'Uploaded file notes.pdf' })).toBeVisible();
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Remove notes.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove file?' });
    await expect(confirm).toContainText('Remove notes.pdf from this service?');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByRole('link', { name: 'Uploaded file notes.pdf' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove notes.pdf' }).click();
    await page.getByRole('dialog', { name: 'Remove file?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(dialog.getByRole('link', { name: 'Uploaded file notes.pdf' })).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'Uploaded file manual.pdf' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Creation started' }).getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/#\/Services$/);
    await page.getByLabel('Search services').fill(name);
    const row = page.getByRole('table', { name: 'Your services' }).getByRole('row').filter({ hasText: name });
    await expect(row.locator('img')).toHaveAttribute('src', /^\/keeper\/download\/[0-9a-f]{32}\.png$/);
  });

  test('[S2.5] removing the icon asks first', async ({ page }) => {
    await signIn(page, USER);
    await page.goto('/#/Marketplace/ServiceCreate');
    const dialog = windowDialog(page);
    await dialog.getByRole('button', { name: 'Use the security icon' }).click();

    await dialog.getByRole('button', { name: 'Remove icon' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove file?' });
    await expect(confirm).toContainText('Remove the icon from this service?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByLabel('Icon address')).toHaveValue('/service-icons/security.png');
    await dialog.getByRole('button', { name: 'Remove icon' }).click();
    await page.getByRole('dialog', { name: 'Remove file?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(dialog.getByLabel('Icon address')).toHaveValue('');
  });
});
