import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { checkAccessible, openUserMenuItem, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The vendor profile page [M2.56]: a vendor's heading, logo upload with preview and the description
 * with its characters-left counter; Apply changes only with PRODUCT_OWNER_PROFILE update [M6.9] and only
 * while something differs from the saved profile [M5.12]. Demo data: the three demo vendors have a
 * description and a 496 x 208 logo; every spec that changes one puts it back.
 */

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
/** A real PNG of the given size: a teal to blue gradient. */
function png(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      raw[at] = 20;
      raw[at + 1] = Math.round((160 * x) / width);
      raw[at + 2] = 200;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Profile {
  AccountId: number;
  Description: string;
  Icon: string | null;
  Version: number;
}

async function op<T>(request: APIRequestContext, name: string, input: unknown): Promise<T> {
  const res = await request.post(`/api/op/${name}`, { data: input });
  expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** Saves a profile as it was: the same description, and the same logo image uploaded again by the caller. */
async function restore(request: APIRequestContext, original: Profile, logo: Buffer | null) {
  const current = await op<Profile>(request, 'GetProductOwnerProfile', { AccountId: original.AccountId });
  let icon: string | null = null;
  if (logo) {
    const res = await request.post('/keeper/upload', {
      multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: logo } },
    });
    expect(res.status()).toBe(201);
    icon = ((await res.json()) as { data: { path: string } }).data.path;
  }
  await op(request, 'SetProductOwnerProfile', {
    AccountId: original.AccountId,
    Description: original.Description,
    Icon: icon,
    Version: current.Version,
  });
}

const descriptionBox = (page: Page) => page.getByRole('textbox', { name: 'Description' });
const applyButton = (page: Page) => page.getByRole('button', { name: 'Apply changes' });
const chooseLogo = (page: Page, file: { name: string; mimeType: string; buffer: Buffer }) =>
  page.locator('input[type="file"]').setInputFiles(file);

async function openOwnProfile(page: Page, vendor: string) {
  await openUserMenuItem(page, 'Vendor profile');
  await expect(page).toHaveURL(/#\/VendorProfile$/);
  await expect(page.getByRole('heading', { level: 1, name: vendor })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.describe('vendor profile', () => {
  test('[M2.56] [M5.12] [M6.9] contoso.admin changes the description and the logo, and a too-small logo is refused', async ({
    page,
  }) => {
    await signIn(page, 'contoso.admin');
    await openOwnProfile(page, 'Contoso Software');
    const original = await op<Profile>(page.request, 'GetProductOwnerProfile', { AccountId: await accountIdOf(page) });
    const originalLogo = original.Icon ? await (await page.request.get(original.Icon)).body() : null;

    // The demo profile as saved: logo, description and its counter; nothing to apply yet.
    const logo = page.getByRole('img', { name: 'Logo of Contoso Software' });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('src', /^\/keeper\/download\/[0-9a-f]{32}\.png$/);
    await expect(descriptionBox(page)).toHaveValue(original.Description);
    await expect(page.getByTestId('characters-left')).toHaveText(`${700 - original.Description.length} characters left`);
    await expect(applyButton(page)).toBeDisabled();
    await checkAccessible(page);
    await shot(page, 'vendor-profile');

    // [M5.12] The logo is checked in the browser before anything is sent: kind, readable image, size.
    await chooseLogo(page, { name: 'logo.png', mimeType: 'image/png', buffer: png(300, 100) });
    await expect(page.getByTestId('logo-error')).toHaveText('The logo must be at least 496 x 208 pixels; this one is 300 x 100.');
    await chooseLogo(page, { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
    await expect(page.getByTestId('logo-error')).toHaveText('The logo must be a .png, .jpg, .jpeg or .gif image.');
    await chooseLogo(page, { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await expect(page.getByTestId('logo-error')).toHaveText('This file could not be read as an image.');
    await expect(applyButton(page)).toBeDisabled();
    await checkAccessible(page);

    // [M2.56] The counter follows the text; Apply is enabled only while the text differs from the saved one.
    await descriptionBox(page).fill('Backup for every company.');
    await expect(page.getByTestId('characters-left')).toHaveText('675 characters left');
    await expect(applyButton(page)).toBeEnabled();
    await descriptionBox(page).fill(original.Description);
    await expect(applyButton(page)).toBeDisabled();
    await descriptionBox(page).fill('x'.repeat(700));
    await expect(page.getByTestId('characters-left')).toHaveText('0 characters left');
    await descriptionBox(page).pressSequentially('y');
    await expect(descriptionBox(page)).toHaveValue('x'.repeat(700));
    await descriptionBox(page).fill('Contoso Software: backup and support for every company, in five languages.');

    // A logo of the right size is uploaded and previewed before it is applied.
    await chooseLogo(page, { name: 'new-logo.png', mimeType: 'image/png', buffer: png(600, 260) });
    await expect(page.getByTestId('logo-error')).toHaveCount(0);
    await expect(logo).toHaveAttribute('src', /^blob:/);
    await expect(applyButton(page)).toBeEnabled();
    await shot(page, 'vendor-profile-changed');

    await applyButton(page).click();
    await expect(page.getByText('The vendor profile of Contoso Software was saved.')).toBeVisible();
    await expect(applyButton(page)).toBeDisabled();

    // Saved: a reload shows the new description and the stored logo, also in the buyers' preview.
    await page.reload();
    await expect(descriptionBox(page)).toHaveValue('Contoso Software: backup and support for every company, in five languages.');
    await expect(logo).toHaveAttribute('src', /^\/keeper\/download\/[0-9a-f]{32}\.png$/);
    await expect(logo).not.toHaveAttribute('src', original.Icon ?? '');
    await page.getByRole('button', { name: 'Preview as buyers see it' }).click();
    const panel = page.getByTestId('vendor-profile-panel');
    await expect(panel.getByRole('heading', { name: 'Contoso Software' })).toBeVisible();
    await expect(panel.getByTestId('vendor-description')).toHaveText(
      'Contoso Software: backup and support for every company, in five languages.',
    );
    await expect(panel.getByRole('img', { name: 'Logo of Contoso Software' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Show all services of Contoso Software' })).toHaveAttribute(
      'href',
      '#/Services',
    );
    await checkAccessible(page);
    await shot(page, 'vendor-profile-preview');
    await panel.getByRole('button', { name: 'Close the vendor panel' }).click();
    await expect(panel).toHaveCount(0);

    await restore(page.request, original, originalLogo);
  });

  test('[M2.56] a save over a newer version is refused with a message, and Reload shows the saved profile', async ({ page }) => {
    await signIn(page, 'fabrikam.admin');
    await openOwnProfile(page, 'Fabrikam Security');
    const original = await op<Profile>(page.request, 'GetProductOwnerProfile', { AccountId: await accountIdOf(page) });

    // Someone else saves after the page was opened.
    await op(page.request, 'SetProductOwnerProfile', {
      AccountId: original.AccountId,
      Description: 'Saved elsewhere in the meantime.',
      Icon: original.Icon,
      Version: original.Version,
    });
    await descriptionBox(page).fill('My own change.');
    await applyButton(page).click();

    const stale = page.getByRole('alert').filter({ hasText: 'Someone else changed this while you were editing' });
    await expect(stale).toContainText('A change was saved since you opened it.');
    await expect(stale.getByRole('button', { name: 'Keep my values and save' })).toBeVisible();
    await checkAccessible(page);
    await stale.getByRole('button', { name: 'Reload their values' }).click();
    await expect(descriptionBox(page)).toHaveValue('Saved elsewhere in the meantime.');
    await expect(stale).toHaveCount(0);
    await expect(applyButton(page)).toBeDisabled();

    await op(page.request, 'SetProductOwnerProfile', {
      AccountId: original.AccountId,
      Description: original.Description,
      Icon: original.Icon,
      Version: original.Version + 1,
    });
  });

  test('[M6.9] a vendor user without PRODUCT_OWNER_PROFILE update sees the profile without Apply changes', async ({ page }) => {
    await signIn(page, 'litware.editor');
    await openOwnProfile(page, 'Litware Hosting');

    await expect(page.getByRole('img', { name: 'Logo of Litware Hosting' })).toBeVisible();
    await expect(descriptionBox(page)).toHaveAttribute('readonly', '');
    await expect(descriptionBox(page)).not.toHaveValue('');
    await expect(page.getByText('Changing it needs permission to change the vendor profile.')).toBeVisible();
    await expect(page.getByTestId('characters-left')).toHaveCount(0);
    await expect(applyButton(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Upload logo|Replace logo/ })).toHaveCount(0);
    await checkAccessible(page);
    await shot(page, 'vendor-profile-read-only');
  });

  test('a user of a company that is not a vendor has no link, and the page says there is no profile', async ({ page }) => {
    await signIn(page, 'acme.jdoe');
    await expect(page.getByRole('link', { name: 'Reports' })).toBeVisible();
    await page.getByTestId('current-user').click();
    await expect(page.getByRole('menuitem', { name: 'My security' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Vendor profile' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/#/VendorProfile');

    await expect(page.getByText('This account has no vendor profile: only vendors have one.')).toBeVisible();
    await checkAccessible(page);
  });
});

/** The signed-in user's organisation, as the page defaults to it. */
async function accountIdOf(page: Page): Promise<number> {
  const user = await op<{ CompanyAccountId: number }>(page.request, 'GetCurrentUser', {});
  return user.CompanyAccountId;
}
