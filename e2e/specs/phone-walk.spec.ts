import { expect, type Page } from '@playwright/test';
import { checkAccessible, DEMO_PASSWORD, shot } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * Issue 18 "Small screens" (decision 0055): a new reseller administrator's first walk on a 390 x 844 phone, from
 * sign-in through the account tree in the drawer, a company's tabs and the Orders page, to ordering a service for a
 * user in the wizard and a dialog. Nothing scrolls sideways on any of them. The company and user are its own.
 */

const PHONE = { width: 390, height: 844 };
const unique = () => Date.now().toString(36);

async function api<T>(page: Page, operation: string, data: object): Promise<T> {
  const res = await page.request.post(`/api/op/${operation}`, { data });
  expect(res.status(), `${operation}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The page fits the phone: document.scrollingElement is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const sizes = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    inner: window.innerWidth,
  }));
  expect(sizes.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(sizes.inner);
}

test.use({ viewport: PHONE });

test.describe('a phone-sized walk through the portal', () => {
  test('[M2.17] sign-in, the account tree in the drawer, tabs, Orders, the ordering wizard and a dialog all fit 390 x 844', async ({
    page,
  }) => {
    const stamp = unique();
    // Its own company with a user, made through the API before signing in through the form.
    await api(page, 'Authenticate', { Username: 'cedarridge.admin', Password: DEMO_PASSWORD });
    const parents = await api<{ Items: { AccountId: number }[] }>(page, 'GetAvailableCreateParents', { accountType: 'Company' });
    const company = await api<{ AccountId: number }>(page, 'CreateAccount', {
      accountType: 'Company',
      parentId: parents.Items[0]?.AccountId,
      views: { Default: { Values: { DisplayName: `Phone Walk ${stamp}` } }, Company: { Values: { Currency: 'USD' } } },
    });
    const user = await api<{ AccountId: number }>(page, 'CreateAccount', {
      accountType: 'User',
      parentId: company.AccountId,
      views: {
        Default: { Values: { DisplayName: `Pia Phone ${stamp}`, Username: `phone.pia.${stamp}` } },
        User: { Values: { Email: `pia.${stamp}@example.com`, FirstName: 'Pia', LastName: 'Phone' } },
      },
    });
    await page.request.post('/api/op/Logout', { data: {} });

    // Sign-in: the user name field has focus at once.
    await page.goto('/#/login');
    await expect(page.getByLabel('Username')).toBeFocused();
    await expectNoSidewaysScroll(page);
    await checkAccessible(page);
    await shot(page, 'phone-1-sign-in');
    await page.keyboard.type('cedarridge.admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The account page: the header keeps one line with the user's initials and Sign out; no tree beside the page.
    await expect(page.getByRole('heading', { level: 1, name: 'Cedar Ridge Solutions' })).toBeVisible();
    const header = page.getByRole('banner');
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect((await header.boundingBox())?.height).toBe(60);
    await expect(page.getByTestId('current-user')).toBeInViewport();
    await expect(page.getByTestId('current-user')).toHaveText(/^[A-Z]{1,2}$/);
    await expect(page.getByRole('button', { name: /your security, terms and profile/ })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
    await expect(page.getByRole('separator')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await checkAccessible(page);
    await shot(page, 'phone-2-account');

    // The user menu names the user in full.
    await page.getByRole('button', { name: /your security, terms and profile/ }).click();
    await expect(page.getByRole('menu')).toContainText('Organisation: Cedar Ridge Solutions');
    await page.keyboard.press('Escape');

    // The drawer: choosing an account navigates and closes it.
    await page.getByRole('button', { name: 'Menu' }).click();
    const tree = page.getByRole('tree', { name: 'Account tree' });
    await expect(tree).toBeInViewport();
    await checkAccessible(page);
    await shot(page, 'phone-3-drawer');
    await tree.getByRole('treeitem', { name: /Ironclad Manufacturing/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ironclad Manufacturing' })).toBeVisible();
    await expect(tree).not.toBeInViewport();

    // A company's tabs stay in one row that scrolls sideways.
    const tabs = page.getByRole('tablist', { name: 'Account pages' });
    const tops = await tabs.getByRole('tab').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThan(4);
    expect(new Set(tops).size).toBe(1);
    expect(await tabs.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectNoSidewaysScroll(page);
    await checkAccessible(page);
    await shot(page, 'phone-4-company-tabs');

    // Orders from the drawer's sections: the drawer closes, the table scrolls inside its card.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sections' })).not.toBeInViewport();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await checkAccessible(page);
    await shot(page, 'phone-5-orders');

    // The ordering wizard fills the screen; its radio buttons and Next are on it and work.
    await page.goto(`/#/Account/Create?accountType=Service&parentId=${user.AccountId}`);
    const wizard = page.getByRole('dialog', { name: 'Order a service for a user' });
    await expect(wizard).toBeVisible();
    const content = page.locator('.mantine-Modal-content').first();
    expect(Math.round((await content.boundingBox())?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await wizard.getByLabel('Search services').fill('Backup 500');
    const radio = wizard.getByRole('radio', { name: /Contoso Backup 500 GB/ });
    await expect(radio).toBeVisible();
    await radio.check();
    await expect(radio).toBeChecked();
    await expect(radio).toBeInViewport();
    const next = wizard.getByRole('button', { name: 'Next' });
    await next.scrollIntoViewIfNeeded();
    await expect(next).toBeInViewport();
    await expectNoSidewaysScroll(page);
    expect(await content.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await checkAccessible(page);
    await shot(page, 'phone-6-wizard');
    await next.click();
    await expect(wizard.getByRole('button', { name: 'Accept the terms and conditions' })).toBeVisible();
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await expect(wizard).toHaveCount(0);

    // A dialog fills the phone's screen too.
    await page.goto(`/#/Account/View/${user.AccountId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Pia Phone ${stamp}` })).toBeVisible();
    await page.getByRole('button', { name: 'Send credentials' }).click();
    const dialog = page.getByRole('dialog', { name: `Send credentials to Pia Phone ${stamp}?` });
    await expect(dialog).toBeVisible();
    const box = await page.locator('.mantine-Modal-content').first().boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(PHONE.width);
    expect(Math.round(box?.height ?? 0)).toBe(PHONE.height);
    await expectNoSidewaysScroll(page);
    await checkAccessible(page);
    await shot(page, 'phone-7-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('any navigation closes the drawer, also a section chosen on a later page', async ({ page }) => {
    await api(page, 'Authenticate', { Username: 'blueharbor.admin', Password: DEMO_PASSWORD });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Sections' });

    await page.getByRole('button', { name: 'Menu' }).click();
    await sections.getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(sections).not.toBeInViewport();

    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('tree', { name: 'Account tree' })
      .getByRole('treeitem', { name: /Acme Logistics/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    await expect(sections).not.toBeInViewport();

    // Back in the browser's history closes it too.
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(sections).toBeInViewport();
    await page.goBack();
    await expect(sections).not.toBeInViewport();
    await expectNoSidewaysScroll(page);
  });
});
