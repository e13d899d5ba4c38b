import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';

const servicesTable = (page: Page) => page.getByRole('table', { name: 'Your services' });
const windowDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tablist', { name: 'Service tool tabs' }) });

test.describe('service tool', () => {
  test('[S7.1] a vendor lists and searches its own services only', async ({ page }) => {
    await signIn(page, 'contoso.admin');
    await page.getByRole('link', { name: 'Your services' }).click();

    await expect(page).toHaveURL(/#\/Services$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your services' })).toBeVisible();
    await expect(servicesTable(page).getByRole('link', { name: 'Contoso Office Business' })).toBeVisible();
    await expect(servicesTable(page)).not.toContainText('Fabrikam');
    await expect(servicesTable(page).getByText('Promoted').first()).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Search services').fill('backup');
    await expect(page.getByText('3 services')).toBeVisible();
    await expect(servicesTable(page).getByRole('row')).toHaveCount(4);
    await page.getByLabel('Search services').fill('no such thing');
    await expect(page.getByText('No services match your search.')).toBeVisible();
  });

  test('[S2.1] [S2.3] [S2.5] [S2.13] [S5.5] [S4.10] [S8.2] creates a service from the Info tab, with its validations', async ({
    page,
  }) => {
    await signIn(page, 'contoso.admin');
    await page.goto('/#/Services');
    await page.getByRole('link', { name: 'New service' }).click();

    await expect(page).toHaveURL(/#\/Marketplace\/ServiceCreate$/);
    const dialog = windowDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Create service' })).toBeVisible();
    const box = await page.locator('.mantine-Modal-content').first().boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(1160);
    expect(box?.height).toBeGreaterThanOrEqual(720);
    await expect(dialog.getByRole('tab', { name: 'Info' })).toHaveAttribute('aria-selected', 'true');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Service name is required').first()).toBeVisible();
    await expect(dialog.getByText('Category is required')).toBeVisible();
    await expect(dialog.getByText('Choose at least one parent account type')).toBeVisible();
    await expect(dialog.getByText('Icon is required')).toBeVisible();
    await expectAccessible(page);

    await dialog.getByLabel('Service name', { exact: false }).first().fill('Contoso Notes Plus');
    await expect(dialog.getByLabel('Unique name')).toHaveValue('Contoso Notes Plus');
    await expect(dialog.getByText('70 characters left')).toBeVisible();
    await dialog.getByLabel('Intro text').fill('x'.repeat(71));
    await expect(dialog.getByText('1 character too many')).toBeVisible();
    await expect(dialog.getByText('Intro text can be at most 70 characters')).toBeVisible();
    await dialog.getByLabel('Intro text').fill('Shared notebooks for teams');
    await expect(dialog.getByText('44 characters left')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Productivity and office' }).click();
    await dialog.getByRole('checkbox', { name: 'Company' }).check();
    await dialog.getByRole('checkbox', { name: 'Product' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Choose the parent service for the Product parent type')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Product' }).uncheck();
    await dialog.getByLabel('Icon address').fill('https://cdn.example.com/logo.svg');
    await expect(dialog.getByText('The icon must be a png, jpg, jpeg or gif image')).toBeVisible();
    await dialog.getByRole('button', { name: 'Use the office icon' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Icon address')).toHaveValue('/service-icons/office.png');
    await expect(dialog.getByRole('img', { name: 'Icon preview' })).toBeVisible();
    await dialog.getByRole('switch', { name: 'One per parent' }).check({ force: true });
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Save' }).click();
    const done = page.getByRole('dialog', { name: 'Creation started' });
    await expect(done).toBeVisible();
    await expect(done.getByText('Your product is now being created it will appear in Your Services soon')).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();

    await expect(page).toHaveURL(/#\/Services$/);
    await page.getByLabel('Search services').fill('Notes Plus');
    await expect(servicesTable(page)).toContainText('Contoso Notes Plus');
  });

  test('[S2.3] [S2.2] [S4.6] [S8.1] edits a Promoted service: Edit title, locked parents, Service update', async ({ page }) => {
    await signIn(page, 'contoso.admin');
    await page.goto('/#/Services');
    await servicesTable(page).getByRole('link', { name: 'Contoso Office Business' }).click();

    const dialog = windowDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Edit (Contoso Office Business)' })).toBeVisible();
    await expect(page).toHaveURL(/#\/Marketplace\/ServiceCreate\/Contoso%20Office%20Business$/);
    await expect(dialog.getByLabel('Unique name')).toHaveAttribute('readonly', '');
    await expect(dialog.getByRole('checkbox', { name: 'Company' })).toBeDisabled();
    await expect(dialog.getByRole('checkbox', { name: 'Company' })).toBeChecked();
    await expectAccessible(page);

    await dialog.getByLabel('Intro text').fill('Mail, documents and meetings for every team');
    await dialog.getByRole('button', { name: 'Save' }).click();

    const done = page.getByRole('dialog', { name: 'Service update' });
    await expect(done.getByText('Your product has been updated successfully')).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/#\/Services$/);
    await expect(servicesTable(page)).toContainText('Mail, documents and meetings for every team');
  });

  test('[S2.4] closing the window returns to the services list', async ({ page }) => {
    await signIn(page, 'litware.admin');
    await page.goto('/#/Marketplace/ServiceCreate');
    await expect(windowDialog(page)).toBeVisible();

    await page.getByRole('button', { name: 'Close the service tool' }).click();

    await expect(page).toHaveURL(/#\/Services$/);
    await expect(servicesTable(page)).toContainText('Litware Managed Hosting S');
  });

  test('[S6.3] without SERVICE_TOOL_INFO_READ the services list is empty and offers nothing', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await expect(page.getByRole('link', { name: 'Your services' })).toHaveCount(0);

    await page.goto('/#/Services');

    await expect(page.getByText('You have no services yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New service' })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('service tool fields and layout', () => {
  const shoot = (page: Page, name: string) => page.screenshot({ path: `test-results/service-tool-${name}.png`, fullPage: false });

  test('[S2.7] [S2.8] [S5.1] [S5.7] [S5.9] [S4.3] [S5.3] [S8.5] adds, configures and orders fields, edits the layout and saves a new service', async ({
    page,
  }) => {
    const name = `Contoso Fields ${Date.now().toString(36)}`;
    await signIn(page, 'contoso.admin');
    await page.goto('/#/Services');
    await page.getByRole('link', { name: 'New service' }).click();
    const dialog = windowDialog(page);

    // Info
    await dialog.getByLabel('Service name', { exact: false }).first().fill(name);
    await dialog.getByLabel('Intro text').fill('Fields and layout');
    await dialog.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Productivity and office' }).click();
    await dialog.getByRole('checkbox', { name: 'Company' }).check();
    await dialog.getByRole('button', { name: 'Use the office icon' }).click();

    // Fields [S2.7]
    await dialog.getByRole('tab', { name: 'Fields' }).click();
    await expect(dialog.getByText('No fields yet. Add one from the field types on the right.')).toBeVisible();
    await expectAccessible(page);

    const configurator = (type: string) => page.getByRole('dialog', { name: `New ${type} field` });
    await dialog.getByRole('button', { name: 'Add a Numeric field' }).click();
    await configurator('Numeric').getByLabel('Field name').fill('Seats');
    await configurator('Numeric').getByRole('button', { name: 'Save' }).click();

    await dialog.getByRole('button', { name: 'Add a Combobox field' }).click();
    await configurator('Combobox').getByLabel('Field name').fill('Plan');
    await configurator('Combobox').getByRole('textbox', { name: 'Values' }).fill('Gold\n\nSilver');
    await configurator('Combobox').getByRole('button', { name: 'Save' }).click();

    // A reserved name and a regular expression that does not compile [S5.7], [S5.9]
    await dialog.getByRole('button', { name: 'Add a Textbox field' }).click();
    const textbox = configurator('Textbox');
    await expectAccessible(page);
    await textbox.getByLabel('Field name').fill('Password');
    await textbox.getByRole('tab', { name: 'Advanced' }).click();
    await textbox.getByLabel('Regular expression').fill('/([A-Z]/');
    await shoot(page, 'configurator');
    await textbox.getByRole('button', { name: 'Save' }).click();
    await expect(textbox.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    await expect(textbox.getByText("'Password' is a reserved field name")).toBeVisible();
    await textbox.getByLabel('Field name').fill('Customer code');
    await textbox.getByRole('button', { name: 'Save' }).click();
    await expect(textbox.getByRole('tab', { name: 'Advanced' })).toHaveAttribute('aria-selected', 'true');
    await expect(textbox.getByText(/Invalid regular expression/)).toBeVisible();
    await textbox.getByLabel('Regular expression').fill('/^[A-Z]{3}$/');
    await textbox.getByRole('button', { name: 'Save' }).click();
    await expect(textbox).toHaveCount(0);

    const rows = dialog.getByRole('table', { name: 'Added fields' }).locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Seats');
    await expect(rows.nth(2)).toContainText('Customer code');

    // Reorder by keyboard: Space picks up, arrows move, Space drops [S2.7]
    await dialog.getByRole('button', { name: 'Move Customer code' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await expect(rows.nth(0)).toContainText('Customer code');
    await expect(rows.nth(1)).toContainText('Seats');
    await expectAccessible(page);
    await shoot(page, 'fields');

    // Layout [S2.8]: new fields joined the only group in basic mode [S4.3]
    await dialog.getByRole('tab', { name: 'Layout' }).click();
    await expect(dialog.getByRole('heading', { name: 'Create layout' })).toBeVisible();
    await expect(dialog.getByText('All fields are placed.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add page' }).click();
    await expect(dialog.getByLabel('Page name')).toHaveValue('Page');
    await dialog.getByLabel('Page name').fill('Extras');
    await expect(dialog.getByRole('button', { name: 'Extras', exact: true })).toHaveAttribute('aria-pressed', 'true');

    // Move Plan from General to the Extras page's group
    await dialog.getByRole('button', { name: 'General', exact: true }).click();
    await dialog.getByRole('button', { name: 'Options for Plan' }).click();
    await page.getByRole('menuitem', { name: 'Move to available fields' }).click();
    await dialog.getByRole('textbox', { name: 'Move Plan to group' }).click();
    await page.getByRole('option', { name: 'Extras / Group' }).click();
    await expect(dialog.getByText('All fields are placed.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Extras', exact: true }).click();
    await expect(dialog.getByText('Plan', { exact: true })).toBeVisible();
    await shoot(page, 'layout');

    // Advanced: make VIEW differ, then back to basic with the confirm [S4.3], [S8.5]
    await dialog.getByRole('switch', { name: 'Advanced setup' }).check({ force: true });
    await dialog.getByText('View layout').click();
    await dialog.getByRole('button', { name: 'Add page' }).click();
    await expect(dialog.getByRole('button', { name: 'Page', exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add page' })).toBeDisabled();
    await expectAccessible(page);
    await shoot(page, 'layout-advanced');
    await dialog.getByRole('switch', { name: 'Advanced setup' }).click({ force: true });
    // The switch stays on until the confirm is answered.
    const differ = page.getByRole('dialog', { name: 'Layouts have differences' });
    await expect(differ).toBeVisible();
    await differ.getByRole('button', { name: 'Switch to basic' }).click();
    await expect(dialog.getByRole('heading', { name: 'Create layout' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Page', exact: true })).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Save' }).click();
    const done = page.getByRole('dialog', { name: 'Creation started' });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/#\/Services$/);
    await page.getByLabel('Search services').fill(name);
    await expect(servicesTable(page)).toContainText(name);
  });

  test('[S4.5] [S4.6] [S5.1] [S8.5] [S2.8] edit mode: reseller warning, no delete, layout confirms, powerbi page, first failing tab', async ({
    page,
  }) => {
    await signIn(page, 'contoso.admin');
    await page.goto('/#/Services');
    await servicesTable(page).getByRole('link', { name: 'Contoso Office Education' }).click();
    const dialog = windowDialog(page);

    await dialog.getByRole('tab', { name: 'Fields' }).click();
    await expect(dialog.getByText('Changes affect resellers')).toBeVisible();
    const deletes = dialog.getByRole('button', { name: /^Delete / });
    await expect(deletes.first()).toBeDisabled();
    await expect(dialog.getByText('Used in billing')).toBeVisible();
    await dialog.getByRole('button', { name: 'Configure Number of users' }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Configure Numeric field' })
        .getByText('Editing is limited, because field is addded to billing'),
    ).toBeVisible();
    await page.getByRole('dialog', { name: 'Configure Numeric field' }).getByRole('button', { name: 'Cancel' }).click();
    await expectAccessible(page);

    await dialog.getByRole('tab', { name: 'Layout' }).click();
    await dialog.getByRole('button', { name: 'Reset to default' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset to default' });
    await expect(reset.getByText('Are you sure you want to reset current layout')).toBeVisible();
    await reset.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Remove all fields' }).click();
    const removeAll = page.getByRole('dialog', { name: 'Remove all fields' });
    await expect(removeAll.getByText('Are you sure you want to remove all fields')).toBeVisible();
    await removeAll.getByRole('button', { name: 'Remove all fields' }).click();
    await expect(dialog.getByText('All fields are placed.')).toHaveCount(0);

    // Ctrl-click on Add page makes a powerbi page with key/value rows [S2.8]
    await dialog.getByRole('button', { name: 'Reset to default' }).click();
    await page.getByRole('dialog', { name: 'Reset to default' }).getByRole('button', { name: 'Reset to default' }).click();
    await dialog.getByRole('button', { name: 'Add page' }).click({ modifiers: ['ControlOrMeta'] });
    await expect(dialog.getByRole('button', { name: 'Page (Power BI)' })).toBeVisible();
    await dialog.getByLabel('Value of row 1').fill('https://reports.example.com/a');
    await expectAccessible(page);
    await shoot(page, 'layout-powerbi');

    // [S5.1] An empty page name blocks Save and selects the Layout tab
    await dialog.getByLabel('Page name').fill('');
    await dialog.getByRole('tab', { name: 'Info' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('tab', { name: 'Layout' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByText('Page name is required')).toBeVisible();
    await page.getByRole('button', { name: 'Close the service tool' }).click();
    await expect(page).toHaveURL(/#\/Services$/);
  });

  test('[S6.2] [S8.1] an edit sends the editable areas: a changed field tooltip is saved', async ({ page }) => {
    await signIn(page, 'contoso.admin');
    await page.goto('/#/Services');
    await servicesTable(page).getByRole('link', { name: 'Contoso Office Nonprofit' }).click();
    const dialog = windowDialog(page);
    await dialog.getByRole('tab', { name: 'Fields' }).click();
    await dialog.getByRole('button', { name: 'Configure Tenant domain' }).click();
    const configurator = page.getByRole('dialog', { name: 'Configure Textbox field' });
    await configurator.getByLabel('Tooltip').fill('Your Microsoft 365 domain');
    await configurator.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const done = page.getByRole('dialog', { name: 'Service update' });
    await expect(done.getByText('Your product has been updated successfully')).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();

    await servicesTable(page).getByRole('link', { name: 'Contoso Office Nonprofit' }).click();
    await dialog.getByRole('tab', { name: 'Fields' }).click();
    await dialog.getByRole('button', { name: 'Configure Tenant domain' }).click();
    await expect(configurator.getByLabel('Tooltip')).toHaveValue('Your Microsoft 365 domain');
  });
});
