import { expect, type Page } from '@playwright/test';
import { checkAccessible, clickAtNextAddress, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * Price lists ("my marketplaces", decision 0033): the life of a price list as the provider administrator
 * (create, rename, add services, remove one nobody uses and hide one an assignee uses, assign, unassign,
 * copy with a margin, delete), the reseller's own list without the configuration panel, the auto SRP sync
 * switch reverting on failure, a company administrator reading the list assigned to its company, and a company
 * user without MARKETPLACE read. Every list is created
 * here with a unique name, and the assignment to Acme Logistics is removed again (its list holds no own
 * prices, so Acme's prices stay the suggested retail prices meanwhile).
 */

const stamp = Date.now().toString(36);
const USED = 'Contoso Backup 500 GB'; // Acme Logistics' first department user subscribes to it (demo data).
const UNUSED = 'Contoso Whiteboard';

test.describe.configure({ mode: 'serial' });

const tile = (page: Page, name: string) => page.getByRole('article', { name });

async function addService(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: /^Add services to/ });
  await dialog.getByLabel('Search the catalogue').fill(name);
  const found = dialog.getByRole('article', { name });
  await found.getByRole('button', { name: `Add ${name}` }).click();
  await expect(found.getByTestId('service-status')).toHaveText('Added');
}

test.describe('price lists', () => {
  test('[M2.20] [M2.27] [M4.18] [M5.4] [M4.13] [M3.16] [M9.9] the provider creates a price list, renames it, adds services and removes one nobody uses', async ({
    page,
  }) => {
    const name = `Life ${stamp}`;
    await signIn(page, 'provider.admin');

    await page.getByRole('link', { name: 'Price lists' }).click();
    await expect(page).toHaveURL(/#\/pricelists$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Price lists' })).toBeVisible();
    await checkAccessible(page);
    await page.getByRole('link', { name: 'Create price list' }).click();
    await expect(page).toHaveURL(/#\/MyMarketplaces\/v2\/Create\/New$/);
    await page.getByLabel('Name').fill(name);
    await checkAccessible(page);
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    await expect(page).toHaveURL(/#\/MyMarketplaces\/v2\/Edit\/M\/\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('price-list-services-empty')).toBeVisible();

    // [M5.4] Escape cancels, Enter saves; the unchanged name cannot be saved.
    await page.getByRole('button', { name: 'Rename' }).click();
    const nameInput = page.getByLabel('Price list name');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await nameInput.fill(`${name} cancelled`);
    await nameInput.press('Escape');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Price list name').fill(`${name} renamed`);
    await page.getByLabel('Price list name').press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `${name} renamed` })).toBeVisible();

    // [M9.9] The add-services window: at least 1200 wide, the window's height minus 60.
    await page.getByRole('toolbar').getByRole('button', { name: 'Add services' }).click();
    const dialog = page.getByRole('dialog', { name: /^Add services to/ });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(1200);
    expect(Math.round(box?.height ?? 0)).toBe(800 - 60);
    await addService(page, USED);
    await addService(page, UNUSED);
    await checkAccessible(page);
    await shot(page, 'price-list-add-services');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await expect(tile(page, USED).getByTestId('service-status')).toHaveText('Added');
    await expect(tile(page, UNUSED).getByTestId('service-status')).toHaveText('Added');

    // [M4.13] Nobody uses it (the list has no assignees): removing deletes it.
    await page.getByRole('button', { name: `Remove ${UNUSED}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove service' });
    await expect(confirm).toContainText(`No assignee uses ${UNUSED}`);
    await checkAccessible(page);
    await confirm.getByRole('button', { name: 'Remove service' }).click();
    await expect(tile(page, UNUSED)).toHaveCount(0);
    // The summary counts in words that agree with the numbers.
    await expect(page.getByText(/^Owner Northwind Cloud · 1 service · 0 assignees · priority \d+ · /)).toBeVisible();

    // [M4.13] In the add-services window the removed service is Active again.
    await page.getByRole('toolbar').getByRole('button', { name: 'Add services' }).click();
    await dialog.getByLabel('Search the catalogue').fill(UNUSED);
    await expect(dialog.getByRole('article', { name: UNUSED }).getByTestId('service-status')).toHaveText('Active');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await checkAccessible(page);
    await shot(page, 'price-list-edit');
  });

  test('[M3.16] [M4.13] assigning a company below, hiding a service it uses, and unassigning with confirmation', async ({
    page,
    browser,
  }) => {
    const name = `Life ${stamp} renamed`;
    await signIn(page, 'provider.admin');
    await page.goto('/#/pricelists');
    await page.getByLabel('Search price lists').fill(name);
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/#\/MyMarketplaces\/v2\/View\/\d+\/$/);
    // [M6.19] No edit controls in view mode.
    await expect(page.getByRole('button', { name: 'Rename' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Remove ${USED}` })).toHaveCount(0);
    await expect(page.getByLabel('Assign to a reseller or company')).toHaveCount(0);
    await checkAccessible(page);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/#\/MyMarketplaces\/v2\/Edit\/M\/\d+\/$/);

    await page.getByRole('textbox', { name: 'Assign to a reseller or company' }).fill('Acme');
    await page.getByRole('option', { name: /Acme Logistics/ }).click();
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    const assignees = page.getByRole('table', { name: 'Assignees' });
    await expect(assignees.getByRole('link', { name: 'Acme Logistics' })).toBeVisible();

    // The company administrator reads the list assigned to Acme, and cannot change it.
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signIn(customer, 'acme.admin');
    await customer.getByRole('link', { name: 'Price lists' }).click();
    await customer.getByLabel('Search price lists').fill(name);
    await customer.getByRole('link', { name }).click();
    await expect(customer.getByText('assigned this price list to your organisation')).toBeVisible();
    await expect(customer.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(customer.getByRole('button', { name: 'Copy' })).toHaveCount(0);
    await checkAccessible(customer);
    await shot(customer, 'price-list-assigned-customer');
    await customerContext.close();

    await page.getByRole('button', { name: `Remove ${USED}` }).click();
    const hide = page.getByRole('dialog', { name: 'Hide service' });
    await expect(hide.getByRole('list', { name: 'Assignees using the service' })).toContainText('Acme Logistics');
    await checkAccessible(page);
    await shot(page, 'price-list-hide-service');
    await hide.getByRole('button', { name: 'Hide service' }).click();
    await expect(tile(page, USED).getByTestId('service-status')).toHaveText('Hidden');

    await assignees.getByRole('button', { name: 'Unassign Acme Logistics' }).click();
    const unassign = page.getByRole('dialog', { name: 'Unassign price list' });
    await checkAccessible(page);
    await unassign.getByRole('button', { name: 'Unassign' }).click();
    await expect(page.getByText('The price list is not assigned to anyone.')).toBeVisible();
  });

  test('[M5.3] [M9.11] [M2.21] [M8.13] [M2.23] copying with a margin opens the copy, and deleting it asks first and goes back to the price lists', async ({
    page,
  }) => {
    const name = `Life ${stamp} renamed`;
    await signIn(page, 'provider.admin');
    await page.goto('/#/pricelists');
    await page.getByLabel('Search price lists').fill(name);
    await expect(page.getByRole('link', { name })).toBeVisible();
    await shot(page, 'price-lists-page');
    await page.getByRole('button', { name: `Copy ${name}` }).click();

    const dialog = page.getByRole('dialog', { name: `Copy ${name}` });
    const content = page.locator('.mantine-Modal-content');
    expect(Math.round((await content.boundingBox())?.width ?? 0)).toBe(400);
    await expect(dialog.getByLabel('Margin')).toHaveValue('0');
    await dialog.getByLabel('New price list name').fill('  ab ');
    await expect(dialog.getByRole('button', { name: 'Copy', exact: true })).toBeDisabled();
    await dialog.getByLabel('New price list name').fill(`  Copy ${stamp}  `);
    await dialog.getByLabel('Margin').fill('12.5');
    await checkAccessible(page);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(dialog.getByText('Price list copied')).toBeVisible();
    await expect(dialog).toContainText(`Copy ${stamp} was created`);
    await dialog.getByRole('button', { name: 'Open the copy' }).click();

    await expect(page).toHaveURL(/#\/MyMarketplaces\/v2\/View\/\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: `Copy ${stamp}` })).toBeVisible();
    // The copy holds the Added services (the Hidden one stays with the original's assignees) and no assignees.
    await expect(tile(page, USED)).toHaveCount(0);
    await expect(page.getByText('The price list is not assigned to anyone.')).toBeVisible();

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete price list' });
    await expect(confirm).toContainText(`Are you sure you want to delete marketplace Copy ${stamp} ?`);
    await checkAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/#\/pricelists$/);
    await page.getByLabel('Search price lists').fill(`Copy ${stamp}`);
    await expect(page.getByTestId('price-lists-empty')).toBeVisible();
  });

  test('[M6.8] [M6.7] [M4.15] a reseller keeps its own list without the configuration panel; the SRP sync switch reverts when saving fails', async ({
    page,
  }) => {
    const name = `Reseller ${stamp}`;
    await signIn(page, 'blueharbor.admin');
    await page.getByRole('link', { name: 'Price lists' }).click();
    await page.getByRole('link', { name: 'Create price list' }).click();
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // [M6.8] Without a propagation or auto-add flag read capability there is no Configure pricelist.
    await expect(page.getByRole('heading', { name: 'Pricelist configuration' })).toHaveCount(0);
    const srp = page.getByRole('switch', { name: 'Automatic suggested retail price sync' });
    await expect(srp).not.toBeChecked();

    // [M4.15] A failed update puts the switch back.
    await page.route('**/api/op/UpdateMarketplaceProperties', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Internal error', status: 500, code: 'INTERNAL' }),
      }),
    );
    await srp.click({ force: true });
    await expect(page.getByText(/The sync setting was not changed/)).toBeVisible();
    await expect(srp).not.toBeChecked();
    await page.unroute('**/api/op/UpdateMarketplaceProperties');

    await srp.click({ force: true });
    await expect(srp).toBeChecked();
    await checkAccessible(page);
    await shot(page, 'price-list-reseller');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await shot(page, 'price-list-reseller-narrow');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Clean up: the reseller's list goes again.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete price list' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/#\/pricelists$/);
  });

  test('the provider sees the pricelist configuration in edit mode, then the test list is deleted', async ({ page }) => {
    const name = `Life ${stamp} renamed`;
    await signIn(page, 'provider.admin');
    await page.goto('/#/pricelists');
    await page.getByLabel('Search price lists').fill(name);
    await page.getByRole('link', { name }).click();
    await page.getByRole('link', { name: 'Edit' }).click();

    await expect(page.getByRole('heading', { name: 'Pricelist configuration' })).toBeVisible();
    await page.getByRole('switch', { name: 'Propagation' }).click({ force: true });
    await expect(page.getByRole('switch', { name: 'Propagation' })).toBeChecked();
    await checkAccessible(page);

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete price list' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/#\/pricelists$/);
  });

  test('[M1.5] the provider reaches every marketplace tool: explore and search, and on a price list view, edit, rename, add and remove services, Excel prices, export, terms, copy, delete and the SRP sync switch', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    await page.getByRole('link', { name: 'Marketplace', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Search services' })).toBeVisible();

    await page.getByRole('link', { name: 'Price lists' }).click();
    await page.getByLabel('Search price lists').fill('Northwind catalogue');
    await expect(page.getByRole('button', { name: 'Copy Northwind catalogue' })).toBeVisible();
    await page.getByRole('link', { name: 'Northwind catalogue' }).click();
    await expect(page).toHaveURL(/#\/MyMarketplaces\/v2\/View\/\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind catalogue' })).toBeVisible();
    await page.getByRole('link', { name: 'Edit' }).click();

    const toolbar = page.getByRole('toolbar', { name: 'Price list actions' });
    for (const tool of ['Add services', 'Copy', 'Delete', 'Edit all prices', 'Export prices', 'Review terms']) {
      await expect(toolbar.getByRole('button', { name: tool, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Rename' })).toBeVisible();
    await expect(page.getByRole('switch', { name: /Automatic suggested retail price sync/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove / }).first()).toBeVisible();
    await checkAccessible(page);
  });

  test('a company user has no MARKETPLACE read: no Price lists entry, and the pages say so', async ({ page }) => {
    await signIn(page, 'acme.jdoe');

    await expect(page.getByRole('link', { name: 'Price lists' })).toHaveCount(0);
    await page.goto('/#/pricelists');
    await expect(page.getByText('You do not have permission to see price lists.')).toBeVisible();
    await checkAccessible(page);
    await page.goto('/#/MyMarketplaces/v2/Create/New');
    await expect(page.getByText('You do not have permission to create price lists.')).toBeVisible();
  });

  test('[M2.23] [M2.20] a search applied just as a page is chosen keeps both, on the price lists and on a price list (decision 0072)', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    const call = async <T>(operation: string, data: object): Promise<T> => {
      const res = await page.request.post(`/api/op/${operation}`, { data });
      expect(res.status(), `${operation}: ${await res.text()}`).toBe(200);
      return (await res.json()) as T;
    };
    // Sixteen lists of one name: more than a page (15) when searched for.
    const race = `Race ${stamp}`;
    const lists: { Id: number; Version: number }[] = [];
    for (let i = 1; i <= 16; i++) lists.push(await call('CreateMarketplace', { Name: `${race} ${String(i).padStart(2, '0')}` }));

    await page.goto('/#/pricelists');
    await expect(page.getByRole('button', { name: 'Page 2' })).toBeVisible();
    // The search is applied 300 ms after typing; the second page is chosen the moment it is, before it is rendered.
    await clickAtNextAddress(page, page.getByRole('button', { name: 'Page 2' }));
    await page.getByLabel('Search price lists').fill(race);
    await expect(page).toHaveURL(new RegExp(`#/pricelists\\?page=2&search=${race.replace(' ', '\\+')}$`));
    await expect(page.getByRole('link', { name: `${race} 16` })).toBeVisible();
    await expect(page.getByRole('link', { name: `${race} 01` })).toHaveCount(0);
    await expect(page.getByLabel('Search price lists')).toHaveValue(race);
    await checkAccessible(page);

    // A price list of every service the provider's lists hold, searched for a term more than a page (12) of them match.
    const all = await call<{ Items: { Id: number; ServiceCount: number }[] }>('ListMarketplaces', { pageSize: 100 });
    const biggest = all.Items.reduce((a, b) => (b.ServiceCount > a.ServiceCount ? b : a));
    const services = await call<{ Items: { ServiceId: number }[] }>('ListMarketplaceServicesLite', {
      marketplaceId: biggest.Id,
      pageSize: 100,
    });
    const list = lists[0] as { Id: number; Version: number };
    await call('UpdateMarketplaceServices', {
      marketplaceId: list.Id,
      services: services.Items.map((s) => s.ServiceId),
      flag: true,
      version: list.Version,
    });
    let term = '';
    for (const candidate of ['o', 'e', 'a', 'n']) {
      const found = await call<{ Total: number }>('ListMarketplaceServicesLite', { marketplaceId: list.Id, search: candidate });
      if (found.Total > 12) {
        term = candidate;
        break;
      }
    }
    expect(term, 'a term that more than 12 services match').not.toBe('');
    await page.goto(`/#/MyMarketplaces/v2/View/${list.Id}`);
    await expect(page.getByRole('button', { name: 'Page 2' })).toBeVisible();
    await clickAtNextAddress(page, page.getByRole('button', { name: 'Page 2' }));
    await page.getByLabel('Search services in this price list').fill(term);
    await expect(page).toHaveURL(new RegExp(`#/MyMarketplaces/v2/View/${list.Id}/page:2;search:${term}$`));
    await expect(page.getByLabel('Search services in this price list')).toHaveValue(term);
    await checkAccessible(page);

    const made = await call<{ Items: { Id: number; Version: number }[] }>('ListMarketplaces', { search: race, pageSize: 100 });
    for (const l of made.Items) await call('DeleteMarketplace', { id: l.Id, version: l.Version });
  });
});
