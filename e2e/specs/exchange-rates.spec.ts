import { expect, type Page } from '@playwright/test';
import { checkAccessible, demoSubscriptionOf, headerMenuItems, openHeaderMenuItem, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The provider's month-end exchange rates and the "currency exchange rate not up to date" banner [A2.33]
 * (decision 0029). Demo data: the USD rate is for the last month end (up to date), GBP only for the
 * month end before it (not up to date). Summit Peak's companies pay in GBP for services of USD vendors,
 * so their subscriptions convert with the outdated GBP rate. Upland Farms is used by no other spec.
 */

const COMPANY = 'Upland Farms';
const OWNER = 'upland.admin';

async function openAccount(page: Page, id: number) {
  await page.goto(`/#/Account/View/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const banner = (page: Page) => page.getByTestId('exchange-rate-banner');
const BANNER_TEXT =
  'The currency exchange rate is not up to date: it is updated on the last day of the month, so the converted purchase price and gross margin may be off.';

test.describe.configure({ mode: 'serial' });

test.describe('exchange rates', () => {
  test('[A2.33] the provider administrator sees the banner on a subscription converted with an outdated rate and follows its link; a reseller reads the rates', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // The provider pays the vendor's charge (USD) for a subscription sold in GBP: converted, with an outdated rate.
    // (Summit Peak itself sees its own purchase price in GBP, decision 0049: nothing to convert.)
    const sub = await demoSubscriptionOf(playwright, baseURL as string, COMPANY, OWNER);
    await signIn(page, 'provider.admin');
    await openAccount(page, sub.id);

    await expect(banner(page)).toHaveText(`${BANNER_TEXT} See the exchange rates`);
    await expect(page.getByTestId('price-conversion')).toContainText('These rates are not up to date.');
    await checkAccessible(page);
    await shot(page, 'exchange-rate-banner');

    await banner(page).getByRole('link', { name: 'See the exchange rates' }).click();
    await expect(page).toHaveURL(/#\/ExchangeRates$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Exchange rates' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Exchange rates' });
    await expect(table.getByTestId('rate-USD')).toContainText('Up to date');
    await expect(table.getByTestId('rate-GBP')).toContainText('Not up to date');
    await expect(page.getByTestId('rates-outdated')).toContainText('GBP');

    // Resellers read the provider's rates; only the provider sets them.
    await signIn(page, 'summitpeak.admin');
    await page.goto('/#/ExchangeRates');
    await expect(page.getByRole('heading', { level: 1, name: 'Exchange rates' })).toBeVisible();
    await expect(page.getByTestId('rates-outdated')).toContainText('GBP');
    await expect(page.getByRole('button', { name: 'Update rates' })).toHaveCount(0);
    await checkAccessible(page);
  });

  test('[A2.33] the provider administrator updates the GBP rate for the month end, sees its history, and the banner goes', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const sub = await demoSubscriptionOf(playwright, baseURL as string, COMPANY, OWNER);
    await signIn(page, 'provider.admin');
    await openAccount(page, sub.id);
    await expect(banner(page)).toBeVisible();

    await openHeaderMenuItem(page, 'Administration', 'Exchange rates');
    await expect(page.getByRole('heading', { level: 1, name: 'Exchange rates' })).toBeVisible();
    await page.getByRole('button', { name: 'Update rates' }).click();
    const dialog = page.getByRole('dialog', { name: /Rates for the month end of \d{4}-\d{2}-\d{2}/ });
    await expect(dialog).toBeVisible();
    const gbp = dialog.getByLabel('GBP (Pound sterling): 1 EUR =');
    await expect(gbp).toHaveValue('0.8412');
    await checkAccessible(page);
    await shot(page, 'exchange-rates-update');

    // Someone saves GBP meanwhile (here: the same user in another tab): the save meets the shared conflict alert,
    // and Reload shows their rates (decision 0036).
    const seen = await (await page.request.post('/api/op/ListExchangeRates', { data: {} })).json();
    const other = await page.request.post('/api/op/UpdateExchangeRates', {
      data: { Version: seen.Version, rates: [{ currency: 'GBP', rate: '0.8409' }] },
    });
    expect(other.status()).toBe(200);
    await gbp.fill('0.8406');
    await dialog.getByRole('button', { name: 'Save rates' }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'Someone else changed this while you were editing' });
    await expect(alert).toContainText('Emma Jansen saved a change at');
    await checkAccessible(page);
    await shot(page, 'exchange-rates-conflict');
    await alert.getByRole('button', { name: 'Reload their values' }).click();
    await expect(alert).toBeHidden();
    await expect(gbp).toHaveValue('0.8409');
    await expect(dialog.getByText(/^Now 0\.8409, for the month end of/)).toBeVisible();

    // A bad rate is refused and named at its field; nothing is saved.
    await gbp.fill('0');
    await dialog.getByRole('button', { name: 'Save rates' }).click();
    await expect(dialog.getByText('The rate must be greater than 0')).toBeVisible();
    await expect(gbp).toHaveAttribute('aria-invalid', 'true');

    await gbp.fill('0.8406');
    await dialog.getByRole('button', { name: 'Save rates' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/Exchange rates saved for the month end of/)).toBeVisible();
    const row = page.getByRole('table', { name: 'Exchange rates' }).getByTestId('rate-GBP');
    await expect(row).toContainText('0.8406');
    await expect(row).toContainText('Up to date');
    await expect(row).toContainText('UTC');

    await row.getByRole('button', { name: /Show 1 earlier month of GBP/ }).click();
    await expect(page.getByRole('table', { name: 'Earlier rates of GBP' })).toContainText('0.8412');
    await checkAccessible(page);
    await shot(page, 'exchange-rates');

    await openAccount(page, sub.id);
    await expect(page.getByRole('region', { name: 'Price' }).getByTestId('price-conversion')).toBeVisible();
    await expect(page.getByTestId('price-conversion')).not.toContainText('not up to date');
    await expect(banner(page)).toHaveCount(0);
  });

  test('[A2.33] denied: a company administrator has no rates screen and no banner (no margin capability)', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const sub = await demoSubscriptionOf(playwright, baseURL as string, 'Tidewater Engineering', 'tidewater.admin');
    await signIn(page, 'tidewater.admin');
    expect(await headerMenuItems(page, 'Administration')).not.toContain('Exchange rates');
    await openAccount(page, sub.id);
    await expect(page.getByRole('region', { name: 'Price' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    await page.goto('/#/ExchangeRates');
    await expect(page.getByText('You do not have permission to see the exchange rates.')).toBeVisible();
    await checkAccessible(page);
  });
});
