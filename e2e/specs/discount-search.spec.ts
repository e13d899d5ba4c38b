import { expect, type Locator, type Page } from '@playwright/test';
import { checkAccessible, removeDiscountsOf, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The Discount tab's add-service search and card as [A9.3] sizes them: Blue Harbor IT (a reseller) opens the search on
 * its company Acme Logistics, pages it 10 then 20 services at a time, finds the demo's one service name longer than 49
 * characters cut to 46 and "…" (whole for screen readers and on hover), and measures the icons: 60 px on a tile, 110 px
 * in the card of the discount it adds. It removes that discount again, and afterAll removes any a failed run left, so
 * Acme has no discount for discounts.spec.ts and the price preview spec.
 */

const LONG = 'Fabrikam Compliance Training for Regulated Industries and the Public Sector';
const CUT = `${LONG.slice(0, 46)}…`;
const ACME = 'Acme Logistics';

const tree = (page: Page) => page.getByRole('tree', { name: 'Account tree' });

/** The computed size of an element in CSS pixels, as the browser laid it out. */
async function computedSize(locator: Locator) {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return { width: style.width, height: style.height };
  });
}

test.afterAll(({ playwright, baseURL }) => removeDiscountsOf(playwright, baseURL as string, 'blueharbor.admin', ACME));

test.describe('discount service search', () => {
  test('[A9.3] pages 10 or 20 services (10 at first), cuts a name over 49 characters to 46 and "…", and shows the icon at 60 px in the search and 110 px in the card', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    await tree(page)
      .getByRole('treeitem', { name: new RegExp(ACME) })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: ACME })).toBeVisible();
    const accountId = Number(/#\/Account\/View\/(\d+)/.exec(page.url())?.[1]);
    await page.getByRole('tab', { name: 'Discount' }).click();
    await expect(page.getByText('There are no service discounts for this account.')).toBeVisible();

    // How many services Acme may be given a discount on, asked the way the panel asks (by name, any page size).
    const all = await page.request.post('/api/op/SearchServices', {
      data: { options: { Source: { Type: 'AvailableServicesForAccountDiscount', Value: accountId } }, limit: 100 },
    });
    expect(all.status()).toBe(200);
    const { Total: total, Services: services } = (await all.json()) as { Total: number; Services: { DisplayName: string }[] };
    const position = services.findIndex((s) => s.DisplayName === LONG);
    // The demo data puts the long name past the first 10 by name and within the first 20 (catalogue.demo.ts).
    expect(total).toBeGreaterThan(20);
    expect(position).toBeGreaterThanOrEqual(10);
    expect(position).toBeLessThan(20);

    await page.getByRole('button', { name: 'Add service discount' }).click();
    const panel = page.getByRole('region', { name: 'Add service discount' });
    const tiles = panel.getByRole('article');
    const pager = panel.getByRole('navigation', { name: 'Services pages' });
    const perPage = panel.getByRole('textbox', { name: 'Per page' });

    // Ten to a page at first.
    await expect(perPage).toHaveValue('10');
    await expect(tiles).toHaveCount(10);
    await expect(pager).toContainText(`Page 1 of ${Math.ceil(total / 10)}`);
    await expect(tiles.first()).toHaveAccessibleName(services[0]?.DisplayName as string);
    await expect(panel.getByRole('article', { name: LONG })).toHaveCount(0);
    await shot(page, 'discount-search-10');

    // 10 or 20: the page size goes to 20 and the pager back to page 1.
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText(`Page 2 of ${Math.ceil(total / 10)}`);
    await perPage.click();
    await expect(page.getByRole('option')).toHaveText(['10', '20']);
    await page.getByRole('option', { name: '20', exact: true }).click();
    await expect(perPage).toHaveValue('20');
    await expect(tiles).toHaveCount(20);
    await expect(pager).toContainText(`Page 1 of ${Math.ceil(total / 20)}`);

    // The long name: 46 characters and an ellipsis on screen, the whole name on hover and for screen readers.
    const long = panel.getByRole('article', { name: LONG });
    await expect(long).toBeVisible();
    const name = long.getByTitle(LONG);
    await expect(name).toHaveText(`${CUT}${LONG}`); // the cut shown, then the whole name visually hidden
    await expect(name.locator('[aria-hidden="true"]')).toHaveText(CUT);
    const spoken = await name.ariaSnapshot();
    expect(spoken).toContain(LONG);
    expect(spoken).not.toContain('…');
    await expect(long.getByRole('button', { name: `Add a discount on ${LONG}` })).toBeVisible();
    // A name of 49 characters or fewer is shown whole, without a title.
    const short = panel.getByRole('article', { name: 'Contoso Backup 2 TB' });
    await expect(short.getByText('Contoso Backup 2 TB', { exact: true })).toBeVisible();
    await expect(short.locator('[title]')).toHaveCount(0);

    // Icons of 60 px on every tile.
    for (const icon of await tiles.getByTestId('service-icon').all())
      expect(await computedSize(icon)).toEqual({ width: '60px', height: '60px' });

    await checkAccessible(page);
    await long.scrollIntoViewIfNeeded();
    await shot(page, 'discount-search-20');

    // The last page holds the rest.
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText(`Page 2 of ${Math.ceil(total / 20)}`);
    await expect(tiles).toHaveCount(total - 20);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(tiles).toHaveCount(20);

    // The discount card shows the service icon at 110 px (and the name whole).
    await long.getByRole('button', { name: `Add a discount on ${LONG}` }).click();
    await expect(long.getByRole('button', { name: `Add a discount on ${LONG}` })).toHaveText('Has a discount');
    await panel.getByRole('button', { name: 'Done' }).click();
    const card = page.getByRole('region', { name: LONG });
    await expect(card.getByText(LONG, { exact: true })).toBeVisible();
    expect(await computedSize(card.getByTestId('service-icon'))).toEqual({ width: '110px', height: '110px' });
    await checkAccessible(page);
    await shot(page, 'discount-card');

    // On a phone (the account page lays out again, so the search opens anew at 10 a page): the same sizes.
    await page.setViewportSize({ width: 390, height: 844 });
    // The card is drawn anew for the narrow layout: scrolling the one drawn before can find it detached, so try again.
    await expect(async () => card.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
    expect(await computedSize(card.getByTestId('service-icon'))).toEqual({ width: '110px', height: '110px' });
    await shot(page, 'discount-card-phone');
    await page.getByRole('button', { name: 'Add service discount' }).click();
    await expect(perPage).toHaveValue('10');
    await perPage.click();
    await page.getByRole('option', { name: '20', exact: true }).click();
    await expect(tiles).toHaveCount(20);
    await long.scrollIntoViewIfNeeded();
    await expect(long.getByTitle(LONG).locator('[aria-hidden="true"]')).toHaveText(CUT);
    expect(await computedSize(long.getByTestId('service-icon'))).toEqual({ width: '60px', height: '60px' });
    await checkAccessible(page);
    await shot(page, 'discount-search-20-phone');
    await panel.getByRole('button', { name: 'Done' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole('button', { name: `Remove the discount on ${LONG}` }).click();
    await page.getByRole('dialog', { name: 'Remove discount' }).getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByText('There are no service discounts for this account.')).toBeVisible();
  });
});
