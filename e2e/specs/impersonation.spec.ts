import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/** The id of an account found through the API with the page's own session. */
async function accountId(page: Page, text: string, type: string): Promise<number> {
  const res = await page.request.post('/api/op/SearchAccounts', { data: { text, types: [type] } });
  const body = await res.json();
  return body.Items[0].AccountId;
}

test.describe('impersonation', () => {
  test('[A6.8] [M6.18] impersonates a user from the account page, shows both identities and returns in one click', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    const id = await accountId(page, 'Daan Hendriks', 'User');
    await page.goto(`/#/Account/View/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Daan Hendriks' })).toBeVisible();

    await page.getByRole('button', { name: 'Impersonate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Impersonate this user?' });
    await expect(dialog).toContainText('Third-party scripts are not loaded while you impersonate.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Impersonate' }).click();

    const banner = page.getByTestId('impersonation-banner');
    await expect(banner).toContainText('You are acting as Daan Hendriks. Signed in as Noah de Vries.');
    await expect(page.getByTestId('current-user')).toHaveText('Daan Hendriks');
    // A company user holds no administration capability: the start page is My services (decision 0054).
    await expect(page.getByRole('heading', { level: 1, name: 'My services' })).toBeVisible();
    await expect(page.locator('script[data-guidance]')).toHaveCount(0);
    await expectAccessible(page);

    await banner.getByRole('button', { name: 'Return to Noah de Vries' }).click();

    await expect(page.getByTestId('current-user')).toHaveText('Noah de Vries');
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Daan Hendriks' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#/Account/View/${id}$`));
  });

  test('[A6.8] offers no Impersonate action without IMPERSONATE_EXECUTE, on yourself, or on a company', async ({ page }) => {
    await signIn(page, 'acme.jdoe');
    const self = await accountId(page, 'acme', 'Company');
    await page.goto(`/#/Account/View/${self}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Impersonate' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await signIn(page, 'blueharbor.admin');
    const me = await page.request.post('/api/op/GetCurrentUser', { data: {} }).then((r) => r.json());
    await page.goto(`/#/Account/View/${me.AccountId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Noah de Vries' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Impersonate' })).toHaveCount(0);
  });
});
