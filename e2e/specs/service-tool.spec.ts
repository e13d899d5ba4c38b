import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

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

  test('[S2.4] [M2.22] closing the window returns to the services list', async ({ page }) => {
    await signIn(page, 'litware.admin');
    await page.goto('/#/Marketplace/ServiceCreate');
    await expect(windowDialog(page)).toBeVisible();

    await page.getByRole('button', { name: 'Close the service tool' }).click();

    await expect(page).toHaveURL(/#\/Services$/);
    await expect(servicesTable(page)).toContainText('Litware Managed Hosting S');
  });

  test('[S6.3] without SERVICE_TOOL_INFO_READ Your services says there is no access and offers nothing', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await expect(page.getByRole('link', { name: 'Your services' })).toHaveCount(0);

    await page.goto('/#/Services');

    await expect(page.getByRole('alert')).toContainText('You do not have access to this page');
    await expect(page.getByText('You have no services yet.')).toHaveCount(0);
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

test.describe('service tool: Billing, Provisioning, Localization and Files tabs', () => {
  const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/st-tabs-${name}.png`, fullPage: false });

  test('[S2.9] [S4.4] [S4.7] [S5.13] [S2.10] [S3.6] [S5.4] a new service: prices, prepaid adds RENEW, an Http action with a body template', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    await page.goto('/#/Marketplace/ServiceCreate');
    const dialog = windowDialog(page);
    await dialog.getByRole('tab', { name: 'Billing' }).click();

    await expect(dialog.getByText('No base fees yet. Add a monthly or setup fee.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Monthly fee' }).click();
    const price = dialog.getByLabel('Price of Monthly 1');
    await expect(price).toHaveValue('0.00');
    await price.fill('12.5');
    await price.blur();
    await expect(price).toHaveValue('12.50');
    await price.fill('1.1234567');
    await expect(dialog.getByText('Enter a price of 0 or more, with at most 6 decimals, e.g. 12.50')).toBeVisible();
    await price.fill('9.123456');
    await price.blur();
    await expect(price).toHaveValue('9.123456');
    await dialog.getByRole('tab', { name: 'EUR' }).click();
    await dialog.getByLabel('Suggested retail price in EUR of Monthly 1').fill('15');
    await dialog.getByLabel('Suggested retail price in EUR of Monthly 1').blur();
    await expect(dialog.getByLabel('Suggested retail price in EUR of Monthly 1')).toHaveValue('15.00');

    // [S4.7] Licence type and prices follow the rule's toggle.
    await dialog.getByRole('switch', { name: 'Enable fee Monthly 1' }).uncheck({ force: true });
    await expect(price).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: 'Licence type of Monthly 1' })).toBeDisabled();
    await dialog.getByRole('switch', { name: 'Enable fee Monthly 1' }).check({ force: true });
    await dialog.getByRole('textbox', { name: 'Licence type of Monthly 1' }).click();
    await page.getByRole('option', { name: 'CORP-SEAT' }).click();

    // [S4.7] Price protection days only when checked; [S9.3] at most 1875.
    await expect(dialog.getByLabel('Price protection length (days, 0 to 1875)')).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Price Protection' }).check();
    await expect(dialog.getByLabel('Price protection length (days, 0 to 1875)')).toBeEnabled();

    await dialog.getByRole('button', { name: 'Terms of Monthly 1' }).click();
    await expect(dialog.getByLabel('Prepaid period (months)')).toBeDisabled();
    await dialog.getByRole('switch', { name: 'Advance payment (prepaid)' }).check({ force: true });
    await expect(dialog.getByLabel('Prepaid period (months)')).toBeEnabled();
    await expectAccessible(page);
    await shot(page, 'billing-create');

    await dialog.getByRole('tab', { name: 'Provisioning' }).click();
    for (const action of ['CREATE', 'MODIFY', 'DELETE', 'RENEW', 'RENEWMODIFY']) {
      await expect(dialog.getByRole('group', { name: `Action ${action}`, exact: true })).toBeVisible();
    }
    const create = dialog.getByRole('group', { name: 'Action CREATE', exact: true });
    await create.getByText('Http', { exact: true }).click();
    await expect(create.getByRole('textbox', { name: 'HTTP method' })).toHaveValue('POST');
    await expect(create.getByRole('textbox', { name: 'Content type' })).toHaveValue('text/json');
    await create.getByLabel('Request URL template').fill('https://vendor.example/provision');
    await create.getByRole('button', { name: 'Edit request body of CREATE' }).click();
    const body = page.getByRole('dialog', { name: 'Request body template: CREATE' });
    await expect(body.getByText('Content type: text/json')).toBeVisible();
    await body.getByLabel('Body template').fill('{"name": "{{ServiceName}}"}');
    await body.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('Body template: 27 characters')).toBeVisible();

    await dialog.getByLabel('Title').fill('Welcome aboard');
    await expect(dialog.getByText('86 characters left')).toBeVisible();
    await dialog.getByLabel('Message (markdown)').fill('Your **backup** is ready');
    await expect(dialog.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveText('backup');
    await expect(dialog.getByText('4072 characters left')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'provisioning-create');

    // [S4.4] Switching advance payment off removes the renew boxes again.
    await dialog.getByRole('tab', { name: 'Billing' }).click();
    await dialog.getByRole('button', { name: 'Terms of Monthly 1' }).click();
    await dialog.getByRole('switch', { name: 'Advance payment (prepaid)' }).uncheck({ force: true });
    await dialog.getByRole('tab', { name: 'Provisioning' }).click();
    await expect(dialog.getByRole('group', { name: 'Action RENEW', exact: true })).toHaveCount(0);

    await dialog.getByRole('tab', { name: 'Custom Actions' }).click();
    await dialog.getByRole('button', { name: 'Add custom action' }).click();
    await dialog.getByLabel('Display name').fill('Restart server');
    await expect(dialog.getByRole('group', { name: 'Action Restart server' }).first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'provisioning-custom');
  });

  test('[S2.9] [S4.6] [S2.10] an existing service in edit mode: reseller warning, locked charge type and data center', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    await page.goto('/#/Marketplace/ServiceCreate/Contoso%20Backup%20500%20GB');
    const dialog = windowDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Edit (Contoso Backup 500 GB)' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Billing' }).click();

    await expect(dialog.getByText('Changes affect resellers')).toBeVisible();
    const first = dialog.getByRole('switch', { name: /^Enable fee/ }).first();
    await expect(first).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: /^Charge type of/ }).first()).toBeDisabled();
    await expect(dialog.getByRole('button', { name: /^Remove fee/ })).toHaveCount(0);
    const price = dialog.getByRole('textbox', { name: /^Price of/ }).first();
    await price.fill('7.25');
    await price.blur();
    await expect(price).toHaveValue('7.25');
    await expectAccessible(page);
    await shot(page, 'billing-edit');

    await dialog.getByRole('tab', { name: 'Provisioning' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Data center' })).toHaveAttribute('readonly', '');
    await expectAccessible(page);
    await shot(page, 'provisioning-edit');

    // The changed price is saved with the rest of the service.
    await dialog.getByRole('button', { name: 'Save' }).click();
    const done = page.getByRole('dialog', { name: 'Service update' });
    await expect(done.getByText('Your product has been updated successfully')).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/#\/Services$/);
    await page.getByLabel('Search services').fill('Backup 500');
    await servicesTable(page).getByRole('link', { name: 'Contoso Backup 500 GB' }).click();
    await windowDialog(page).getByRole('tab', { name: 'Billing' }).click();
    await expect(
      windowDialog(page)
        .getByRole('textbox', { name: /^Price of/ })
        .first(),
    ).toHaveValue('7.25');
  });
  test('[S2.11] [S4.8] [S8.5] [S2.6] [S5.6] a new service: markdown description with preview, a language, YouTube videos only', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    await page.goto('/#/Marketplace/ServiceCreate');
    const dialog = windowDialog(page);

    await dialog.getByRole('tab', { name: 'Localization' }).click();
    await expect(dialog.getByRole('tab', { name: '★ en' })).toBeVisible();
    await dialog
      .getByLabel('Description (en)')
      .fill('# Backup\n\nKeeps **every** file <img src=x alt="bad" onerror="window.hacked=1">');
    const preview = dialog.getByRole('region', { name: 'Preview' }).first();
    await expect(preview.locator('h1')).toHaveText('Backup');
    await expect(preview.locator('strong')).toHaveText('every');
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await dialog.getByLabel('Terms and Conditions (en)').fill('1. Be nice');
    await dialog.getByRole('checkbox', { name: 'Changes must be reaccepted' }).check();
    await expectAccessible(page);
    await shot(page, 'localization');

    await dialog.getByRole('textbox', { name: 'Add language' }).click();
    await page.getByRole('option', { name: 'de', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByRole('tab', { name: 'de', exact: true })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByLabel('Description (de)').fill('Sichert **jede** Datei');
    await dialog.getByRole('button', { name: 'Delete language de' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete language' });
    await expect(confirm.getByText('Are you sure that you want to delete language de?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByRole('tab', { name: 'de', exact: true })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Description shared with' })).toBeVisible();

    await dialog.getByRole('tab', { name: 'Files' }).click();
    await expect(dialog.getByText('No videos yet.')).toBeVisible();
    await dialog.getByLabel('Video URL').fill('https://vimeo.com/123456');
    await dialog.getByRole('button', { name: 'Add video' }).click();
    await expect(dialog.getByText('Only YouTube videos are allowed')).toBeVisible();
    await dialog.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await dialog.getByLabel('Caption (optional)').fill('Product tour');
    await dialog.getByRole('button', { name: 'Add video' }).click();
    await expect(dialog.getByRole('table', { name: 'Videos' })).toContainText('Product tour');
    await dialog.getByLabel('Screenshot address').fill('https://cdn.example.com/a.svg');
    await dialog.getByRole('button', { name: 'Add screenshot' }).click();
    await expect(dialog.getByText('A screenshot must be a png, jpg, jpeg or gif image')).toBeVisible();
    await dialog.getByLabel('Screenshot address').fill('/service-icons/backup.png');
    await dialog.getByRole('button', { name: 'Add screenshot' }).click();
    await expect(dialog.getByRole('img', { name: 'Screenshot 1' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'files');
  });

  test('[S2.11] [S2.6] an existing service in edit mode shows its languages and files', async ({ page }) => {
    await signIn(page, 'provider.admin');
    await page.goto('/#/Marketplace/ServiceCreate/Contoso%20Backup%20500%20GB');
    const dialog = windowDialog(page);
    await dialog.getByRole('tab', { name: 'Localization' }).click();
    await expect(dialog.getByRole('tab', { name: '★ en' })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Preview' }).first()).not.toContainText('Nothing to preview yet.');
    await expectAccessible(page);
    await shot(page, 'localization-edit');
    await dialog.getByRole('tab', { name: 'Files' }).click();
    await expect(dialog.getByRole('table', { name: 'Downloadables' })).toContainText('Backup agent quick start');
    await expectAccessible(page);
    await shot(page, 'files-edit');
  });

  test('[S6.1] [S4.9] denied: a vendor editing its Promoted service gets Files and Localization but not Billing or Provisioning', async ({
    page,
  }) => {
    await signIn(page, 'contoso.admin');
    await page.goto('/#/Marketplace/ServiceCreate/Contoso%20Office%20Business');
    const dialog = windowDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Edit (Contoso Office Business)' })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Files' })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Localization' })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Billing' })).toHaveCount(0);
    await expect(dialog.getByRole('tab', { name: 'Provisioning' })).toHaveCount(0);
  });
});
