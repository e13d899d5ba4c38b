import { expect, type Page } from '@playwright/test';
import { checkAccessible, demoSubscriptionOf, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The account page's marketplace tabs (decision 0033): Available services [A2.14] lists what the account's
 * customer can buy through its price lists, priced for it, with Order; Service info [A2.13] shows a
 * subscription's service. Demo data: Evergreen Bakeries buys from "Blue Harbor preferred customers" (10 % below
 * the suggested retail price), Acme Logistics from the provider's catalogue list at the suggested retail price.
 */

const SERVICE = 'Microsoft 365 Business Standard';

async function openCompany(page: Page, name: string) {
  const res = await page.request.post('/api/op/SearchAccounts', { data: { text: name, types: ['Company'] } });
  const found = ((await res.json()).Items as { AccountId: number; DisplayName: string }[]).find((i) => i.DisplayName === name);
  if (!found) throw new Error(`no company ${name}`);
  await page.goto(`/#/Account/View/${found.AccountId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return found.AccountId;
}

/** The Available services tab's card of a service, searched by name. */
async function serviceCard(page: Page, name: string) {
  await page.getByRole('tab', { name: 'Available services' }).click();
  await expect(page).toHaveURL(/\/Available_services/);
  await page.getByRole('combobox', { name: /Search services/ }).fill(name);
  await page.getByRole('combobox', { name: /Search services/ }).press('Enter');
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(card).toBeVisible();
  return card;
}

test.describe('marketplace tabs of an account', () => {
  test('[A1.12] [A2.14] the Available services tab prices a service for each company from its own price list, with Order', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    await openCompany(page, 'Acme Logistics');
    const standard = await serviceCard(page, SERVICE);
    await expect(standard).toContainText('€13.65 per month');

    const evergreen = await openCompany(page, 'Evergreen Bakeries');
    const preferred = await serviceCard(page, SERVICE);

    await expect(preferred).toContainText('€12.29 per month');
    const order = preferred.getByRole('link', { name: `Order ${SERVICE} for Evergreen Bakeries` });
    // [M2.42] The ordering wizard with this company as the customer.
    await expect(order).toHaveAttribute(
      'href',
      new RegExp(`#/Marketplace/Order/Microsoft%20365%20Business%20Standard\\?customerId=${evergreen}&`),
    );
    await expect(page).toHaveURL(new RegExp(`/Account/View/${evergreen}/Available_services\\?q=`));
    await checkAccessible(page);
    await shot(page, 'account-available-services');

    await order.click();
    await expect(page).toHaveURL(/#\/Marketplace\/Order\/Microsoft%20365%20Business%20Standard\?customerId=/);
  });

  test('[A2.52] [A9.4] the Available services tab starts on page 1 with 20 services a page, by ranking ascending', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    await openCompany(page, 'Evergreen Bakeries');
    await page.getByRole('tab', { name: 'Available services' }).click();
    await expect(page).toHaveURL(/\/Available_services$/);

    await expect(page.getByRole('textbox', { name: 'Per page' })).toHaveValue('20');
    await expect(page.getByRole('textbox', { name: 'Sort by' })).toHaveValue('Ranking');
    await expect(page.getByRole('button', { name: /^Ascending/ })).toBeVisible();
    const region = page.getByRole('region', { name: /^(All services|Search results)$/ });
    const cards = region.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const total = Number((await region.getByText(/^\d+ services$/).textContent())?.split(' ')[0]);
    expect(total).toBeGreaterThan(0);
    await expect(cards).toHaveCount(Math.min(20, total));
    const pages = page.getByRole('navigation', { name: 'Result pages' });
    if ((await pages.count()) > 0)
      await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await checkAccessible(page);
  });

  test('[A2.13] the Service info tab of a subscription shows its service', async ({ page, playwright, baseURL }) => {
    const sub = await demoSubscriptionOf(playwright, baseURL as string, 'Acme Logistics', 'acme.admin');
    await signIn(page, 'blueharbor.admin');
    await page.goto(`/#/Account/View/${sub.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.getByRole('tab', { name: 'Service info' }).click();

    await expect(page).toHaveURL(/\/Service_info$/);
    await expect(page.getByRole('tabpanel', { name: 'Service info' }).getByRole('heading', { name: SERVICE })).toBeVisible();
    await expect(page.getByText('€13.65').first()).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'account-service-info');
  });

  test('[A2.13] a company user who may read the subscription sees its Service info, but no Available services without SUBSCRIPTION read', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const sub = await demoSubscriptionOf(playwright, baseURL as string, 'Acme Logistics', 'acme.admin');
    await signIn(page, 'acme.jdoe');
    await page.goto(`/#/Account/View/${sub.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await expect(page.getByRole('tab', { name: 'Available services' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Service info' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Service info' }).getByRole('heading', { name: SERVICE })).toBeVisible();
    await checkAccessible(page);
  });
});
