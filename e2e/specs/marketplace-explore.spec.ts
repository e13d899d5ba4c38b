import { expect, type Page } from '@playwright/test';
import { checkAccessible, clickInOneGo, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * Marketplace explore [M2.18] [M2.26] [M4.17], the v2 route [M2.19] and the service info page [M2.24],
 * on the demo catalogue (34 services of Contoso, Fabrikam, Litware and Northwind). The provider sees
 * every Active service; a company user without MARKETPLACE read is refused.
 */

const results = (page: Page) => page.getByRole('region', { name: /^(All services|Search results)$/ });
const cards = (page: Page) => results(page).getByRole('article');

async function openExplore(page: Page) {
  await page.getByRole('link', { name: 'Marketplace', exact: true }).click();
  await expect(page).toHaveURL(/#\/Marketplace\/Explore$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(cards(page)).toHaveCount(20);
}

test.describe('marketplace explore', () => {
  test('[M2.18] [M4.17] [M9.6] the header entry opens explore home: newly added services and every service, 20 per page by ranking', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');

    await openExplore(page);

    const carousel = page.getByRole('list', { name: 'Newly added' });
    await expect(carousel.getByRole('listitem')).toHaveCount(20);
    // Dates read dd/MM/yyyy, as they are typed everywhere in the portal, whatever the browser's locale.
    await expect(
      carousel
        .getByRole('listitem')
        .first()
        .getByText(/^Added \d{2}\/\d{2}\/\d{4}$/),
    ).toBeVisible();
    await expect(results(page).getByText(/^\d+ services$/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Per page' })).toHaveValue('20');
    await expect(page.getByRole('textbox', { name: 'Sort by' })).toHaveValue('Ranking');
    await checkAccessible(page);
    await shot(page, 'marketplace-home');
  });

  test('[M2.17] on a phone-sized screen the header keeps one line and the sections move into the menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'provider.admin');
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections.getByRole('link', { name: 'Marketplace', exact: true })).not.toBeInViewport();

    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(sections.getByRole('link')).toHaveText([
      'Marketplace',
      'Reports',
      'Your services',
      'Orders',
      'Price lists',
      'Quotes',
      'Sales quotes',
      'Exchange rates',
      'Outbox',
      'Dashboards',
    ]);
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.height).toBe(60);
    await checkAccessible(page);
    await shot(page, 'shell-menu-narrow');
    await sections.getByRole('link', { name: 'Marketplace', exact: true }).click();

    await expect(page).toHaveURL(/#\/Marketplace\/Explore$/);
    await expect(sections).not.toBeInViewport();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
  });

  test('[M2.26] [M4.17] the category dropdown opens the category view with vendor tiles; a tile shows that vendor’s profile panel', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    await openExplore(page);

    await page.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: /^Security \(\d+\)$/ }).click();

    await expect(page).toHaveURL(/#\/Marketplace\/Explore\/c:Security$/);
    const tiles = page.getByRole('region', { name: 'Vendors in this category' });
    await expect(tiles.getByRole('button', { name: /^Fabrikam Security, \d+ services$/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Newly added' })).toHaveCount(0);
    // The demo's seven Security services, all of Fabrikam.
    await expect(cards(page)).toHaveCount(7);
    for (const card of await cards(page).all()) await expect(card.getByText('Security', { exact: true })).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'marketplace-category');

    await tiles.getByRole('button', { name: /^Fabrikam Security/ }).click();

    await expect(page).toHaveURL(/#\/Marketplace\/Explore\/c:Security;o:\d+$/);
    const panel = page.getByTestId('vendor-profile-panel');
    await expect(panel.getByRole('heading', { name: 'Fabrikam Security' })).toBeVisible();
    await expect(panel.getByTestId('vendor-description')).not.toBeEmpty();
    await expect(page.getByRole('group', { name: 'Filters' }).getByText('Fabrikam Security')).toBeVisible();
    for (const card of await cards(page).all()) await expect(card.getByText('Fabrikam Security')).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'marketplace-vendor');

    await panel.getByRole('button', { name: 'Close the vendor panel' }).click();
    await expect(page).toHaveURL(/#\/Marketplace\/Explore\/c:Security$/);
  });

  test('[M9.7] the search box suggests services, the vendor and tags from 2 characters, works from the keyboard and hides after blur', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    await openExplore(page);
    const box = page.getByRole('combobox', { name: 'Search services' });

    await box.fill('v');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
    await box.fill('vault');

    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(list.getByRole('option', { name: 'Fabrikam Password Vault' })).toBeVisible();
    await expect(list.getByRole('option', { name: 'Litware Backup Vault' })).toBeVisible();
    await expect(list.getByRole('option', { name: /^All services of / })).toHaveCount(1);
    await checkAccessible(page);
    await shot(page, 'marketplace-autocomplete');

    await page.getByRole('textbox', { name: 'Sort by' }).focus();
    await expect(list).toBeHidden();

    await box.fill('password vau');
    await expect(list.getByRole('option', { name: 'Fabrikam Password Vault' })).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');

    await expect(page).toHaveURL(/#\/service\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fabrikam Password Vault' })).toBeVisible();
  });

  test('[M9.6] pages with 10, 20, 40, 60 or 100 per page and sorts by name both ways', async ({ page }) => {
    await signIn(page, 'provider.admin');
    await openExplore(page);

    await page.getByRole('textbox', { name: 'Per page' }).click();
    await expect(page.getByRole('option')).toHaveText(['10', '20', '40', '60', '100']);
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect(page).toHaveURL(/#\/Marketplace\/Explore\/l:10$/);
    await expect(cards(page)).toHaveCount(10);

    await page.getByRole('navigation', { name: 'Result pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/#\/Marketplace\/Explore\/p:2;l:10$/);
    await expect(cards(page)).toHaveCount(10);

    await page.getByRole('textbox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Name' }).click();
    await expect(page).toHaveURL(/#\/Marketplace\/Explore\/l:10;ord:DisplayName,ASC$/);
    const firstName = cards(page).locator('[id$="-name"]').first();
    await expect(firstName).toHaveText('Contoso Backup 2 TB');
    const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
    const ascending = await cards(page).locator('[id$="-name"]').allTextContents();
    expect(ascending).toEqual([...ascending].sort(byName));

    await page.getByRole('button', { name: /^Ascending/ }).click();
    await expect(page).toHaveURL(/ord:DisplayName,DESC$/);
    await expect(firstName).toHaveText('Microsoft 365 Business Standard');
    const descending = await cards(page).locator('[id$="-name"]').allTextContents();
    expect(descending).toEqual([...descending].sort(byName).reverse());

    await page.getByRole('textbox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Date added' }).click();
    await expect(page).toHaveURL(/ord:CreateDate,DESC$/);
    await checkAccessible(page);
  });

  test('[M2.24] [M9.8] tag and vendor filters come from the tag lists and the links of a card, and are removed as chips', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    await openExplore(page);

    const tagList = page.getByRole('list', { name: 'Tags' });
    // [M9.8] The tag list is folded to one line with a toggle.
    const folded = await tagList.evaluate((el) => el.getBoundingClientRect().height);
    expect(folded).toBeLessThanOrEqual(38);
    await page
      .getByRole('button', { name: /^Show all \d+$/ })
      .first()
      .click();
    await tagList.getByRole('link', { name: /^#Identity \(\d+\)$/ }).click();

    await expect(page).toHaveURL(/#\/Marketplace\/Explore\/t:SWRlbnRpdHk$/);
    await expect(page.getByRole('heading', { name: 'Search results' })).toBeVisible();
    // The demo's two Identity services: Fabrikam Password Vault and Fabrikam MFA.
    await expect(cards(page)).toHaveCount(2);
    for (const card of await cards(page).all())
      await expect(card.getByRole('link', { name: 'Services tagged Identity' })).toBeVisible();

    const vendorLink = cards(page)
      .first()
      .getByRole('link', { name: /^All services of / });
    const vendorName = (await vendorLink.textContent()) ?? '';
    await vendorLink.click();
    await expect(page).toHaveURL(/#\/Marketplace\/Explore\/t:SWRlbnRpdHk;o:\d+$/);
    await expect(page.getByTestId('vendor-profile-panel').getByRole('heading', { name: vendorName })).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'marketplace-filters');

    const vendorId = /;o:(\d+)$/.exec(page.url())?.[1];

    // Two chips removed in quick succession: the second click comes before the router has rendered the first one's
    // navigation (it renders navigations in a transition), so the page still shows the vendor's chip. Each chip acts
    // on the address as it is at its click: the vendor does not come back.
    await clickInOneGo(page, [
      page.getByRole('button', { name: `Remove the vendor filter ${vendorName}` }),
      page.getByRole('button', { name: 'Remove the tag filter Identity' }),
    ]);
    // The default filter state is explore home.
    await expect(page).toHaveURL(/#\/Marketplace\/Explore$/);
    await expect(page.getByRole('list', { name: 'Newly added' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Filters' })).toHaveCount(0);

    // The same race with a link of the tag list, whose address was made with the vendor still in it.
    await page.goto(`/#/Marketplace/Explore/o:${vendorId}`);
    await expect(page.getByRole('button', { name: `Remove the vendor filter ${vendorName}` })).toBeVisible();
    await clickInOneGo(page, [
      page.getByRole('button', { name: `Remove the vendor filter ${vendorName}` }),
      page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: /^#Identity \(\d+\)$/ }),
    ]);
    await expect(page).toHaveURL(/#\/Marketplace\/Explore\/t:SWRlbnRpdHk$/);
    await expect(page.getByRole('button', { name: 'Remove the tag filter Identity' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Remove the vendor filter ${vendorName}` })).toHaveCount(0);
    await checkAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Remove the tag filter Identity' })).toBeInViewport();
    await checkAccessible(page);
    await shot(page, 'marketplace-filters-phone');
  });

  test('[M8.12] a search without matches says so and links to all categories', async ({ page }) => {
    await signIn(page, 'provider.admin');
    await openExplore(page);
    await page.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: /^Hosting/ }).click();

    await page.getByRole('combobox', { name: 'Search services' }).fill('no such service');
    await page.getByRole('combobox', { name: 'Search services' }).press('Enter');

    const empty = page.getByTestId('explore-empty');
    await expect(empty).toContainText('No services found');
    await expect(empty).toContainText('Your search did not match any services.');
    await checkAccessible(page);
    await empty.getByRole('link', { name: 'Search all categories' }).click();
    await expect(page).toHaveURL(/#\/Marketplace\/Explore$/);
  });

  test('[M4.17] [M8.6] the default filter state and invalid query parts lead to explore home', async ({ page }) => {
    await signIn(page, 'provider.admin');

    await page.goto('/#/Marketplace/Explore/p:1;zz:1;l:25');

    await expect(page).toHaveURL(/#\/Marketplace\/Explore$/);
    await expect(page.getByRole('list', { name: 'Newly added' })).toBeVisible();
  });

  test('[M2.24] [M7.16] the service info page shows texts, terms, the price in the viewer’s currency and orders through the wizard', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    await openExplore(page);
    await page.getByRole('combobox', { name: 'Search services' }).fill('Endpoint Protection');
    await page.getByRole('combobox', { name: 'Search services' }).press('Enter');
    await cards(page).getByRole('link', { name: 'Fabrikam Endpoint Protection', exact: true }).click();

    await expect(page).toHaveURL(/#\/service\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fabrikam Endpoint Protection' })).toBeVisible();
    await expect(page.getByText('by Fabrikam Security')).toBeVisible();
    const price = page.getByRole('region', { name: 'Price' });
    await expect(price.getByText('Per month')).toBeVisible();
    await expect(price).toContainText('EUR');
    await expect(page.getByRole('region', { name: 'Contract' })).toContainText('Minimum contract period');
    await checkAccessible(page);
    await shot(page, 'marketplace-service-info');

    await page.getByRole('tab', { name: 'Terms and conditions' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('Fabrikam Security terms of service');
    await checkAccessible(page);

    const order = page.getByRole('link', { name: 'Order', exact: true });
    // [M2.42] The ordering wizard, which returns to this page.
    await expect(order).toHaveAttribute(
      'href',
      /#\/Marketplace\/Order\/Fabrikam%20Endpoint%20Protection\?referrer=%2Fservice%2F\d+$/,
    );
    await order.click();
    await expect(page).toHaveURL(/#\/Marketplace\/Order\/Fabrikam%20Endpoint%20Protection/);
  });

  test('[M2.19] the v2 route searches a vendor’s own services', async ({ page }) => {
    await signIn(page, 'contoso.admin');

    await page.goto('/#/Marketplace/v2/MyServices');

    await expect(page.getByRole('heading', { level: 1, name: 'My services' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    for (const card of await cards(page).all())
      await expect(card.getByRole('link', { name: 'All services of Contoso Software' })).toBeVisible();
    await checkAccessible(page);
  });

  test('[M2.19] the v2 Available services route chooses the account by name and prices for it', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');

    await page.goto('/#/Marketplace/v2/AvailableServicesForAccount');
    await expect(page.getByRole('heading', { level: 1, name: 'Services available to the account' })).toBeVisible();
    const chooser = page.getByRole('textbox', { name: 'Available to' });
    await expect(chooser).toHaveValue('Blue Harbor IT');
    // Fjord Maritime buys from "Blue Harbor preferred customers" (10 % below the suggested retail price);
    // no other browser test changes its currency.
    await chooser.fill('Fjord');
    await page.getByRole('option', { name: /^Fjord Maritime \(Company/ }).click();

    await expect(page).toHaveURL(/#\/Marketplace\/v2\/AvailableServicesForAccount\/sv:\d+$/);
    await expect(chooser).toHaveValue('Fjord Maritime');
    await page.getByRole('combobox', { name: /Search services/ }).fill('Microsoft 365 Business Standard');
    await page.getByRole('combobox', { name: /Search services/ }).press('Enter');
    const card = cards(page).filter({ has: page.getByRole('link', { name: 'Microsoft 365 Business Standard', exact: true }) });
    await expect(card).toContainText('€12.29 per month');
    await checkAccessible(page);
    await shot(page, 'marketplace-v2-for-account');
  });

  test('a user without browse rights has no Marketplace entry and is told why when opening explore', async ({ page }) => {
    await signIn(page, 'acme.jdoe');

    await expect(page.getByRole('link', { name: 'Marketplace', exact: true })).toHaveCount(0);
    await page.goto('/#/Marketplace/Explore');

    await expect(page.getByRole('alert')).toContainText('You cannot browse the marketplace');
    await expect(page.getByRole('article')).toHaveCount(0);
    await checkAccessible(page);
  });
});
