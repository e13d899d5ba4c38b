import { expect, type Page } from '@playwright/test';
import { checkAccessible, clickAtNextAddress, clickInOneGo, DEMO_PASSWORD, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * Decision 0054: finding accounts (the tree's names expand on click and show whole on hover, the Accounts tab of a
 * reseller or company) and a plain user's home, My services.
 */

const unique = () => Date.now().toString(36);

async function createViaApi(page: Page, accountType: string, parentId: number, views: object): Promise<number> {
  const res = await page.request.post('/api/op/CreateAccount', { data: { accountType, parentId, views } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).AccountId as number;
}

/** A company of this spec's own under Cedar Ridge with twelve departments, so no other spec's data counts. */
async function makeCompany(page: Page, isLongName = false) {
  const stamp = unique();
  const me = await page.request.post('/api/op/GetCurrentUser', { data: {} }).then((r) => r.json());
  const name = isLongName ? `Finder ${stamp} with a rather long company name for the tree` : `Finder ${stamp}`;
  const id = await createViaApi(page, 'Company', me.CompanyAccountId, {
    Default: { Values: { DisplayName: name } },
    Company: { Values: { Currency: 'USD' } },
  });
  for (let i = 1; i <= 12; i++) {
    await createViaApi(page, 'Department', id, { Default: { Values: { DisplayName: `Team ${String(i).padStart(2, '0')}` } } });
  }
  return { id, name };
}

const rows = (page: Page) => page.getByTestId('child-account-row');

/** Signs in through the form, as a person would, without being taken anywhere else afterwards. */
async function signInThroughForm(page: Page, username: string) {
  await page.goto('/#/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-user')).toBeVisible();
}

test.describe('finding accounts', () => {
  test('clicking a name in the tree opens the account and expands it; the name is whole on hover', async ({ page }) => {
    await signIn(page, 'cedarridge.admin');
    const company = await makeCompany(page, true);
    await page.reload();
    const item = page.getByRole('treeitem', { name: new RegExp(company.name) });
    await expect(item).toHaveAttribute('aria-expanded', 'false');
    const label = item.getByText(company.name, { exact: true });
    await expect(label).toHaveAttribute('title', company.name);

    await label.click();

    await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible();
    await expect(item).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('treeitem', { name: /Team 01/ })).toBeVisible();
    await checkAccessible(page);
  });

  test('a company page lists its direct children, searched, filtered and paged', async ({ page }) => {
    await signIn(page, 'cedarridge.admin');
    const company = await makeCompany(page);
    await page.goto(`/#/Account/View/${company.id}`);

    await page.getByRole('tab', { name: 'Accounts' }).click();

    await expect(page).toHaveURL(new RegExp(`#/Account/View/${company.id}/Accounts$`));
    await expect(rows(page)).toHaveCount(12);
    await expect(page.getByTestId('child-accounts-total')).toHaveText('12 accounts');
    await checkAccessible(page);
    await shot(page, 'child-accounts');

    await page.getByLabel('Rows per page', { exact: true }).first().click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect(rows(page)).toHaveCount(10);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first()).toContainText('Team 11');

    await page.getByRole('textbox', { name: 'Search by name' }).fill('Team 1');
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).first()).toContainText('Team 10');

    await page.getByLabel('Type', { exact: true }).first().click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    await expect(page.getByTestId('child-accounts-empty')).toHaveText('No accounts match your search or filters.');

    await page.getByLabel('Type', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Department', exact: true }).click();
    await page.getByLabel('Status', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await expect(rows(page)).toHaveCount(3);
    // The search and filters are in the address: Back from a child account shows the same list.
    await expect(page).toHaveURL(/\/Accounts\?.*search=Team\+1.*type=Department.*state=Active/);
    await rows(page).getByRole('link', { name: 'Team 12' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Team 12' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('textbox', { name: 'Search by name' })).toHaveValue('Team 1');
    await expect(page.getByLabel('Type', { exact: true }).first()).toHaveValue('Department');
    await expect(page.getByLabel('Status', { exact: true }).first()).toHaveValue('Active');
    await expect(rows(page)).toHaveCount(3);
  });

  test('at 390x844 the Accounts tab fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'cedarridge.admin');
    const company = await makeCompany(page);

    await page.goto(`/#/Account/View/${company.id}/Accounts`);

    await expect(rows(page)).toHaveCount(12);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkAccessible(page);
    await shot(page, 'child-accounts-phone');
  });

  test('a user page has no Accounts tab', async ({ page }) => {
    await signIn(page, 'cedarridge.admin');
    const me = await page.request.post('/api/op/GetCurrentUser', { data: {} }).then((r) => r.json());

    await page.goto(`/#/Account/View/${me.AccountId}`);

    await expect(page.getByRole('tab').first()).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Accounts' })).toHaveCount(0);
  });

  test('filters of the Accounts tab used one right after the other, before the tab has rendered the first, both hold (decision 0072)', async ({
    page,
  }) => {
    await signIn(page, 'cedarridge.admin');
    const company = await makeCompany(page);
    await page.goto(`/#/Account/View/${company.id}/Accounts?size=10`);
    await expect(rows(page)).toHaveCount(10);
    // A type chosen, and at once the second page: the type stays.
    await page.getByLabel('Type', { exact: true }).first().click();
    await clickInOneGo(page, [
      page.getByRole('option', { name: 'Department', exact: true }),
      page.getByRole('button', { name: 'Page 2' }),
    ]);
    await expect(page).toHaveURL(/\/Accounts\?size=10&type=Department&page=2$/);
    await expect(page.getByLabel('Type', { exact: true }).first()).toHaveValue('Department');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first()).toContainText('Team 11');

    // A search applied (300 ms after typing) just as the first page is chosen: the search stays.
    await clickAtNextAddress(page, page.getByRole('button', { name: 'Page 1' }));
    await page.getByRole('textbox', { name: 'Search by name' }).fill('Team');
    await expect(page).toHaveURL(/\/Accounts\?size=10&type=Department&search=Team$/);
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByRole('textbox', { name: 'Search by name' })).toHaveValue('Team');
    await checkAccessible(page);
  });
});

test.describe('a plain user home', () => {
  test('a user without administration capabilities signs in and lands on My services, and opens a subscription', async ({
    page,
  }) => {
    await signInThroughForm(page, 'acme.dhendriks');

    await expect(page).toHaveURL(/#\/MyServices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My services' })).toBeVisible();
    const card = page.getByTestId('my-service').first();
    await expect(card).toContainText('Active');
    await checkAccessible(page);
    await shot(page, 'my-services');

    await card.getByRole('link', { name: /^Open / }).click();

    await expect(page).toHaveURL(/#\/Account\/View\/\d+$/);
    await expect(page.getByRole('tab', { name: 'Service info' })).toBeVisible();
  });

  test('a plain user without subscriptions sees that there are none; an administrator lands on the account', async ({ page }) => {
    await signInThroughForm(page, 'acme.jdoe');

    await expect(page.getByTestId('my-services-empty')).toHaveText(
      "You have no services yet. Ask your company's administrator to order one for you.",
    );
    await checkAccessible(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await signInThroughForm(page, 'acme.admin');
    await expect(page).toHaveURL(/#\/Account\/View\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
  });

  test('at 390x844 My services fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughForm(page, 'acme.dhendriks');

    await expect(page.getByTestId('my-service').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkAccessible(page);
    await shot(page, 'my-services-phone');
  });
});
