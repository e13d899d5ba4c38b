import { expect, type Page } from '@playwright/test';
import { checkAccessible, demoSubscriptionOf, removeDiscountsOf, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The Discount tab (decision 0048): Blue Harbor IT (a reseller) gives its company Acme Logistics 15 % on
 * Microsoft 365 Business Standard found in the add-service search (with its fees' prices), with an end date,
 * and the price preview of Acme's subscription (12 licences at EUR 13.65) changes; then removes it. The demo data is shared by every spec: the test removes its discount, and
 * afterAll removes any left by a failed run, so Acme's prices are as the price preview spec expects.
 */

const SERVICE = 'Microsoft 365 Business Standard';
const tree = (page: Page) => page.getByRole('tree', { name: 'Account tree' });

async function openAccount(page: Page, name: string) {
  await tree(page)
    .getByRole('treeitem', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.afterAll(({ playwright, baseURL }) =>
  removeDiscountsOf(playwright, baseURL as string, 'blueharbor.admin', 'Acme Logistics'),
);

test.describe('discount tab', () => {
  test('[A2.24] [A2.48] [A1.8] [A3.8] a reseller gives its company 15 % on a service and the price preview of its subscription changes', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const sub = await demoSubscriptionOf(playwright, baseURL as string, 'Acme Logistics', 'acme.admin');
    await signIn(page, 'blueharbor.admin');
    await openAccount(page, 'Acme Logistics');
    await page.getByRole('tab', { name: 'Discount' }).click();
    await expect(page).toHaveURL(/\/Discount$/);
    await expect(page.getByText('There are no service discounts for this account.')).toBeVisible();

    await page.getByRole('button', { name: 'Add service discount' }).click();
    const panel = page.getByRole('region', { name: 'Add service discount' });
    await panel.getByRole('textbox', { name: 'Search services' }).fill(SERVICE);
    // [A3.8] The tile shows each fee's price for Acme and what Blue Harbor pays for it.
    await expect(panel.getByRole('article', { name: SERVICE })).toContainText(/€13\.65, we pay €\d/);
    await panel.getByRole('button', { name: `Add a discount on ${SERVICE}` }).click();
    await expect(panel.getByRole('button', { name: `Add a discount on ${SERVICE}` })).toHaveText('Has a discount');
    await checkAccessible(page);
    await shot(page, 'discounts-search');
    await panel.getByRole('button', { name: 'Done' }).click();

    const card = page.getByRole('region', { name: SERVICE });
    const today = new Date().toISOString().slice(0, 10);
    const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    await expect(card).toContainText(`From ${today} (UTC), no end`);
    await expect(card).toContainText('In effect');
    await card.getByRole('button', { name: `Edit the discount on ${SERVICE}` }).click();
    await card.getByRole('textbox', { name: 'Percent to all' }).fill('15');
    await card.getByRole('button', { name: 'Apply to all' }).click();
    // The effective dates: an end not after the start is refused on the End date field.
    await card.getByLabel('End date (UTC)').fill(today);
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByText('The end date must be after the start date')).toBeVisible();
    await card.getByLabel('End date (UTC)').fill(nextYear);
    await checkAccessible(page);
    await shot(page, 'discounts-edit');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('cell', { name: '15.00 %' }).first()).toBeVisible();
    await expect(card).toContainText(`From ${today} until ${nextYear} (UTC)`);
    await expect(card.getByRole('columnheader', { name: 'My charge' })).toBeVisible();
    await shot(page, 'discounts-saved');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'discounts-saved-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto(`/#/Account/View/${sub.id}`);
    const totals = page.getByRole('region', { name: 'Price' }).getByRole('table', { name: 'Price totals' });
    // 12 licences at 13.65 less 15 % = 11.6025 each: 139.23 a month instead of 163.80.
    await expect(totals.getByRole('row', { name: /Monthly total/ })).toContainText('€139.23');

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    await page.getByRole('tab', { name: 'Discount' }).click();
    await page
      .getByRole('region', { name: SERVICE })
      .getByRole('button', { name: `Remove the discount on ${SERVICE}` })
      .click();
    await page.getByRole('dialog', { name: 'Remove discount' }).getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByText('There are no service discounts for this account.')).toBeVisible();
  });

  test('[A2.28] the Discount tab is hidden for the own company and for a company whose parent is not the viewer organisation', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await signIn(page, 'acme.admin');
    await openAccount(page, 'Acme Logistics');
    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Discount' })).toHaveCount(0);
    await checkAccessible(page);

    // The provider is not Acme's parent (Blue Harbor IT is): no Discount tab, though it sees Acme's Notes tab.
    const sub = await demoSubscriptionOf(playwright, baseURL as string, 'Acme Logistics', 'acme.admin');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, 'provider.admin');
    await page.goto(`/#/Account/View/${sub.id}`);
    await page.getByRole('navigation', { name: 'Account hierarchy' }).getByRole('link', { name: 'Acme Logistics' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Notes' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Discount' })).toHaveCount(0);
  });
});
