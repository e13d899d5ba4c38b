import { expect, type Page } from '@playwright/test';
import { checkAccessible, demoSubscriptionOf, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * Price protection reset [A1.10] [A2.53] [A5.9] [A6.10] (decision 0047) on a subscription's page, and the price
 * protection banner [A2.33] [A9.9] following the stored end.
 *
 * Demo data: quayside.admin's Microsoft 365 Business Standard (365 days of price protection) under Quayside Shipping
 * (reseller Summit Peak); no other spec reads its price protection or changes it (Lakeside Hotels, for one, is
 * terminated by the credentials spec). Reseller administrators hold
 * ACCOUNT_RESETPRICEPROTECTION read; company administrators do not.
 */

const banner = (page: Page) => page.getByTestId('price-protection-banner');

/** A date-time 400 days ahead, yyyy-MM-dd HH:mm in UTC: inside the bounds, after the 365-day end. */
function aheadOfTheEnd(): string {
  return new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 16).replace('T', ' ');
}

test.describe('price protection reset', () => {
  test('[A2.53] [A5.9] a reseller administrator resets the end of a subscription and the banner follows it', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const sub = await demoSubscriptionOf(playwright, baseURL as string, 'Quayside Shipping', 'quayside.admin');
    await signIn(page, 'summitpeak.admin');
    await page.goto(`/#/Account/View/${sub.id}`);
    await expect(banner(page)).toBeVisible();

    await page.getByRole('button', { name: 'Reset price protection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset price protection' });
    await expect(dialog.getByRole('textbox', { name: 'Subscription' })).toHaveValue('Microsoft 365 Business Standard');
    const date = dialog.getByRole('textbox', { name: 'New end (UTC)' });
    await date.fill('2001-01-01 00:00');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText(/The date cannot be before the subscription started/)).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'price-protection-reset-error');

    const next = aheadOfTheEnd();
    await date.fill(next);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText(`to ${next} UTC?`)).toBeVisible();
    await shot(page, 'price-protection-reset-confirm');
    await dialog.getByRole('button', { name: 'Reset price protection' }).click();

    await expect(dialog).toBeHidden();
    await expect(banner(page)).toHaveText(`Price protection until ${next}:00 UTC`);
    await checkAccessible(page);
    await shot(page, 'price-protection-reset-done');
  });

  test('[A6.10] a company administrator without ACCOUNT_RESETPRICEPROTECTION read is not offered the reset', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const sub = await demoSubscriptionOf(playwright, baseURL as string, 'Quayside Shipping', 'quayside.admin');
    await signIn(page, 'quayside.admin');
    await page.goto(`/#/Account/View/${sub.id}`);
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset price protection' })).toHaveCount(0);
  });
});
