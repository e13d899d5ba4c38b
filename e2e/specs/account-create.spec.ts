import { expect, type Page } from '@playwright/test';
import { checkAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

const unique = () => Date.now().toString(36);

async function openAccount(page: Page, name: string) {
  await page
    .getByRole('treeitem', { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

const wizard = (page: Page, title: string) => page.getByRole('dialog', { name: title });

async function createViaApi(page: Page, accountType: string, parentId: number, views: object): Promise<number> {
  const res = await page.request.post('/api/op/CreateAccount', { data: { accountType, parentId, views } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).AccountId as number;
}

test.describe('account creation wizard', () => {
  test('[A2.45] [A9.8] the wizard window is 70% of the width, at least 830 x 600; a custom action window at most 900 wide', async ({
    page,
  }) => {
    await signIn(page, 'cedarridge.admin');
    for (const viewport of [
      { width: 1600, height: 900 },
      { width: 1000, height: 700 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/#/Account/Create?accountType=Company');
      const dialog = wizard(page, 'Create company');
      await expect(dialog).toBeVisible();
      const box = await page.locator('.mantine-Modal-content').first().boundingBox();
      expect(Math.round(box?.width ?? 0)).toBe(Math.max(830, Math.round(viewport.width * 0.7)));
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(600);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    }

    // A phone (390 px) cannot hold an 830 px window: the wizard fills the screen and nothing overflows sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/#/Account/Create?accountType=Company');
    const phone = wizard(page, 'Create company');
    await expect(phone).toBeVisible();
    const content = page.locator('.mantine-Modal-content').first();
    expect(Math.round((await content.boundingBox())?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await content.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'account-create-phone');
    await phone.getByRole('button', { name: 'Cancel' }).click();
    await expect(phone).toHaveCount(0);

    await page.setViewportSize({ width: 1600, height: 900 });
    await openAccount(page, 'Cedar Ridge Solutions');
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem').first().click();
    await expect(page).toHaveURL(/#\/Account\/CustomAction\//);
    await expect(page.getByRole('dialog')).toBeVisible();
    const action = await page.locator('.mantine-Modal-content').first().boundingBox();
    expect(action?.width ?? 0).toBeGreaterThan(0);
    expect(action?.width ?? 0).toBeLessThanOrEqual(900);
  });

  test('[M9.16] the wizard names its type (a Product is a Service subscription) and its parent tree holds only reseller accounts for a Reseller or a Company', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    for (const [type, title] of [
      ['Reseller', 'Create reseller'],
      ['Company', 'Create company'],
    ] as const) {
      await page.goto(`/#/Account/Create?accountType=${type}`);
      const dialog = wizard(page, title);
      await expect(dialog.getByTestId('wizard-type')).toHaveText(`Type: ${type}`);
      const tree = dialog.getByRole('tree', { name: 'Hierarchy' });
      const root = tree.getByRole('treeitem').first();
      await expect(root).toContainText('Northwind Cloud');
      // Below the provider: its resellers, not the vendors (companies directly under the provider).
      await root.focus();
      await page.keyboard.press('ArrowRight');
      await expect(tree.getByRole('treeitem', { name: /Blue Harbor IT/ })).toBeVisible();
      await expect(tree.getByRole('treeitem', { name: /Contoso Software/ })).toHaveCount(0);
      await expect(tree.getByText('Company', { exact: true })).toHaveCount(0);
      await checkAccessible(page);
      await shot(page, `wiz-type-${type}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    }

    await page.goto('/#/Account/Create?accountType=Service');
    const service = wizard(page, 'Order a service for a user');
    await expect(service.getByTestId('wizard-type')).toHaveText('Type: Service subscription');
    await checkAccessible(page);
    await shot(page, 'wiz-type-Product');
  });

  test('[A2.6] [A2.9] [A2.39] [A2.43] [A2.44] [A4.10] a reseller administrator creates a company through the Create menu', async ({
    page,
  }) => {
    const name = `Wizard Co ${unique()}`;
    await signIn(page, 'cedarridge.admin');
    await openAccount(page, 'Cedar Ridge Solutions');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Create department' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Create company' }).click();

    await expect(page).toHaveURL(/#\/Account\/Create\?accountType=Company&parentId=\d+$/);
    const dialog = wizard(page, 'Create company');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('chosen-parent')).toHaveText('Parent: Cedar Ridge Solutions (Reseller)');
    const box = await page.locator('.mantine-Modal-content').boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(830);
    expect(box?.height).toBeGreaterThanOrEqual(600);
    // [A2.43] The tree offers reseller accounts only.
    const tree = dialog.getByRole('tree', { name: 'Hierarchy' });
    await expect(tree.getByRole('treeitem').first()).toContainText('Cedar Ridge Solutions');
    await expect(tree.getByText('Company', { exact: true })).toHaveCount(0);
    await shot(page, 'wiz-parent');
    await checkAccessible(page);

    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByLabel('Display name')).toBeVisible();
    // [A4.10] The Finance page stays closed until General is valid.
    await expect(dialog.getByRole('button', { name: /Finance/ })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Display name is required')).toBeVisible();
    await expect(dialog.getByRole('alert')).toContainText('One or more validation errors present');
    await expect(dialog.getByLabel('Display name')).toBeVisible();
    await shot(page, 'wiz-errors');
    await checkAccessible(page);

    await dialog.getByLabel('Display name').fill(name);
    await dialog.getByLabel('City').fill('Boulder');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByLabel('VAT number')).toBeVisible();
    await dialog.getByLabel('VAT number').fill('bad');
    await dialog.getByRole('button', { name: 'Finish' }).click();
    await expect(dialog.getByText('Enter the VAT number with its country prefix, e.g. NL123456789B01')).toBeVisible();
    await dialog.getByLabel('VAT number').fill('US123456789');
    await dialog.getByRole('button', { name: 'Finish' }).click();

    await expect(dialog.getByRole('heading', { name: 'Account created' })).toBeVisible();
    await expect(dialog.getByText(`The company ${name} was created under Cedar Ridge Solutions.`)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '#/Orders');
    await shot(page, 'wiz-success');
    await checkAccessible(page);
    await dialog.getByRole('link', { name: 'Go to the created account' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Boulder')).toBeVisible();
  });

  test('[A2.40] [A2.44] creates a user in a department chosen in the parent step, with a role, and sends the credentials', async ({
    page,
  }) => {
    const stamp = unique();
    await signIn(page, 'cedarridge.admin');
    // A company and department of this test's own, so no other spec sees them.
    const root = await page.request.post('/api/op/GetAvailableCreateParents', { data: { accountType: 'Company' } });
    const resellerId = (await root.json()).Items[0].AccountId as number;
    const companyName = `Wizard Users ${stamp}`;
    const company = await createViaApi(page, 'Company', resellerId, {
      Default: { Values: { DisplayName: companyName } },
      Company: { Values: { Currency: 'USD' } },
    });
    await createViaApi(page, 'Department', company, { Default: { Values: { DisplayName: `Dispatch ${stamp}` } } });
    await page.goto('/#/Account/Create?accountType=User');
    const dialog = wizard(page, 'Create user');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();

    await dialog.getByLabel('Search by name').fill(companyName);
    await dialog.getByRole('radio', { name: new RegExp(companyName) }).check();
    await expect(dialog.getByTestId('chosen-parent')).toHaveText(`Parent: ${companyName} (Company)`);
    await dialog.getByRole('textbox', { name: 'Department' }).click();
    await page.getByRole('option', { name: `Dispatch ${stamp}` }).click();
    await expect(dialog.getByTestId('chosen-parent')).toHaveText(`Parent: Dispatch ${stamp} (Department)`);
    await shot(page, 'wiz-user-parent');
    await checkAccessible(page);
    await dialog.getByRole('button', { name: 'Next' }).click();

    await dialog.getByLabel('First name').fill('Wendy');
    await dialog.getByLabel('Last name').fill('Wizard');
    await dialog.getByLabel('Display name').fill(`Wendy Wizard ${stamp}`);
    await dialog.getByLabel('Username').fill(`oakridge.wendy.${stamp}`);
    await dialog.getByLabel('E-mail').fill(`wendy.${stamp}@example.com`);
    // The role: the company's least privileged one is chosen; this user becomes an administrator.
    const role = dialog.getByRole('textbox', { name: 'Role' });
    await expect(role).toHaveValue(/^Company user/);
    await role.click();
    await page.getByRole('option', { name: /^Company administrator/ }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Language' })).toHaveValue('English');
    await dialog.getByRole('button', { name: 'Finish' }).click();

    await expect(dialog.getByText(`The user Wendy Wizard ${stamp} was created under Dispatch ${stamp}.`)).toBeVisible();
    await expect(dialog.getByTestId('created-role')).toContainText('Role: Company administrator.');
    await expect(dialog.getByRole('link', { name: 'User security' })).toHaveAttribute(
      'href',
      /#\/Account\/View\/\d+\/User_security$/,
    );
    await dialog.getByRole('button', { name: 'Send credentials' }).click();
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await expect(dialog.getByText('Credentials sent')).toBeVisible();
    await expect(dialog.getByText(`The first-time password was sent to wendy.${stamp}@example.com.`)).toBeVisible();
    await checkAccessible(page);

    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toHaveCount(0);
  });

  test('[A2.42] [A4.10] [A5.8] [A5.11] [A2.44] [A9.7] creates a service from a user page: service, terms, its fields, order review, scheduled provisioning', async ({
    page,
  }) => {
    const stamp = unique();
    await signIn(page, 'cedarridge.admin');
    const root = await page.request.post('/api/op/GetAvailableCreateParents', { data: { accountType: 'Company' } });
    const resellerId = (await root.json()).Items[0].AccountId as number;
    const company = await createViaApi(page, 'Company', resellerId, {
      Default: { Values: { DisplayName: `Wizard Services ${stamp}` } },
      // Cedar Ridge sells in USD only (the revenue report spec relies on it).
      Company: { Values: { Currency: 'USD' } },
    });
    const user = await createViaApi(page, 'User', company, {
      Default: { Values: { DisplayName: `Sam Service ${stamp}`, Username: `wizard.sam.${stamp}` } },
      User: { Values: { Email: `sam.${stamp}@example.com`, FirstName: 'Sam', LastName: 'Service' } },
    });

    // The user's page offers "Order a service for this user"; the wizard opens for that user without a parent step [A2.42].
    await page.goto(`/#/Account/View/${user}`);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Order a service for this user' }).click();
    await expect(page).toHaveURL(new RegExp(`#/Account/Create\\?accountType=Service&parentId=${user}$`));
    const dialog = wizard(page, 'Order a service for a user');
    await expect(dialog.getByTestId('chosen-parent')).toHaveText(`Parent: Sam Service ${stamp} (User)`);
    await expect(dialog.getByRole('button', { name: /Select parent/ })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /Select service/ })).toBeVisible();
    // [A4.10] Terms open only once a service is chosen.
    await expect(dialog.getByRole('button', { name: /Terms and conditions/ })).toBeDisabled();

    await dialog.getByLabel('Search services').fill('Backup 500');
    await dialog.getByRole('radio', { name: /Contoso Backup 500 GB/ }).check();
    await expect(dialog.getByRole('button', { name: /Terms and conditions/ })).toBeEnabled();
    await shot(page, 'wiz-service');
    await checkAccessible(page);
    await dialog.getByRole('button', { name: 'Next' }).click();

    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Accept the terms and conditions' }).click();
    await expect(dialog.getByText('The terms and conditions are accepted')).toBeVisible();
    await checkAccessible(page);
    await dialog.getByRole('button', { name: 'Next' }).click();

    await expect(dialog.getByLabel('Display name')).toHaveValue('Contoso Backup 500 GB');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Protected devices is required')).toBeVisible();
    await dialog.getByLabel('Protected devices').fill('4');
    await dialog.getByLabel('Encryption passphrase').fill('correct horse battery');
    await shot(page, 'wiz-service-fields');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // [A4.10] The bottleneck check ran; the review lists the fees.
    const fees = dialog.getByRole('table', { name: 'Fees of the order' });
    await expect(fees).toBeVisible();
    await expect(fees).toContainText('Protected devices');
    await checkAccessible(page);
    // [A5.8] A past date is cleared; [A4.10] a future one turns Finish into Schedule provisioning.
    const schedule = dialog.getByLabel('Schedule provisioning (optional)');
    await schedule.fill('2000-01-01 00:00');
    await schedule.blur();
    await expect(dialog.getByText('A scheduled provisioning date cannot be in the past; it was cleared')).toBeVisible();
    await expect(schedule).toHaveValue('');
    await schedule.fill('2099-01-31 08:30');
    await schedule.blur();
    await shot(page, 'wiz-review');
    await dialog.getByRole('button', { name: 'Schedule provisioning' }).click();

    await expect(dialog.getByRole('heading', { name: 'Provisioning successfuly scheduled' })).toBeVisible();
    await expect(dialog.getByTestId('scheduled-for')).toHaveText('Provisioning starts at 2099-01-31 08:30 UTC.');
    await expect(
      dialog.getByText(`The service subscription Contoso Backup 500 GB was created under Sam Service ${stamp}.`),
    ).toBeVisible();
    // [A9.7] At most 3 suggested services, each opening the wizard for the same user.
    const suggested = dialog.getByRole('list', { name: 'Suggested services' }).getByRole('link');
    await expect(suggested.first()).toHaveAttribute('href', new RegExp(`accountType=Service&parentId=${user}&productName=`));
    expect(await suggested.count()).toBeLessThanOrEqual(3);
    await shot(page, 'wiz-service-success');
    await checkAccessible(page);
    await dialog.getByRole('link', { name: 'Go to the created account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contoso Backup 500 GB' })).toBeVisible();
  });

  test('[A2.41] [A4.8] [A8.7] [A2.44] an order above the company credit limit shows the under-review page', async ({ page }) => {
    const stamp = unique();
    await signIn(page, 'cedarridge.admin');
    const root = await page.request.post('/api/op/GetAvailableCreateParents', { data: { accountType: 'Company' } });
    const resellerId = (await root.json()).Items[0].AccountId as number;
    const company = await createViaApi(page, 'Company', resellerId, {
      Default: { Values: { DisplayName: `Wizard Review ${stamp}` } },
      Company: { Values: { Currency: 'USD' } },
    });
    const user = await createViaApi(page, 'User', company, {
      Default: { Values: { DisplayName: `Rita Review ${stamp}`, Username: `wizard.rita.${stamp}` } },
      User: { Values: { Email: `rita.${stamp}@example.com`, FirstName: 'Rita', LastName: 'Review' } },
    });
    const limit = await page.request.post('/api/op/AddCreditLimitRecord', {
      data: {
        accountId: company,
        Limit: '1',
        Comment: 'Test limit',
        IsLocked: false,
        Version: (await (await page.request.post('/api/op/GetCreditLimitRecords', { data: { accountId: company } })).json())
          .Version,
      },
    });
    expect(limit.status()).toBe(200);
    const terms = await page.request.post('/api/op/AcceptTermsAndConditions', {
      data: { accountId: user, productName: 'Contoso Backup 500 GB' },
    });
    expect(terms.status()).toBe(200);

    // [A2.41] Without a user from a page, the service wizard starts at the parent step.
    await page.goto(`/#/Account/Create?accountType=Service&productName=${encodeURIComponent('Contoso Backup 500 GB')}`);
    const dialog = wizard(page, 'Order a service for a user');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await dialog.getByLabel('Search by name').fill(`Rita Review ${stamp}`);
    await dialog.getByRole('radio', { name: new RegExp(`Rita Review ${stamp}`) }).check();
    await expect(dialog.getByTestId('chosen-parent')).toHaveText(`Parent: Rita Review ${stamp} (User)`);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('radio', { name: /Contoso Backup 500 GB/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('The terms and conditions are accepted')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Protected devices').fill('2');
    await dialog.getByLabel('Encryption passphrase').fill('correct horse battery');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('The order will be reviewed before the service is provisioned.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Finish' }).click();

    await expect(dialog.getByRole('heading', { name: 'Your order is above your credit limit' })).toBeVisible();
    await expect(dialog.getByTestId('under-review-notice')).toHaveText(
      'A notice about it has been sent to cedarridge-admin@example.com.',
    );
    await expect(dialog.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '#/Orders');
    await shot(page, 'wiz-under-review');
    await checkAccessible(page);
  });

  test('[A1.3] [A2.9] a viewer without a create capability sees no Create menu and the route refuses', async ({ page }) => {
    await signIn(page, 'acme.jdoe');
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create', exact: true })).toHaveCount(0);

    await page.goto('/#/Account/Create?accountType=User');
    const dialog = wizard(page, 'Create user');
    await expect(dialog.getByRole('alert')).toContainText('Your role does not allow you to create a user.');
    await checkAccessible(page);
    // [A2.9] Without a type the import wizard opens, and refuses too.
    await page.goto('/#/Account/Create');
    await expect(wizard(page, 'Import accounts').getByRole('alert')).toContainText(
      'Your role does not allow you to import accounts.',
    );

    await wizard(page, 'Import accounts').getByRole('button', { name: 'Close' }).click();
    // Back to the start page: a user without administration rights starts on My services (decision 0054).
    await expect(page).toHaveURL(/#\/MyServices$/);
  });

  test('[A2.9] without a type the import wizard opens, and closing returns to the previous page', async ({ page }) => {
    await signIn(page, 'cedarridge.admin');
    await openAccount(page, 'Cedar Ridge Solutions');
    const accountUrl = page.url();
    await page.goto('/#/Account/Create');
    const dialog = wizard(page, 'Import accounts');
    await expect(dialog.getByRole('radio', { name: /Companies/ })).toBeVisible();
    await checkAccessible(page);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(accountUrl);
  });
});
