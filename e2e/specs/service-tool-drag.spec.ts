import { expect, type Page } from '@playwright/test';
import { keyboardDrag, mouseDrag } from '../fixtures/drag';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

const windowDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tablist', { name: 'Service tool tabs' }) });
const shoot = (page: Page, name: string) => page.screenshot({ path: `test-results/service-tool-drag-${name}.png` });

async function newServiceWithFields(page: Page) {
  await signIn(page, 'contoso.admin');
  await page.goto('/#/Marketplace/ServiceCreate');
  const dialog = windowDialog(page);
  await dialog.getByRole('tab', { name: 'Fields' }).click();
  const configurator = (type: string) => page.getByRole('dialog', { name: `New ${type} field` });
  for (const [type, name, values] of [
    ['Combobox', 'Plan', 'Gold\nSilver'],
    ['Checkbox', 'Premium support', null],
    ['Textbox', 'Customer code', null],
  ] as const) {
    await dialog.getByRole('button', { name: `Add a ${type} field` }).click();
    await configurator(type).getByLabel('Field name').fill(name);
    if (values) await configurator(type).getByRole('textbox', { name: 'Values' }).fill(values);
    await configurator(type).getByRole('button', { name: 'Save' }).click();
    await expect(configurator(type)).toHaveCount(0);
  }
  return dialog;
}

test.describe('service tool drag and drop', () => {
  test('[S2.8] drags available fields into a layout group with the mouse and with the keyboard', async ({ page }) => {
    const dialog = await newServiceWithFields(page);
    await dialog.getByRole('tab', { name: 'Layout' }).click();
    // Basic mode with one page and one group placed every new field [S4.3]; take two back out.
    for (const name of ['Plan', 'Customer code']) {
      await dialog.getByRole('button', { name: `Options for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Move to available fields' }).click();
    }
    await expect(dialog.getByRole('textbox', { name: 'Move Plan to group' })).toBeVisible();
    await expectAccessible(page);

    // With the mouse: Plan's handle onto the group's field area.
    const group = dialog.getByRole('button', { name: 'Move Premium support' }).locator('xpath=../..');
    await mouseDrag(page, dialog.getByRole('button', { name: 'Move Plan' }), group);
    await expect(dialog.getByRole('textbox', { name: 'Move Plan to group' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Options for Plan' })).toBeVisible();

    // With the keyboard: Space, arrow left to the group, Space; the live region tells where it went.
    await keyboardDrag(page, dialog.getByRole('button', { name: 'Move Customer code' }), ['ArrowLeft']);
    await expect(dialog.getByRole('textbox', { name: 'Move Customer code to group' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Options for Customer code' })).toBeVisible();
    await expect(page.getByText(/Customer code was dropped at the place of/)).toBeAttached();
    await expect(dialog.getByText('All fields are placed.')).toBeVisible();

    // Escape cancels a drag and leaves the window open.
    await dialog.getByRole('button', { name: 'Move Plan' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('Escape');
    await expect(page.getByText('Moving Plan was cancelled.')).toBeAttached();
    await expect(dialog.getByRole('heading', { name: 'Create layout' })).toBeVisible();
    await shoot(page, 'layout');
    await expectAccessible(page);
  });

  test('[S2.9] [S4.5] drags fields into the field based fees with the mouse and with the keyboard', async ({ page }) => {
    const dialog = await newServiceWithFields(page);
    await dialog.getByRole('tab', { name: 'Billing' }).click();
    await expect(dialog.getByText('No field based fees yet.', { exact: false })).toBeVisible();
    const available = dialog.getByRole('list', { name: 'Available service fields' });
    await expect(available.getByRole('listitem')).toHaveCount(2);
    await expectAccessible(page);

    // With the mouse: Plan onto the field based fees: one fee per value.
    await mouseDrag(
      page,
      dialog.getByRole('button', { name: 'Drag Plan to the field based fees' }),
      dialog.getByTestId('field-fees-drop'),
    );
    await expect(dialog.getByRole('button', { name: 'Plan 2 fees' })).toBeVisible();
    await expect(available.getByRole('listitem')).toHaveCount(1);

    // With the keyboard: the fees are above the list, so ArrowUp.
    await keyboardDrag(page, dialog.getByRole('button', { name: 'Drag Premium support to the field based fees' }), ['ArrowUp']);
    await expect(page.getByText('Premium support was dropped at the place of Field based fees.')).toBeAttached();
    await expect(dialog.getByRole('button', { name: 'Premium support 1 fee' })).toBeVisible();
    await expect(dialog.getByText('No Combobox or Checkbox fields left to add.', { exact: false })).toBeVisible();
    await shoot(page, 'billing');
    await expectAccessible(page);
  });

  test('[S2.9] a drag dropped outside the fees adds nothing, and Escape cancels a keyboard drag', async ({ page }) => {
    const dialog = await newServiceWithFields(page);
    await dialog.getByRole('tab', { name: 'Billing' }).click();
    const available = dialog.getByRole('list', { name: 'Available service fields' });

    await mouseDrag(
      page,
      dialog.getByRole('button', { name: 'Drag Plan to the field based fees' }),
      dialog.getByLabel('Grace period', { exact: false }),
    );
    const handle = dialog.getByRole('button', { name: 'Drag Premium support to the field based fees' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(150);
    await page.keyboard.press('Escape');

    await expect(page.getByText('Moving Premium support was cancelled.')).toBeAttached();
    await expect(available.getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByText('No field based fees yet.', { exact: false })).toBeVisible();
  });
});
